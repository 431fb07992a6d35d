import KioskGraphics

/// A popover's card: a rounded rectangle with a soft shadow and an arrow whose tip touches
/// the source. The presented view sits inside the card; touches on the shadow fall
/// through to the view behind (which dismisses the popover).
@MainActor
final class PopoverBackgroundView: View {
  /// The card, in this view's coordinates.
  private(set) var card = Rect.zero
  private(set) var direction = PopoverArrowDirection.unknown
  /// The arrow's tip, in this view's coordinates.
  private(set) var tip = Point.zero
  var fillColor: Color? = .white {
    didSet { if oldValue != fillColor { setNeedsDisplay() } }
  }

  init() {
    super.init(frame: .zero)
    contentMode = .redraw
    autoresizesSubviews = false
  }

  func update(card: Rect, direction: PopoverArrowDirection, tip: Point) {
    guard card != self.card || direction != self.direction || tip != self.tip else { return }
    self.card = card
    self.direction = direction
    self.tip = tip
    setNeedsDisplay()
  }

  override func point(inside point: Point, with event: Event?) -> Bool {
    card.contains(point) || arrowBox.contains(point)
  }

  /// The rectangle around the arrow.
  private var arrowBox: Rect {
    PopoverPlacement(card: card, direction: direction, tip: tip).arrowBounds
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current, card.width > 0, card.height > 0 else { return }
    let radius = min(PopoverPlacement.cornerRadius, card.width / 2, card.height / 2)
    let margin = PopoverPlacement.shadowMargin
    for step in 0..<3 {
      let spread = margin * Double(3 - step) / 3
      context.setFillColor(Color(white: 0, alpha: 0.05))
      context.beginPath()
      context.addRoundedRect(
        card.offsetBy(dx: 0, dy: margin / 4).insetBy(dx: -spread, dy: -spread),
        cornerRadius: radius + spread)
      context.fillPath()
    }
    guard let fillColor else { return }
    context.setFillColor(fillColor)
    context.beginPath()
    context.addRoundedRect(card, cornerRadius: radius)
    context.fillPath()
    let half = PopoverPlacement.arrowBase / 2
    // The arrow's base overlaps the card by a point so no seam shows.
    let (baseA, baseB): (Point, Point)
    switch direction {
    case .up:
      (baseA, baseB) = (
        Point(x: tip.x - half, y: card.minY + 1), Point(x: tip.x + half, y: card.minY + 1)
      )
    case .down:
      (baseA, baseB) = (
        Point(x: tip.x - half, y: card.maxY - 1), Point(x: tip.x + half, y: card.maxY - 1)
      )
    case .left:
      (baseA, baseB) = (
        Point(x: card.minX + 1, y: tip.y - half), Point(x: card.minX + 1, y: tip.y + half)
      )
    case .right:
      (baseA, baseB) = (
        Point(x: card.maxX - 1, y: tip.y - half), Point(x: card.maxX - 1, y: tip.y + half)
      )
    default:
      return
    }
    context.beginPath()
    context.move(to: baseA)
    context.addLine(to: tip)
    context.addLine(to: baseB)
    context.closePath()
    context.fillPath()
  }
}

extension PopoverPlacement {
  /// A placement already made (for the arrow's bounds).
  init(card: Rect, direction: PopoverArrowDirection, tip: Point) {
    self.card = card
    self.direction = direction
    self.tip = tip
  }
}
