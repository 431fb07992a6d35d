import KioskGraphics

/// Hears how a scroll view moves: dragging, deceleration after the finger lifts, animated
/// scrolls. Every method has a default that does nothing, so implement only what you need.
///
/// The order for a flick is: `scrollViewWillBeginDragging`, `scrollViewDidScroll`…,
/// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`,
/// `scrollViewDidEndDragging(_:willDecelerate:)`, `scrollViewWillBeginDecelerating`,
/// `scrollViewDidScroll`…, `scrollViewDidEndDecelerating`.
///
/// ```swift
/// extension GalleryController: ScrollViewDelegate {
///   func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
///     pageLabel.text = "\(Int(scrollView.contentOffset.x / scrollView.bounds.width) + 1)"
///   }
/// }
/// ```
@MainActor
public protocol ScrollViewDelegate: AnyObject {
  /// The content offset changed (by a drag, deceleration, an animation or your code).
  func scrollViewDidScroll(_ scrollView: ScrollView)
  /// A finger started to drag the content.
  func scrollViewWillBeginDragging(_ scrollView: ScrollView)
  /// The finger lifted. `velocity` is in points per millisecond, in the direction the
  /// content offset moves (as UIKit measures it); `targetContentOffset` is where the
  /// content will come to rest. Change it to make the content stop somewhere else, such as
  /// on a row boundary; the scroll view then glides there.
  func scrollViewWillEndDragging(
    _ scrollView: ScrollView, withVelocity velocity: Point,
    targetContentOffset: inout Point)
  /// Dragging ended; `decelerate` says whether the content keeps moving (momentum,
  /// bouncing back or settling on a page).
  func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
  /// The content starts to glide after the finger lifted.
  func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
  /// The content came to rest after gliding. Not called when a touch stops it.
  func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
  /// An animated scroll started by `setContentOffset(_:animated:)` or
  /// `scrollRectToVisible(_:animated:)` ended.
  func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)

  // Zooming: see ScrollView+Zooming.swift (the defaults are there too).

  /// The view that zooms when the content is pinched (a subview of the scroll view), or
  /// `nil` (the default) for a scroll view that does not zoom.
  func viewForZooming(in scrollView: ScrollView) -> View?
  /// Zooming is about to start: a pinch began, or an animated zoom from code.
  func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?)
  /// The zoom scale changed (a pinch, an animation's frame, code).
  func scrollViewDidZoom(_ scrollView: ScrollView)
  /// Zooming ended at `scale`: the pinch ended (after springing back within the limits,
  /// if it went past them), or an animated zoom from code finished.
  func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double)
}

extension ScrollViewDelegate {
  /// Does nothing.
  public func scrollViewDidScroll(_ scrollView: ScrollView) {}
  /// Does nothing.
  public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
  /// Leaves the target as it is.
  public func scrollViewWillEndDragging(
    _ scrollView: ScrollView, withVelocity velocity: Point,
    targetContentOffset: inout Point
  ) {}
  /// Does nothing.
  public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
  /// Does nothing.
  public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
  /// Does nothing.
  public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
  /// Does nothing.
  public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}
