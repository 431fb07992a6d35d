import Dispatch
import FoundationEssentials
import KioskBase

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
/// `InputMethodRegistry.register(language:prepare:make:)`.
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

  /// Work an input method can do ahead of its first use, off the main thread: loading its
  /// engine and compiling its data. On a slow board librime's first deploy took longer than
  /// systemd's 10-second watchdog when it ran on the main queue. It must be safe to run on
  /// any thread, and the factory must still work after it (or without it, in tests).
  public typealias Preparation = @Sendable () -> Void

  private static var factories: [String: Factory] = [:]
  private static var preparations: [String: Preparation] = [:]
  /// Languages whose preparation has started, and the work waiting for its end.
  private static var running: [String: [@MainActor () -> Void]] = [:]
  /// Whether preparations run on threads of their own; `nil` (the default): when the app
  /// runs on the main queue, not on simulated time. Tests set it to see a thread's case.
  package static var preparesOnThreads: Bool?
  /// Languages whose preparation has ended.
  private static var prepared: Set<String> = []
  /// Counts the preparation threads still working (see `waitForPreparations`).
  nonisolated private static let activity = Condition()
  nonisolated(unsafe) private static var activeThreads = 0
  /// Languages whose thread has ended, not yet taken by the main queue (under `activity`).
  nonisolated(unsafe) private static var endedOnThreads: [String] = []

  /// Registers (or replaces) the input method for `language`, and the work to do off the
  /// main thread before it is first made (`prepare`, for example loading its engine).
  ///
  /// With a preparation, choosing the language never waits on the main queue: the keyboard
  /// switches at once, the letters typed meanwhile are held as the pre-edit, and they go
  /// to the input method when it is ready.
  public static func register(
    language: String, prepare: Preparation? = nil, make: @escaping Factory
  ) {
    factories[language] = make
    preparations[language] = prepare
    prepared.remove(language)
  }

  /// Whether an input method is registered for `language`.
  public static func hasInputMethod(for language: String) -> Bool {
    factories[language] != nil
  }

  /// Makes the input method for `language`; `nil` when none is registered.
  public static func makeInputMethod(for language: String) throws -> InputMethod? {
    try factories[language]?()
  }

  /// Whether `language` can be made without waiting: it has no preparation, or its
  /// preparation has ended.
  public static func isPrepared(_ language: String) -> Bool {
    preparations[language] == nil || prepared.contains(language)
  }

  /// Starts, on a thread of its own, the preparation of each of `languages` that has one and
  /// has not started. An app that knows a language will be typed soon (the demo's tour
  /// before it types Pinyin) calls it early, so that the keyboard finds the language ready.
  /// KioskKit does not call it at start-up: on a one-core board the work would take the
  /// main queue's time while the first screens draw.
  public static func prepare(languages: [String]) {
    for language in languages { whenPrepared(language) {} }
  }

  /// Runs `work` on the main queue once `language` is prepared: now if it is (or needs no
  /// preparation), otherwise when its preparation, started here if need be, ends. On
  /// simulated time the preparation runs before this returns.
  public static func whenPrepared(_ language: String, _ work: @escaping @MainActor () -> Void) {
    guard let preparation = preparations[language], !prepared.contains(language) else {
      return work()
    }
    if running[language] != nil {
      running[language]?.append(work)
      return
    }
    running[language] = [work]
    // On simulated time (tests, the virtual framebuffer) it runs here and now: there is no
    // watchdog, the main queue is not drained, and frames must not depend on a thread's pace.
    guard preparesOnThreads ?? (Transaction.runLoop is MainQueueRunLoop) else {
      preparation()
      return finishPreparation(of: language)
    }
    activity.lock()
    activeThreads += 1
    activity.unlock()
    startThread(name: "kiosk-input") {
      preparation()
      activity.lock()
      activeThreads -= 1
      endedOnThreads.append(language)
      activity.broadcast()
      activity.unlock()
      DispatchQueue.main.async {
        MainActor.assumeIsolated { finishPreparationsEndedOnThreads() }
      }
    }
  }

  /// Ends, on the main queue, the preparations whose threads have ended: the work waiting
  /// for them runs. The main queue calls it after each thread; a test may call it itself.
  package static func finishPreparationsEndedOnThreads() {
    activity.lock()
    let ended = endedOnThreads
    endedOnThreads.removeAll()
    activity.unlock()
    for language in ended { finishPreparation(of: language) }
  }

  private static func finishPreparation(of language: String) {
    // A preparation forgotten meanwhile (`removeAll`) ends without effect.
    guard let waiting = running.removeValue(forKey: language) else { return }
    prepared.insert(language)
    for work in waiting { work() }
  }

  /// Waits, at most `timeout` seconds, for the preparations still running: the app calls
  /// it before it exits, since a library's engine torn down by `exit` while its thread
  /// still works can crash the process on its way out. Returns whether none is left.
  @discardableResult
  public static func waitForPreparations(timeout: Double) -> Bool {
    let deadline = ContinuousClock.now + .seconds(timeout)
    activity.lock()
    defer { activity.unlock() }
    while activeThreads > 0, activity.wait(until: deadline) {}
    return activeThreads == 0
  }

  /// Forgets every registration and preparation (between tests); a thread still preparing
  /// ends without effect.
  package static func removeAll() {
    factories.removeAll()
    preparations.removeAll()
    prepared.removeAll()
    running.removeAll()
    activity.lock()
    endedOnThreads.removeAll()
    activity.unlock()
  }
}
