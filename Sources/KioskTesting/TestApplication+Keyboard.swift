import KioskGraphics
import KioskUI

extension TestApplication {
  /// The on-screen keyboard's frame in screen points, or `nil` while it is hidden.
  public var keyboardFrame: Rect? { OnScreenKeyboardProbe.frame }

  /// The on-screen keyboard's current language ("en", "ru", "zh-pinyin"…).
  public var keyboardLanguage: String { OnScreenKeyboardProbe.language }

  /// The candidates the input method offers now.
  public var keyboardCandidates: [String] { OnScreenKeyboardProbe.candidates }

  /// Taps the on-screen keys that type `text`, one character at a time, as a person would:
  /// Shift where the key shows the other case. Fails (returns `false`) at the first character no key shows.
  @discardableResult
  public func typeOnScreenKeyboard(_ text: String) -> Bool {
    for character in text {
      let key = String(character)
      if let point = OnScreenKeyboardProbe.center(ofKeyTyping: key) {
        tap(at: point)
        continue
      }
      // The key shows the other case: Shift (on by itself or not) changes it.
      if let shift = OnScreenKeyboardProbe.center(of: .shift) {
        tap(at: shift)
        advance(by: 0.4)
        if let point = OnScreenKeyboardProbe.center(ofKeyTyping: key) {
          tap(at: point)
          continue
        }
        tap(at: shift)
        advance(by: 0.4)
      }
      if key == " ", let space = OnScreenKeyboardProbe.center(of: .space) {
        tap(at: space)
        continue
      }
      return false
    }
    return true
  }

  /// Taps a function key of the on-screen keyboard; `false` when it is not shown.
  @discardableResult
  public func tapKeyboardKey(_ key: OnScreenKey) -> Bool {
    guard let point = OnScreenKeyboardProbe.center(of: key) else { return false }
    tap(at: point)
    return true
  }

  /// Taps candidate `index` of the input method's candidate bar; `false` when not shown.
  @discardableResult
  public func tapCandidate(_ index: Int) -> Bool {
    guard let point = OnScreenKeyboardProbe.center(ofCandidate: index) else { return false }
    tap(at: point)
    return true
  }
}
