extension ViewController {
  /// Makes `child` a child of this controller. It calls `child.willMove(toParent: self)`;
  /// then the container adds the child's view to its own (placing and sizing it) and calls
  /// `child.didMove(toParent: self)`. A child of another container leaves that one first.
  ///
  /// ```swift
  /// addChild(list)
  /// list.view.frame = Rect(x: 0, y: 0, width: 320, height: view.bounds.height)
  /// view.addSubview(list.view)
  /// list.didMove(toParent: self)
  /// ```
  public func addChild(_ child: ViewController) {
    // Only a controller with children can be an ancestor: the walk up this controller's
    // parents is skipped for a new leaf, so building a chain of n levels stays linear.
    guard child !== self, child.parent !== self, child.children.isEmpty || !isDescendant(of: child)
    else { return }
    if child.parent != nil { child.removeFromParent() }
    child.movingToParent = true
    child.willMove(toParent: self)
    children.append(child)
    child.parent = self
  }

  /// Removes this controller from its parent and calls `didMove(toParent: nil)`. The
  /// container first calls `willMove(toParent: nil)` and removes the child's view.
  ///
  /// ```swift
  /// list.willMove(toParent: nil)
  /// list.view.removeFromSuperview()
  /// list.removeFromParent()
  /// ```
  public func removeFromParent() {
    guard let parent else { return }
    parent.children.removeAll { $0 === self }
    parent.forwardedAppearanceChildren.removeAll { $0 === self }
    self.parent = nil
    didMove(toParent: nil)
    movingFromParent = false
  }

  /// Swaps two children's views with an animation: `to`'s view is added next to `from`'s,
  /// `animations` run over `duration` seconds, then `from`'s view is removed and
  /// `completion` is called. Both must be children of this controller, and `from`'s view
  /// must be in a superview. Set `to.view.frame` before calling.
  ///
  /// When this container forwards appearance automatically and has appeared, the children
  /// get `from.viewWillDisappear`, `to.viewWillAppear` before the animations and
  /// `from.viewDidDisappear`, `to.viewDidAppear` after them. Containment calls stay the
  /// caller's (`willMove(toParent: nil)` before, `removeFromParent()` and
  /// `didMove(toParent:)` in `completion`).
  ///
  /// ```swift
  /// addChild(next)
  /// current.willMove(toParent: nil)
  /// next.view.frame = current.view.frame
  /// transition(from: current, to: next, duration: 0.3, animations: {
  ///   next.view.alpha = 1
  /// }) { _ in
  ///   current.removeFromParent()
  ///   next.didMove(toParent: self)
  /// }
  /// ```
  public func transition(
    from fromController: ViewController, to toController: ViewController, duration: Double,
    options: AnimationOptions = [], animations: (() -> Void)?,
    completion: ((Bool) -> Void)? = nil
  ) {
    guard fromController.parent === self, toController.parent === self,
      fromController !== toController, let container = fromController.viewIfLoaded?.superview
    else { return }
    let forwards = shouldAutomaticallyForwardAppearanceMethods && appearanceState == .appeared
    let animated = duration > 0
    if forwards {
      fromController.startAppearanceTransition(false, animated: animated)
      toController.startAppearanceTransition(true, animated: animated)
    }
    let toView = toController.view
    if let fromView = fromController.viewIfLoaded {
      container.insertSubview(toView, aboveSubview: fromView)
    }
    View.animate(
      withDuration: duration, delay: 0, options: options, animations: { animations?() },
      completion: { finished in
        fromController.viewIfLoaded?.removeFromSuperview()
        if forwards {
          fromController.endAppearanceTransition()
          toController.endAppearanceTransition()
        }
        completion?(finished)
      })
  }

  /// Whether this controller is `controller` or one of its descendants.
  private func isDescendant(of controller: ViewController) -> Bool {
    var current: ViewController? = self
    while let candidate = current {
      if candidate === controller { return true }
      current = candidate.parent
    }
    return false
  }
}
