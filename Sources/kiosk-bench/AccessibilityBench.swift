import Foundation
import KioskKit
import KioskReferenceScene
import KioskScreenReader
import KioskSpeech
import KioskVirtual
import Synchronization

/// What the screen reader costs on the reference scene (1920×1080 px at scale 2): the time
/// from a focus move to its first sample of speech, a frame with the reader on against the
/// same frame with it off, the memory it takes, and the accessibility tree's build.
struct AccessibilityFigures {
  var focusToFirstSampleMs = 0.0
  var focusToFirstSampleWorstMs = 0.0
  var speakToFirstSampleMs = 0.0
  var focusTrials = 0
  var frameReaderOffMs = 0.0
  var frameReaderOnMs = 0.0
  var readerMemoryMB = 0.0
  var treeBuildMs = 0.0
  var treeElements = 0
  var auditMs = 0.0
  var auditIssues = 0
  /// Why speech could not be measured (no espeak-ng), or nil.
  var speechUnavailable: String?

  /// The median over turns of reader on / off (see `AccessibilityMeasurements.run()`).
  var readerFrameRatio = 0.0
  /// The smallest and largest of the turns' ratios.
  var readerFrameRatioRange = (0.0, 0.0)

  var dictionary: [String: Any] {
    [
      "focus_to_first_sample_ms": focusToFirstSampleMs,
      "focus_to_first_sample_worst_ms": focusToFirstSampleWorstMs,
      "speak_to_first_sample_ms": speakToFirstSampleMs,
      "frame_reader_on_over_off": readerFrameRatio,
      "screen_reader_memory_mb": readerMemoryMB,
      "accessibility_tree_build_ms": treeBuildMs,
      "accessibility_tree_elements": treeElements,
      "accessibility_audit_ms": auditMs,
      "accessibility_audit_issues": auditIssues,
    ]
  }

  func printTable() {
    func ms(_ v: Double) -> String { String(format: "%.3f ms", v) }
    section("accessibility: the screen reader on the reference scene, espeak-ng into memory")
    if let speechUnavailable {
      row("(u) focus change to first audible sample", "-", "not measured: \(speechUnavailable)")
    } else {
      row(
        "(u) focus change to first audible sample", String(format: "%.1f ms", focusToFirstSampleMs),
        String(
          format: "median of %d, worst %.1f ms; speak() to sample %.1f ms",
          focusTrials, focusToFirstSampleWorstMs, speakToFirstSampleMs),
        measured: focusToFirstSampleMs)
    }
    row(
      "(v) full frame, reader on / off", String(format: "%.3f", readerFrameRatio),
      "\(ms(frameReaderOnMs)) / \(ms(frameReaderOffMs)); median of 24 turns, "
        + String(format: "%.2f–%.2f", readerFrameRatioRange.0, readerFrameRatioRange.1),
      measured: readerFrameRatio)
    row(
      "(w) memory of the reader and speech", String(format: "%+.1f MB", readerMemoryMB),
      "RSS with them running, over without", measured: readerMemoryMB)
    row(
      "(x) accessibility tree of the scene", ms(treeBuildMs),
      "\(treeElements) elements in reading order")
    row(
      "(y) accessibility audit of the scene", ms(auditMs),
      "labels, contrast, 44-pt targets, text at the largest size; \(auditIssues) issues")
  }
}

/// Measures `AccessibilityFigures` on a reference scene of its own.
@MainActor
struct AccessibilityMeasurements {
  let frames: Int

  func run() throws -> AccessibilityFigures {
    var figures = AccessibilityFigures()
    let (screen, _, loop) = try makeBenchScreen()
    let window = Window(screen: screen)
    let scene = ReferenceScene(window: window, icon: try ReferenceScene.makeIcon())
    window.makeKeyAndVisible()
    loop.runUntilIdle()
    // The scene's rows are drawn views: described here as an app would describe them.
    for (index, row) in scene.rows.enumerated() {
      row.isAccessibilityElement = true
      row.accessibilityLabel = "Row \(index + 1)"
      row.accessibilityTraits = .button
    }

    figures.treeBuildMs = median(of: frames) {
      timed { benchmarkSink &+= AccessibilityTree.elements(on: screen).count }
    }
    figures.treeElements = AccessibilityTree.elements(on: screen).count
    // The audit lays the screen out at the largest text size and back, and reads every
    // label's colours: what `app.assertAccessibilityAudit()` costs a UI test per screen.
    figures.auditMs = median(of: max(frames / 10, 5)) {
      timed { benchmarkSink &+= AccessibilityAudit.run(on: screen).count }
    }
    figures.auditIssues = AccessibilityAudit.run(on: screen).count
    loop.runUntilIdle()

    var step = 0
    let tinted = scene.tintedViews
    func frame() -> Double {
      step += 1
      Measurements.tint(tinted, step: step)
      return timed { loop.runUntilIdle() }
    }
    // Warm: the compositor's buffers and caches are made by the first frames, not the reader.
    for _ in 0..<max(frames / 6, 5) { _ = frame() }
    let rssBefore = residentMegabytes()

    let sink = FirstSampleSink()
    let queue: SpeechQueue
    do {
      queue = SpeechQueue(synthesizer: try EspeakSynthesizer(), sink: sink)
    } catch {
      queue = SpeechQueue(off: error.description)
      figures.speechUnavailable = error.description
    }
    let reader = ScreenReader(speech: queue)
    measureFrames(
      reader: reader, queue: queue, screen: screen, loop: loop, frame: frame, into: &figures)
    reader.start(on: Application.shared, screen: screen)
    loop.runUntilIdle()

    if figures.speechUnavailable == nil {
      measureFocusToSample(reader: reader, queue: queue, sink: sink, loop: loop, into: &figures)
    }
    figures.readerMemoryMB = residentMegabytes() - rssBefore
    reader.stop()
    loop.runUntilIdle()
    return figures
  }

  /// (v) frames with the reader off and on.
  private func measureFrames(
    reader: ScreenReader, queue: SpeechQueue, screen: Screen, loop: SimulatedRunLoop,
    frame: () -> Double, into figures: inout AccessibilityFigures
  ) {
    // Off and on in turns, a block of frames each, so that a drift of the machine (another
    // process, the CPU's clock) weighs on both alike: off then on, then on then off, each
    // start saying the first element and the frames waiting until that is said. The figure
    // is the median of the turns' ratios (each the ratio of its two blocks' medians): the
    // ratio of two medians taken over the whole run moved by several per cent from run to
    // run, as much as the reader costs, where the turns' ratios move with the machine only
    // within a turn.
    var off: [Double] = []
    var on: [Double] = []
    var ratios: [Double] = []
    let block = max(frames / 2, 30)
    for turn in 0..<24 {
      var offBlock: [Double] = []
      if turn % 2 == 0 { offBlock = (0..<block).map { _ in frame() } }
      reader.start(on: Application.shared, screen: screen)
      loop.runUntilIdle()
      waitUntilQuiet(queue)
      let onBlock = (0..<block).map { _ in frame() }
      reader.stop()
      loop.runUntilIdle()
      if turn % 2 == 1 { offBlock = (0..<block).map { _ in frame() } }
      ratios.append(middle(onBlock) / middle(offBlock))
      off += offBlock
      on += onBlock
    }
    figures.frameReaderOffMs = middle(off)
    figures.frameReaderOnMs = middle(on)
    figures.readerFrameRatio = middle(ratios)
    figures.readerFrameRatioRange = (ratios.min() ?? 0, ratios.max() ?? 0)
  }

  /// (u) focus moves to the next element, each time after the last utterance has been
  /// spoken: the time from the move to the first sample espeak-ng hands the sink.
  private func measureFocusToSample(
    reader: ScreenReader, queue: SpeechQueue, sink: FirstSampleSink, loop: SimulatedRunLoop,
    into figures: inout AccessibilityFigures
  ) {
    var latencies: [Double] = []
    var queueLatencies: [Double] = []
    let trials = max(frames / 3, 10)
    for _ in 0..<trials {
      waitUntilQuiet(queue)
      sink.reset()
      let start = ContinuousClock.now
      if !reader.focusNext() {
        // At the last element: back to the first, which is also a focus change.
        if let first = reader.elements.first { reader.moveFocus(to: first) }
      }
      loop.runUntilIdle()
      guard let first = sink.waitForFirstSample(timeout: .seconds(5)) else { continue }
      latencies.append(milliseconds(first - start))
      if let latency = queue.lastFirstSampleLatency { queueLatencies.append(milliseconds(latency)) }
      queue.stopSpeaking()
    }
    latencies.sort()
    queueLatencies.sort()
    figures.focusTrials = latencies.count
    figures.focusToFirstSampleMs = latencies.isEmpty ? 0 : latencies[latencies.count / 2]
    figures.focusToFirstSampleWorstMs = latencies.last ?? 0
    figures.speakToFirstSampleMs =
      queueLatencies.isEmpty ? 0 : queueLatencies[queueLatencies.count / 2]
  }

  /// The median of `values` (not empty).
  private func middle(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

  /// Waits (at most 10 s) until the queue has nothing to say.
  private func waitUntilQuiet(_ queue: SpeechQueue) {
    let deadline = ContinuousClock.now + .seconds(10)
    queue.stopSpeaking()
    while !queue.isIdle, ContinuousClock.now < deadline { usleep(1000) }
  }

  private func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000
      + Double(duration.components.attoseconds) / 1e15
  }

  private func residentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
      let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return 0 }
    return kilobytes / 1024
  }
}

/// An audio sink that keeps nothing but the time of the first audible sample since
/// `reset()`: espeak-ng's first chunks can be the silence before a word, which nobody hears.
final class FirstSampleSink: AudioSink {
  /// A sample this loud or louder is heard (about −30 dBFS).
  static let audible: Int16 = 1000
  let name = "memory"
  private let firstSample = Mutex<ContinuousClock.Instant?>(nil)

  func reset() { firstSample.withLock { $0 = nil } }

  /// The first audible sample's time, waiting for it at most `timeout`.
  func waitForFirstSample(timeout: Duration) -> ContinuousClock.Instant? {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let first = firstSample.withLock({ $0 }) { return first }
      usleep(200)
    }
    return nil
  }

  func open(sampleRate: Int) throws(SpeechError) {}

  func write(_ samples: UnsafeBufferPointer<Int16>) throws(SpeechError) {
    let now = ContinuousClock.now
    guard samples.contains(where: { $0 >= Self.audible || $0 <= -Self.audible }) else { return }
    firstSample.withLock { if $0 == nil { $0 = now } }
  }

  func finishUtterance() throws(SpeechError) {}
  func discard() {}
  func close() {}
}
