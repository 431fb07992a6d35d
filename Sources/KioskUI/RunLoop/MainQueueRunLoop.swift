import Dispatch

/// The run loop of a running app: deferred work on the main queue, commits at the end of
/// each main-queue turn and the monotonic clock. `Transaction` uses it until another loop is
/// installed, and again after `Transaction.useMainQueue()`.
@MainActor
package final class MainQueueRunLoop: RunLoopDriver {
  /// The one main-queue loop: its commit source is made once and lives with the process,
  /// however often the main queue is put back.
  package static let shared = MainQueueRunLoop()

  /// Fires `Transaction.flush()` on the main queue: triggering it allocates nothing, and
  /// triggers in one turn coalesce. Made on the first commit asked for.
  private lazy var commitSource: DispatchSourceUserDataOr = {
    let source = DispatchSource.makeUserDataOrSource(queue: .main)
    source.setEventHandler { MainActor.assumeIsolated { Transaction.flush() } }
    source.activate()
    return source
  }()

  private init() {}

  /// Puts `work` on the main queue.
  package func schedule(_ work: @escaping @MainActor () -> Void) {
    DispatchQueue.main.async { MainActor.assumeIsolated { work() } }
  }

  /// Triggers the commit source.
  package func requestCommit() {
    commitSource.or(data: 1)
  }

  /// `monotonicSeconds()`.
  package var now: Double { monotonicSeconds() }
}
