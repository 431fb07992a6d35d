/// A key an input method is given: a letter typed on the on-screen keyboard or a hardware
/// keyboard, or one of the editing keys an input method reacts to.
public enum InputMethodKey: Sendable, Equatable {
  /// Text typed by one key, usually one letter ("n", "'"); never empty.
  case text(String)
  /// Backspace: deletes the last letter of the composition.
  case backspace
  /// Space: commits the highlighted candidate.
  case space
  /// Return: commits the composition as typed (the letters, not a candidate).
  case enter
  /// Escape: throws the composition away.
  case escape
}

/// What an input method is converting now: the letters typed so far (the pre-edit, shown
/// underlined in the field as marked text) and the candidates they could become.
public struct InputMethodComposition: Sendable, Equatable {
  /// The pre-edit as the input method shows it, e.g. "ni hao"; empty when nothing is being
  /// converted.
  public var preedit: String
  /// Where the caret is in `preedit`, in characters from its start.
  public var caret: Int
  /// The candidates of the current page, best first.
  public var candidates: [String]
  /// The candidate that Space would commit, an index into `candidates`.
  public var highlightedCandidate: Int
  /// Which page of candidates this is, from 0.
  public var page: Int
  /// Whether there are no more candidates after this page.
  public var isLastPage: Bool

  /// Creates a composition; the defaults describe an empty one.
  public init(
    preedit: String = "", caret: Int = 0, candidates: [String] = [], highlightedCandidate: Int = 0,
    page: Int = 0, isLastPage: Bool = true
  ) {
    self.preedit = preedit
    self.caret = caret
    self.candidates = candidates
    self.highlightedCandidate = highlightedCandidate
    self.page = page
    self.isLastPage = isLastPage
  }

  /// Nothing is being converted.
  public var isEmpty: Bool { preedit.isEmpty && candidates.isEmpty }
}

/// What an input method did with a key or a candidate choice.
public struct InputMethodResult: Sendable, Equatable {
  /// Whether the input method used the key; `false` means the key should be typed (or
  /// acted on) as if there were no input method.
  public var handled: Bool
  /// Text that is final now and goes into the field as typed text (empty for none).
  public var committed: String
  /// The composition after the key.
  public var composition: InputMethodComposition

  /// Creates a result.
  public init(handled: Bool, committed: String = "", composition: InputMethodComposition = .init())
  {
    self.handled = handled
    self.committed = committed
    self.composition = composition
  }
}

/// An input method (IME): turns letters into text of a language that has more characters
/// than a keyboard has keys, such as Chinese through Pinyin. The on-screen keyboard and the
/// hardware keyboard give it the letters typed; the text field shows its pre-edit as marked
/// text and the keyboard shows its candidates above the keys.
///
/// KioskKit's Pinyin input method is built on librime; an app can register others with
/// `InputMethodRegistry.register(language:displayName:make:)`.
@MainActor
public protocol InputMethod: AnyObject {
  /// The language code it is listed under in `input.keyboard-languages`, e.g. "zh-pinyin".
  var language: String { get }
  /// The short title of the keyboard's language key while this input method is on, e.g.
  /// "拼音".
  var displayName: String { get }
  /// Gives the input method one key.
  func handle(_ key: InputMethodKey) -> InputMethodResult
  /// Commits candidate `index` of the current page.
  func selectCandidate(at index: Int) -> InputMethodResult
  /// Shows the next page of candidates (`forward`) or the previous one.
  func turnCandidatePage(forward: Bool) -> InputMethodResult
  /// Throws the composition away (editing ended, the field changed, the language switched).
  func reset()
}

/// The input methods an app can type with, by the language code that
/// `input.keyboard-languages` names them with. The keyboard makes one when its language is
/// first chosen; one that cannot be made (its data is missing) is left out with the reason
/// logged, and the rest of the keyboard works.
@MainActor
public enum InputMethodRegistry {
  /// Makes an input method; throws with a reason a person can act on when it cannot.
  public typealias Factory = @MainActor () throws -> InputMethod

  private static var factories: [String: Factory] = [:]

  /// Registers (or replaces) the input method for `language`.
  public static func register(language: String, make: @escaping Factory) {
    factories[language] = make
  }

  /// Whether an input method is registered for `language`.
  public static func hasInputMethod(for language: String) -> Bool {
    factories[language] != nil
  }

  /// Makes the input method for `language`; `nil` when none is registered.
  public static func makeInputMethod(for language: String) throws -> InputMethod? {
    try factories[language]?()
  }

  /// Forgets every registration (between tests).
  package static func removeAll() {
    factories.removeAll()
  }
}
