import Testing

@testable import KioskLinux

/// The rate limit on memory warnings, on a manual clock: a storm gives one warning at once,
/// one when the interval ends, and never more than two in any interval.
@MainActor
struct MemoryWarningRateLimiterTests {
  let clock = ManualScheduler()
  let delivered = WarningRecorder()

  func makeLimiter(interval: Double = 10) -> MemoryWarningRateLimiter {
    let clock = self.clock
    let delivered = self.delivered
    return MemoryWarningRateLimiter(
      minimumInterval: interval, clock: { clock.now },
      schedule: { delay, action in clock.schedule(after: delay, action) },
      deliver: { delivered.warnings.append($0) })
  }

  @Test func aBurstOfAThousandGivesOneAtOnceAndOneAtTheIntervalsEnd() {
    let limiter = makeLimiter()
    for index in 0..<1000 { limiter.submit(index == 999 ? .cgroupHigh(3) : .psi) }
    #expect(delivered.warnings == [.psi])
    #expect(limiter.coalescedCount == 998)

    clock.advance(to: 9.99)
    #expect(delivered.warnings == [.psi])
    clock.advance(to: 10)
    #expect(delivered.warnings == [.psi, .cgroupHigh(3)])  // the latest reason
    clock.advance(to: 100)
    #expect(delivered.warnings.count == 2)
    #expect(clock.pendingCount == 0)
  }

  @Test func aLongStormNeverGivesMoreThanTwoInAnyInterval() {
    let limiter = makeLimiter()
    var times: [Double] = []
    for step in 0...6000 {  // a warning every 10 ms for 60 s
      clock.advance(to: Double(step) / 100)
      let before = delivered.warnings.count
      limiter.submit(.psi)
      if delivered.warnings.count > before { times.append(clock.now) }
      times += clock.firedTimes
      clock.firedTimes = []
    }
    #expect(times == [0, 10, 20, 30, 40, 50, 60])
    for start in times {
      #expect(times.filter { $0 >= start && $0 <= start + 10 }.count <= 2)
    }
  }

  @Test func aWarningAfterAQuietIntervalGoesAtOnce() {
    let limiter = makeLimiter()
    limiter.submit(.psi)
    clock.advance(to: 10.5)
    limiter.submit(.lowMemAvailable(40))
    #expect(delivered.warnings == [.psi, .lowMemAvailable(40)])
    clock.advance(to: 12)
    limiter.submit(.requested)
    #expect(delivered.warnings.count == 2)
    clock.advance(to: 20.5)
    #expect(delivered.warnings == [.psi, .lowMemAvailable(40), .requested])
  }

  @Test func triggersParseAndWidenForUnprivilegedProcesses() throws {
    let trigger = try #require(PSITrigger(parsing: "some 150000 1000000"))
    #expect(trigger == .default)
    #expect(trigger.description == "some 150000 1000000")
    #expect(trigger.forUnprivilegedProcess?.description == "some 300000 2000000")
    #expect(PSITrigger(parsing: "full  50000 2000000")?.forUnprivilegedProcess == nil)
    #expect(
      PSITrigger(parsing: "full 9000000 9500000")?.forUnprivilegedProcess?.description
        == "full 9473684 10000000")
    for bad in [
      "", "some", "some 150000", "any 1 1000000", "some 0 1000000", "some 2000000 1000000",
      "some 1000 100000", "some 1000 20000000", "some 1e5 1000000", "some 150000 1000000 x",
    ] {
      #expect(PSITrigger(parsing: bad) == nil, "\(bad)")
    }
  }
}

/// A manual clock with actions scheduled on it, run in time order as it advances.
@MainActor
final class ManualScheduler {
  private(set) var now = 0.0
  private var actions: [(time: Double, action: @MainActor () -> Void)] = []
  /// When scheduled actions ran, since the caller last emptied this.
  var firedTimes: [Double] = []

  var pendingCount: Int { actions.count }

  func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) {
    actions.append((now + delay, action))
  }

  func advance(to time: Double) {
    while let next = actions.indices.min(by: { actions[$0].time < actions[$1].time }),
      actions[next].time <= time
    {
      let due = actions.remove(at: next)
      now = due.time
      firedTimes.append(now)
      due.action()
    }
    now = time
  }
}
