import KioskGraphics

/// The app-wide inactivity timer behind `Application.idleTimeout`: counts from the last
/// touch or key on the run loop's clock, shows and announces the warning before the end,
/// and calls the idle handler at the end. After acting it waits for the next touch or key
/// before it counts again (an unattended kiosk is not sent to its start screen over and
/// over, nor asked every few minutes whether someone is there).
@MainActor
final class InactivityTimer {
  var timeout: Double? { didSet { restart() } }
  var warningDuration = 20.0 { didSet { restart() } }
  var screenReaderMultiplier = 2.0 { didSet { restart() } }
  var handler: (@MainActor () -> Void)?
  var message = "Are you still there? Touch the screen to continue."
  var buttonTitle = "Continue"

  private var warningAction: ScheduledAction?
  private var idleAction: ScheduledAction?
  private(set) var warningWindow: IdleWarningWindow?
  /// Set once the handler ran: nothing is counted until the next activity.
  private var hasActed = false

  /// The timeout and warning as they apply now: both multiplied while a screen reader
  /// runs, so someone listening gets more time to act and to answer the warning.
  var effectiveDurations: (timeout: Double, warning: Double)? {
    guard let timeout, timeout.isFinite, timeout > 0 else { return nil }
    let factor =
      Accessibility.isScreenReaderRunning && screenReaderMultiplier.isFinite
      ? max(screenReaderMultiplier, 1) : 1
    let warning = warningDuration.isFinite ? max(warningDuration, 0) : 0
    return (timeout * factor, min(warning * factor, timeout * factor))
  }

  /// A touch or key: the count starts again. Returns whether the warning was showing (the
  /// caller dismisses it once the input was delivered, so the touch lands on the warning).
  func noteActivity() -> Bool {
    guard timeout != nil || warningWindow != nil else { return false }
    hasActed = false
    restart()
    return warningWindow != nil
  }

  /// Starts counting from now (the warning, if showing, stays until `dismissWarning()`).
  func restart() {
    warningAction?.cancel()
    idleAction?.cancel()
    warningAction = nil
    idleAction = nil
    guard let (timeout, warning) = effectiveDurations, !hasActed else {
      dismissWarning()
      return
    }
    if warning > 0 {
      warningAction = ScheduledAction.after(timeout - warning) { [weak self] in
        self?.showWarning()
      }
    }
    idleAction = ScheduledAction.after(timeout) { [weak self] in self?.act() }
  }

  /// Takes the warning off the screen.
  func dismissWarning() {
    guard let window = warningWindow else { return }
    warningWindow = nil
    window.isHidden = true
  }

  private func showWarning() {
    guard warningWindow == nil else { return }
    let window = IdleWarningWindow(
      screen: Screen.main, message: message, buttonTitle: buttonTitle
    ) { [weak self] in
      // The touch that pressed it already restarted the count.
      self?.dismissWarning()
    }
    warningWindow = window
    window.isHidden = false
    Accessibility.post(notification: .announcement, argument: message)
  }

  private func act() {
    dismissWarning()
    hasActed = true
    warningAction?.cancel()
    handler?()
  }
}
