import KioskGraphics
import KioskUI

/// Runs a KioskKit app on simulated time: commits and deferred work run when asked, and the
/// clock jumps from one event (a refresh that was asked for, a scheduled action) to the
/// next instead of waiting. Tests use it through `TestApplication`; the virtual backend uses
/// it to run the demo in a fraction of real time with the same frames a panel would show.
@MainActor
public final class SimulatedRunLoop {
  /// The simulated time in seconds.
  public private(set) var now: Double = 0
  /// The outputs whose refreshes this loop delivers.
  public var outputs: [VirtualOutput]
  private var pendingWork: [@MainActor () -> Void] = []

  /// Creates a loop that drives `outputs`.
  public init(outputs: [VirtualOutput]) {
    self.outputs = outputs
  }

  /// Makes this loop the runtime's clock and commit scheduler (`Transaction.install(_:)`).
  public func install() {
    Transaction.install(Driver(self))
  }

  /// Deferred work handed to this loop, run by `runUntilIdle()`.
  func enqueue(_ work: @escaping @MainActor () -> Void) {
    pendingWork.append(work)
  }

  /// Runs deferred work and commits until nothing is left to do at this instant.
  public func runUntilIdle() {
    var rounds = 0
    while rounds < 10_000 {
      rounds += 1
      if !pendingWork.isEmpty {
        let work = pendingWork
        pendingWork.removeAll()
        for item in work { item() }
      } else if Transaction.isCommitPending {
        Transaction.flush()
      } else {
        return
      }
    }
  }

  /// The next moment something is due: a requested refresh or a scheduled action.
  public var nextEventTime: Double? {
    var next = ScheduledAction.nextFireTime
    for output in outputs where output.isFrameEventPending {
      let refresh = output.nextRefresh(after: now)
      next = min(next ?? refresh, refresh)
    }
    return next
  }

  /// Moves time on by `seconds`, stopping at every event on the way.
  public func advance(by seconds: Double) {
    let end = now + max(seconds, 0)
    runUntilIdle()
    while let next = nextEventTime, next <= end + 1e-9 {
      step(to: max(next, now))
    }
    now = max(now, end)
    runUntilIdle()
  }

  /// Runs until nothing is scheduled any more or `limit` seconds have passed; calls
  /// `settled` each time the app comes to rest (nothing animating, nothing pending) after
  /// presenting at least one new frame. Returns the simulated time reached.
  @discardableResult
  public func run(until limit: Double, settled: () -> Void) -> Double {
    var framesAtLastRest = -1
    runUntilIdle()
    while true {
      let presented = outputs.reduce(0) { $0 + $1.framesPresented }
      let animating = outputs.contains { $0.isFrameEventPending }
      if !animating && presented != framesAtLastRest {
        framesAtLastRest = presented
        settled()
      }
      guard let next = nextEventTime, next <= limit else { break }
      step(to: max(next, now))
    }
    return now
  }

  private func step(to time: Double) {
    now = time
    ScheduledAction.runDue(at: now)
    for output in outputs
    where output.isFrameEventPending && output.nextRefresh(after: now - 1e-6) <= now + 1e-9 {
      output.fireFrameEvent(at: now)
    }
    runUntilIdle()
  }
}
