import KioskGraphics

/// The keys of the on-screen keyboard that type no letter, for scripts that tap them.
public enum OnScreenKey: Sendable, Equatable {
  /// Shift (twice quickly: caps lock).
  case shift
  /// Backspace, which repeats while held.
  case backspace
  /// The space bar.
  case space
  /// Return, titled from the field's `returnKeyType`.
  case returnKey
  /// The key that switches to the next keyboard language.
  case language
  /// The key that hides the keyboard (ends editing).
  case hide
  /// The key that switches to numbers and symbols ("123") or back to letters ("ABC").
  case planeSwitch
}

/// What KioskTesting needs to find keys on the keyboard.
@MainActor
package enum OnScreenKeyboardProbe {
  /// The keyboard's frame in screen points while it is shown.
  package static var frame: Rect? {
    let system = TextInputSystem.shared
    return system.isKeyboardVisible ? system.keyboardFrame : nil
  }

  /// The current language of the keyboard.
  package static var language: String { TextInputSystem.shared.language }

  /// The current candidates of the input method.
  package static var candidates: [String] { TextInputSystem.shared.composition.candidates }

  /// The centre, in screen points, of the key that types `text` as shown now.
  package static func center(ofKeyTyping text: String) -> Point? {
    guard let view = TextInputSystem.shared.keyboardWindow?.keyboardView, frame != nil
    else { return nil }
    view.layoutIfNeeded()
    let shown = view.keyViews.first { $0.isCharacter && $0.title == text }
    guard let shown else { return nil }
    return screenPoint(shown.frame.center, in: view)
  }

  /// The centre of a function key in screen points.
  package static func center(of key: OnScreenKey) -> Point? {
    guard let view = TextInputSystem.shared.keyboardWindow?.keyboardView, frame != nil
    else { return nil }
    view.layoutIfNeeded()
    let match = view.keyViews.first { keyView in
      switch (key, keyView.spec.role) {
      case (.shift, .shift), (.backspace, .backspace), (.space, .space),
        (.returnKey, .returnKey), (.language, .language), (.hide, .hide):
        return true
      case (.planeSwitch, .plane(let target, _)):
        return target == .symbols || target == .letters
      default: return false
      }
    }
    guard let match else { return nil }
    return screenPoint(match.frame.center, in: view)
  }

  /// The keys that switch to another plane (letters, numbers, more symbols) and where they
  /// are, in screen points, each with the plane it shows (for scripts that look for a
  /// character on another plane).
  package static func planeSwitches() -> [(plane: String, center: Point)] {
    guard let view = TextInputSystem.shared.keyboardWindow?.keyboardView, frame != nil
    else { return [] }
    view.layoutIfNeeded()
    return view.keyViews.compactMap { keyView in
      guard case .plane(let target, _) = keyView.spec.role else { return nil }
      return ("\(target)", screenPoint(keyView.frame.center, in: view))
    }
  }

  /// The plane shown now ("letters", "symbols", "moreSymbols", "numberPad"…).
  package static var plane: String {
    (TextInputSystem.shared.keyboardWindow?.keyboardView).map { "\($0.plane)" } ?? "letters"
  }

  /// The centre of candidate `index` in the candidate bar, in screen points.
  package static func center(ofCandidate index: Int) -> Point? {
    guard let view = TextInputSystem.shared.keyboardWindow?.keyboardView, frame != nil,
      view.showsCandidateBar
    else { return nil }
    guard let cell = view.candidateBar.cells.first(where: { $0.index == index }) else {
      return nil
    }
    return screenPoint(view.candidateBar.convert(cell.frame.center, to: view), in: view)
  }

  private static func screenPoint(_ point: Point, in view: OnScreenKeyboardView) -> Point {
    guard let window = view.window else { return point }
    let inWindow = view.convert(point, to: window)
    return inWindow.offsetBy(dx: window.frame.minX, dy: window.frame.minY)
  }
}
