import KioskKit

/// Touch: a button that counts its taps, a switch and a slider, each with a label that
/// says what it last did, and a card that follows a dragging finger (a pan gesture) and
/// goes home on a double tap. The page only shows: `TouchController` keeps the state and
/// puts it in the labels, so a page loaded again looks the same.
@MainActor
final class TouchPage: View {
  let button = Button(type: .system)
  let buttonLabel = Label(frame: .zero)
  let toggle = Switch(frame: .zero)
  let toggleLabel = Label(frame: .zero)
  let slider = Slider(frame: .zero)
  let sliderLabel = Label(frame: .zero)
  let cardLabel = Label(frame: Rect(x: 0, y: 0, width: 150, height: 96))
  /// Where the card lies (set before the first layout); `nil` keeps it at home.
  var cardCenter: Point?
  /// Called when the card was dragged or went home: its centre (`nil`: home) and caption.
  var cardMoved: ((Point?, String) -> Void)?
  private let card = View(frame: Rect(x: 0, y: 0, width: 150, height: 96))

  override init(frame: Rect) {
    super.init(frame: frame)
    button.setTitle("Tap me", for: .normal)
    for label in [buttonLabel, toggleLabel, sliderLabel] {
      label.font = .systemFont(ofSize: 20)
      label.textColor = .darkGray
    }
    for view in [button, buttonLabel, toggle, toggleLabel, slider, sliderLabel] as [View] {
      addSubview(view)
    }
    card.backgroundColor = Color(hex: 0xff9500)
    cardLabel.font = .boldSystemFont(ofSize: 20)
    cardLabel.textColor = .white
    cardLabel.textAlignment = .center
    card.addSubview(cardLabel)
    card.addGestureRecognizer(
      PanGestureRecognizer(target: self) { page, pan in page.dragCard(pan) })
    let goHome = TapGestureRecognizer(target: self) { page, _ in page.sendCardHome() }
    goHome.numberOfTapsRequired = 2
    card.addGestureRecognizer(goHome)
    addSubview(card)
  }

  /// Where the card rests when nobody moved it: the bottom right corner.
  private var cardHome: Point {
    Point(x: bounds.width - card.bounds.width / 2 - 40, y: bounds.height - 90)
  }

  override func layoutSubviews() {
    let left = 40.0
    let controlWidth = min(220, bounds.width * 0.4)
    let labelX = left + controlWidth + 24
    let labelWidth = max(bounds.width - labelX - 20, 0)
    let rowHeight = min(70, bounds.height / 4)
    for (row, (control, label)) in [
      (button, buttonLabel), (toggle, toggleLabel), (slider, sliderLabel),
    ]
    .enumerated() {
      let y = 30 + Double(row) * rowHeight
      let size =
        control === toggle ? control.sizeThatFits(.zero) : Size(width: controlWidth, height: 44)
      control.frame = Rect(
        x: left, y: y + (44 - size.height) / 2, width: size.width, height: size.height)
      label.frame = Rect(x: labelX, y: y, width: labelWidth, height: 44)
    }
    card.center = cardCenter ?? cardHome
  }

  private func dragCard(_ pan: PanGestureRecognizer) {
    let moved = pan.translation(in: self)
    let center = Point(x: card.center.x + moved.x, y: card.center.y + moved.y)
    card.center = center
    cardCenter = center
    pan.setTranslation(.zero, in: self)
    cardMoved?(center, pan.state == .ended ? "Dropped" : "Dragging")
  }

  private func sendCardHome() {
    cardCenter = nil
    View.animate(withDuration: 0.3) { self.card.center = self.cardHome }
    cardMoved?(nil, "Drag me")
  }
}
