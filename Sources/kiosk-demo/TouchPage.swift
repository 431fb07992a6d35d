import KioskKit

/// Touch: a button that counts its taps, a switch and a slider, each with a label that
/// says what it last did.
@MainActor
final class TouchPage: DemoPage {
  override var title: String { "Touch" }

  private let button = Button(type: .system)
  private let buttonLabel = Label(frame: .zero)
  private let toggle = Switch(frame: .zero)
  private let toggleLabel = Label(frame: .zero)
  private let slider = Slider(frame: .zero)
  private let sliderLabel = Label(frame: .zero)
  private var taps = 0

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
