import Dispatch
import FoundationEssentials
import Synchronization

/// Runs one piece of work at a time on a worker thread and gives its caller the result, or
/// an error once `limit` has passed. Work that overruns cannot be stopped (it is ordinary
/// code); it finishes on its own and its result is dropped, and the worker refuses new work
/// until then, so overruns never pile up.
///
/// The configuration reload uses it: reading the file (up to 1 MB, lists of up to 1,000
/// values) and checking it against the command line must neither stall the main queue,
/// which draws the screen and answers the watchdog, nor keep a caller waiting without end.
final class DeadlineWorker: @unchecked Sendable {
  /// The work overran its limit.
  struct TimedOut: Error, CustomStringConvertible {
    var limit: Duration
    var description: String { "it took longer than \(limit) and was given up" }
  }

  /// Earlier work is still running (it overran its limit).
  struct Busy: Error, CustomStringConvertible {
    var description: String { "an earlier one is still running" }
  }

  private let queue: DispatchQueue
  private let lock = Mutex(())
  private var isRunning = false

  /// `label` names the worker's thread (in `top -H`, gdb, perf).
  init(label: String) {
    queue = DispatchQueue(label: label, qos: .utility)
  }

  /// Whether work is running now.
  var isBusy: Bool { lock.withLock { _ in isRunning } }

  /// `work`'s result, or `TimedOut` after `limit`, or `Busy` at once when earlier work has
  /// not finished.
  @MainActor
  func run<Value>(
    limit: Duration, _ work: @escaping @Sendable () throws -> Value
  ) async throws -> Value {
    let claimed = lock.withLock { _ in
      guard !isRunning else { return false }
      isRunning = true
      return true
    }
    guard claimed else { throw Busy() }
    let answer = Answer<Value>()
    let task = Unchecked(work)
    let result = try await withCheckedThrowingContinuation {
      (continuation: CheckedContinuation<Unchecked<Value>, Error>) in
      answer.continuation = continuation
      // A timer source, not `asyncAfter`: a cancelled source leaves libdispatch's timer
      // list at once, while an `asyncAfter` block stays queued, holding its closure, until
      // its deadline even when the work finished long before: about 580 bytes a run, and
      // 10,000 reloads sent in a burst left the demo 3 MB larger (RssAnon 8.0 → 11.2 MB).
      let (seconds, attoseconds) = limit.components
      let nanoseconds = Int(clamping: seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
      let deadline = DispatchSource.makeTimerSource(queue: .global())
      deadline.schedule(deadline: .now() + .nanoseconds(nanoseconds))
      // Sendable, so not isolated to the main actor as `run` is: it runs on a global queue.
      deadline.setEventHandler { @Sendable in answer.give(.failure(TimedOut(limit: limit))) }
      deadline.resume()
      let timer = Unchecked(deadline)
      queue.async {
        let outcome = Result { try task.value() }
        timer.value.cancel()
        self.lock.withLock { _ in self.isRunning = false }
        answer.give(outcome.map(Unchecked.init))
      }
    }
    return result.value
  }

  /// The continuation, resumed by whichever comes first: the result or the deadline.
  private final class Answer<Value>: @unchecked Sendable {
    private let lock = Mutex(())
    var continuation: CheckedContinuation<Unchecked<Value>, Error>?

    func give(_ outcome: Result<Unchecked<Value>, Error>) {
      let waiting = lock.withLock { _ in
        defer { continuation = nil }
        return continuation
      }
      waiting?.resume(with: outcome)
    }
  }
}

/// A value handed between threads by code that makes sure only one thread uses it at a
/// time (the worker while it runs, then the caller).
struct Unchecked<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}
