import KioskGraphics
import KioskLinux
import KioskUI
import Logging

/// Frame figures for the control interface's `status`: how many frames reached the panel,
/// how long presenting them took and how far apart they came while the screen was moving.
@MainActor
final class FrameStatistics {
  /// How many recent samples the percentiles are taken over.
  static let capacity = 512
  /// Frames further apart than this are counted as the screen coming to rest and moving
  /// again, not as a slow frame: nothing renders while nothing changes.
  static let longestFrameInterval = 0.25

  /// Frames that reached the panel.
  private(set) var framesPresented = 0
  /// Frames the output refused (the next one repaints everything).
  private(set) var presentFailures = 0
  private(set) var intervals = SampleRing(capacity: capacity)
  private(set) var presentDurations = SampleRing(capacity: capacity)
  private var lastPresent: Double?

  /// Notes one frame shown at `time` (seconds) whose present took `duration` seconds.
  func recordFrame(at time: Double, duration: Double) {
    framesPresented += 1
    if framesPresented == 1 { StartupTrace.firstFramePresented() }
    presentDurations.append(duration)
    var interval: Double?
    if let lastPresent, time - lastPresent <= Self.longestFrameInterval {
      interval = time - lastPresent
      intervals.append(time - lastPresent)
    }
    lastPresent = time
    metrics?.framePresented(duration: duration, interval: interval)
  }

  /// Notes a frame the output could not show.
  func recordFailure() {
    presentFailures += 1
    metrics?.frameFailed()
  }

  /// Where the frames are counted for Prometheus too (the runtime's `KioskMetrics.shared`).
  var metrics: KioskMetrics?
}

/// The last `capacity` samples of a measurement, for percentiles.
struct SampleRing {
  let capacity: Int
  private(set) var samples: [Double] = []
  private var next = 0

  init(capacity: Int) {
    self.capacity = capacity
  }

  mutating func append(_ sample: Double) {
    if samples.count < capacity {
      samples.append(sample)
    } else {
      samples[next] = sample
      next = (next + 1) % capacity
    }
  }

  /// The sample below which `fraction` of the samples lie (nearest rank); nil when empty.
  func percentile(_ fraction: Double) -> Double? {
    guard !samples.isEmpty else { return nil }
    let sorted = samples.sorted()
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
  }
}

/// Stands between the screen and its output and times every frame for `FrameStatistics`;
/// everything else goes straight through.
@MainActor
final class FrameRecordingOutput: DisplayOutput {
  let base: DisplayOutput
  let statistics: FrameStatistics
  private let clock: () -> Double
  private let logger: Logger?
  /// When failures are logged (a panel that went away fails every frame).
  private var failureThrottle = FailureThrottle(interval: FrameRecordingOutput.failureLogInterval)
  /// When the output handed out its buffer for the frame being painted (direct rendering).
  private var directFrameStart: Double?
  /// Failures are logged at most this often, in seconds (a panel that went away fails
  /// every frame).
  static let failureLogInterval = 10.0

  init(
    _ base: DisplayOutput, statistics: FrameStatistics, logger: Logger? = nil,
    clock: @escaping () -> Double = monotonicSeconds
  ) {
    self.base = base
    self.statistics = statistics
    self.logger = logger
    self.clock = clock
  }

  /// Logs a failed present: the first at once, then at most one entry every
  /// `failureLogInterval` seconds with the number of failures since the last.
  private func noteFailure(_ error: any Error, at time: Double) {
    guard let count = failureThrottle.note(at: time) else { return }
    logger?.warning(
      "present: a frame did not reach \(name): \(error)\(count > 1 ? " (\(count) failures since the last report)" : "")",
      metadata: JournalMessageID.presentFailed.metadata([
        "KIOSK_OUTPUT": name, "KIOSK_FAILURES": String(count),
      ]))
  }

  var name: String { base.name }
  var pixelWidth: Int { base.pixelWidth }
  var pixelHeight: Int { base.pixelHeight }
  var refreshRate: Double { base.refreshRate }
  var isActive: Bool { base.isActive }

  var frameHandler: (@MainActor (Double) -> Void)? {
    get { base.frameHandler }
    set { base.frameHandler = newValue }
  }

  var repaintHandler: (@MainActor () -> Void)? {
    get { base.repaintHandler }
    set { base.repaintHandler = newValue }
  }

  var sizeChangeHandler: (@MainActor (Int, Int) -> Void)? {
    get { base.sizeChangeHandler }
    set { base.sizeChangeHandler = newValue }
  }

  func present(_ frame: PixelBuffer, damage: Region, rotation: Rotation) throws {
    try timed(since: clock()) { try base.present(frame, damage: damage, rotation: rotation) }
  }

  /// Runs a present begun at `start`, recording it or its failure.
  private func timed(since start: Double, _ present: () throws -> Void) throws {
    do {
      try present()
    } catch {
      statistics.recordFailure()
      noteFailure(error, at: start)
      throw error
    }
    statistics.recordFrame(at: start, duration: clock() - start)
  }

  func beginDirectFrame(
    width: Int, height: Int, damage: Region, rotation: Rotation, repaint: inout Region
  ) -> PixelBuffer? {
    let start = clock()
    let buffer = base.beginDirectFrame(
      width: width, height: height, damage: damage, rotation: rotation, repaint: &repaint)
    directFrameStart = buffer == nil ? nil : start
    return buffer
  }

  func presentDirectFrame() throws {
    // Timed from the hand-over of the buffer: painting it is the present's share here.
    try timed(since: directFrameStart ?? clock()) { try base.presentDirectFrame() }
    directFrameStart = nil
  }

  func requestFrameEvent() {
    base.requestFrameEvent()
  }

  func setBlanked(_ blanked: Bool) throws {
    try base.setBlanked(blanked)
  }
}
