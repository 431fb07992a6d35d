import KioskUI

extension SimulatedRunLoop {
  /// What `install()` hands `Transaction`: this loop's clock and queue of deferred work,
  /// held weakly. A test's loop may be gone while a later test still commits through the
  /// installed driver; then the time is 0 and deferred work is dropped.
  @MainActor
  final class Driver: RunLoopDriver {
    private weak var loop: SimulatedRunLoop?

    init(_ loop: SimulatedRunLoop) {
      self.loop = loop
    }

    /// Queues `work` for the loop's next `runUntilIdle()`.
    func schedule(_ work: @escaping @MainActor () -> Void) {
      loop?.enqueue(work)
    }

    /// Nothing: commits need no queue entry, `runUntilIdle()` polls
    /// `Transaction.isCommitPending`.
    func requestCommit() {}

    /// The loop's simulated time.
    var now: Double { loop?.now ?? 0 }
  }
}
