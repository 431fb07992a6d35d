import Testing

@testable import KioskUI

/// When a refresh timer fires after `arm()`.
@MainActor
@Suite struct RefreshTimerTests {
  /// A pacing timer fires at once after a pause and then never sooner than an interval
  /// after its last firing.
  @Test func aPacingTimerFiresAtOnceWhenIdleAndThenAtTheRefreshRate() {
    let interval = 0.050
    var fired: [Double] = []
    let timer = RefreshTimer(interval: interval, paces: true) { fired.append($0) }
    // Never fired: at once.
    #expect(timer.delay(from: 3.0) == 0)
    timer.fired(at: 5.0)
    #expect(fired == [5.0])
    // Asked again 10 ms after it fired: it waits for the rest of the interval.
    #expect(abs(timer.delay(from: 5.010) - 0.040) < 1e-9)
    #expect(abs(timer.delay(from: 5.049) - 0.001) < 1e-9)
    // Idle for an interval or longer: at once again.
    #expect(timer.delay(from: 5.050) == 0)
    #expect(timer.delay(from: 15.0) == 0)
    // The pacing counts from the last firing.
    timer.fired(at: 15.0)
    #expect(abs(timer.delay(from: 15.030) - 0.020) < 1e-9)
  }

  @Test func aTimerThatDoesNotPaceWaitsAWholeInterval() {
    let timer = RefreshTimer(interval: 0.010) { _ in }
    #expect(timer.delay(from: 1.003) == 0.010)
    timer.fired(at: 1.0)
    #expect(timer.delay(from: 2.0) == 0.010)
  }
}
