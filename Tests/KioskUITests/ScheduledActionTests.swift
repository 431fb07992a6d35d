import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// The runtime's timers: in time order, ties in the order scheduled; cancelled, restarted
/// and repeating actions; and many of them at once (a touch script schedules one a frame).
@MainActor
struct ScheduledActionTests {
  @Test func actionsRunInTimeOrderAndTiesInTheOrderScheduled() throws {
    let app = try TestApplication(pointSize: Size(width: 10, height: 10))
    var ran: [String] = []
    ScheduledAction.after(0.3) { ran.append("c") }
    ScheduledAction.after(0.1) { ran.append("a1") }
    ScheduledAction.after(0.1) { ran.append("a2") }
    let cancelled = ScheduledAction.after(0.2) { ran.append("cancelled") }
    let moved = ScheduledAction.after(0.05) { ran.append("moved") }
    ScheduledAction.after(0.2) { ran.append("b") }
    cancelled.cancel()
    moved.restart(after: 0.25)
    #expect(ScheduledAction.nextFireTime.map { $0 - app.now } == 0.1)
    app.advance(by: 1)
    #expect(ran == ["a1", "a2", "b", "moved", "c"])
    #expect(ScheduledAction.nextFireTime == nil)
  }

  @Test func aRepeatingActionSkipsTicksItMissedAndStopsWhenCancelled() throws {
    let app = try TestApplication(pointSize: Size(width: 10, height: 10))
    var ticks = 0
    let tick = ScheduledAction.after(0.1, repeating: 0.1) { ticks += 1 }
    app.advance(by: 0.35)
    #expect(ticks == 3)
    tick.cancel()
    app.advance(by: 1)
    #expect(ticks == 3)
    tick.restart(after: 0)
    app.advance(by: 0.01)
    #expect(ticks == 4)
    tick.cancel()
  }

  @Test func aHundredThousandActionsAreCheapToScheduleCancelAndRun() throws {
    let app = try TestApplication(pointSize: Size(width: 10, height: 10))
    var times: [Double] = []
    let actions = (0..<100_000).map { index in
      // Scheduled out of order: every third one earlier than the one before.
      let time = Double(index % 3 == 0 ? index : index + 2) / 1000
      return ScheduledAction.after(time) { times.append(time) }
    }
    // Half cancelled (the queue drops what it no longer needs on the way).
    for (index, action) in actions.enumerated() where index % 2 == 1 { action.cancel() }
    app.advance(by: 200)
    #expect(times.count == 50_000)
    #expect(times == times.sorted())
    #expect(ScheduledAction.nextFireTime == nil)
  }

  /// A burst of actions (a touch script schedules every frame at once) does not leave its
  /// storage behind once they have run; a few actions at a time keep theirs (no churn).
  @Test func anEmptiedQueueLetsABurstsStorageGo() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 100))
    for index in 0..<20_000 { ScheduledAction.after(Double(index) * 0.001) {} }
    #expect(ScheduledAction.queueCapacity >= 20_000)
    app.advance(by: 25)
    #expect(ScheduledAction.nextFireTime == nil)
    #expect(ScheduledAction.queueCapacity < ScheduledAction.largeQueueCount)
    let few = (0..<10).map { ScheduledAction.after(Double($0)) {} }
    let kept = ScheduledAction.queueCapacity
    app.advance(by: 20)
    #expect(few.count == 10 && ScheduledAction.queueCapacity == kept)
  }

  /// The burst's storage goes although the queue never empties: an app always has a
  /// repeating action queued (a clock, a blinking caret), and the queue used to wait for an
  /// empty moment that never came.
  @Test func aBurstsStorageGoesWhileARepeatingActionStaysQueued() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 100))
    var ticks = 0
    let clock = ScheduledAction.after(1, repeating: 1) { ticks += 1 }
    for index in 0..<20_000 { ScheduledAction.after(Double(index) * 0.001) {} }
    #expect(ScheduledAction.queueCapacity >= 20_000)
    app.advance(by: 25)
    #expect(ScheduledAction.queueCapacity < ScheduledAction.largeQueueCount)
    // The repeating action survived the move to new storage.
    let before = ticks
    app.advance(by: 3)
    #expect(ticks == before + 3)
    clock.cancel()
  }
}
