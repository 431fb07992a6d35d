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
  /// Shift where the key shows the other case, the "123" and "#+=" keys where a character is
  /// on another plane. Fails (returns `false`) at the first character no key types; see
  /// `TestElement.typeText(_:)` for a failure that names it.
  @discardableResult
  public func typeOnScreenKeyboard(_ text: String) -> Bool {
    typeOnScreenKeyboardReportingFailure(text) == nil
  }

  /// Types `text` as `typeOnScreenKeyboard(_:)` does; returns the first character no key
  /// types (the keyboard left as it was before that character), or `nil` when all were typed.
  func typeOnScreenKeyboardReportingFailure(_ text: String) -> Character? {
    for character in text where !tapKey(typing: String(character)) {
      return character
    }
    return nil
  }

  /// Taps the key that types `key`, on the plane shown or, switching plane by plane, on
  /// another (with Shift where the key shows the other case); `false`, with the starting
  /// plane shown again, when no plane has it.
  private func tapKey(typing key: String) -> Bool {
    if tapShownKey(typing: key) { return true }
    let start = OnScreenKeyboardProbe.plane
    var visited: Set<String> = [start]
    // At most one switch per plane a keyboard can have.
    for _ in 0..<4 {
      guard
        let next = OnScreenKeyboardProbe.planeSwitches().first(where: {
          !visited.contains($0.plane)
        })
      else { break }
      visited.insert(next.plane)
      tap(at: next.center)
      if tapShownKey(typing: key) { return true }
    }
    if OnScreenKeyboardProbe.plane != start,
      let back = OnScreenKeyboardProbe.planeSwitches().first(where: { $0.plane == start })
    {
      tap(at: back.center)
    }
    return false
  }

  /// Taps the key on the plane shown that types `key`, pressing Shift first when the key
  /// shows the other case (and again to undo it when that does not help).
  private func tapShownKey(typing key: String) -> Bool {
    if let point = OnScreenKeyboardProbe.center(ofKeyTyping: key) {
      tap(at: point)
      return true
    }
    if key == " ", let space = OnScreenKeyboardProbe.center(of: .space) {
      tap(at: space)
      return true
    }
    // The key shows the other case: Shift (on by itself or not) changes it.
    guard let shift = OnScreenKeyboardProbe.center(of: .shift) else { return false }
    tap(at: shift)
    advance(by: 0.4)
    if let point = OnScreenKeyboardProbe.center(ofKeyTyping: key) {
      tap(at: point)
      return true
    }
    tap(at: shift)
    advance(by: 0.4)
    return false
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
