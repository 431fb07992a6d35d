import KioskGraphics
import KioskScreenReader
import KioskSpeech
import KioskTesting
import KioskUI

/// A view that says what it is explicitly (labels and traits set by the test, so that the
/// tests hold whatever the standard controls say of themselves) and counts the touches
/// and escapes that reach it.
@MainActor
final class ProbeView: View {
  var touchesBegan = 0
  var touchesEnded = 0
  var escapes = 0
  var handlesEscape = false

  convenience init(
    _ label: String, _ frame: Rect, traits: AccessibilityTraits = [], hint: String? = nil
  ) {
    self.init(frame: frame)
    isAccessibilityElement = true
    accessibilityLabel = label
    accessibilityTraits = traits
    accessibilityHint = hint
  }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) { touchesBegan += 1 }
  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) { touchesEnded += 1 }

  override func accessibilityPerformEscape() -> Bool {
    escapes += 1
    return handlesEscape
  }
}

/// A slider whose accessibility value and adjustment the test defines (10% a step).
@MainActor
final class PercentSlider: Slider {
  override var accessibilityValue: String? {
    get { "\(Int((value * 100).rounded()))%" }
    set {}
  }
  override func accessibilityIncrement() { value += 0.1 }
  override func accessibilityDecrement() { value -= 0.1 }
}

/// A test app, a recording and a reader.
@MainActor
struct ReaderHarness {
  let app: TestApplication
  let speech = RecordingSpeechOutput()
  let reader: ScreenReader

  init(width: Double = 400, height: Double = 300) throws {
    app = try TestApplication(pointSize: Size(width: width, height: height))
    reader = ScreenReader(speech: speech)
  }

  /// Adds `views` to the window and starts the reader.
  func start(with views: [View]) {
    for view in views { app.window.addSubview(view) }
    app.runUntilIdle()
    reader.start(on: app.application, screen: app.screen)
    app.runUntilIdle()
  }

  /// The label of the focused element.
  var focusLabel: String? { reader.focusedElement?.accessibilityLabel }

  /// A quick one-finger flick from `start` by `dx`, `dy`.
  func flick(from start: Point, dx: Double, dy: Double) {
    app.drag(from: start, to: Point(x: start.x + dx, y: start.y + dy), duration: 0.1)
  }

  /// Fingers `0..<count` moving together along `path` offsets from `origin`, `step`
  /// seconds apart, then lifting.
  func multiFinger(_ count: Int, from origin: Point, path: [Point], step: Double = 0.03) {
    func samples(_ phase: Touch.Phase, _ offset: Point) -> [TouchSample] {
      (0..<count).map { finger in
        TouchSample(
          id: finger, phase: phase,
          location: Point(x: origin.x + offset.x + Double(finger) * 40, y: origin.y + offset.y))
      }
    }
    app.touches(samples(.began, .zero))
    var last = Point.zero
    for offset in path {
      app.advance(by: step)
      app.touches(samples(.moved, offset))
      last = offset
    }
    app.advance(by: step)
    app.touches(samples(.ended, last))
  }
}
