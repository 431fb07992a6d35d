import CAllocCounter
import Foundation
import KioskGraphics
import KioskKit
import KioskVirtual

/// Typing on the on-screen keyboard at 1920×1080 px (960×540 pt at scale 2): what a key
/// tap costs, against the reference scene's full frame measured in the same run.
struct TypingFigures {
  var fullFrameMs = 0.0
  var pressFrameMs = 0.0
  var releaseFrameMs = 0.0
  var pressDamagePixels = 0
  var releaseDamagePixels = 0
  var allocationsPerTypingFrame = 0.0
  var allocationsOutsideTextShaping = 0.0
  var allocationsPerKeyOnlyFrame = 0.0
  var tapToGlyphFrames = 0.0
  var tapToGlyphWorstFrames = 0.0
  var tapTrials = 0
  var showFrames = 0
  /// The mean frame of the keyboard's slide-in once it has been shown before, ms: what
  /// every show after the first costs.
  var showMeanFrameMs = 0.0
  /// The same of its first slide-in, ms, which also builds the keyboard's views, lays
  /// out and draws its key caps, and warms the glyph caches: a cost paid once.
  var firstShowMeanFrameMs = 0.0
  /// Of each frame, the time in the touch handlers (routing, the key, the text) and in
  /// the commit (layout, display, composite), ms.
  var pressInputMs = 0.0
  var releaseInputMs = 0.0
  /// The dearer of a tap's two frames in a field holding 100,000 characters (issue 38's bad
  /// input), ms.
  var longTextFrameMs = 0.0
  /// The median of each kind of typing frame, ms: a letter's down and up, a backspace's
  /// down and up (see `TypingMeasurements.frameKinds`).
  var frameKindsMs = [0.0, 0.0, 0.0, 0.0]

  /// The dearer of a tap's two frames (finger down: key highlight and preview bubble;
  /// finger up: the glyph, the key let go) over a full frame.
  var typingFrameFraction: Double { max(pressFrameMs, releaseFrameMs) / fullFrameMs }
  var showFrameFraction: Double { showMeanFrameMs / fullFrameMs }
  var longTextFrameFraction: Double { longTextFrameMs / fullFrameMs }

  var dictionary: [String: Any] {
    [
      "typing_press_frame_ms": pressFrameMs, "typing_release_frame_ms": releaseFrameMs,
      "typing_frame_over_full_frame": typingFrameFraction,
      "typing_long_text_frame_over_full_frame": longTextFrameFraction,
      "typing_letter_down_frame_ms": frameKindsMs[0], "typing_letter_up_frame_ms": frameKindsMs[1],
      "typing_backspace_down_frame_ms": frameKindsMs[2],
      "typing_backspace_up_frame_ms": frameKindsMs[3],
      "typing_allocations_per_frame": allocationsPerTypingFrame,
      "typing_allocations_outside_text_shaping_per_frame": allocationsOutsideTextShaping,
      "typing_allocations_per_key_only_frame": allocationsPerKeyOnlyFrame,
      "key_tap_to_glyph_frames": tapToGlyphFrames,
      "key_tap_to_glyph_worst_frames": tapToGlyphWorstFrames,
      "keyboard_show_frames": showFrames,
      "keyboard_show_frame_over_full_frame": showFrameFraction,
      "keyboard_first_show_frame_over_full_frame": firstShowMeanFrameMs / fullFrameMs,
    ]
  }

  func printTable() {
    func ms(_ v: Double) -> String { String(format: "%.3f ms", v) }
    section(
      "typing: a text field and the on-screen keyboard, 1920×1080 px at scale 2; full frame "
        + ms(fullFrameMs))
    row(
      "(j) typing frame / full frame", String(format: "%.4f", typingFrameFraction),
      "down \(ms(pressFrameMs)), \(pressDamagePixels) px; up \(ms(releaseFrameMs)), "
        + "\(releaseDamagePixels) px", measured: typingFrameFraction)
    row(
      "    each kind: letter down/up, ⌫ down/up",
      frameKindsMs.map { String(format: "%.0f", $0 * 1000) }.joined(separator: "/"),
      "µs (a backspace deletes on touch-down; a letter types on touch-up)")
    row(
      "    in a field of 100,000 characters", String(format: "%.4f", longTextFrameFraction),
      "no slower than a full frame (\(ms(longTextFrameMs)))", measured: longTextFrameFraction)
    row(
      "    of which touch handling (down, up)",
      String(format: "%.3f/%.3f", pressInputMs, releaseInputMs),
      "ms; the rest of each frame is its commit")
    row(
      "(k) heap allocations per typing frame",
      String(format: "%.1f", allocationsOutsideTextShaping),
      String(
        format:
          "outside text shaping (%.1f with pango's and cairo's; a key's frames without text: %.1f)",
        allocationsPerTypingFrame, allocationsPerKeyOnlyFrame),
      measured: allocationsOutsideTextShaping)
    row(
      "(l) key tap to its glyph on screen", String(format: "%.2f frames", tapToGlyphFrames),
      String(
        format: "median of %d, worst %.2f; 60 Hz", tapTrials, tapToGlyphWorstFrames),
      measured: tapToGlyphFrames)
    row(
      "(m) keyboard slide-in: frames", "\(showFrames)",
      String(
        format: "mean frame / full frame %.4f (%@); the first show's %.4f",
        showFrameFraction, ms(showMeanFrameMs), firstShowMeanFrameMs / fullFrameMs))
  }
}

/// Measures `TypingFigures`.
@MainActor
struct TypingMeasurements {
  let frames: Int
  let fullFrameMs: Double

  func run() throws -> TypingFigures {
    var figures = TypingFigures()
    figures.fullFrameMs = fullFrameMs
    let (screen, output, loop, field) = try makeTypingScreen()

    measureKeyboardSlide(of: field, output: output, loop: loop, into: &figures)

    guard let letter = OnScreenKeyboardProbe.center(ofKeyTyping: "a"),
      let backspace = OnScreenKeyboardProbe.center(of: .backspace)
    else { throw BenchError.noKeyboard }
    // One array of samples, refilled for each touch, as the libinput backend keeps its own:
    // the figures count what KioskKit allocates, not the harness.
    var samples = [TouchSample(id: 0, phase: .began, location: .zero)]
    func touch(_ phase: Touch.Phase, _ point: Point) {
      samples[0] = TouchSample(id: 0, phase: phase, location: point)
      Application.shared.sendTouches(samples, on: screen)
    }
    // (j) a tap is two frames: down (highlight, preview) and up (glyph, key let go).
    // Letters and backspaces alternate so the text stays the same length. The simulated
    // clock stands still meanwhile, so the caret does not blink into the figures.
    var flip = false
    var inputDown: [Double] = []
    var inputUp: [Double] = []
    func tapKey() -> (down: Double, up: Double) {
      flip.toggle()
      let key = flip ? letter : backspace
      let handleDown = timed { touch(.began, key) }
      let down = handleDown + timed { loop.runUntilIdle() }
      let handleUp = timed { touch(.ended, key) }
      let up = handleUp + timed { loop.runUntilIdle() }
      inputDown.append(handleDown)
      inputUp.append(handleUp)
      return (down, up)
    }
    field.text = "The quick brown fox"
    loop.runUntilIdle()
    figures.pressFrameMs = median(of: frames) { tapKey().down }
    figures.releaseFrameMs = median(of: frames) { tapKey().up }
    figures.frameKindsMs = frameKinds { (tapKey(), flip) }
    inputDown.sort()
    inputUp.sort()
    figures.pressInputMs = inputDown[inputDown.count / 2]
    figures.releaseInputMs = inputUp[inputUp.count / 2]
    // The damage of one letter's two frames (the caret does not blink: time stands still).
    touch(.began, letter)
    loop.runUntilIdle()
    figures.pressDamagePixels = screen.compositor.lastDamage.area
    touch(.ended, letter)
    loop.runUntilIdle()
    figures.releaseDamagePixels = screen.compositor.lastDamage.area

    // (k) allocations per frame, steady (warm), over many taps.
    _ = tapKey()
    kiosk_alloc_counter_start()
    for _ in 0..<frames { _ = tapKey() }
    figures.allocationsPerTypingFrame = Double(kiosk_alloc_counter_stop()) / Double(2 * frames)
    // The same, not counting what pango and cairo allocate to shape, measure and draw text.
    TextShaping.willBegin = kiosk_alloc_counter_pause
    TextShaping.didEnd = kiosk_alloc_counter_resume
    kiosk_alloc_counter_start()
    for _ in 0..<frames { _ = tapKey() }
    figures.allocationsOutsideTextShaping =
      Double(kiosk_alloc_counter_stop()) / Double(2 * frames)
    TextShaping.willBegin = nil
    TextShaping.didEnd = nil
    figures.longTextFrameMs = longTextFrameMs(field: field, loop: loop, tap: tapKey)
    figures.allocationsPerKeyOnlyFrame = keyOnlyAllocations(
      field: field, loop: loop, backspace: backspace, touch: touch)
    field.resignFirstResponder()
    loop.advance(by: 1)
    screen.detachOutput()

    // (l) in real time: a key's touch-up queued from another thread at a random point of
    // the refresh, to the first presented frame after the text changed.
    let latency = try tapToGlyph(trials: max(frames / 2, 20))
    figures.tapToGlyphFrames = latency.median
    figures.tapToGlyphWorstFrames = latency.worst
    figures.tapTrials = latency.trials
    return figures
  }

  /// The bench screen with an app and a text field on it, shown.
  private func makeTypingScreen() throws -> (Screen, VirtualOutput, SimulatedRunLoop, TextField) {
    let (screen, output, loop) = try makeBenchScreen()
    Application.install(Application())
    let window = Window(screen: screen)
    window.backgroundColor = Color(hex: 0xf2f2f7)
    let field = TextField(frame: Rect(x: 40, y: 60, width: 600, height: 44))
    field.borderStyle = .roundedRect
    field.autocapitalizationType = .none
    window.addSubview(field)
    window.makeKeyAndVisible()
    loop.runUntilIdle()
    return (screen, output, loop, field)
  }

  /// (m) the keyboard slides in: each frame of the animation, timed. It slides in twice,
  /// and out between: the first show also builds the keyboard (once per process), so its
  /// mean varied with what ran before it in the process (2.3 to 9.1 full frames between
  /// runs); the second is what a person sees every time after.
  private func measureKeyboardSlide(
    of field: TextField, output: VirtualOutput, loop: SimulatedRunLoop,
    into figures: inout TypingFigures
  ) {
    let (_, firstMean) = slideIn(field, output: output, loop: loop)
    field.resignFirstResponder()
    loop.advance(by: 1)
    let (frames, mean) = slideIn(field, output: output, loop: loop)
    figures.showFrames = frames
    figures.showMeanFrameMs = mean
    figures.firstShowMeanFrameMs = firstMean
  }

  /// Shows the keyboard for `field` and times each frame of its slide: the frames
  /// presented and their mean, ms.
  private func slideIn(
    _ field: TextField, output: VirtualOutput, loop: SimulatedRunLoop
  ) -> (frames: Int, meanMs: Double) {
    let framesBefore = output.framesPresented
    field.becomeFirstResponder()
    var showTimes: [Double] = []
    for _ in 0..<40 {
      let before = output.framesPresented
      let ms = timed { loop.advance(by: 1 / 60) }
      if output.framesPresented > before { showTimes.append(ms) }
    }
    loop.advance(by: 1)
    let mean = showTimes.reduce(0, +) / Double(max(showTimes.count, 1))
    return (output.framesPresented - framesBefore, mean)
  }

  /// Each kind of typing frame apart, medians in ms: a letter's down (its key and the
  /// preview bubble) and up (the glyph, the bubble gone), a backspace's down (the deletion,
  /// for backspace acts on touch-down and repeats) and up (the key only). (j)'s two medians
  /// mix letters and backspaces; these tell which frames cost. `tap` gives the tap's times
  /// and whether it was a letter.
  private func frameKinds(tap: () -> ((down: Double, up: Double), Bool)) -> [Double] {
    var kinds: [[Double]] = [[], [], [], []]
    for _ in 0..<(2 * frames) {
      let (times, wasLetter) = tap()
      kinds[wasLetter ? 0 : 2].append(times.down)
      kinds[wasLetter ? 1 : 3].append(times.up)
    }
    return kinds.map { $0.isEmpty ? 0 : $0.sorted()[$0.count / 2] }
  }

  /// The dearer of each tap's two frames in a field of 100,000 characters (issue 38's bad
  /// input), ms.
  private func longTextFrameMs(
    field: TextField, loop: SimulatedRunLoop, tap: () -> (down: Double, up: Double)
  ) -> Double {
    let sentence = "Lorem ipsum dolor sit amet. "
    field.text = String(repeating: sentence, count: 100_000 / sentence.count)
    loop.runUntilIdle()
    return median(of: frames) {
      let times = tap()
      return max(times.down, times.up)
    }
  }

  /// Allocations per frame of backspace on an empty field: a key's highlight and release
  /// with no text to shape, steady (warm), over many taps.
  private func keyOnlyAllocations(
    field: TextField, loop: SimulatedRunLoop, backspace: Point,
    touch: (Touch.Phase, Point) -> Void
  ) -> Double {
    field.text = ""
    loop.runUntilIdle()
    func tapEmptyBackspace() {
      touch(.began, backspace)
      loop.runUntilIdle()
      touch(.ended, backspace)
      loop.runUntilIdle()
    }
    tapEmptyBackspace()
    kiosk_alloc_counter_start()
    for _ in 0..<frames { tapEmptyBackspace() }
    return Double(kiosk_alloc_counter_stop()) / Double(2 * frames)
  }

  private func tapToGlyph(trials: Int) throws -> (median: Double, worst: Double, trials: Int) {
    Application.install(Application())
    let screen = Screen(pointSize: Size(width: 960, height: 540), scale: 2)
    let output = try VirtualOutput(for: screen, timing: .realTime)
    Transaction.useMainQueue()
    Screen.main = screen
    screen.attach(output)
    let window = Window(screen: screen)
    let field = TextField(frame: Rect(x: 40, y: 60, width: 600, height: 44))
    field.autocapitalizationType = .none
    window.addSubview(field)
    window.makeKeyAndVisible()
    func settle(_ seconds: Double) { RunLoop.main.run(until: Date(timeIntervalSinceNow: seconds)) }
    settle(0.1)
    field.becomeFirstResponder()
    settle(0.6)
    guard let letter = OnScreenKeyboardProbe.center(ofKeyTyping: "a") else {
      throw BenchError.noKeyboard
    }
    let interval = 1 / output.refreshRate

    final class Trial: @unchecked Sendable {
      var queuedAt = 0.0
      var changed = false
      var waiting = false
    }
    let trial = Trial()
    var latencies: [Double] = []
    field.addAction(Action { _ in if trial.waiting { trial.changed = true } }, for: .editingChanged)
    output.presentObserver = { _ in
      guard trial.waiting, trial.changed else { return }
      trial.waiting = false
      latencies.append((monotonicSeconds() - trial.queuedAt) / interval)
    }
    for index in 0..<trials {
      Application.shared.sendTouches(
        [TouchSample(id: 0, phase: .began, location: letter)], on: screen)
      settle(interval * 2)
      let delay = interval * Double((index * 7919) % 100) / 100
      trial.changed = false
      DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
        trial.queuedAt = monotonicSeconds()
        DispatchQueue.main.async {
          MainActor.assumeIsolated {
            trial.waiting = true
            Application.shared.sendTouches(
              [TouchSample(id: 0, phase: .ended, location: letter)], on: screen)
          }
        }
      }
      let deadline = Date(timeIntervalSinceNow: 1)
      settle(delay + interval / 2)
      while trial.waiting, Date() < deadline { settle(interval / 4) }
      trial.waiting = false
      if index % 8 == 7 { field.text = "" }
      settle(interval * 2)
    }
    output.presentObserver = nil
    field.resignFirstResponder()
    settle(0.4)
    screen.detachOutput()
    guard !latencies.isEmpty else { return (.infinity, .infinity, 0) }
    latencies.sort()
    return (latencies[latencies.count / 2], latencies[latencies.count - 1], latencies.count)
  }
}

enum BenchError: Error, CustomStringConvertible {
  case noKeyboard
  var description: String { "the on-screen keyboard did not come up" }
}
