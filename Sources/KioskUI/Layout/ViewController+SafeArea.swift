import KioskGraphics

extension ViewController {
  /// The smallest layout margins the root view has (while
  /// `viewRespectsSystemMinimumLayoutMargins` is on), and its margins unless set: none at
  /// the top and bottom, 16 points at the sides, 20 when the view is horizontally regular,
  /// as in UIKit.
  public var systemMinimumLayoutMargins: DirectionalEdgeInsets {
    let side = traitCollection.horizontalSizeClass == .regular ? 20.0 : 16.0
    return DirectionalEdgeInsets(top: 0, leading: side, bottom: 0, trailing: side)
  }

  /// The view's safe area from `inherited` (its superview's, where it overlaps the view):
  /// widened by the bars of the container this controller is a child of where they cover
  /// the view, then grown by `additionalSafeAreaInsets`.
  func safeAreaInsets(adjusting inherited: EdgeInsets) -> EdgeInsets {
    var insets = inherited
    if let view = loadedView, let bars = parent?.barsCovering(view) {
      insets = insets.union(bars)
    }
    return insets.adding(additionalSafeAreaInsets.union(.zero))
  }

  /// How far this container's bars cover `view` (a child's view) from its top and bottom.
  /// A navigation bar covers from the top, a tab bar from the bottom; hidden bars cover
  /// nothing.
  private func barsCovering(_ view: View) -> EdgeInsets? {
    let top: View?
    let bottom: View?
    if let navigation = self as? NavigationController {
      (top, bottom) = (navigation.navigationBar, nil)
    } else if let tabs = self as? TabBarController {
      (top, bottom) = (nil, tabs.tabBar)
    } else {
      return nil
    }
    var insets = EdgeInsets.zero
    let bounds = view.bounds
    if let top, !top.isHidden, top.superview != nil {
      let covered = view.convert(top.bounds, from: top).intersection(bounds)
      if !covered.isEmpty { insets.top = covered.maxY - bounds.minY }
    }
    if let bottom, !bottom.isHidden, bottom.superview != nil {
      let covered = view.convert(bottom.bounds, from: bottom).intersection(bounds)
      if !covered.isEmpty { insets.bottom = bounds.maxY - covered.minY }
    }
    return insets
  }
}
