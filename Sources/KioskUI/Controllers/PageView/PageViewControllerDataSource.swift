/// Gives a page view controller its pages, one at a time, when it needs them: the page
/// before and after the one shown. Return a new controller (or one you keep) each time;
/// the page view controller holds only the pages on screen.
///
/// ```swift
/// final class Album: PageViewControllerDataSource {
///   let photos: [Image]
///   func pageViewController(
///     _ pageViewController: PageViewController, viewControllerBefore viewController: ViewController
///   ) -> ViewController? {
///     guard let page = viewController as? PhotoPage, page.index > 0 else { return nil }
///     return PhotoPage(photos, index: page.index - 1)
///   }
///   func pageViewController(
///     _ pageViewController: PageViewController, viewControllerAfter viewController: ViewController
///   ) -> ViewController? {
///     guard let page = viewController as? PhotoPage, page.index + 1 < photos.count else { return nil }
///     return PhotoPage(photos, index: page.index + 1)
///   }
/// }
/// ```
@MainActor
public protocol PageViewControllerDataSource: AnyObject {
  /// The page before `viewController`, or `nil` when it is the first.
  func pageViewController(
    _ pageViewController: PageViewController, viewControllerBefore viewController: ViewController
  ) -> ViewController?

  /// The page after `viewController`, or `nil` when it is the last.
  func pageViewController(
    _ pageViewController: PageViewController, viewControllerAfter viewController: ViewController
  ) -> ViewController?

  /// How many pages there are, for the dots along the bottom. The default, 0, shows no
  /// dots; return the count to show them.
  func presentationCount(for pageViewController: PageViewController) -> Int

  /// Which dot (from 0) stands for the page shown. Asked after each change of page. The
  /// default is 0.
  func presentationIndex(for pageViewController: PageViewController) -> Int
}

extension PageViewControllerDataSource {
  /// No dots.
  public func presentationCount(for pageViewController: PageViewController) -> Int { 0 }

  /// The first dot.
  public func presentationIndex(for pageViewController: PageViewController) -> Int { 0 }
}

/// Learns when the user turns a page. Both methods have defaults that do nothing; changes
/// made with `setViewControllers(_:direction:animated:completion:)` are not reported.
@MainActor
public protocol PageViewControllerDelegate: AnyObject {
  /// A swipe is starting to bring `pendingViewControllers` on screen; it may still be
  /// cancelled.
  func pageViewController(
    _ pageViewController: PageViewController,
    willTransitionTo pendingViewControllers: [ViewController])

  /// The swipe is over: `completed` tells whether the new page stayed (`false`: the old
  /// one sprang back), `previousViewControllers` are the pages shown before it, and
  /// `finished` is false when the animation was cut short.
  func pageViewController(
    _ pageViewController: PageViewController, didFinishAnimating finished: Bool,
    previousViewControllers: [ViewController], transitionCompleted completed: Bool)
}

extension PageViewControllerDelegate {
  /// Does nothing.
  public func pageViewController(
    _ pageViewController: PageViewController,
    willTransitionTo pendingViewControllers: [ViewController]
  ) {}

  /// Does nothing.
  public func pageViewController(
    _ pageViewController: PageViewController, didFinishAnimating finished: Bool,
    previousViewControllers: [ViewController], transitionCompleted completed: Bool
  ) {}
}
