import KioskKit
import KioskScreenReader
import KioskSpeech

extension DemoTour {
  /// The tour's last steps: what the accessibility settings do to the demo, for `make demo`'s
  /// PNGs. The screen reader's focus ring on the Touch controls (a reader of the tour's own,
  /// silent: the PNG shows the ring), Recipes at the largest text size, the Touch controls
  /// with Increase Contrast, then Zoom at 2× around its button; the last step puts every
  /// setting back. When a reader runs already (the configuration started one), the ring's
  /// step leaves it alone.
  static func accessibilitySteps(_ shell: DemoShellController) -> [Step] {
    let reader = ScreenReader(speech: SpeechQueue(off: "the demo's tour shows the ring only"))
    func settings(_ change: (inout AccessibilitySettings) -> Void) {
      var settings = Application.shared.accessibilitySettings
      change(&settings)
      Application.shared.accessibilitySettings = settings
    }
    return [
      Step("Accessibility: the screen reader's focus ring", "a11y-focus-ring") {
        guard Application.shared.accessibilityInputFilter == nil else { return }
        reader.start(on: Application.shared)
        if let button = reader.elements.first(where: { $0.accessibilityLabel == "Tap me" }) {
          reader.moveFocus(to: button, speaking: false)
        }
      },
      Step("Accessibility: the largest text size", "a11y-largest-text") {
        if reader.isRunning { reader.stop() }
        settings { $0.contentSizeCategory = .accessibilityExtraExtraExtraLarge }
        show("Recipes", in: shell)()
      },
      Step("Accessibility: Increase Contrast", "a11y-high-contrast") {
        settings {
          $0.contentSizeCategory = AccessibilitySettings().contentSizeCategory
          $0.increaseContrast = true
        }
        show("Touch", in: shell)()
      },
      Step("Accessibility: Zoom at 2×", "a11y-zoom") {
        settings {
          $0.increaseContrast = false
          $0.zoomScale = 2
        }
        let touch = shell.examples[shell.currentIndex].view
        if let button = touch.firstSubview(where: {
          ($0 as? Button)?.title(for: .normal) == "Tap me"
        }) {
          Screen.main.zoom(toShow: button.convert(button.bounds, to: nil))
        }
      },
      Step("Accessibility: the standard settings again", "a11y-standard") {
        Application.shared.accessibilitySettings = AccessibilitySettings()
      },
    ]
  }
}

extension View {
  /// The first view below this one, depth first, for which `matches` holds.
  fileprivate func firstSubview(where matches: (View) -> Bool) -> View? {
    for subview in subviews {
      if matches(subview) { return subview }
      if let found = subview.firstSubview(where: matches) { return found }
    }
    return nil
  }
}
