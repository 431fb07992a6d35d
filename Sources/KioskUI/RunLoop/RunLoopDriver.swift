/// What runs the UI's turns: deferred work, the end-of-turn commit and the clock that
/// animations, touches and timers are measured against. `Transaction` forwards to the one
/// installed with `Transaction.install(_:)`: the main queue and the real clock by default
/// (`MainQueueRunLoop`), simulated time in tests and on the virtual framebuffer
/// (KioskVirtual's `SimulatedRunLoop`). A new backend with a loop of its own is one more
/// conforming type, not three closures to replace.
@MainActor
package protocol RunLoopDriver: AnyObject {
  /// Runs `work` on a later turn (e.g. a completion that UIKit calls after this one).
  func schedule(_ work: @escaping @MainActor () -> Void)

  /// Arranges for `Transaction.flush()` to run at the end of this turn. Called once per
  /// pending commit (`Transaction.setNeedsCommit()` coalesces); a loop that polls
  /// `Transaction.isCommitPending` may do nothing here.
  func requestCommit()

  /// The time in seconds, never going backwards.
  var now: Double { get }
}
