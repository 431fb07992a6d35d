import KioskGraphics

extension ScrollView {
  /// How quickly paged content glides onto its page.
  static let pagingRate = DecelerationRate(rawValue: 0.985)
  /// A release faster than this (points per second) turns the page in its direction.
  static let pageFlickSpeed = 250.0

  /// The page offset the content settles on after a release at `velocity` (points per
  /// second): the next page boundary in the direction of a flick, else the nearest page.
  /// The glide never carries it further, however fast the flick.
  func pageOffset(velocity: Point) -> Point {
    let offset = contentOffset
    let range = offsetRange
    let size = bounds.size
    func axis(_ value: Double, _ velocity: Double, _ page: Double, _ range: ClosedRange<Double>)
      -> Double
    {
      guard page > 0 else { return value.clamped(to: range) }
      let current = value / page
      let target: Double
      if abs(velocity) > Self.pageFlickSpeed {
        target = velocity > 0 ? current.rounded(.down) + 1 : current.rounded(.up) - 1
      } else {
        target = current.rounded()
      }
      return (target * page).clamped(to: range)
    }
    return Point(
      x: scrollsHorizontally
        ? axis(offset.x, velocity.x, size.width, range.x) : offset.x.clamped(to: range.x),
      y: scrollsVertically
        ? axis(offset.y, velocity.y, size.height, range.y) : offset.y.clamped(to: range.y))
  }
}
