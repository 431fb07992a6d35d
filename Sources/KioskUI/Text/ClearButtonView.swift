import KioskGraphics

/// The clear button of a text field: a grey circle with a white ×.
@MainActor
final class ClearButtonView: View {
  override init(frame: Rect) {
    super.init(frame: frame)
    contentMode = .redraw
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    let side = min(bounds.width, bounds.height) * 0.6
    let circle = Rect(
      x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
    context.setFillColor(Color(hex: 0xc7c7cc))
    context.fillEllipse(in: circle)
    context.setStrokeColor(.white)
    context.setLineWidth(1.6)
    let arm = side * 0.2
    context.beginPath()
    context.move(to: Point(x: circle.midX - arm, y: circle.midY - arm))
    context.addLine(to: Point(x: circle.midX + arm, y: circle.midY + arm))
    context.move(to: Point(x: circle.midX + arm, y: circle.midY - arm))
    context.addLine(to: Point(x: circle.midX - arm, y: circle.midY + arm))
    context.strokePath()
  }
}
