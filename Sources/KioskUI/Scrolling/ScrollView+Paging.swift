import KioskGraphics

extension ScrollView {
  /// How quickly paged content glides onto its page.
  static let pagingRate = DecelerationRate(rawValue: 0.985)
  /// A release faster than this (points per second) turns the page in its direction.
  static let pageFlickSpeed = 250.0

  /// The page offset the content settles on after a release at `velocity` (points per
  /// second): the next page in the direction of a flick, else the nearest one, and never
  /// more than one page from where the drag started.
  func pageOffset(velocity: Point) -> Point {
    let offset = contentOffset
    let range = offsetRange
    let size = bounds.size
    let start = isDragging || velocity != .zero ? dragStartContentOffset : offset
    func axis(
      _ value: Double, _ start: Double, _ velocity: Double, _ page: Double,
      _ range: ClosedRange<Double>
    ) -> Double {
      guard page > 0 else { return value.clamped(to: range) }
      let current = value / page
      let startPage = (start / page).rounded()
      var target: Double
      if abs(velocity) > Self.pageFlickSpeed {
        target = velocity > 0 ? current.rounded(.down) + 1 : current.rounded(.up) - 1
      } else {
        target = current.rounded()
      }
      target = min(max(target, startPage - 1), startPage + 1)
      return (target * page).clamped(to: range)
    }
    return Point(
      x: scrollsHorizontally
        ? axis(offset.x, start.x, velocity.x, size.width, range.x) : offset.x.clamped(to: range.x),
      y: scrollsVertically
        ? axis(offset.y, start.y, velocity.y, size.height, range.y) : offset.y.clamped(to: range.y))
  }
}
