/// What a key of a tactile keypad (EN 301 549 style: arrows, Enter, Cancel/Back, Help,
/// digits) asks of the screen reader, by the key's Linux input code.
public enum KeypadCommand: Sendable, Equatable {
  /// Down or right arrow: the next element in reading order.
  case next
  /// Up or left arrow: the previous element.
  case previous
  /// Enter or the keypad's Enter: activate the focus.
  case activate
  /// Escape, or Backspace while no text is being edited: Cancel/Back.
  case escape
  /// Help (`KEY_HELP`) or F1: speak the focus's hint.
  case help

  /// Linux input codes of the keys the reader uses.
  enum Code {
    static let escape = 1
    static let backspace = 14
    static let enter = 28
    static let f1 = 59
    static let keypadEnter = 96
    static let up = 103
    static let left = 105
    static let right = 106
    static let down = 108
    static let help = 138
    /// 1–9 and 0 of the main rows, then the keypad's digits.
    static let digits: Set<Int> = Set(2...11).union([71, 72, 73, 75, 76, 77, 79, 80, 81, 82])
  }

  /// The command of the key `keyCode`; `nil` for a key the reader leaves to the app.
  /// Backspace is Cancel/Back only while no text field is being edited (`editingText`);
  /// otherwise it deletes.
  public init?(keyCode: Int, editingText: Bool) {
    switch keyCode {
    case Code.down, Code.right: self = .next
    case Code.up, Code.left: self = .previous
    case Code.enter, Code.keypadEnter: self = .activate
    case Code.escape: self = .escape
    case Code.backspace where !editingText: self = .escape
    case Code.help, Code.f1: self = .help
    default: return nil
    }
  }

  /// Whether `keyCode` is a digit key (main rows or keypad).
  public static func isDigit(_ keyCode: Int) -> Bool { Code.digits.contains(keyCode) }
}
