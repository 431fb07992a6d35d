internal import CLinux
import Dispatch
import Glibc

/// Calls back on the main queue when the wall clock is set (stepped by NTP, `date -s`, an
/// RTC read after a resume), through a `timerfd` on `CLOCK_REALTIME` armed with
/// `TFD_TIMER_CANCEL_ON_SET`: the kernel wakes it only then, so nothing polls. Code that
/// waits for a wall-clock time (the display schedule) works its state out again.
@MainActor
public final class ClockChangeWatcher {
  private var source: DispatchSourceRead?

  /// Starts watching; nil when the kernel offers no such timer.
  public init?(changed: @escaping @MainActor () -> Void) {
    let descriptor = kiosk_clock_change_fd()
    guard descriptor >= 0 else { return nil }
    let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
    source.setEventHandler {
      MainActor.assumeIsolated {
        _ = kiosk_clock_change_rearm(descriptor)
        changed()
      }
    }
    source.setCancelHandler { close(descriptor) }
    source.resume()
    self.source = source
  }

  isolated deinit { stop() }

  /// Stops watching.
  public func stop() {
    source?.cancel()
    source = nil
  }
}
