import KioskGraphics

/// Where a popover goes: the card, its arrow's direction and the arrow's tip, in the
/// container's coordinates. The first permitted side (below, above, right, left of the
/// source) where the card fits whole wins; when none does, the roomiest one, with the card
/// shrunk to fit.
struct PopoverPlacement {
  /// The least room (points) between the card and the screen's edges.
  static let margin = 10.0
  /// How far the arrow sticks out of the card.
  static let arrowLength = 12.0
  /// The width of the arrow where it meets the card.
  static let arrowBase = 26.0
  static let cornerRadius = 10.0
  /// The rim of card colour around the content: enough to keep the content's square
  /// corners inside the card's rounded ones.
  static let contentInset = 3.0
  /// Room around the card for its shadow.
  static let shadowMargin = 8.0

  var card: Rect
  var direction: PopoverArrowDirection
  var tip: Point

  init(contentSize: Size, anchor: Rect, bounds: Rect, permitted: PopoverArrowDirection) {
    let area = bounds.insetBy(dx: Self.margin, dy: Self.margin)
    let sides: [PopoverArrowDirection] = [.up, .down, .left, .right]
    let rooms = sides.filter { permitted.contains($0) }.map {
      (side: $0, room: Self.room(on: $0, of: anchor, in: area))
    }
    let fitting = rooms.first {
      $0.room.width >= contentSize.width && $0.room.height >= contentSize.height
    }
    let chosen =
      fitting
      ?? rooms.max {
        Self.fittedArea(contentSize, in: $0.room) < Self.fittedArea(contentSize, in: $1.room)
      }
    guard let chosen, Self.fittedArea(contentSize, in: chosen.room) > 0 else {
      // No side allowed: a card without an arrow, centred on the source.
      let size = Size(
        width: min(contentSize.width, area.width), height: min(contentSize.height, area.height))
      let x = Self.clamp(anchor.midX - size.width / 2, area.minX, area.maxX - size.width)
      let y = Self.clamp(anchor.midY - size.height / 2, area.minY, area.maxY - size.height)
      card = Rect(x: x, y: y, width: size.width, height: size.height)
      direction = .unknown
      tip = anchor.center
      return
    }
    let size = Size(
      width: max(min(contentSize.width, chosen.room.width), 0),
      height: max(min(contentSize.height, chosen.room.height), 0))
    direction = chosen.side
    let edge = Self.cornerRadius + Self.arrowBase / 2
    switch chosen.side {
    case .up, .down:
      let x = Self.clamp(anchor.midX - size.width / 2, area.minX, area.maxX - size.width)
      let y =
        chosen.side == .up
        ? anchor.maxY + Self.arrowLength : anchor.minY - Self.arrowLength - size.height
      card = Rect(x: x, y: y, width: size.width, height: size.height)
      tip = Point(
        x: Self.clamp(anchor.midX, card.minX + edge, card.maxX - edge),
        y: chosen.side == .up ? anchor.maxY : anchor.minY)
    default:
      let y = Self.clamp(anchor.midY - size.height / 2, area.minY, area.maxY - size.height)
      let x =
        chosen.side == .left
        ? anchor.maxX + Self.arrowLength : anchor.minX - Self.arrowLength - size.width
      card = Rect(x: x, y: y, width: size.width, height: size.height)
      tip = Point(
        x: chosen.side == .left ? anchor.maxX : anchor.minX,
        y: Self.clamp(anchor.midY, card.minY + edge, card.maxY - edge))
    }
    card = card.integral
  }

  /// The rectangle the arrow takes between the card and its tip.
  var arrowBounds: Rect {
    let half = Self.arrowBase / 2
    switch direction {
    case .up:
      return Rect(x: tip.x - half, y: tip.y, width: Self.arrowBase, height: card.minY - tip.y)
    case .down:
      return Rect(x: tip.x - half, y: card.maxY, width: Self.arrowBase, height: tip.y - card.maxY)
    case .left:
      return Rect(x: tip.x, y: tip.y - half, width: card.minX - tip.x, height: Self.arrowBase)
    case .right:
      return Rect(x: card.maxX, y: tip.y - half, width: tip.x - card.maxX, height: Self.arrowBase)
    default:
      return .zero
    }
  }

  /// The room for the card on one side of the anchor, inside `area`.
  private static func room(on side: PopoverArrowDirection, of anchor: Rect, in area: Rect) -> Size {
    switch side {
    case .up: return Size(width: area.width, height: area.maxY - anchor.maxY - arrowLength)
    case .down: return Size(width: area.width, height: anchor.minY - arrowLength - area.minY)
    case .left: return Size(width: area.maxX - anchor.maxX - arrowLength, height: area.height)
    default: return Size(width: anchor.minX - arrowLength - area.minX, height: area.height)
    }
  }

  private static func fittedArea(_ size: Size, in room: Size) -> Double {
    max(min(size.width, room.width), 0) * max(min(size.height, room.height), 0)
  }

  /// `value` kept within `low...high` (`low` wins when the range is empty).
  private static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
    max(low, min(value, high))
  }
}
