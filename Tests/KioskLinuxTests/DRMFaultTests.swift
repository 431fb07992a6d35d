import Glibc
import KioskGraphics
import KioskUI
import Logging
import Testing

@testable import KioskLinux

/// Failing DRM calls, injected into the fake device one at a time: each is reported with
/// its call and errno, the output keeps going, the first frame after it makes the screen
/// exactly what a run without the fault shows, and nothing the output made outlives it.
@MainActor
struct DRMFaultTests {
  /// One fault: which call fails, with what, and when.
  struct Fault: CustomTestStringConvertible, Sendable {
    var call: String
    var code: Int32
    /// The frame (0: the first, which sets the mode) whose commit fails.
    var frame: Int
    var legacy = false
    /// The failing frame waits behind a flip in flight and is committed when that flip's
    /// event arrives, outside any `present` call: the output itself must log it.
    var queued = false

    var testDescription: String {
      "\(legacy ? "legacy" : "atomic") \(call) \(String(cString: strerror(code)))"
        + (queued ? ", queued" : "") + " at frame \(frame)"
    }
  }

  nonisolated static let faults: [Fault] = [
    Fault(call: "atomicCommit", code: EBUSY, frame: 4),
    Fault(call: "atomicCommit", code: EINVAL, frame: 4),
    Fault(call: "atomicCommit", code: EACCES, frame: 4),
    Fault(call: "atomicCommit", code: ENOMEM, frame: 4),
    Fault(call: "atomicCommit", code: EINVAL, frame: 4, queued: true),
    Fault(call: "atomicCommit", code: EBUSY, frame: 0),
    Fault(call: "atomicTestCommit", code: EINVAL, frame: 0),
    Fault(call: "createBlob", code: ENOMEM, frame: 4),
    Fault(call: "createBlob", code: ENOMEM, frame: 4, queued: true),
    Fault(call: "pageFlip", code: EBUSY, frame: 4, legacy: true),
    Fault(call: "pageFlip", code: EINVAL, frame: 4, legacy: true),
    Fault(call: "pageFlip", code: EACCES, frame: 4, legacy: true),
    Fault(call: "pageFlip", code: EINVAL, frame: 4, legacy: true, queued: true),
    Fault(call: "setCRTC", code: EINVAL, frame: 0, legacy: true),
    Fault(call: "setCRTC", code: EACCES, frame: 0, legacy: true),
  ]

  static let frameCount = 10
  static let size = (width: 64, height: 48)

  /// The scene: frame `k` paints an 8×8 square of its own colour somewhere new, so every
  /// frame's damage matters and a frame that never reached the screen shows as wrong pixels.
  static func paint(frame k: Int, into buffer: PixelBuffer) -> Region {
    let square = PixelRect(x: (k * 13) % 56, y: (k * 7) % 40, width: 8, height: 8)
    let shade = Double(k + 1) / Double(frameCount + 1)
    buffer.fill(Color(red: shade, green: 1 - shade, blue: 0.5, alpha: 1), in: square)
    return k == 0 ? Region(buffer.bounds) : Region(square)
  }

  /// The frame's pixels as the scanout format holds them (the X byte ignored).
  static func pixels(of buffer: PixelBuffer) -> [UInt32] {
    var result: [UInt32] = []
    for y in 0..<buffer.height {
      let row = (buffer.baseAddress + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<buffer.width { result.append(row[x] & 0x00ff_ffff) }
    }
    return result
  }

  struct Run {
    var screen: [UInt32]?
    var expected: [UInt32]
    var thrown: [DRMError] = []
    var log: [String]
    var framesPresented: Int
    var calls: [String]
    var device: FakeDRMDevice
  }

  /// Shows `frameCount` frames, the kernel completing each flip before the next frame
  /// (unless the fault is queued behind one), with `fault` injected; then shuts down.
  func run(_ fault: Fault?, legacy: Bool = false) throws -> Run {
    let device = FakeDRMDevice()
    let recorder = LogRecorder()
    let logger = Logger(label: "drm") { _ in RecordingLogHandler(recorder: recorder) }
    let output = try DRMOutput.open(
      device: device, configuration: DRMConfiguration(forceLegacy: fault?.legacy ?? legacy),
      logger: logger)
    var repaints = 0
    output.repaintHandler = { repaints += 1 }
    let frame = try PixelBuffer(width: Self.size.width, height: Self.size.height)
    var thrown: [DRMError] = []
    func present(_ damage: Region) {
      do {
        try output.present(frame, damage: damage, rotation: .degrees0)
      } catch let error as DRMError {
        thrown.append(error)
      } catch {
        Issue.record("not a DRMError: \(error)")
      }
    }
    func completeFlip() {
      device.completeFlip()
      output.handleDeviceEvents()
    }
    for k in 0..<Self.frameCount {
      let damage = Self.paint(frame: k, into: frame)
      if let fault, fault.frame == k, fault.queued {
        // The previous frame's flip is still in flight: this frame waits behind it, and
        // its commit fails when that flip's event sends it out.
        present(damage)
        device.inject(fault.code, into: fault.call)
        completeFlip()
        completeFlip()
        continue
      }
      if let fault, fault.frame == k { device.inject(fault.code, into: fault.call) }
      present(damage)
      let nextIsQueued = fault.map { $0.queued && $0.frame == k + 1 } ?? false
      if !nextIsQueued { completeFlip() }
    }
    if fault?.queued == true {
      #expect(repaints >= 1, "a failure outside present asks for a repaint")
    }
    // What a compositor does after a failure: present again (no new damage here; the
    // output must bring the screen up to date by itself).
    present(Region())
    completeFlip()
    let run = Run(
      screen: device.screenPixels()?.map { $0 & 0x00ff_ffff }, expected: Self.pixels(of: frame),
      thrown: thrown,
      log: recorder.lines, framesPresented: output.framesPresented, calls: device.calls,
      device: device)
    output.shutDown()
    return run
  }

  @Test(arguments: faults)
  func aFailedCallIsReportedAndTheScreenRecovers(_ fault: Fault) throws {
    let clean = try run(nil, legacy: fault.legacy)
    let faulty = try run(fault)
    // Reported once, with its call and errno: thrown from `present` (the caller logs it,
    // rate-limited) or, for a queued frame, logged by the output itself.
    let errno = "(errno \(fault.code))"
    if fault.queued {
      #expect(faulty.thrown.isEmpty)
      let lines = faulty.log.filter { $0.contains(errno) }
      #expect(lines.count == 1, "\(faulty.log)")
      #expect(lines.first?.hasPrefix("error ") == true)
    } else {
      #expect(faulty.thrown.map(\.code) == [fault.code])
      #expect(faulty.thrown.map(\.call) == [fault.call])
    }
    // It kept going: every frame but the failed one reached the screen.
    #expect(faulty.framesPresented >= clean.framesPresented - 1)
    // And the screen is what a run without the fault shows.
    #expect(clean.screen == clean.expected)
    #expect(faulty.screen == faulty.expected)
    #expect(faulty.screen == clean.screen)
    // Lost master is not grabbed back (that would steal the display from the VT or
    // client that has it); the seat's enable takes it back.
    if fault.code == EACCES { #expect(!faulty.calls.contains("setMaster")) }
    // Nothing outlives the output.
    for device in [clean.device, faulty.device] {
      #expect(device.liveFramebuffers.isEmpty)
      #expect(device.liveDumbBuffers.isEmpty)
      #expect(device.liveBlobs.isEmpty)
      #expect(device.liveMappings == 0)
    }
  }

  @Test(arguments: ["createDumbBuffer", "addFramebuffer", "map"])
  func aBufferThatCannotBeMadeFreesTheOthers(_ call: String) throws {
    let device = FakeDRMDevice()
    // The third buffer fails: the first two and their framebuffers and mappings go.
    device.inject(ENOMEM, into: call, after: 2)
    #expect(throws: DRMError(call: call, code: ENOMEM)) {
      try DRMOutput.open(
        device: device, configuration: DRMConfiguration(), logger: Logger(label: "drm"))
    }
    #expect(device.calls.filter { $0 == call }.count == 3)
    #expect(device.liveFramebuffers.isEmpty)
    #expect(device.liveDumbBuffers.isEmpty)
    #expect(device.liveMappings == 0)
  }

  @Test func aFlipEventThatNeverComesIsWaitedForTwoRefreshesOnly() async throws {
    let device = FakeDRMDevice()
    let recorder = LogRecorder()
    let logger = Logger(label: "drm") { _ in RecordingLogHandler(recorder: recorder) }
    let output = try DRMOutput.open(
      device: device, configuration: DRMConfiguration(), logger: logger)
    var ticks = 0
    output.frameHandler = { _ in ticks += 1 }
    let frame = try PixelBuffer(width: 64, height: 48)
    for k in 0..<3 {
      try output.present(frame, damage: Self.paint(frame: k, into: frame), rotation: .degrees0)
      device.completeFlip()
      output.handleDeviceEvents()
    }
    device.dropsFlipEvents = true
    try output.present(frame, damage: Self.paint(frame: 3, into: frame), rotation: .degrees0)
    device.completeFlip()
    output.handleDeviceEvents()  // no event: the flip stays in flight
    output.requestFrameEvent()
    // The fake's mode is 60 Hz: two refreshes are 33 ms. (How long the wait takes here
    // depends on what else the main actor runs in a parallel test run, so it is not timed.)
    #expect(abs(output.flipEventDeadline - 2.0 / 60) < 1e-9)
    let start = monotonicSeconds()
    while ticks == 0, monotonicSeconds() - start < 120 {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(ticks == 1, "the frame event came after the watchdog")
    #expect(recorder.lines.filter { $0.contains("page-flip event") }.count == 1)
    // Frames go on, and the first one after is copied whole.
    device.dropsFlipEvents = false
    try output.present(frame, damage: Self.paint(frame: 4, into: frame), rotation: .degrees0)
    #expect(output.lastCopiedPixels == 64 * 48)
    device.completeFlip()
    output.handleDeviceEvents()
    #expect(device.screenPixels()?.map { $0 & 0x00ff_ffff } == Self.pixels(of: frame))
    output.shutDown()
    #expect(device.liveBlobs.isEmpty && device.liveFramebuffers.isEmpty)
  }

  @Test func aRemovedCardStopsTheOutputWithOneReason() throws {
    let device = FakeDRMDevice()
    let recorder = LogRecorder()
    let logger = Logger(label: "drm") { _ in RecordingLogHandler(recorder: recorder) }
    let output = try DRMOutput.open(
      device: device, configuration: DRMConfiguration(), logger: logger)
    let frame = try PixelBuffer(width: 64, height: 48)
    try output.present(frame, damage: Self.paint(frame: 0, into: frame), rotation: .degrees0)
    device.inject(ENODEV, into: "atomicCommit", times: .max)
    #expect(throws: DRMError(call: "atomicCommit", code: ENODEV)) {
      try output.present(frame, damage: Self.paint(frame: 1, into: frame), rotation: .degrees0)
    }
    #expect(output.isCardGone)
    #expect(!output.isActive)
    let commits = device.calls.count
    for k in 2..<20 {
      try output.present(frame, damage: Self.paint(frame: k, into: frame), rotation: .degrees0)
    }
    #expect(device.calls.count == commits, "no calls on a card that is gone")
    #expect(recorder.lines.filter { $0.contains("is gone") }.count == 1)
    output.shutDown()
    #expect(device.lastSetCRTC == nil, "nothing to restore on a card that is gone")
  }

  /// The card comes back (rebound, plugged in again): the output finds it through udev's
  /// add event, starts again on the new device — new pipe and buffers, a modeset with the
  /// next frame, the whole screen — and the old device's mappings were given back and the
  /// device closed when it went.
  @Test func aCardThatComesBackIsPickedUp() throws {
    let device = FakeDRMDevice()
    let output = try DRMOutput.open(
      device: device, configuration: DRMConfiguration(), logger: Logger(label: "drm"))
    let frame = try PixelBuffer(width: 64, height: 48)
    try output.present(frame, damage: Self.paint(frame: 0, into: frame), rotation: .degrees0)
    var connections: [Bool] = []
    var repaints = 0
    output.connectionHandler = { connections.append($0) }
    output.repaintHandler = { repaints += 1 }
    device.inject(ENODEV, into: "atomicCommit", times: .max)
    _ = try? output.present(frame, damage: Self.paint(frame: 1, into: frame), rotation: .degrees0)
    #expect(output.isCardGone && device.isClosed && device.liveMappings == 0)
    // A udev event while no card is there changes nothing.
    var offered: [FakeDRMDevice] = []
    output.reopenCard = { nil }
    output.cardMayBeBack()
    #expect(output.isCardGone)
    // The card is back, with a display of another size.
    output.reopenCard = {
      let card = FakeDRMDevice(connectors: [
        DRMConnector(
          id: 77, name: "Virtual-1", isConnected: true,
          modes: [FakeDRMDevice.mode(32, 24, preferred: true)], possibleCRTCIndexes: [0])
      ])
      offered.append(card)
      return card
    }
    var sizes: [[Int]] = []
    output.sizeChangeHandler = { sizes.append([$0, $1]) }
    output.cardMayBeBack()
    let card = try #require(offered.first)
    #expect(!output.isCardGone && output.isActive && output.device === card)
    #expect(sizes == [[32, 24]] && connections == [false, true] && repaints == 1)
    let small = try PixelBuffer(width: 32, height: 24)
    small.fill(.blue)
    try output.present(
      small, damage: Region(PixelRect(x: 0, y: 0, width: 32, height: 24)), rotation: .degrees0)
    #expect(card.commits.last?.flags == [.allowModeset])
    #expect(
      card.screenPixels(width: 32, height: 24)?.allSatisfy { $0 & 0x00ff_ffff == 0x0000ff }
        == true)
    output.shutDown()
    #expect(card.liveFramebuffers.isEmpty && card.liveDumbBuffers.isEmpty)
    #expect(card.liveMappings == 0 && card.liveBlobs.isEmpty)
  }
}
