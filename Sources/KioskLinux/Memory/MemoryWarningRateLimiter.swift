import Dispatch
import Glibc

/// Keeps a storm of memory warnings from thrashing the app: the first warning goes out at
/// once; any more within `minimumInterval` of it are coalesced into one, delivered when the
/// interval ends (with the latest reason). So at most two warnings fall in any interval,
/// and a warning is never lost, only delayed.
@MainActor
package final class MemoryWarningRateLimiter {
  /// Seconds between two warnings delivered.
  package let minimumInterval: Double
  private let clock: () -> Double
  private let schedule: (Double, @escaping @MainActor () -> Void) -> Void
  private let deliver: @MainActor (MemoryWarningReason) -> Void
  private var lastDelivery: Double?
  private var pending: MemoryWarningReason?

  /// How many warnings were folded into a later one so far.
  package private(set) var coalescedCount = 0

  /// Creates a limiter that calls `deliver` on the main queue.
  package convenience init(
    minimumInterval: Double, deliver: @escaping @MainActor (MemoryWarningReason) -> Void
  ) {
    self.init(
      minimumInterval: minimumInterval, clock: monotonicClockSeconds,
      schedule: { delay, action in
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) {
          MainActor.assumeIsolated { action() }
        }
      },
      deliver: deliver)
  }

  /// Creates a limiter on a given clock (seconds) and scheduler (runs an action after a
  /// delay in seconds), for tests.
  init(
    minimumInterval: Double, clock: @escaping () -> Double,
    schedule: @escaping (Double, @escaping @MainActor () -> Void) -> Void,
    deliver: @escaping @MainActor (MemoryWarningReason) -> Void
  ) {
    self.minimumInterval = max(minimumInterval, 0)
    self.clock = clock
    self.schedule = schedule
    self.deliver = deliver
  }

  /// Hands over a warning: delivered now, or folded into the one due at the interval's end.
  package func submit(_ reason: MemoryWarningReason) {
    if pending != nil {
      pending = reason
      coalescedCount += 1
      return
    }
    let now = clock()
    guard let last = lastDelivery, now - last < minimumInterval else {
      lastDelivery = now
      deliver(reason)
      return
    }
    pending = reason
    schedule(last + minimumInterval - now) { [weak self] in self?.deliverPending() }
  }

  private func deliverPending() {
    guard let reason = pending else { return }
    pending = nil
    lastDelivery = clock()
    deliver(reason)
  }
}

/// Seconds on the monotonic clock (not changed by setting the time of day).
func monotonicClockSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
