import KioskGraphics

/// Decides whether a tab may be selected and learns when one was. Both methods have
/// defaults.
@MainActor
public protocol TabBarControllerDelegate: AnyObject {
  /// Whether the user may select `viewController`'s tab (asked for taps only). The default
  /// is `true`.
  func tabBarController(
    _ tabBarController: TabBarController, shouldSelect viewController: ViewController
  ) -> Bool

  /// The user tapped `viewController`'s tab and it is now selected (also when it was
  /// already selected).
  func tabBarController(
    _ tabBarController: TabBarController, didSelect viewController: ViewController)
}

extension TabBarControllerDelegate {
  /// Lets every tab be selected.
  public func tabBarController(
    _ tabBarController: TabBarController, shouldSelect viewController: ViewController
  ) -> Bool { true }

  /// Does nothing.
  public func tabBarController(
    _ tabBarController: TabBarController, didSelect viewController: ViewController
  ) {}
}

/// A container that divides an app into modes: a tab bar along the bottom with one tab per
/// child, and the selected child's view above it. The tabs show each child's
/// `tabBarItem` (title, image, badge); a tab may hold a navigation controller. The
/// semantics of UIKit's `UITabBarController`.
///
/// ```swift
/// let worldClock = NavigationController(rootViewController: WorldClockController())
/// worldClock.tabBarItem = TabBarItem(title: "World Clock", image: globe, tag: 0)
/// let tabs = TabBarController()
/// tabs.setViewControllers([worldClock, alarms, stopwatch, timer], animated: false)
/// window.rootViewController = tabs
/// ```
///
/// Only the selected child gets appearance callbacks; a switch of tabs gives the new one
/// `viewWillAppear(_:)`, the old one `viewWillDisappear(_:)` and `viewDidDisappear(_:)`,
/// then the new one `viewDidAppear(_:)`.
@MainActor
open class TabBarController: ViewController {
  private var tabs: [ViewController] = []
  private var selection = 0
  /// Where the selected child's view goes: the area above the tab bar.
  let contentView = View()

  /// The bar along the bottom, owned by this controller.
  public let tabBar = TabBar(frame: .zero)

  /// Decides about and learns of the user's selections.
  public weak var delegate: TabBarControllerDelegate?

  /// Creates a tab bar controller without tabs.
  public override init() {
    super.init()
    tabBar.itemTapped = { [weak self] index in self?.userTappedTab(at: index) }
  }

  // MARK: Tabs

  /// The children, one per tab, left to right. Setting it replaces them without
  /// animation.
  public var viewControllers: [ViewController]? {
    get { tabs.isEmpty ? nil : tabs }
    set { setViewControllers(newValue, animated: false) }
  }

  /// Replaces the tabs. The selected controller stays selected if it is still a tab;
  /// otherwise the tab at the same index (or the last one) is selected. Controllers that
  /// leave get `willMove(toParent: nil)` and `didMove(toParent: nil)`, new ones
  /// `willMove(toParent:)` and `didMove(toParent:)`.
  open func setViewControllers(_ viewControllers: [ViewController]?, animated: Bool) {
    // Sets of identities, not searches of the arrays: thousands of tabs stay linear.
    var unique: [ViewController] = []
    var seen = Set<ObjectIdentifier>()
    for controller in viewControllers ?? [] where seen.insert(ObjectIdentifier(controller)).inserted
    {
      unique.append(controller)
    }
    let oldTabs = tabs
    let oldSelected = selectedViewController
    let old = Set(oldTabs.map(ObjectIdentifier.init))
    let added = unique.filter { !old.contains(ObjectIdentifier($0)) }
    let removed = oldTabs.filter { !seen.contains(ObjectIdentifier($0)) }
    for controller in added { addChild(controller) }
    for controller in removed { controller.willMove(toParent: nil) }
    tabs = unique
    if let oldSelected, let index = unique.firstIndex(where: { $0 === oldSelected }) {
      selection = index
    } else {
      selection = min(selection, max(unique.count - 1, 0))
    }
    tabBar.setItems(unique.map(\.tabBarItem), animated: animated)
    tabBar.selectedItem = selectedViewController?.tabBarItem
    showSelected(selectedViewController, replacing: oldSelected, animated: animated)
    for controller in removed { controller.removeFromParent() }
    for controller in added { controller.didMove(toParent: self) }
  }

  /// The index of the selected tab. Setting it shows that tab (out of range: nothing
  /// happens); the delegate is not asked.
  public var selectedIndex: Int {
    get { selection }
    set {
      guard tabs.indices.contains(newValue), newValue != selection else { return }
      let old = selectedViewController
      selection = newValue
      tabBar.selectedItem = selectedViewController?.tabBarItem
      showSelected(selectedViewController, replacing: old, animated: false)
    }
  }

  /// The selected child. Setting it to one of the tabs selects that tab.
  public var selectedViewController: ViewController? {
    get { tabs.indices.contains(selection) ? tabs[selection] : nil }
    set {
      guard let newValue, let index = tabs.firstIndex(where: { $0 === newValue }) else { return }
      selectedIndex = index
    }
  }

  private func userTappedTab(at index: Int) {
    guard tabs.indices.contains(index) else { return }
    let controller = tabs[index]
    if let delegate, !delegate.tabBarController(self, shouldSelect: controller) { return }
    selectedIndex = index
    delegate?.tabBarController(self, didSelect: controller)
  }

  // MARK: Showing the selected tab

  /// Swaps the selected child's view in. On screen the new child gets
  /// `viewWillAppear(_:)` before the old one's `viewWillDisappear(_:)`, and
  /// `viewDidAppear(_:)` last.
  private func showSelected(_ new: ViewController?, replacing old: ViewController?, animated: Bool)
  {
    guard new !== old, isViewLoaded else { return }
    let visible = appearanceState == .appeared || appearanceState == .appearing
    if visible {
      new?.beginAppearanceTransition(true, animated: animated)
      old?.beginAppearanceTransition(false, animated: animated)
    } else if old?.appearanceState == .disappearing {
      old?.endAppearanceTransition()
    }
    old?.viewIfLoaded?.removeFromSuperview()
    if let new {
      new.view.frame = contentView.bounds
      contentView.addSubview(new.view)
    }
    if visible {
      old?.endAppearanceTransition()
      new?.endAppearanceTransition()
      // A screen reader starts again at the new tab's screen.
      Accessibility.post(notification: .screenChanged)
    }
  }

  /// Makes the container view: the content area with the selected child's view, and the
  /// tab bar along the bottom.
  open override func loadView() {
    let container = TabBarContainerView(frame: Screen.main.bounds)
    container.controller = self
    container.backgroundColor = .white
    container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    contentView.clipsToBounds = true
    contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    container.addSubview(contentView)
    tabBar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
    container.addSubview(tabBar)
    view = container
    if let selected = selectedViewController { contentView.addSubview(selected.view) }
    layoutContainer()
  }

  /// Places the tab bar along the bottom and the content above it.
  func layoutContainer() {
    guard let container = viewIfLoaded else { return }
    let bounds = container.bounds
    let barHeight = TabBar.standardHeight
    tabBar.frame = Rect(
      x: 0, y: bounds.height - barHeight, width: bounds.width, height: barHeight)
    contentView.frame = Rect(
      x: 0, y: 0, width: bounds.width, height: max(0, bounds.height - barHeight))
    if let selectedView = selectedViewController?.viewIfLoaded,
      selectedView.superview === contentView
    {
      selectedView.frame = contentView.bounds
    }
  }

  // MARK: Appearance

  /// The tab bar controller hands its appearance to the selected child itself.
  open override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

  /// Passes the appearance on to the selected child; call `super` when overriding.
  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    guard let selected = selectedViewController else { return }
    if selected.viewIfLoaded?.superview !== contentView {
      selected.view.frame = contentView.bounds
      contentView.addSubview(selected.view)
    }
    selected.beginAppearanceTransition(true, animated: animated)
  }

  /// Passes the appearance on to the selected child; call `super` when overriding.
  open override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    selectedViewController?.endAppearanceTransition()
  }

  /// Passes the disappearance on to the selected child; call `super` when overriding.
  open override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    selectedViewController?.beginAppearanceTransition(false, animated: animated)
  }

  /// Passes the disappearance on to the selected child; call `super` when overriding.
  open override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    selectedViewController?.endAppearanceTransition()
  }
}

/// The tab bar controller's view: it lays out the bar and the content whenever its size
/// changes.
@MainActor
final class TabBarContainerView: View {
  weak var controller: TabBarController?

  override func layoutSubviews() {
    super.layoutSubviews()
    controller?.layoutContainer()
  }
}
