import KioskGraphics

/// A filled (and optionally outlined) shape that the built-in controls are made of: a
/// button's plate, a switch's track, a slider's thumb. It draws once into its backing store
/// and redraws only when its size or colours change, so that state feedback can be a layer
/// property change (alpha, hidden, position) rather than a redraw.
@MainActor
final class ControlShapeView: View {
  enum Shape: Equatable {
    /// A rectangle with circular corners (limited to half the shorter side).
    case roundedRect(cornerRadius: Double)
    /// A pill whose ends are half circles.
    case capsule
    /// The ellipse that fits the bounds.
    case ellipse
  }

  var shape: Shape {
    didSet { if oldValue != shape { setNeedsDisplay() } }
  }
  var fillColor: Color? {
    didSet { if oldValue != fillColor { setNeedsDisplay() } }
  }
  var strokeColor: Color? {
    didSet { if oldValue != strokeColor { setNeedsDisplay() } }
  }
  var lineWidth = 1.0 {
    didSet { if oldValue != lineWidth { setNeedsDisplay() } }
  }
  /// Room (points) left around the shape for a soft shadow below it; zero draws none.
  var shadowMargin = 0.0 {
    didSet { if oldValue != shadowMargin { setNeedsDisplay() } }
  }
  /// How many times the shape was drawn (tests check that feedback does not redraw).
  private(set) var drawCount = 0

  init(shape: Shape, fillColor: Color? = nil) {
    self.shape = shape
    self.fillColor = fillColor
    super.init(frame: .zero)
    contentMode = .redraw
    isUserInteractionEnabled = false
  }

  /// The rectangle of the shape itself, inside the shadow margin.
  var shapeRect: Rect {
    bounds.insetBy(dx: shadowMargin, dy: shadowMargin)
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    drawCount += 1
    let body = shapeRect
    guard body.width > 0, body.height > 0 else { return }
    if shadowMargin > 0 {
      // A soft shadow: rings of faint black, widest first, a little below the shape.
      let steps = 3
      for step in 0..<steps {
        let spread = shadowMargin * Double(steps - step) / Double(steps)
        let ring = body.offsetBy(dx: 0, dy: shadowMargin / 3).insetBy(dx: -spread, dy: -spread)
        context.setFillColor(Color(white: 0, alpha: 0.06))
        addPath(ring, to: context)
        context.fillPath()
      }
    }
    if let fillColor {
      context.setFillColor(fillColor)
      addPath(body, to: context)
      context.fillPath()
    }
    if let strokeColor, lineWidth > 0 {
      context.setStrokeColor(strokeColor)
      context.setLineWidth(lineWidth)
      addPath(body.insetBy(dx: lineWidth / 2, dy: lineWidth / 2), to: context)
      context.strokePath()
    }
  }

  private func addPath(_ rect: Rect, to context: GraphicsContext) {
    context.beginPath()
    switch shape {
    case .roundedRect(let cornerRadius):
      context.addRoundedRect(rect, cornerRadius: cornerRadius)
    case .capsule:
      context.addRoundedRect(rect, cornerRadius: min(rect.width, rect.height) / 2)
    case .ellipse:
      context.addEllipse(in: rect)
    }
  }
}
