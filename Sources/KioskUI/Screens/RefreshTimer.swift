import Dispatch

/// A one-shot timer at the refresh interval, for outputs whose hardware gives no vblank or
/// flip events to tick on (fbdev, DRM drivers without vblank while no flip is in flight, the
/// virtual output on the real clock), and for the DRM output's watchdog on late flip
/// events. Armed only when a frame event is asked for, so an idle app sets no timers at all.
/// Arming and cancelling happen every frame, so one dispatch timer is made on first use and
/// rescheduled from then on, never made anew.
@MainActor
package final class RefreshTimer {
  private let interval: Double
  private let fire: @MainActor (Double) -> Void
  private var source: DispatchSourceTimer?

  /// A timer that calls `fire` with the time, `interval` seconds after each `arm()`.
  package init(interval: Double, fire: @escaping @MainActor (Double) -> Void) {
    self.interval = interval
    self.fire = fire
  }

  isolated deinit {
    source?.cancel()
  }

  /// Whether the timer is armed.
  package private(set) var isArmed = false

  /// Fires once after the interval; does nothing if already armed.
  package func arm() {
    guard !isArmed else { return }
    isArmed = true
    let timer = source ?? makeSource()
    timer.schedule(deadline: .now() + interval)
  }

  /// Disarms the timer.
  package func cancel() {
    guard isArmed else { return }
    isArmed = false
    source?.schedule(deadline: .distantFuture)
  }

  private func makeSource() -> DispatchSourceTimer {
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        // A firing already on its way when the timer was disarmed is dropped.
        guard let self, self.isArmed else { return }
        self.isArmed = false
        self.fire(monotonicSeconds())
      }
    }
    timer.schedule(deadline: .distantFuture)
    timer.resume()
    source = timer
    return timer
  }
}
