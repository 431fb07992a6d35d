import KioskGraphics

/// The row of alternates a long press on a letter offers (é è ê ë …); the one under the
/// finger is highlighted and typed when the finger lifts.
@MainActor
final class KeyAlternatesView: View {
  let choices: [String]
  var selected: Int? = 0 {
    didSet { if oldValue != selected { setNeedsDisplay() } }
  }
  let cellWidth: Double

  init(choices: [String], cellWidth: Double) {
    self.choices = choices
    self.cellWidth = cellWidth
    super.init(frame: .zero)
    isUserInteractionEnabled = false
    contentMode = .redraw
  }

  /// The choice under `x` (in this view's coordinates), clamped to the row.
  func choice(at x: Double) -> Int {
    min(max(Int((x / cellWidth).rounded(.down)), 0), choices.count - 1)
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    context.fillKeyCap(in: bounds, cornerRadius: 8, color: .white)
    for (index, choice) in choices.enumerated() {
      let cell = Rect(
        x: Double(index) * cellWidth, y: 0, width: cellWidth, height: bounds.height - 1)
      let isSelected = index == selected
      if isSelected {
        context.setFillColor(.defaultTint)
        context.beginPath()
        context.addRoundedRect(cell.insetBy(dx: 3, dy: 3), cornerRadius: 6)
        context.fillPath()
      }
      let layout = TextLayout(
        text: choice, font: .systemFont(ofSize: choice.count > 1 ? 17 : 24),
        color: isSelected ? .white : .black)
      context.draw(
        layout,
        at: Point(
          x: (cell.midX - layout.size.width / 2).rounded(),
          y: (cell.midY - layout.size.height / 2).rounded()))
    }
  }
}
