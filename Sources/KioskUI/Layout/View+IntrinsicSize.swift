import KioskGraphics

extension View {
  /// The value of a dimension of `intrinsicContentSize` that the content does not suggest
  /// (-1, as UIKit's `UIView.noIntrinsicMetric`).
  public static let noIntrinsicMetric = -1.0

  /// Tells the view's layout that `intrinsicContentSize` changed: its intrinsic-size
  /// constraints are made again at the next layout pass, and a `StackView` that arranges
  /// the view lays out again (and a stack that arranges that stack, and so on up). The built-in views call it when their content changes
  /// (a label's text or font, a button's title or image, an image view's image).
  public func invalidateIntrinsicContentSize() {
    LayoutEngine.intrinsicContentSizeDidChange(self)
    guard layoutAttributes.isArranged, let stack = superview as? StackView else { return }
    stack.arrangedSubviewDidChange(visibility: false)
  }

  /// How strongly the view keeps from growing beyond its intrinsic size along `axis`: of
  /// the arranged views of a `.fill` stack view, the one with the lowest hugging priority
  /// takes the room to spare. The default is `.defaultLow` (250).
  public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
    axis == .horizontal ? layoutAttributes.horizontalHugging : layoutAttributes.verticalHugging
  }

  /// Sets how strongly the view keeps from growing beyond its intrinsic size along `axis`.
  public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
    guard priority != contentHuggingPriority(for: axis) else { return }
    if axis == .horizontal {
      layoutAttributes.horizontalHugging = priority
    } else {
      layoutAttributes.verticalHugging = priority
    }
    invalidateIntrinsicContentSize()
  }

  /// How strongly the view keeps from shrinking below its intrinsic size along `axis`: of
  /// the arranged views of a stack view that do not fit, the one with the lowest
  /// compression resistance shrinks first. The default is `.defaultHigh` (750).
  public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
    axis == .horizontal
      ? layoutAttributes.horizontalCompressionResistance
      : layoutAttributes.verticalCompressionResistance
  }

  /// Sets how strongly the view keeps from shrinking below its intrinsic size along `axis`.
  public func setContentCompressionResistancePriority(
    _ priority: LayoutPriority, for axis: LayoutAxis
  ) {
    guard priority != contentCompressionResistancePriority(for: axis) else { return }
    if axis == .horizontal {
      layoutAttributes.horizontalCompressionResistance = priority
    } else {
      layoutAttributes.verticalCompressionResistance = priority
    }
    invalidateIntrinsicContentSize()
  }

  /// An arranged subview was shown or hidden: its stack view lays out again, inside the
  /// current animation block if there is one, so that the other views slide into place.
  func arrangedVisibilityDidChange() {
    guard let stack = superview as? StackView else { return }
    stack.arrangedSubviewDidChange(visibility: true)
    if AnimationEngine.isInsideAnimationBlock { stack.layoutIfNeeded() }
  }
}

extension AnimationEngine {
  /// Whether changes made now are animated (inside `View.animate`, animations not off).
  static var isInsideAnimationBlock: Bool {
    disabledDepth == 0 && !(contexts.last.map { $0.duration <= 0 } ?? true)
  }
}
