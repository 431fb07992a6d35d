extension Accessibility {
  /// A fraction (0…1) spoken as a whole percentage, "50%", as UIKit's sliders and progress
  /// views give their value.
  static func percent(_ fraction: Double) -> String {
    let clamped = fraction.isFinite ? min(max(fraction, 0), 1) : 0
    return "\(Int((clamped * 100).rounded()))%"
  }

  /// A position in a set, "2 of 3", as UIKit speaks segments, tabs and pages (`index` from
  /// 0).
  static func position(_ index: Int, of count: Int) -> String {
    "\(index + 1) of \(count)"
  }
}
