import KioskGraphics

extension Application {
  /// Seconds without a touch or key press after which the app's `idleHandler` runs (e.g.
  /// back to the start screen, so the next customer does not find the last one's order);
  /// `nil`, the default, never. UIKit has no such timer (iOS apps are not shared by
  /// strangers); KioskKit adds it for public terminals, as the European Accessibility Act
  /// asks for a warning and a way to get more time.
  ///
  /// `idleWarningDuration` seconds before the end a warning shows in a window of its own
  /// ("Are you still there? Touch the screen to continue.", with a Continue button) and is
  /// posted as an `.announcement`, so a screen reader speaks it. Any touch or key press
  /// takes the warning away and starts the count again; the touch that does so is not
  /// delivered to the app. While a screen reader runs, both durations are multiplied by
  /// `idleTimeoutMultiplierWithScreenReader`. After the handler ran, nothing is counted
  /// until the next touch or key. Time is the run loop's (`ScheduledAction`), so tests
  /// drive it with their clock. Setting it starts the count from now.
  ///
  /// This timer is the app's; the display blanking the runtime does after
  /// `display.blank-after` is separate and goes on as before.
  ///
  /// ```swift
  /// Application.shared.idleTimeout = 120
  /// Application.shared.idleHandler = { navigation.popToRootViewController(animated: true) }
  /// ```
  public var idleTimeout: Double? {
    get { inactivityTimer.timeout }
    set { inactivityTimer.timeout = newValue }
  }

  /// How many seconds before `idleTimeout` runs out the warning shows (20 by default; 0
  /// shows none). Longer than the timeout, the warning shows as soon as the count starts.
  public var idleWarningDuration: Double {
    get { inactivityTimer.warningDuration }
    set { inactivityTimer.warningDuration = newValue }
  }

  /// What `idleTimeout` and `idleWarningDuration` are multiplied by while a screen reader
  /// runs (2 by default; below 1 counts as 1): listening takes longer than looking.
  public var idleTimeoutMultiplierWithScreenReader: Double {
    get { inactivityTimer.screenReaderMultiplier }
    set { inactivityTimer.screenReaderMultiplier = newValue }
  }

  /// What the app does when `idleTimeout` runs out.
  public var idleHandler: (@MainActor () -> Void)? {
    get { inactivityTimer.handler }
    set { inactivityTimer.handler = newValue }
  }

  /// The warning's text (shown and announced); set it to translate it.
  public var idleWarningMessage: String {
    get { inactivityTimer.message }
    set { inactivityTimer.message = newValue }
  }

  /// The title of the warning's button ("Continue"); set it to translate it.
  public var idleWarningButtonTitle: String {
    get { inactivityTimer.buttonTitle }
    set { inactivityTimer.buttonTitle = newValue }
  }

  /// Whether the inactivity warning is on screen.
  public var isShowingIdleWarning: Bool { inactivityTimer.warningWindow != nil }

  /// The warning's window while it shows (tests find its button here).
  public var idleWarningWindow: Window? { inactivityTimer.warningWindow }

  /// Starts the inactivity count again as a touch would (and takes the warning away): for
  /// activity KioskKit does not see, such as a card reader or a barcode scanner.
  public func resetIdleTimer() {
    if inactivityTimer.noteActivity() { inactivityTimer.dismissWarning() }
  }
}
