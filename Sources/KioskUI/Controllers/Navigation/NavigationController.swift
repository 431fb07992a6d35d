import KioskGraphics

/// Learns when a navigation controller shows a new controller on top of its stack. Both
/// methods have defaults that do nothing.
@MainActor
public protocol NavigationControllerDelegate: AnyObject {
  /// `viewController` is about to be shown (pushed, popped back to, or made the top by
  /// `setViewControllers`), before the transition starts.
  func navigationController(
    _ navigationController: NavigationController, willShow viewController: ViewController,
    animated: Bool)

  /// `viewController` is shown and the transition that brought it is over.
  func navigationController(
    _ navigationController: NavigationController, didShow viewController: ViewController,
    animated: Bool)
}

extension NavigationControllerDelegate {
  /// Does nothing.
  public func navigationController(
    _ navigationController: NavigationController, willShow viewController: ViewController,
    animated: Bool
  ) {}

  /// Does nothing.
  public func navigationController(
    _ navigationController: NavigationController, didShow viewController: ViewController,
    animated: Bool
  ) {}
}

/// A container that shows hierarchical content one screen at a time: a stack of
/// controllers of which only the top one is on screen, under a navigation bar with its
/// title, its bar button items and a back button. Pushing slides the new screen in from
/// the right; the back button, or a swipe from the left edge, pops it. The semantics of
/// UIKit's `UINavigationController`.
///
/// ```swift
/// let navigation = NavigationController(rootViewController: RecipeListController())
/// window.rootViewController = navigation
/// // later, in RecipeListController:
/// navigationController?.pushViewController(RecipeController(recipe), animated: true)
/// ```
///
/// Configure what the bar shows through each controller's `navigationItem`; only the
/// controller on top gets appearance callbacks, in the orders of UIKit.
@MainActor
open class NavigationController: ViewController {
  /// How long a push or pop slides, in seconds.
  static let transitionDuration = 0.35
  /// How far (a fraction of the width) the screen underneath moves while the top one
  /// slides over it.
  static let parallax = 0.3

  /// The stack, bottom (the root) first.
  var stack: [ViewController] = []
  /// The push, pop or replacement being animated, if any.
  var runningTransition: NavigationTransition?
  /// The edge swipe in progress, if any.
  var interactivePop: InteractivePop?
  /// The controller the delegate last heard was shown.
  weak var shownController: ViewController?
  /// Where the children's views go: the area below the bar.
  let contentView = View()
  private var barHidden = false
  private let edgePanDelegate = EdgePanDelegate()

  /// The bar along the top, owned by this controller. Its items follow the stack.
  public let navigationBar = NavigationBar(frame: .zero)

  /// The swipe from the left edge that pops the top controller; disable it to turn the
  /// gesture off. It starts at the left edge of this controller's view (which is the
  /// screen's unless the controller sits in a column).
  public let interactivePopGestureRecognizer = ScreenEdgePanGestureRecognizer()

  /// Hears when a controller is about to be shown and has been shown.
  public weak var delegate: NavigationControllerDelegate?

  /// Creates a navigation controller with `rootViewController` at the bottom of its stack.
  public init(rootViewController: ViewController) {
    super.init()
    setUp()
    guard !(rootViewController is NavigationController) else { return }
    stack = [rootViewController]
    addChild(rootViewController)
    rootViewController.didMove(toParent: self)
    navigationBar.setItems([rootViewController.navigationItem], animated: false)
  }

  /// Creates a navigation controller with an empty stack; give it controllers with
  /// `setViewControllers(_:animated:)` or `pushViewController(_:animated:)`.
  public override init() {
    super.init()
    setUp()
  }

  private func setUp() {
    navigationBar.backButtonAction = { [weak self] in self?.popViewController(animated: true) }
    edgePanDelegate.navigationController = self
    interactivePopGestureRecognizer.delegate = edgePanDelegate
    interactivePopGestureRecognizer.maximumNumberOfTouches = 1
    interactivePopGestureRecognizer.edges = .left
    interactivePopGestureRecognizer.measuresFromViewEdges = true
    interactivePopGestureRecognizer.addTarget(self) { navigation, pan in
      navigation.handleEdgePan(pan)
    }
  }

  // MARK: The stack

  /// The controllers on the stack, the root first and the top last. Setting it replaces
  /// the stack without animation, as `setViewControllers(_:animated:)` does.
  public var viewControllers: [ViewController] {
    get { stack }
    set { setViewControllers(newValue, animated: false) }
  }

  /// Pushes `controller`, animated: what `show(_:sender:)` means inside a navigation stack.
  open override func show(_ controller: ViewController, sender: Any?) {
    pushViewController(controller, animated: true)
  }

  /// The controller on top of the stack: the one on screen.
  public var topViewController: ViewController? { stack.last }

  /// The controller whose view is on screen: what the top controller presents (the top of
  /// its chain of presentations), else the top controller.
  public var visibleViewController: ViewController? {
    var visible = topViewController
    while let presented = visible?.presentedViewController { visible = presented }
    return visible
  }

  /// Puts `viewController` on top of the stack and shows it; `animated` slides it in from
  /// the right over the current top. A controller already on the stack, or another
  /// navigation controller, is not pushed.
  open func pushViewController(_ viewController: ViewController, animated: Bool) {
    guard !stack.contains(where: { $0 === viewController }),
      !(viewController is NavigationController)
    else { return }
    changeStack(to: stack + [viewController], direction: .push, animated: animated)
  }

  /// Removes the top controller and shows the one below it; `animated` slides the top one
  /// off to the right. Returns the controller popped, or `nil` when only the root is left.
  @discardableResult
  open func popViewController(animated: Bool) -> ViewController? {
    finishTransitions()
    guard stack.count > 1, let top = stack.last else { return nil }
    changeStack(to: Array(stack.dropLast()), direction: .pop, animated: animated)
    return top
  }

  /// Pops every controller above the root; only the top one and the root see the
  /// transition. Returns the controllers popped (bottom first), or `nil` when there were
  /// none.
  @discardableResult
  open func popToRootViewController(animated: Bool) -> [ViewController]? {
    finishTransitions()
    guard let root = stack.first else { return nil }
    return popToViewController(root, animated: animated)
  }

  /// Pops the controllers above `viewController`, which must be on the stack. Returns the
  /// controllers popped (bottom first), or `nil` when `viewController` is not on the
  /// stack or already on top.
  @discardableResult
  open func popToViewController(_ viewController: ViewController, animated: Bool)
    -> [ViewController]?
  {
    finishTransitions()
    guard let index = stack.firstIndex(where: { $0 === viewController }),
      index < stack.count - 1
    else { return nil }
    let popped = Array(stack[(index + 1)...])
    changeStack(to: Array(stack[...index]), direction: .pop, animated: animated)
    return popped
  }

  /// Replaces the whole stack. When the top changes, the old top and the new one get
  /// appearance callbacks (controllers in between get none); `animated` slides like a push
  /// when the new top was not on the stack, like a pop when it was. Controllers leaving
  /// the stack get `willMove(toParent: nil)` and `didMove(toParent: nil)`, new ones
  /// `willMove(toParent:)` and `didMove(toParent:)`. Repeated controllers keep their first
  /// place.
  open func setViewControllers(_ viewControllers: [ViewController], animated: Bool) {
    finishTransitions()
    var unique: [ViewController] = []
    for controller in viewControllers
    where !(controller is NavigationController) && !unique.contains(where: { $0 === controller }) {
      unique.append(controller)
    }
    let topWasOnStack = unique.last.map { top in stack.contains { $0 === top } } ?? true
    changeStack(to: unique, direction: topWasOnStack ? .pop : .push, animated: animated)
  }

  // MARK: The bar

  /// Whether the navigation bar is hidden; the content then fills the whole view.
  public var isNavigationBarHidden: Bool {
    get { barHidden }
    set { setNavigationBarHidden(newValue, animated: false) }
  }

  /// Hides or shows the navigation bar; `animated` slides it up or down.
  public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
    guard hidden != barHidden else { return }
    barHidden = hidden
    guard let container = viewIfLoaded else { return }
    navigationBar.isHidden = false
    let layout = {
      container.setNeedsLayout()
      container.layoutIfNeeded()
    }
    guard animated, container.window != nil else {
      layout()
      navigationBar.isHidden = hidden
      return
    }
    View.animate(withDuration: Self.transitionDuration / 1.5, animations: layout) {
      [weak self] _ in
      guard let self else { return }
      self.navigationBar.isHidden = self.barHidden
    }
  }

  // MARK: The view

  /// Makes the container view: the content area with the top controller's view, and the
  /// navigation bar above it.
  open override func loadView() {
    let container = NavigationContainerView(frame: Screen.main.bounds)
    container.controller = self
    container.backgroundColor = .white
    container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    contentView.clipsToBounds = true
    contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    container.addSubview(contentView)
    navigationBar.autoresizingMask = [.flexibleWidth]
    container.addSubview(navigationBar)
    navigationBar.isHidden = barHidden
    container.addGestureRecognizer(interactivePopGestureRecognizer)
    view = container
    if let top = stack.last {
      contentView.addSubview(top.view)
    }
    layoutContainer()
  }

  /// Places the bar along the top and the content below it, and sizes the top
  /// controller's view to the content (unless a transition is moving it).
  func layoutContainer() {
    guard let container = viewIfLoaded else { return }
    let bounds = container.bounds
    let barHeight = NavigationBar.standardHeight
    navigationBar.frame = Rect(
      x: 0, y: barHidden ? -barHeight : 0, width: bounds.width, height: barHeight)
    let top = barHidden ? 0 : barHeight
    contentView.frame = Rect(
      x: 0, y: top, width: bounds.width, height: max(0, bounds.height - top))
    if runningTransition == nil, interactivePop == nil,
      let topView = stack.last?.viewIfLoaded, topView.superview === contentView
    {
      topView.frame = contentView.bounds
    }
  }

  // MARK: Appearance

  /// The navigation controller hands its appearance to the top controller itself, so that
  /// pushes and pops can give the two controllers they swap their callbacks in order.
  open override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

  /// Passes the appearance on to the top controller; call `super` when overriding.
  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    guard let top = stack.last else { return }
    if top.viewIfLoaded?.superview !== contentView { contentView.addSubview(top.view) }
    if shownController !== top {
      delegate?.navigationController(self, willShow: top, animated: animated)
    }
    top.beginAppearanceTransition(true, animated: animated)
  }

  /// Passes the appearance on to the top controller; call `super` when overriding.
  open override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    guard runningTransition == nil, let top = stack.last else { return }
    top.endAppearanceTransition()
    if shownController !== top {
      shownController = top
      delegate?.navigationController(self, didShow: top, animated: animated)
    }
  }

  /// Ends any transition at once and passes the disappearance on to the top controller;
  /// call `super` when overriding.
  open override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    finishTransitions()
    stack.last?.beginAppearanceTransition(false, animated: animated)
  }

  /// Passes the disappearance on to the top controller; call `super` when overriding.
  open override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    stack.last?.endAppearanceTransition()
  }
}

/// The navigation controller's view: it lays out the bar and the content whenever its
/// size changes.
@MainActor
final class NavigationContainerView: View {
  weak var controller: NavigationController?

  override func layoutSubviews() {
    super.layoutSubviews()
    controller?.layoutContainer()
  }

  /// Escape (a screen reader's scrub, a keypad's Cancel/Back): back to the previous screen,
  /// as the back button goes; false at the root, so that the escape goes further up.
  override func accessibilityPerformEscape() -> Bool {
    guard let controller, controller.viewControllers.count > 1,
      !controller.navigationBar.isHidden,
      controller.topViewController?.navigationItem
        .hidesBackButton != true
    else { return false }
    return controller.popViewController(animated: true) != nil
  }
}
