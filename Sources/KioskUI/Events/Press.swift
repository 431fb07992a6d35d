/// Keys held down together with a key press: the modifier keys and where the key is.
public struct KeyModifierFlags: OptionSet, Sendable, Hashable {
  public let rawValue: Int
  /// Creates flags from raw bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Caps Lock is on.
  public static let capsLock = KeyModifierFlags(rawValue: 1 << 16)
  /// UIKit's name for Caps Lock.
  public static let alphaShift = capsLock
  /// A Shift key is down.
  public static let shift = KeyModifierFlags(rawValue: 1 << 17)
  /// A Control key is down.
  public static let control = KeyModifierFlags(rawValue: 1 << 18)
  /// An Alt (Option) key is down.
  public static let alternate = KeyModifierFlags(rawValue: 1 << 19)
  /// A Super (Windows, Command) key is down.
  public static let command = KeyModifierFlags(rawValue: 1 << 20)
  /// The key is on the numeric keypad.
  public static let numericPad = KeyModifierFlags(rawValue: 1 << 21)
}

/// A key of a hardware keyboard, as one press reports it: which key, and the text it types
/// with the current layout and modifiers.
///
/// ```swift
/// override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
///   guard let key = presses.first?.key else { return super.pressesBegan(presses, with: event) }
///   if key.characters == "\r" { submit() } else { text += key.characters }
/// }
/// ```
public struct Key: Sendable, Hashable {
  /// The Linux input event code of the key (`KEY_A` is 30, `KEY_ENTER` 28), independent of
  /// the layout.
  public var keyCode: Int
  /// The text the key types with the modifiers held: "a", "A", "é", "\r"; empty for keys
  /// that type nothing (Shift, arrows).
  public var characters: String
  /// The text the key types with Shift alone taken into account (Control, Alt, Super and
  /// Caps Lock ignored): Control-A gives "a" here and "\u{1}" in `characters`.
  public var charactersIgnoringModifiers: String
  /// The modifier keys held when the key went down.
  public var modifierFlags: KeyModifierFlags

  /// Creates a key.
  public init(
    keyCode: Int, characters: String, charactersIgnoringModifiers: String? = nil,
    modifierFlags: KeyModifierFlags = []
  ) {
    self.keyCode = keyCode
    self.characters = characters
    self.charactersIgnoringModifiers = charactersIgnoringModifiers ?? characters
    self.modifierFlags = modifierFlags
  }
}

/// One key of a hardware keyboard from key-down to key-up. The same object is reported at
/// each phase; it goes to the first responder (see `Responder.becomeFirstResponder()`).
@MainActor
public final class Press: Hashable {
  /// Where a press is in its life.
  public enum Phase: Sendable, Equatable {
    /// The key went down.
    case began
    /// Something about the press changed while the key is down.
    case changed
    /// The key went up.
    case ended
    /// The system took the press away (the keyboard was unplugged, for instance).
    case cancelled
  }

  /// The phase at the latest event.
  public internal(set) var phase: Phase
  /// The key, or `nil` for presses that do not come from a keyboard.
  public let key: Key?
  /// When the press last changed, in seconds on the runtime's clock.
  public internal(set) var timestamp: Double
  /// The responder the press was delivered to.
  public internal(set) weak var responder: Responder?

  init(key: Key?, timestamp: Double) {
    self.phase = .began
    self.key = key
    self.timestamp = timestamp
  }

  nonisolated public static func == (lhs: Press, rhs: Press) -> Bool { lhs === rhs }
  nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// A change of one key as an input backend reports it: which key and what happened. The
/// key's code identifies the press from `.began` to `.ended` or `.cancelled`.
public struct PressSample: Sendable, Equatable {
  /// `.began`, `.changed`, `.ended` or `.cancelled`.
  public var phase: Press.Phase
  /// The key.
  public var key: Key

  /// Creates a sample.
  public init(phase: Press.Phase, key: Key) {
    self.phase = phase
    self.key = key
  }
}
