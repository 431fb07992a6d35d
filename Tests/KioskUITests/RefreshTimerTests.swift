import Testing

@testable import KioskUI

/// When a refresh timer fires after `arm()`.
@MainActor
@Suite struct RefreshTimerTests {
  /// A pacing timer fires at once after a pause and then never sooner than an interval
  /// after its last firing.
  @Test func aPacingTimerFiresAtOnceWhenIdleAndThenAtTheRefreshRate() async throws {
    let interval = 0.050
    var fired: [Double] = []
    let timer = RefreshTimer(interval: interval, paces: true) { fired.append($0) }
    // Never fired: at once.
    #expect(timer.delay(from: monotonicSeconds()) == 0)
    let armed = monotonicSeconds()
    timer.arm()
    try await waitUntil { fired.count == 1 }
    #expect(fired[0] - armed < interval / 2)
    // Asked again right after: it waits for the rest of the interval.
    let wait = timer.delay(from: fired[0] + 0.010)
    #expect(abs(wait - (interval - 0.010)) < 1e-9)
    timer.arm()
    try await waitUntil { fired.count == 2 }
    #expect(fired[1] - fired[0] >= interval - 0.001)
    // Idle for longer than an interval: at once again.
    #expect(timer.delay(from: fired[1] + interval) == 0)
    #expect(timer.delay(from: fired[1] + 10) == 0)
  }

  @Test func aTimerThatDoesNotPaceWaitsAWholeInterval() {
    let timer = RefreshTimer(interval: 0.010) { _ in }
    #expect(timer.delay(from: 1.003) == 0.010)
    #expect(timer.delay(from: 2.0) == 0.010)
  }

  private func waitUntil(_ condition: () -> Bool) async throws {
    let deadline = monotonicSeconds() + 10
    while !condition() {
      #expect(monotonicSeconds() < deadline)
      if monotonicSeconds() >= deadline { return }
      try await Task.sleep(nanoseconds: 2_000_000)
    }
  }
}
