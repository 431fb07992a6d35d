import KioskKit

/// Animations: cards slide in, a badge turns and grows, a colour cross-fades, all with
/// easing curves, driven by the output's frame events.
@MainActor
final class AnimationPage: DemoPage {
  override var title: String { "Animation" }
  private var cards: [View] = []
  private let badge = View(frame: Rect(x: 0, y: 0, width: 90, height: 90))
  private let caption = Label(frame: .zero)
  private var didAnimate = false

  override init(frame: Rect) {
    super.init(frame: frame)
    let colors = [
      Color(hex: 0xff3b30), Color(hex: 0xff9500), Color(hex: 0x34c759), Color(hex: 0x007aff),
    ]
    for color in colors {
      let card = View(frame: Rect(x: -200, y: 0, width: 160, height: 100))
      card.backgroundColor = color
      cards.append(card)
      addSubview(card)
    }
    badge.backgroundColor = Color(hex: 0x5856d6)
    badge.alpha = 0.2
    addSubview(badge)
    caption.text = "Анимация · 动画 · Animation"
    caption.font = .systemFont(ofSize: 20)
    caption.textAlignment = .center
    addSubview(caption)
  }

  override func layoutSubviews() {
    for (index, card) in cards.enumerated() {
      card.bounds = Rect(x: 0, y: 0, width: 160, height: 100)
      card.center = Point(
        x: didAnimate ? 110 + Double(index) * 180 : -200, y: 90)
    }
    badge.center = Point(x: bounds.midX, y: 260)
    caption.frame = Rect(x: 0, y: bounds.height - 50, width: bounds.width, height: 30)
  }

  override func didAppear() {
    guard !didAnimate else { return }
    didAnimate = true
    for (index, card) in cards.enumerated() {
      View.animate(
        withDuration: 0.5, delay: Double(index) * 0.1, options: [.curveEaseOut],
        animations: { card.center = Point(x: 110 + Double(index) * 180, y: 90) })
    }
    View.animate(
      withDuration: 0.8, delay: 0.3, options: [.curveEaseInOut],
      animations: { self.turnBadge() })
  }

  override func showAsAlreadySeen() {
    didAnimate = true
    turnBadge()
    setNeedsLayout()
  }

  /// The badge as the animation leaves it.
  private func turnBadge() {
    badge.transform = Transform(rotationAngle: .pi / 4).scaledBy(x: 1.4, y: 1.4)
    badge.alpha = 1
    badge.backgroundColor = Color(hex: 0xff2d55)
  }
}
