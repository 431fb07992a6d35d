import ArgumentParser
import CAllocCounter
import Foundation
import KioskKit
import KioskReferenceScene
import KioskVersion
import KioskVirtual

/// kiosk-bench: the figures of the reference scene, each against a baseline measured in the
/// same run. Timings are medians of repeated runs; nothing here fails on a timing.
@main
struct Bench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "kiosk-bench",
    abstract: "Measures KioskKit's compositor on the reference scene (1920×1080 px, scale 2).",
    version: "kiosk-bench (KioskKit) \(KioskKitVersion.string)")

  @Flag(help: "Print the figures as one JSON object.")
  var json = false

  @Option(help: "Frames measured per figure (the median is reported).")
  var frames = 60

  @Option(help: "Warn/reload cycles of the memory figures (the leak check).")
  var memoryCycles = 100

  @Option(
    help: "Starts of kiosk-refscene per start-up figure (at least 9; the median is reported).")
  var starts = 9

  @Flag(help: "Measure only the start-up figures (n) and (o), for trying a change to start-up.")
  var startupOnly = false

  @Flag(help: "Measure only the screen reader's figures and the audit, (u) to (y).")
  var accessibilityOnly = false

  @Flag(help: "Measure only Auto Layout's figures, (z) to (ac), and rotation's, (ad).")
  var autoLayoutOnly = false

  @Flag(help: "Measure only the toolkit's figures, (q) to (t), against a full frame.")
  var toolkitOnly = false

  @Flag(help: "Measure only the typing figures, (j) to (m), against a full frame.")
  var typingOnly = false

  @Flag(help: "Print every figure's goal (figure, tab, goal) and measure nothing.")
  var goals = false

  @Flag(help: "Print the figures as a Markdown table (figure, value, goal, note).")
  var markdown = false

  @Option(
    parsing: .upToNextOption,
    help: ArgumentHelp(
      "Print the change of every figure between two runs saved with --json, and measure nothing.",
      valueName: "before.json after.json"))
  var compare: [String] = []

  func validate() throws {
    guard compare.isEmpty || compare.count == 2 else {
      throw ValidationError("--compare takes two files: the run before and the run after")
    }
  }

  /// `--auto-layout-only`, `--toolkit-only`, `--typing-only` and `--accessibility-only`:
  /// whether one of them ran.
  private func runOnePart(frames count: Int) throws -> Bool {
    if typingOnly {
      try MainActor.assumeIsolated {
        let fullFrameMs = try Measurements(frames: count).fullFrame()
        try TypingMeasurements(frames: count, fullFrameMs: fullFrameMs).run().printTable()
      }
      return true
    }
    if toolkitOnly {
      try MainActor.assumeIsolated {
        let fullFrameMs = try Measurements(frames: count).fullFrame()
        try ToolkitMeasurements(frames: count, fullFrameMs: fullFrameMs).run().printTable()
      }
      return true
    }
    if autoLayoutOnly {
      try MainActor.assumeIsolated {
        let fullFrameMs = try Measurements(frames: count).fullFrame()
        try AutoLayoutMeasurements(frames: count, fullFrameMs: fullFrameMs).run().printTable()
        try SelfSizingTableMeasurements(frames: count, fullFrameMs: fullFrameMs).run()
          .printTable()
        try RotationMeasurements(turns: max(count, 12)).run().printTable()
      }
      return true
    }
    guard accessibilityOnly else { return false }
    let figures = try MainActor.assumeIsolated {
      try AccessibilityMeasurements(frames: count).run()
    }
    if json {
      let data = try JSONSerialization.data(
        withJSONObject: figures.dictionary, options: [.sortedKeys])
      print(String(decoding: data, as: UTF8.self))
    } else {
      figures.printTable()
    }
    return true
  }

  mutating func run() throws {
    let count = max(frames, 5)
    let cycles = max(memoryCycles, 1)
    if compare.count == 2 {
      let comparison = try BenchComparison(beforePath: compare[0], afterPath: compare[1])
      for line in comparison.lines() { print(line) }
      return
    }
    if goals {
      for line in BenchGoals.lines() { print(line) }
      return
    }
    BenchTable.isMarkdown = markdown
    if markdown { BenchTable.printMarkdownHeader() }
    if try runOnePart(frames: count) { return }
    // ArgumentParser calls run() on the main thread; the UI types live on the main actor.
    let inProcess:
      (
        Figures, MemoryFigures, TypingFigures, ToolkitFigures, AccessibilityFigures,
        AutoLayoutFigures, SelfSizingTableFigures, RotationFigures
      )? =
        startupOnly
        ? nil
        : try MainActor.assumeIsolated {
          let figures = try Measurements(frames: count).run()
          let memory = try MemoryMeasurements(cycles: cycles).run()
          let typing = try TypingMeasurements(frames: count, fullFrameMs: figures.fullFrameMs).run()
          let toolkit = try ToolkitMeasurements(frames: count, fullFrameMs: figures.fullFrameMs)
            .run()
          let accessibility = try AccessibilityMeasurements(frames: count).run()
          let autoLayout = try AutoLayoutMeasurements(
            frames: count, fullFrameMs: figures.fullFrameMs
          )
          .run()
          let selfSizing = try SelfSizingTableMeasurements(
            frames: count, fullFrameMs: figures.fullFrameMs
          )
          .run()
          let rotation = try RotationMeasurements(turns: max(count, 12)).run()
          return (
            figures, memory, typing, toolkit, accessibility, autoLayout, selfSizing, rotation
          )
        }
    // Other processes, started one after another while this one waits: nothing else runs.
    let startCount = max(starts, 9)
    let start = StartupMeasurements(starts: startCount, scale: 2).run()
    let start4K = StartupMeasurements(starts: startCount, scale: 4).run()
    if json {
      var all = start.dictionary(suffix: "").merging(start4K.dictionary(suffix: "_4k")) { a, _ in
        a
      }
      if let (figures, memory, typing, toolkit, reader, autoLayout, selfSizing, turn) = inProcess {
        all.merge(figures.dictionary) { a, _ in a }
        all.merge(selfSizing.dictionary) { a, _ in a }
        all.merge(turn.dictionary) { a, _ in a }
        all.merge(autoLayout.dictionary) { a, _ in a }
        all.merge(reader.dictionary) { a, _ in a }
        all.merge(memory.dictionary) { a, _ in a }
        all.merge(typing.dictionary) { a, _ in a }
        all.merge(toolkit.dictionary) { a, _ in a }
      }
      let data = try JSONSerialization.data(withJSONObject: all, options: [.sortedKeys])
      print(String(decoding: data, as: UTF8.self))
    } else {
      if let (figures, memory, typing, toolkit, reader, autoLayout, selfSizing, turn) = inProcess {
        figures.printTable()
        memory.printTable()
        typing.printTable()
        toolkit.printTable()
        reader.printTable()
        autoLayout.printTable()
        selfSizing.printTable()
        turn.printTable()
      }
      section(
        "start-up: kiosk-refscene spawned \(startCount) times, virtual framebuffer in real time")
      start.printTable()
      start4K.printTable()
    }
  }
}

struct Figures {
  var layers = 0
  var fullFrameMs = 0.0
  var memcpyFrameMs = 0.0
  var partialFrameMs = 0.0
  var partialDamagePixels = 0
  var presentCopyFraction = 0.0
  var layoutDisplay1000Ms = 0.0
  var fullFrame4KMs = 0.0
  var memcpyFrame4KMs = 0.0
  var allocationsPerFullFrame = 0.0
  var allocationsPerPartialFrame = 0.0
  var idleFrames = 0
  var idleCPUMs = 0.0
  var touchToPresentFrames = 0.0
  var touchToPresentWorstFrames = 0.0
  var touchToScanoutFrames = 0.0
  var touchTrials = 0

  var fullOverMemcpy: Double { fullFrameMs / memcpyFrameMs }
  var damageFraction: Double { partialFrameMs / fullFrameMs }
  var allocationsPerFrame: Double { max(allocationsPerFullFrame, allocationsPerPartialFrame) }

  var dictionary: [String: Any] {
    [
      "full_frame_ms": fullFrameMs, "memcpy_frame_ms": memcpyFrameMs,
      "full_frame_over_memcpy": fullOverMemcpy, "damage_frame_fraction": damageFraction,
      "layout_display_1000_views_ms": layoutDisplay1000Ms,
      "allocations_per_frame": allocationsPerFrame, "idle_frames": idleFrames,
      "present_copy_fraction": presentCopyFraction,
      "touch_to_present_frames": touchToPresentFrames,
      "touch_to_present_worst_frames": touchToPresentWorstFrames,
      "touch_to_scanout_frames": touchToScanoutFrames,
      "full_frame_4k_ms": fullFrame4KMs, "memcpy_frame_4k_ms": memcpyFrame4KMs,
      "full_frame_over_memcpy_4k": fullFrame4KMs / memcpyFrame4KMs,
    ]
  }

  func printTable() {
    func ms(_ v: Double) -> String { String(format: "%.3f ms", v) }
    section("kiosk-bench: reference scene, 1920×1080 px at scale 2, \(layers) layers")
    row("(a) full-frame composite", ms(fullFrameMs))
    row("    memcpy of one frame (baseline)", ms(memcpyFrameMs))
    row("(b) full frame / memcpy", String(format: "%.2f", fullOverMemcpy), measured: fullOverMemcpy)
    row(
      "(c) button highlight frame / full frame", String(format: "%.4f", damageFraction),
      "\(ms(partialFrameMs)), damage \(partialDamagePixels) px", measured: damageFraction)
    row(
      "    back buffer updated per highlight frame", String(format: "%.4f", presentCopyFraction),
      "of a full frame, three buffers", measured: presentCopyFraction)
    row("(d) layout+display of 1,000 views", ms(layoutDisplay1000Ms))
    row(
      "(e) heap allocations per steady frame", String(format: "%.1f", allocationsPerFrame),
      String(
        format: "full %.1f, highlight %.1f", allocationsPerFullFrame,
        allocationsPerPartialFrame), measured: allocationsPerFrame)
    row(
      "(f) frames produced in 2 s idle", "\(idleFrames)",
      String(format: "CPU %.1f ms", idleCPUMs), measured: Double(idleFrames))
    row(
      "(g) touch-down to highlight on screen", String(format: "%.2f frames", touchToPresentFrames),
      String(
        format: "median of %d, worst %.2f; 60 Hz, animation running",
        touchTrials, touchToPresentWorstFrames), measured: touchToPresentFrames)
    row(
      "    … until the next 60 Hz scanout", String(format: "%.2f frames", touchToScanoutFrames),
      "median; a panel latches a presented frame at its next vblank")
    row(
      "(p) full frame / memcpy at 3840×2160",
      String(format: "%.2f", fullFrame4KMs / memcpyFrame4KMs),
      "\(ms(fullFrame4KMs)) / \(ms(memcpyFrame4KMs)) (scale 4)",
      measured: fullFrame4KMs / memcpyFrame4KMs)
  }
}

/// Runs every measurement on one scene.
@MainActor
struct Measurements {
  let frames: Int

  /// Gives every opaque background a new tint (step by step round a cycle of 32).
  static func tint(_ tinted: [(View, Color)], step: Int) {
    let hue = Double(step % 32) / 32
    for (view, base) in tinted {
      view.backgroundColor = base.interpolated(
        to: Color(red: hue, green: 0.4, blue: 1 - hue), fraction: 0.25)
    }
  }

  /// (a) alone: a full frame of the reference scene, for the runs that measure one part.
  func fullFrame() throws -> Double {
    let (screen, _, loop) = try makeBenchScreen()
    let window = Window(screen: screen)
    let scene = ReferenceScene(window: window, icon: try ReferenceScene.makeIcon())
    window.makeKeyAndVisible()
    loop.runUntilIdle()
    var step = 0
    let tinted = scene.tintedViews
    let result = median(of: frames) {
      step += 1
      Self.tint(tinted, step: step)
      return timed { loop.runUntilIdle() }
    }
    screen.detachOutput()
    return result
  }

  func run() throws -> Figures {
    var figures = Figures()
    let (screen, output, loop) = try makeBenchScreen()
    let window = Window(screen: screen)
    let scene = ReferenceScene(window: window, icon: try ReferenceScene.makeIcon())
    window.makeKeyAndVisible()
    loop.runUntilIdle()
    figures.layers = scene.layerCount

    figures.memcpyFrameMs = try memcpyBaseline(bytes: screen.pixelWidth * screen.pixelHeight * 4)

    // (a) every opaque background takes a new tint each frame: every pixel repainted.
    var step = 0
    let tinted = scene.tintedViews
    figures.fullFrameMs = median(of: frames) {
      step += 1
      Self.tint(tinted, step: step)
      return timed { loop.runUntilIdle() }
    }

    // (c) only the Back button's background changes: it is highlighted and let go.
    step = 0
    func highlight() {
      step += 1
      scene.backButton.isHighlighted = step % 2 == 1
    }
    figures.partialFrameMs = median(of: frames) {
      highlight()
      return timed { loop.runUntilIdle() }
    }
    figures.partialDamagePixels = screen.compositor.lastDamage.area
    // What of the back buffer was brought up to date: the damage it missed (buffer age 3),
    // painted straight into it on the virtual framebuffer (copied from a frame on DRM).
    figures.presentCopyFraction =
      Double(output.lastCopiedPixels) / Double(output.pixelWidth * output.pixelHeight)

    // (e) allocations of steady frames (warm already, counted over many frames).
    figures.allocationsPerFullFrame = allocations(perFrameOver: frames) {
      step += 1
      Self.tint(tinted, step: step)
      loop.runUntilIdle()
    }
    figures.allocationsPerPartialFrame = allocations(perFrameOver: frames) {
      highlight()
      loop.runUntilIdle()
    }

    // (f) two seconds of real idleness: real clock, main queue, nothing changing.
    (figures.idleFrames, figures.idleCPUMs) = try idle(screen: screen, seconds: 2)

    try measureTouchLatency(into: &figures)

    // (d) a fresh screen of 1,000 drawing views, laid out and drawn anew each run.
    figures.layoutDisplay1000Ms = try layoutAndDisplay(count: 1000)

    try measure4K(into: &figures)
    Screen.main = screen
    return figures
  }

  /// (g) touch-down to the frame that shows the Back button highlighted, in real time.
  private func measureTouchLatency(into figures: inout Figures) throws {
    let latency = try touchToPresent(trials: max(frames / 2, 20))
    figures.touchToPresentFrames = latency.median
    figures.touchToPresentWorstFrames = latency.worst
    figures.touchTrials = latency.trials
    figures.touchToScanoutFrames = latency.scanout
  }

  /// (p) the same scene at 3840×2160 px (scale 4): every pixel repainted, against a memcpy
  /// of a 4K frame. Leaves `Screen.main` to the caller to put back.
  private func measure4K(into figures: inout Figures) throws {
    let (screen4K, _, loop4K) = try makeBenchScreen(scale: 4)
    let window4K = Window(screen: screen4K)
    let scene4K = ReferenceScene(window: window4K, icon: try ReferenceScene.makeIcon())
    window4K.makeKeyAndVisible()
    loop4K.runUntilIdle()
    figures.memcpyFrame4KMs = try memcpyBaseline(
      bytes: screen4K.pixelWidth * screen4K.pixelHeight * 4)
    var step = 0
    let tinted = scene4K.tintedViews
    figures.fullFrame4KMs = median(of: frames) {
      step += 1
      Self.tint(tinted, step: step)
      return timed { loop4K.runUntilIdle() }
    }
    screen4K.detachOutput()
  }

  /// The reference scene on a real-time 60 Hz virtual panel with an animation running (so
  /// a frame is often in flight when the finger lands, the worst case). Each trial: another
  /// thread waits a random fraction of a refresh, notes the time and queues a touch-down on
  /// the main queue, as an input backend's dispatch source does; the time until the first
  /// presented frame whose pixel under the Back button has turned grey is the latency.
  private func touchToPresent(trials: Int) throws -> (
    median: Double, worst: Double, scanout: Double, trials: Int
  ) {
    let screen = Screen(pointSize: Size(width: 960, height: 540), scale: 2)
    let output = try VirtualOutput(for: screen, timing: .realTime)
    Transaction.useMainQueue()
    screen.attach(output)
    let window = Window(screen: screen)
    let scene = ReferenceScene(window: window, icon: try ReferenceScene.makeIcon())
    let spinner = View(frame: Rect(x: 900, y: 8, width: 28, height: 28))
    spinner.backgroundColor = Color(hex: 0x007aff)
    scene.navigationBar.addSubview(spinner)
    window.makeKeyAndVisible()
    View.animate(withDuration: 1, delay: 0, options: [.repeat, .curveLinear]) {
      spinner.transform = Transform(rotationAngle: .pi / 2)
    }
    let interval = 1 / output.refreshRate
    let target = Point(x: 58, y: 22)  // the Back button's centre, in points
    let probe = (x: Int(target.x * screen.scale), y: Int(target.y * screen.scale))
    let grey = ReferenceScene.highlightColor

    final class Trial: @unchecked Sendable {
      var queuedAt = 0.0
      var waiting = false
    }
    let trial = Trial()
    var latencies: [Double] = []
    var scanouts: [Double] = []
    output.presentObserver = { frame in
      guard trial.waiting, isClose(frame.pixel(x: probe.x, y: probe.y), grey) else { return }
      trial.waiting = false
      let presented = monotonicSeconds()
      latencies.append((presented - trial.queuedAt) / interval)
      scanouts.append((output.nextRefresh(after: presented) - trial.queuedAt) / interval)
    }
    func settle(_ seconds: Double) { RunLoop.main.run(until: Date(timeIntervalSinceNow: seconds)) }
    settle(0.2)
    for index in 0..<trials {
      let delay = interval * Double((index * 7919) % 100) / 100  // spread over the refresh
      DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
        trial.queuedAt = monotonicSeconds()
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            trial.waiting = true
            Application.shared.sendTouches(
              [TouchSample(id: 0, phase: .began, location: target)], on: screen)
          }
        }
      }
      let deadline = Date(timeIntervalSinceNow: 1)
      settle(delay + interval / 2)
      while trial.waiting, Date() < deadline { settle(interval / 4) }
      trial.waiting = false
      Application.shared.sendTouches(
        [TouchSample(id: 0, phase: .ended, location: target)], on: screen)
      settle(interval * 3)
    }
    output.presentObserver = nil
    screen.detachOutput()
    guard !latencies.isEmpty else { return (.infinity, .infinity, .infinity, 0) }
    latencies.sort()
    scanouts.sort()
    return (
      latencies[latencies.count / 2], latencies[latencies.count - 1],
      scanouts[scanouts.count / 2], latencies.count
    )
  }

  private func memcpyBaseline(bytes: Int) throws -> Double {
    guard let source = malloc(bytes), let destination = malloc(bytes) else {
      throw PixelBufferError.outOfMemory(bytes: bytes)
    }
    defer {
      free(source)
      free(destination)
    }
    memset(source, 0x5a, bytes)
    memset(destination, 0, bytes)
    var offset = 0
    return median(of: frames) {
      let ms = timed { memcpy(destination, source, bytes) }
      // Read the copy back so the optimiser cannot drop a copy nobody looks at.
      offset = (offset + 4099) % bytes
      benchmarkSink &+= Int(destination.load(fromByteOffset: offset, as: UInt8.self))
      return ms
    }
  }

  private func allocations(perFrameOver count: Int, _ frame: () -> Void) -> Double {
    frame()  // one warm-up frame so one-time growth is not counted
    kiosk_alloc_counter_start()
    for _ in 0..<count { frame() }
    return Double(kiosk_alloc_counter_stop()) / Double(count)
  }

  private func idle(screen: Screen, seconds: Double) throws -> (Int, Double) {
    guard let output = screen.output as? VirtualOutput else { return (0, 0) }
    Transaction.useMainQueue()
    let before = output.framesPresented
    let cpuBefore = cpuSeconds()
    RunLoop.main.run(until: Date(timeIntervalSinceNow: seconds))
    return (output.framesPresented - before, (cpuSeconds() - cpuBefore) * 1000)
  }

  private func layoutAndDisplay(count: Int) throws -> Double {
    let screen = Screen(pointSize: Size(width: 960, height: 540), scale: 2)
    let output = try VirtualOutput(for: screen)
    let loop = SimulatedRunLoop(outputs: [output])
    loop.install()
    screen.attach(output)
    let window = Window(screen: screen)
    let grid = GridView(frame: screen.bounds, count: count)
    window.addSubview(grid)
    window.makeKeyAndVisible()
    loop.runUntilIdle()
    return median(of: max(frames / 4, 5)) {
      grid.invalidateAll()
      loop.runUntilIdle()
      let t = Transaction.lastTimings
      return (t.layout + t.display) * 1000
    }
  }
}

/// 1,000 small drawing views in a grid, placed by `layoutSubviews`.
@MainActor
final class GridView: View {
  private let cells: [Cell]
  private var generation = 0

  init(frame: Rect, count: Int) {
    cells = (0..<count).map { _ in Cell(frame: .zero) }
    super.init(frame: frame)
    for cell in cells { addSubview(cell) }
  }

  func invalidateAll() {
    generation += 1
    setNeedsLayout()
    for cell in cells {
      cell.generation = generation
      cell.setNeedsDisplay()
    }
  }

  override func layoutSubviews() {
    let columns = 40
    let size = Size(width: bounds.width / Double(columns), height: 21)
    for (i, cell) in cells.enumerated() {
      let shift = Double(generation % 2)
      cell.frame = Rect(
        x: Double(i % columns) * size.width + shift, y: Double(i / columns) * size.height,
        width: size.width - 2, height: size.height - 2)
    }
  }

  final class Cell: View {
    var generation = 0
    override func draw(_ rect: Rect) {
      guard let context = GraphicsContext.current else { return }
      context.setFillColor(generation % 2 == 0 ? .systemBlue : .orange)
      context.addRoundedRect(bounds.insetBy(dx: 1, dy: 1), cornerRadius: 4)
      context.fillPath()
    }
  }
}

/// Where measured results are read into, so that the optimiser keeps the work that made them.
nonisolated(unsafe) var benchmarkSink = 0

/// The screen every figure is measured on: 960×540 pt at scale 2 (1920×1080 px; scale 4
/// for the 4K figures) on a virtual output, driven by a simulated run loop, made the main screen.
@MainActor
func makeBenchScreen(scale: Double = 2) throws -> (Screen, VirtualOutput, SimulatedRunLoop) {
  let screen = Screen(pointSize: Size(width: 960, height: 540), scale: scale)
  let output = try VirtualOutput(for: screen)
  let loop = SimulatedRunLoop(outputs: [output])
  loop.install()
  Screen.main = screen
  screen.attach(output)
  return (screen, output, loop)
}

@MainActor
func median(of count: Int, _ sample: () -> Double) -> Double {
  var samples = (0..<count).map { _ in sample() }
  samples.sort()
  return samples[samples.count / 2]
}

/// Milliseconds `body` took.
func timed(_ body: () -> Void) -> Double {
  let start = monotonicSeconds()
  body()
  return (monotonicSeconds() - start) * 1000
}

/// Whether two colours are the same up to 8-bit rounding.
func isClose(_ a: Color, _ b: Color) -> Bool {
  abs(a.red - b.red) < 2.5 / 255 && abs(a.green - b.green) < 2.5 / 255
    && abs(a.blue - b.blue) < 2.5 / 255
}

func cpuSeconds() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
    + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
}
