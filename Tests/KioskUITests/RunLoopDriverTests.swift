import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A loop a test hands in: it keeps the work it is given, counts the commits asked of it
/// and tells the time it is set to.
@MainActor
final class RecordingRunLoop: RunLoopDriver {
  var work: [@MainActor () -> Void] = []
  var commitRequests = 0
  var now = 42.5

  func schedule(_ work: @escaping @MainActor () -> Void) {
    self.work.append(work)
  }

  func requestCommit() {
    commitRequests += 1
  }
}

/// The run loop's seam: one object installed with `Transaction.install(_:)` gets the
/// deferred work, the commit requests and the clock; `useMainQueue()` puts the main queue
/// back.
@MainActor
struct RunLoopDriverTests {
  @Test func anInstalledLoopGetsTheWorkAndTheCommitRequestsAndTellsTheTime() throws {
    let app = try TestApplication(pointSize: Size(width: 10, height: 10))
    defer { app.loop.install() }
    Transaction.flush()
    let loop = RecordingRunLoop()
    Transaction.install(loop)

    var ran = false
    Transaction.scheduler { ran = true }
    #expect(loop.work.count == 1)
    #expect(!ran)
    for work in loop.work { work() }
    #expect(ran)

    // Two requests in one turn are one commit.
    Transaction.setNeedsCommit()
    Transaction.setNeedsCommit()
    #expect(loop.commitRequests == 1)
    Transaction.flush()
    #expect(!Transaction.isCommitPending)

    #expect(Transaction.clock() == 42.5)
    loop.now = 50
    #expect(Transaction.clock() == 50)
    // Timers are set by the installed clock.
    let action = ScheduledAction.after(0.5) {}
    #expect(ScheduledAction.nextFireTime == 50.5)
    action.cancel()
  }

  @Test func theMainQueueCanBePutBack() async throws {
    let app = try TestApplication(pointSize: Size(width: 10, height: 10))
    Transaction.flush()
    Transaction.useMainQueue()
    #expect(Transaction.runLoop === MainQueueRunLoop.shared)
    let before = monotonicSeconds()
    let now = Transaction.clock()
    #expect(now >= before && now <= monotonicSeconds())

    // Deferred work and the commit a change asks for go on the main queue: nothing runs
    // until it turns.
    let framesBefore = app.output.framesPresented
    var ran = false
    Transaction.scheduler { ran = true }
    app.window.backgroundColor = .black
    #expect(!ran)
    #expect(Transaction.isCommitPending)
    // The test's own loop again before waiting, so other tests never see the main queue.
    app.loop.install()
    // Up to two minutes (the loop ends as soon as the frame is there): the commit
    // source's event reaches the main queue through dispatch's own thread, later than
    // blocks put on the queue directly, and the main queue is shared with the other tests'
    // main-actor work (two seconds, then ten, were too few while the whole suite ran beside
    // a build and QEMU).
    let deadline = monotonicSeconds() + 120
    while (!ran || app.output.framesPresented == framesBefore) && monotonicSeconds() < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(ran)
    #expect(app.output.framesPresented > framesBefore)
  }
}
