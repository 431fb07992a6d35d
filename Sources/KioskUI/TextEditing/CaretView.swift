import KioskGraphics

/// The blinking caret of a text field or text view: a thin view in the tint colour, so a
/// blink damages only its own rectangle. It blinks only while its field is being edited;
/// nothing is scheduled otherwise.
@MainActor
final class CaretView: View {
  /// How long the caret stays on and off, in seconds.
  static let blinkInterval = 0.5
  private var blinkTimer: ScheduledAction?

  override init(frame: Rect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
    isHidden = true
  }

  /// Shows the caret steadily, then blinking from `blinkInterval` later: a caret that has
  /// just moved is always visible.
  func startBlinking() {
    isHidden = false
    isBlinking = true
    // One timer, restarted on every keystroke (typing allocates nothing for it).
    if let blinkTimer {
      blinkTimer.restart(after: Self.blinkInterval)
      return
    }
    blinkTimer = ScheduledAction.after(Self.blinkInterval, repeating: Self.blinkInterval) {
      [weak self] in
      guard let self else { return }
      self.isHidden.toggle()
    }
  }

  /// Hides the caret and stops its timer.
  func stopBlinking() {
    blinkTimer?.cancel()
    isBlinking = false
    isHidden = true
  }

  /// Whether the blink timer is running (tests check that an idle field schedules nothing).
  private(set) var isBlinking = false

  isolated deinit {
    blinkTimer?.cancel()
  }
}
