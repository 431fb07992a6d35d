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

  /// Whether the timer paces frames rather than waiting a whole interval after each
  /// `arm()`.
  private let paces: Bool
  /// When the timer last fired (monotonic seconds), for pacing.
  private var lastFire: Double?

  /// A timer that calls `fire` with the time, `interval` seconds after each `arm()`, or,
  /// with `paces`, as soon as it can but never sooner than `interval` after its last
  /// firing. The second is an output without vblank events (the virtual display on the
  /// real clock, fbdev, a DRM driver without vblank): a frame asked for while the display
  /// has been idle for an interval or more is shown at once (as UIKit commits a change at
  /// the end of the run loop's turn), and frames that follow one another keep to the
  /// refresh rate. Waiting a whole interval from every request instead delayed the first
  /// frame after each pause (a tap on an idle fbdev panel) by 16.7 ms at 60 Hz.
  package init(
    interval: Double, paces: Bool = false, fire: @escaping @MainActor (Double) -> Void
  ) {
    self.interval = interval
    self.paces = paces
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
    timer.schedule(deadline: .now() + delay(from: monotonicSeconds()))
  }

  /// Seconds from `now` to when an `arm()` at `now` fires.
  package func delay(from now: Double) -> Double {
    guard paces else { return interval }
    guard let lastFire, now - lastFire < interval else { return 0 }
    return lastFire + interval - now
  }

  /// Notes a firing at `time` (monotonic seconds), which the pacing counts from, and
  /// calls `fire`.
  package func fired(at time: Double) {
    lastFire = time
    fire(time)
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
        self.fired(at: monotonicSeconds())
      }
    }
    timer.schedule(deadline: .distantFuture)
    timer.resume()
    source = timer
    return timer
  }
}
