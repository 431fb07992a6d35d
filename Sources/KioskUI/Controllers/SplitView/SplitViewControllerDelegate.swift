/// Hears when a split view collapses and expands or changes its display mode, and may take
/// over what happens then and on show requests. Every method has a default.
@MainActor
public protocol SplitViewControllerDelegate: AnyObject {
  /// The display mode is about to change to `displayMode`.
  func splitViewController(
    _ splitViewController: SplitViewController,
    willChangeTo displayMode: SplitViewController.DisplayMode)

  /// The split view is collapsing (the screen became compact across): return `true` to
  /// show the primary over the secondary once collapsed (for instance when nothing is
  /// selected yet), `false` (the default) to show the secondary alone.
  func splitViewController(
    _ splitViewController: SplitViewController,
    collapseSecondary secondaryViewController: ViewController,
    onto primaryViewController: ViewController
  ) -> Bool

  /// The split view is expanding: return the controller to show as the secondary beside the
  /// primary, or `nil` (the default) to keep the current secondary.
  func splitViewController(
    _ splitViewController: SplitViewController,
    separateSecondaryFrom primaryViewController: ViewController
  ) -> ViewController?

  /// The split view collapsed.
  func splitViewControllerDidCollapse(_ splitViewController: SplitViewController)

  /// The split view expanded.
  func splitViewControllerDidExpand(_ splitViewController: SplitViewController)

  /// `show(_:sender:)` reached the split view: return `true` if you showed `controller`
  /// yourself; `false` (the default) makes it the primary.
  func splitViewController(
    _ splitViewController: SplitViewController, show controller: ViewController, sender: Any?
  ) -> Bool

  /// `showDetailViewController(_:sender:)` reached the split view: return `true` if you
  /// showed `controller` yourself; `false` (the default) makes it the secondary.
  func splitViewController(
    _ splitViewController: SplitViewController, showDetail controller: ViewController,
    sender: Any?
  ) -> Bool
}

extension SplitViewControllerDelegate {
  /// Does nothing.
  public func splitViewController(
    _ splitViewController: SplitViewController,
    willChangeTo displayMode: SplitViewController.DisplayMode
  ) {}

  /// Shows the secondary alone.
  public func splitViewController(
    _ splitViewController: SplitViewController,
    collapseSecondary secondaryViewController: ViewController,
    onto primaryViewController: ViewController
  ) -> Bool { false }

  /// Keeps the current secondary.
  public func splitViewController(
    _ splitViewController: SplitViewController,
    separateSecondaryFrom primaryViewController: ViewController
  ) -> ViewController? { nil }

  /// Does nothing.
  public func splitViewControllerDidCollapse(_ splitViewController: SplitViewController) {}

  /// Does nothing.
  public func splitViewControllerDidExpand(_ splitViewController: SplitViewController) {}

  /// Lets the split view make `controller` the primary.
  public func splitViewController(
    _ splitViewController: SplitViewController, show controller: ViewController, sender: Any?
  ) -> Bool { false }

  /// Lets the split view make `controller` the secondary.
  public func splitViewController(
    _ splitViewController: SplitViewController, showDetail controller: ViewController,
    sender: Any?
  ) -> Bool { false }
}
