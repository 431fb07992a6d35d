import KioskGraphics

/// The inactivity timer's warning: a window of its own over everything (the keyboard too),
/// dimming the app behind a card that asks "Are you still there?" with a Continue button.
/// The whole window takes touches, so the touch that answers it never reaches the app
/// behind (a person touching the screen to say "still here" does not press whatever is
/// under their finger); the timer dismisses it at that touch.
@MainActor
final class IdleWarningWindow: Window {
  /// Above the on-screen keyboard's window (10,000,000).
  static let level = 20_000_000.0

  let card = View(frame: .zero)
  let messageLabel = Label(frame: .zero)
  let continueButton = Button(type: .system)

  init(screen: Screen, message: String, buttonTitle: String, onContinue: @escaping () -> Void) {
    super.init(screen: screen)
    windowLevel = Self.level
    backgroundColor = Color(white: 0, alpha: 0.4)
    card.backgroundColor = .white
    card.layer.cornerRadius = 14
    messageLabel.text = message
    messageLabel.numberOfLines = 0
    messageLabel.textAlignment = .center
    messageLabel.font = .systemFont(ofSize: 20, weight: .bold)
    continueButton.setTitle(buttonTitle, for: .normal)
    continueButton.titleLabel?.font = .systemFont(ofSize: 20)
    continueButton.addAction(Action { _ in onContinue() }, for: .primaryActionTriggered)
    card.addSubview(messageLabel)
    card.addSubview(continueButton)
    addSubview(card)
    accessibilityViewIsModal = true
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let width = min(bounds.width - 40, 420)
    let textHeight = messageLabel.sizeThatFits(Size(width: width - 40, height: 10_000)).height
    let buttonHeight = 50.0
    let height = 20 + textHeight + 12 + buttonHeight + 10
    card.frame = Rect(
      x: ((bounds.width - width) / 2).rounded(), y: ((bounds.height - height) / 2).rounded(),
      width: width, height: height)
    messageLabel.frame = Rect(x: 20, y: 20, width: width - 40, height: textHeight)
    continueButton.frame = Rect(
      x: 20, y: 20 + textHeight + 12, width: width - 40, height: buttonHeight)
  }
}
