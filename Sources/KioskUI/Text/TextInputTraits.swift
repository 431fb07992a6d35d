import FoundationEssentials

/// Which keys the on-screen keyboard offers for a text input, as `UIKeyboardType`.
public enum KeyboardType: Sendable, CaseIterable {
  /// Letters of the current language, with a numbers-and-symbols page.
  case `default`
  /// Letters, with the numbers-and-symbols page first.
  case numbersAndPunctuation
  /// Letters with "/" and "." keys beside the space bar (UIKit's spelling).
  // swift-format-ignore: AlwaysUseLowerCamelCase
  case URL
  /// Digits 0–9 only (a PIN, a quantity).
  case numberPad
  /// Digits with + * # (a phone number).
  case phonePad
  /// Letters with "@" and "." keys beside the space bar.
  case emailAddress
  /// Digits and the decimal separator.
  case decimalPad
  /// The default keyboard (UIKit's alias for `.default`).
  case asciiCapable
}

/// The title of the keyboard's return key, as `UIReturnKeyType`.
public enum ReturnKeyType: Sendable, CaseIterable {
  /// "return".
  case `default`
  /// "Go".
  case go
  /// "Search".
  case search
  /// "Send".
  case send
  /// "Next".
  case next
  /// "Done".
  case done
  /// "Join".
  case join
  /// "Continue".
  case `continue`
  /// "Route".
  case route

  /// The key's title.
  public var title: String {
    switch self {
    case .default: "return"
    case .go: "Go"
    case .search: "Search"
    case .send: "Send"
    case .next: "Next"
    case .done: "Done"
    case .join: "Join"
    case .continue: "Continue"
    case .route: "Route"
    }
  }
}

/// When the keyboard turns Shift on by itself, as `UITextAutocapitalizationType`.
public enum TextAutocapitalizationType: Sendable, CaseIterable {
  /// Never.
  case none
  /// At the start of every word.
  case words
  /// At the start of every sentence (the default).
  case sentences
  /// For every letter.
  case allCharacters
}

/// Whether typing is corrected, as `UITextAutocorrectionType`. KioskKit's keyboard does not
/// correct text; the property exists so that code written for UIKit compiles and reads the
/// same.
public enum TextAutocorrectionType: Sendable, CaseIterable {
  /// The system's choice.
  case `default`
  /// No correction.
  case no
  /// Correction.
  case yes
}

/// How a responder that takes text wants the keyboard to behave, as `UITextInputTraits`.
@MainActor
public protocol TextInputTraits: AnyObject {
  /// The keys offered.
  var keyboardType: KeyboardType { get set }
  /// The title of the return key.
  var returnKeyType: ReturnKeyType { get set }
  /// When Shift turns on by itself.
  var autocapitalizationType: TextAutocapitalizationType { get set }
  /// Whether typing is corrected (KioskKit never corrects).
  var autocorrectionType: TextAutocorrectionType { get set }
  /// Whether the text is hidden as bullets (passwords, PINs).
  var isSecureTextEntry: Bool { get set }
  /// Whether the return key is disabled while there is no text.
  var enablesReturnKeyAutomatically: Bool { get set }
}

/// A responder the keyboard can type into, as `UIKeyInput`.
@MainActor
public protocol KeyInput: TextInputTraits {
  /// Whether there is any text.
  var hasText: Bool { get }
  /// Types `text` at the caret (replacing the selection).
  func insertText(_ text: String)
  /// Deletes the selection, or the character (grapheme cluster) before the caret.
  func deleteBackward()
}

/// A responder with a caret, a selection and marked text, which input methods type into
/// (the parts of `UITextInput` KioskKit's keyboard uses). Ranges are `TextRange`s in UTF-16
/// units of the text, as in UIKit.
@MainActor
public protocol TextInput: KeyInput {
  /// The selection; its length is 0 when it is just a caret.
  var selectedRange: TextRange { get set }
  /// The range of the marked text (an input method's pre-edit), or `nil` when there is none.
  var markedTextRange: TextRange? { get }
  /// Replaces the marked text (or the selection, if there is none) with `markedText`, marks
  /// it, and puts the selection at `selectedRange` within it. `nil` or "" removes it.
  func setMarkedText(_ markedText: String?, selectedRange: TextRange)
  /// Makes the marked text ordinary text, where it is.
  func unmarkText()
  /// The text in `range`, or `nil` for a range outside the text.
  func text(in range: TextRange) -> String?
  /// The return key was tapped on the on-screen keyboard (a hardware Return types "\n" or
  /// ends editing through the same path).
  func returnKeyPressed()
}
