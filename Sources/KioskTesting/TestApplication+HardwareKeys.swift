import KioskUI

extension TestApplication {
  /// Keys of a hardware keyboard that type no text, with their Linux input codes.
  public enum EditingKey: Int, Sendable, CaseIterable {
    /// Escape.
    case escape = 1
    /// Backspace: deletes what is before the caret.
    case backspace = 14
    /// Tab.
    case tab = 15
    /// Enter (Return).
    case enter = 28
    /// Home: to the start of the line.
    case home = 102
    /// The up arrow.
    case up = 103
    /// The left arrow.
    case left = 105
    /// The right arrow.
    case right = 106
    /// End: to the end of the line.
    case end = 107
    /// The down arrow.
    case down = 108
    /// Delete: deletes what is after the caret.
    case delete = 111

    /// What the key types, as xkbcommon reports it (Enter "\r", Tab "\t", Backspace
    /// "\u{8}", Escape "\u{1B}", Delete "\u{7F}"; the rest nothing).
    var characters: String {
      switch self {
      case .enter: "\r"
      case .tab: "\t"
      case .backspace: "\u{8}"
      case .escape: "\u{1B}"
      case .delete: "\u{7F}"
      default: ""
      }
    }
  }

  /// Presses and lets go of one key of a hardware keyboard, as the libinput backend reports
  /// it (a key going down, then up), and commits what it changed.
  public func press(_ key: Key) {
    application.sendPresses([PressSample(phase: .began, key: key)])
    runUntilIdle()
    application.sendPresses([PressSample(phase: .ended, key: key)])
    runUntilIdle()
  }

  /// Presses an editing key (Enter, Backspace, an arrow…) with `modifiers` held
  /// (`.shift` with an arrow extends a selection).
  public func press(_ key: EditingKey, modifiers: KeyModifierFlags = []) {
    press(Key(keyCode: key.rawValue, characters: key.characters, modifierFlags: modifiers))
  }

  /// Presses the key of `character` on a US keyboard with `modifiers` held: Control-A is
  /// `press("a", modifiers: .control)` (its text "\u{1}", as xkbcommon gives it).
  public func press(_ character: Character, modifiers: KeyModifierFlags = []) {
    let lower = Character(character.lowercased())
    let code = Self.usKeyCodes[lower] ?? 0
    var characters = String(character)
    if modifiers.contains(.control), let ascii = lower.asciiValue, (97...122).contains(ascii) {
      characters = String(UnicodeScalar(ascii - 96))
    }
    let shifted = character.isUppercase ? modifiers.union(.shift) : modifiers
    press(
      Key(
        keyCode: code, characters: characters, charactersIgnoringModifiers: String(character),
        modifierFlags: shifted))
  }

  /// Types `text` on a hardware keyboard, a key per character: letters, digits and space
  /// with their US key codes (Shift for capitals), anything else with its text alone (as a
  /// dead key or compose sequence delivers it).
  public func typeOnHardwareKeyboard(_ text: String) {
    for character in text { press(character) }
  }

  /// Linux input codes of the US layout's letters, digits and space.
  static let usKeyCodes: [Character: Int] = {
    var codes: [Character: Int] = [" ": 57]
    for (row, first) in [("1234567890", 2), ("qwertyuiop", 16), ("asdfghjkl", 30), ("zxcvbnm", 44)]
    {
      for (offset, character) in row.enumerated() { codes[character] = first + offset }
    }
    return codes
  }()
}
