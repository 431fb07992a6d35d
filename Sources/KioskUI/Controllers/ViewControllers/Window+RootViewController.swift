extension Window {
  /// The controller whose view fills the window. Setting it loads the controller's view,
  /// puts it in the window at the window's size (it resizes with the window) and, while
  /// the window is visible, makes it appear: the old root gets `viewWillDisappear`, the
  /// new one `viewWillAppear`, then the views swap, then the old root gets
  /// `viewDidDisappear` and the new one `viewDidAppear`. In a hidden window the new root
  /// appears with `makeKeyAndVisible()`.
  ///
  /// ```swift
  /// let window = Window(screen: .main)
  /// window.rootViewController = MenuController()
  /// window.makeKeyAndVisible()
  /// ```
  public var rootViewController: ViewController? {
    get { rootController }
    set { replaceRootViewController(with: newValue) }
  }

  private func replaceRootViewController(with newRoot: ViewController?) {
    let oldRoot = rootController
    guard newRoot !== oldRoot else { return }
    rootController = newRoot
    let newView = newRoot?.view
    if !isHidden {
      // Both transitions begin before either view moves; each ends when its move is done.
      oldRoot?.viewWillChangeVisibility(appearing: false)
      newRoot?.viewWillChangeVisibility(appearing: true)
    }
    var index = subviews.count
    if let oldView = oldRoot?.viewIfLoaded, oldView.superview === self {
      index = subviews.firstIndex { $0 === oldView } ?? index
      oldView.removeFromSuperview()
    }
    if let newView {
      newView.frame = bounds
      newView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      insertSubview(newView, at: index)
    }
    // The moves ended the transitions; these end any whose view did not move.
    oldRoot?.viewDidChangeVisibility()
    newRoot?.viewDidChangeVisibility()
  }
}
