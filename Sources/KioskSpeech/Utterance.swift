/// How soon an utterance is spoken against others waiting: higher first.
public enum SpeechPriority: Int, Sendable, Comparable, CaseIterable {
  /// Can wait, and is dropped first when too much is waiting (a value that changed while
  /// marked `updatesFrequently`).
  case low
  /// What the screen reader says as it moves (an element's description).
  case normal
  /// Announcements and warnings (`.announcement`, the idle warning).
  case high

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One thing to say: its text, its language, how urgent it is, and whether it cuts off
/// what is being said now.
public struct Utterance: Sendable, Equatable, CustomStringConvertible {
  /// The most characters spoken of one utterance; longer text is cut there (at a word
  /// boundary when one is near) so that a 1 MB label cannot hold the reader for hours.
  public static let maximumLength = 1_000

  /// What is said (already cut to `maximumLength`).
  public let text: String
  /// Its language, BCP 47 ("en", "de", "ru", "zh"): the voice it is spoken in.
  public var language: String
  /// How urgent it is.
  public var priority: SpeechPriority
  /// Whether it stops what is being said and drops what waits (a move of the focus does;
  /// a value that changed does not).
  public var interrupts: Bool

  /// An utterance of `text` (cut to `maximumLength`) in `language`.
  public init(
    _ text: String, language: String = "en", priority: SpeechPriority = .normal,
    interrupts: Bool = false
  ) {
    self.text = Self.truncated(text)
    self.language = language
    self.priority = priority
    self.interrupts = interrupts
  }

  /// The text as the transcript shows it: "[de] Bestellen".
  public var description: String { "[\(language)] \(text)" }

  /// `text` cut to `maximumLength` characters, at the last space in its final tenth if
  /// there is one.
  static func truncated(_ text: String) -> String {
    guard text.count > maximumLength else { return text }
    let cut = text.prefix(maximumLength)
    if let space = cut.lastIndex(of: " "),
      cut.distance(from: space, to: cut.endIndex) < maximumLength / 10
    {
      return String(cut[..<space])
    }
    return String(cut)
  }
}

/// Where a screen reader sends what it says: a queue in front of a synthesiser and a sound
/// card (`SpeechQueue`), or a recording in tests (`RecordingSpeechOutput`). Calls come from
/// the main thread and return at once: the interface never waits on speech.
@MainActor
public protocol SpeechOutput: AnyObject {
  /// Queues `utterance` by its priority; one that `interrupts` first stops what is being
  /// said and drops what waits.
  func speak(_ utterance: Utterance)
  /// Stops what is being said and drops what waits.
  func stopSpeaking()
  /// Pauses speech (a two-finger tap), or resumes it where it stopped.
  func togglePause()
  /// The utterances spoken or being spoken, oldest first (bounded): `kioskctl speech` and
  /// tests read it.
  var transcript: [Utterance] { get }
}

/// A speech output that speaks nothing and records what it was given: for tests of what a
/// screen reader says.
@MainActor
public final class RecordingSpeechOutput: SpeechOutput {
  /// Every utterance given, in order (interrupted or not).
  public private(set) var transcript: [Utterance] = []
  /// How many times speech was stopped.
  public private(set) var stops = 0
  /// Whether speech is paused.
  public private(set) var isPaused = false

  /// An empty recording.
  public init() {}

  public func speak(_ utterance: Utterance) { transcript.append(utterance) }
  public func stopSpeaking() { stops += 1 }
  public func togglePause() { isPaused.toggle() }

  /// The texts spoken, in order.
  public var texts: [String] { transcript.map(\.text) }
}
