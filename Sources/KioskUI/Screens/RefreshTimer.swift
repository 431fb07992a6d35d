import Dispatch

/// A one-shot timer at the refresh interval, for outputs whose hardware gives no vblank or
/// flip events to tick on (fbdev, DRM drivers without vblank while no flip is in flight, the
/// virtual output on the real clock). Armed only when a frame event is asked for, so an
/// idle app sets no timers at all.
@MainActor
package final class RefreshTimer {
  private let interval: Double
  private let fire: @MainActor (Double) -> Void
  private var timer: DispatchSourceTimer?

  /// A timer that calls `fire` with the time, `interval` seconds after each `arm()`.
  package init(interval: Double, fire: @escaping @MainActor (Double) -> Void) {
    self.interval = interval
    self.fire = fire
  }

  /// Whether the timer is armed.
  package var isArmed: Bool { timer != nil }

  /// Fires once after the interval; does nothing if already armed.
  package func arm() {
    guard timer == nil else { return }
    let source = DispatchSource.makeTimerSource(queue: .main)
    source.schedule(deadline: .now() + interval)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        self.cancel()
        self.fire(monotonicSeconds())
      }
    }
    source.resume()
    timer = source
  }

  /// Disarms the timer.
  package func cancel() {
    timer?.cancel()
    timer = nil
  }
}
