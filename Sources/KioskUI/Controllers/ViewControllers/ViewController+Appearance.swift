extension ViewController {
  /// Whether the controller is appearing because it was just added to a container (true
  /// from `addChild(_:)` until its first appearance, or the container's
  /// `didMove(toParent:)`, is over).
  public var isMovingToParent: Bool { movingToParent }

  /// Whether the controller is disappearing because its container is removing it (true
  /// from `willMove(toParent: nil)` until its disappearance, or `removeFromParent()`, is
  /// over).
  public var isMovingFromParent: Bool { movingFromParent }

  /// Starts an appearance transition: `true` calls `viewWillAppear(_:)`, `false`
  /// `viewWillDisappear(_:)`. Containers that do not forward appearance automatically
  /// call it on their children; `endAppearanceTransition()` finishes the transition.
  ///
  /// The callbacks keep to one cycle: a controller that is appearing or has appeared gets
  /// no second `viewWillAppear(_:)`, and starting the opposite transition midway cancels
  /// the current one (a `viewWillAppear(_:)` followed by `viewWillDisappear(_:)`).
  ///
  /// ```swift
  /// override func viewWillAppear(_ animated: Bool) {
  ///   super.viewWillAppear(animated)
  ///   current.beginAppearanceTransition(true, animated: animated)
  /// }
  /// override func viewDidAppear(_ animated: Bool) {
  ///   super.viewDidAppear(animated)
  ///   current.endAppearanceTransition()
  /// }
  /// ```
  public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
    startAppearanceTransition(isAppearing, animated: animated)
  }

  /// Finishes the appearance transition in progress: `viewDidAppear(_:)` after an
  /// appearing one, `viewDidDisappear(_:)` after a disappearing one. Does nothing when no
  /// transition is in progress.
  public func endAppearanceTransition() {
    let animated = appearanceIsAnimated
    switch appearanceState {
    case .appearing:
      appearanceState = .appeared
      viewDidAppear(animated)
      movingToParent = false
    case .disappearing:
      appearanceState = .disappeared
      viewDidDisappear(animated)
      movingFromParent = false
    case .appeared, .disappeared:
      return
    }
    let forwarded = forwardedAppearanceChildren
    forwardedAppearanceChildren = []
    for child in forwarded { child.endAppearanceTransition() }
  }

  /// Moves the state machine; returns whether anything happened (a request that repeats
  /// the current direction is ignored).
  @discardableResult
  func startAppearanceTransition(_ isAppearing: Bool, animated: Bool) -> Bool {
    // A controller never appears without its view (UIKit's viewDidLoad comes first).
    if isAppearing { loadViewIfNeeded() }
    switch (appearanceState, isAppearing) {
    case (.disappeared, true), (.disappearing, true):
      // From .disappearing this cancels a disappearance: the controller stays with its parent.
      movingFromParent = false
      appearanceState = .appearing
      appearanceIsAnimated = animated
      viewWillAppear(animated)
    case (.appeared, false), (.appearing, false):
      movingToParent = false
      appearanceState = .disappearing
      appearanceIsAnimated = animated
      viewWillDisappear(animated)
    case (.appearing, true), (.appeared, true), (.disappearing, false), (.disappeared, false):
      return false
    }
    forwardAppearanceTransition(isAppearing, animated: animated)
    return true
  }

  /// Passes a transition on to the children whose views are in this controller's view,
  /// unless this container forwards by hand.
  private func forwardAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
    forwardedAppearanceChildren = []
    guard shouldAutomaticallyForwardAppearanceMethods, let root = loadedView else { return }
    for child in children {
      guard let childView = child.loadedView, childView.isDescendant(of: root) else { continue }
      if child.startAppearanceTransition(isAppearing, animated: animated) {
        forwardedAppearanceChildren.append(child)
      }
    }
  }

  // MARK: Driven by the window

  /// Whether entering and leaving a visible window drives this controller's appearance:
  /// true unless a container above it forwards appearance by hand.
  var isAppearanceDrivenByWindow: Bool {
    var ancestor = parent
    while let container = ancestor {
      if !container.shouldAutomaticallyForwardAppearanceMethods { return false }
      ancestor = container.parent
    }
    return true
  }

  /// The view is about to enter (`true`) or leave a visible window.
  func viewWillChangeVisibility(appearing: Bool, animated: Bool = false) {
    guard isAppearanceDrivenByWindow else { return }
    if startAppearanceTransition(appearing, animated: animated) {
      windowOwnsAppearanceTransition = true
    }
  }

  /// The view entered or left the visible window: ends the transition the move began.
  func viewDidChangeVisibility() {
    guard windowOwnsAppearanceTransition else { return }
    windowOwnsAppearanceTransition = false
    endAppearanceTransition()
  }
}

extension View {
  /// Whether the view is in a window that is shown.
  var isInVisibleWindow: Bool {
    guard let window else { return false }
    return !window.isHidden
  }

  /// Before the view moves to `newWindow`: its controller starts to appear or disappear
  /// when the move changes whether it is in a visible window.
  func appearanceWillMove(toWindow newWindow: Window?) {
    guard let controller = owningViewController else { return }
    let visibleAfter = newWindow.map { !$0.isHidden } ?? false
    guard visibleAfter != isInVisibleWindow else { return }
    controller.viewWillChangeVisibility(appearing: visibleAfter)
  }

  /// After the move: the transition the move began ends.
  func appearanceDidMoveToWindow() {
    owningViewController?.viewDidChangeVisibility()
  }

  /// The window this view is in is about to be shown (`true`) or hidden: every controller
  /// whose view is in this subtree starts to appear or disappear, containers first.
  func appearanceWillChangeWindowVisibility(visible: Bool) {
    owningViewController?.viewWillChangeVisibility(appearing: visible)
    for subview in subviews { subview.appearanceWillChangeWindowVisibility(visible: visible) }
  }

  /// The window was shown or hidden: the transitions that began end.
  func appearanceDidChangeWindowVisibility() {
    owningViewController?.viewDidChangeVisibility()
    for subview in subviews { subview.appearanceDidChangeWindowVisibility() }
  }
}
