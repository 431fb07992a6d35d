import KioskGraphics

extension View {
  /// Where a finger reaches the view, in its own coordinates: the bounds, or, for the small
  /// controls that accept touches around themselves (a switch, a stepper and its halves, a
  /// segmented control and its segments, a slider), the bounds grown to at least 44×44 pt.
  /// Their `point(inside:with:)` and the accessibility audit use it.
  ///
  /// A type switch rather than an overridable property on purpose: a new overridable member
  /// of `View` changes its vtable, and SwiftPM's incremental builds have been seen not to
  /// recompile subclasses in other modules after such a change (they then crash).
  var touchTargetArea: Rect {
    switch self {
    case is Switch, is Stepper, is StepperSignView, is SegmentedControl, is SegmentContentView,
      is Slider:
      bounds.expanded(toAtLeast: 44)
    default: bounds
    }
  }
}
