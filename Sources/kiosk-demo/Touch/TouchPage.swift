import KioskKit

/// Touch: a button that counts its taps, a switch and a slider, each with a label that
/// says what it last did, and a card that follows a dragging finger (a pan gesture) and
/// goes home on a double tap.
@MainActor
final class TouchPage: View {
  private let button = Button(type: .system)
  private let buttonLabel = Label(frame: .zero)
  private let toggle = Switch(frame: .zero)
  private let toggleLabel = Label(frame: .zero)
  private let slider = Slider(frame: .zero)
  private let sliderLabel = Label(frame: .zero)
  private var taps = 0
  private let card = View(frame: Rect(x: 0, y: 0, width: 150, height: 96))
  private let cardLabel = Label(frame: Rect(x: 0, y: 0, width: 150, height: 96))
  private var cardHome = Point.zero

  override init(frame: Rect) {
    super.init(frame: frame)
    button.setTitle("Tap me", for: .normal)
    button.addTarget(self, action: { $0.buttonTapped() }, for: .touchUpInside)
    toggle.addTarget(self, action: { $0.toggleChanged() }, for: .valueChanged)
    slider.value = 0.3
    slider.addTarget(self, action: { $0.sliderChanged() }, for: .valueChanged)
    for label in [buttonLabel, toggleLabel, sliderLabel] {
      label.font = .systemFont(ofSize: 20)
      label.textColor = .darkGray
    }
    buttonLabel.text = "Not tapped yet"
    toggleChanged()
    sliderChanged()
    for view in [button, buttonLabel, toggle, toggleLabel, slider, sliderLabel] as [View] {
      addSubview(view)
    }
    card.backgroundColor = Color(hex: 0xff9500)
    cardLabel.text = "Drag me"
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
    let home = Point(x: bounds.width - card.bounds.width / 2 - 40, y: bounds.height - 90)
    if card.center == cardHome || cardHome == .zero { card.center = home }
    cardHome = home
  }

  private func dragCard(_ pan: PanGestureRecognizer) {
    let moved = pan.translation(in: self)
    card.center = Point(x: card.center.x + moved.x, y: card.center.y + moved.y)
    pan.setTranslation(.zero, in: self)
    cardLabel.text = pan.state == .ended ? "Dropped" : "Dragging"
  }

  private func sendCardHome() {
    View.animate(withDuration: 0.3) { self.card.center = self.cardHome }
    cardLabel.text = "Drag me"
  }

  private func buttonTapped() {
    taps += 1
    buttonLabel.text = taps == 1 ? "Tapped once" : "Tapped \(taps) times"
  }

  private func toggleChanged() {
    toggleLabel.text = toggle.isOn ? "Switched on" : "Switched off"
  }

  private func sliderChanged() {
    sliderLabel.text = "Volume \(Int((slider.value * 100).rounded())) %"
  }
}
