import KioskGraphics

extension ScrollView {
  /// How stiff the stretch past an edge is: the larger, the farther content follows.
  static let rubberBandCoefficient = 0.55

  /// Where content dragged to `raw` shows: within the range it follows the finger; past an
  /// edge it stretches less and less the farther it is pulled (never more than the bounds'
  /// size), or stops at the edge without `bounces`.
  func bandedOffset(_ raw: Point) -> Point {
    let range = offsetRange
    return Point(
      x: band(raw.x, range.x, bounds.width), y: band(raw.y, range.y, bounds.height))
  }

  /// The finger position (unstretched offset) that shows content at `shown`: the inverse
  /// of `bandedOffset`, so that a drag can pick up content that is stretched.
  func unbandedOffset(_ shown: Point) -> Point {
    let range = offsetRange
    return Point(
      x: unband(shown.x, range.x, bounds.width), y: unband(shown.y, range.y, bounds.height))
  }

  private func band(_ value: Double, _ range: ClosedRange<Double>, _ dimension: Double) -> Double {
    guard bounces else { return value.clamped(to: range) }
    if value < range.lowerBound {
      return range.lowerBound - Self.stretch(range.lowerBound - value, dimension)
    }
    if value > range.upperBound {
      return range.upperBound + Self.stretch(value - range.upperBound, dimension)
    }
    return value
  }

  private func unband(_ value: Double, _ range: ClosedRange<Double>, _ dimension: Double)
    -> Double
  {
    if value < range.lowerBound {
      return range.lowerBound - Self.unstretch(range.lowerBound - value, dimension)
    }
    if value > range.upperBound {
      return range.upperBound + Self.unstretch(value - range.upperBound, dimension)
    }
    return value
  }

  /// How far content shows past an edge when pulled `distance` past it: the resistance
  /// grows with the distance, and the stretch approaches `dimension`.
  static func stretch(_ distance: Double, _ dimension: Double) -> Double {
    guard dimension > 0 else { return 0 }
    return (1 - 1 / (distance * rubberBandCoefficient / dimension + 1)) * dimension
  }

  static func unstretch(_ shown: Double, _ dimension: Double) -> Double {
    guard dimension > 0 else { return 0 }
    let fraction = min(shown / dimension, 0.99)
    return shown / (rubberBandCoefficient * (1 - fraction))
  }
}
