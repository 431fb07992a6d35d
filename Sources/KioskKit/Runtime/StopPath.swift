import FoundationEssentials
import Glibc
import KioskLinux
import KioskUI
import Logging

/// The one way a running app stops, whatever asks: SIGTERM or SIGINT, the test harness's
/// `quit`, `--duration` running out, or a start-up step failing after the display was
/// opened. In that order: systemd hears STOPPING=1, the control socket stops and its file
/// is removed, the metrics file stops being rewritten (it keeps the last values), the
/// display is let go (the console or the last frame put back), the reason is logged, and
/// the process exits with the code.
/// Parts register as they start; a part that never started is skipped. A second request
/// (a signal during the first) does the steps no second time.
@MainActor
final class StopPath {
  private let logger: Logger
  /// Set once the service notifier runs.
  var notifier: SystemdNotifier?
  /// Set once the control socket listens.
  var control: ControlServer?
  /// Set once the metrics file is written.
  var metrics: MetricsTextfileWriter?
  /// Set once a display is open: lets go of it.
  var releaseDisplay: (@MainActor () -> Void)?
  /// Whether the steps have run.
  private(set) var hasStopped = false
  /// Whether an input method was still preparing on its thread when the steps ended.
  private(set) var leftAPreparationRunning = false
  /// How long the steps wait for input methods still preparing, in seconds.
  var preparationTimeout = 5.0

  init(logger: Logger) {
    self.logger = logger
  }

  /// Runs the steps (once) without exiting: what tests and `stop(_:code:)` use.
  func runSteps(reason: String, code: KioskExitCode) {
    guard !hasStopped else { return }
    hasStopped = true
    notifier?.stopping()
    control?.stop()
    metrics?.stop()
    releaseDisplay?()
    // librime deploying on its own thread while `exit` tears its statics down can crash.
    leftAPreparationRunning = !InputMethodRegistry.waitForPreparations(
      timeout: preparationTimeout)
    if code == .success {
      logger.info("\(reason)")
    } else {
      logger.critical("\(reason)")
    }
  }

  /// Ends a start-up that failed after the display was opened: the steps, and `code` back
  /// to the caller, who exits with it (tests run the runtime in their own process).
  func startUpFailed(_ reason: String, code: KioskExitCode) -> KioskExitCode {
    runSteps(reason: reason, code: code)
    return code
  }

  /// Stops the app: the steps, then `exit(code)` — or, when an input method is still
  /// preparing after the wait (librime deploying on a slow board, or under emulation),
  /// `_exit(code)` with the output flushed: `exit` would run librime's C++ static
  /// destructors under its working thread, which aborted the process (exit 134) on a busy
  /// CI host. Nothing of KioskKit's needs `exit`'s handlers: the steps above did the work.
  func stop(_ reason: String, code: KioskExitCode = .success) -> Never {
    runSteps(reason: reason, code: code)
    if leftAPreparationRunning {
      logger.notice("an input method was still preparing: exiting without running C++ destructors")
      fflush(nil)
      _exit(code.rawValue)
    }
    exit(code.rawValue)
  }
}
