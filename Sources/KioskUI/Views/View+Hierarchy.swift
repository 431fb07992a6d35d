import KioskGraphics

extension View {
  /// The window the view is in, if any.
  public var window: Window? {
    var view: View? = self
    while let current = view {
      if let window = current as? Window { return window }
      view = current.superview
    }
    return nil
  }

  /// Adds `view` on top of the other subviews (moving it there if it is one already).
  public func addSubview(_ view: View) {
    insert(view, at: subviews.count)
  }

  /// Inserts `view` at `index` in the back-to-front order of the subviews.
  public func insertSubview(_ view: View, at index: Int) {
    insert(view, at: index)
  }

  /// Inserts `view` just above `sibling`.
  public func insertSubview(_ view: View, aboveSubview sibling: View) {
    guard let index = subviews.firstIndex(where: { $0 === sibling }) else {
      return addSubview(view)
    }
    // insert(_:at:) takes an index among the current subviews and accounts for the move.
    insert(view, at: index + 1)
  }

  /// Inserts `view` just below `sibling`.
  public func insertSubview(_ view: View, belowSubview sibling: View) {
    guard let index = subviews.firstIndex(where: { $0 === sibling }) else {
      return addSubview(view)
    }
    insert(view, at: index)
  }

  /// Moves a subview in front of its siblings.
  public func bringSubviewToFront(_ view: View) {
    guard view.superview === self else { return }
    insert(view, at: subviews.count)
  }

  /// Moves a subview behind its siblings.
  public func sendSubviewToBack(_ view: View) {
    guard view.superview === self else { return }
    insert(view, at: 0)
  }

  /// Swaps the subviews at two indexes.
  public func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
    guard subviews.indices.contains(index1), subviews.indices.contains(index2), index1 != index2
    else { return }
    subviews.swapAt(index1, index2)
    // The layers follow: the one for the lower index first, which pushes the other one
    // place up; insertSublayer(_:at:) counts indexes from before its own removal.
    let low = min(index1, index2)
    let high = max(index1, index2)
    layer.insertSublayer(subviews[low].layer, at: low)
    layer.insertSublayer(subviews[high].layer, at: high + 1)
  }

  /// Removes the view from its superview (and its window).
  public func removeFromSuperview() {
    guard let parent = superview else { return }
    let oldWindow = window
    let traitsBefore = oldWindow != nil ? traitsBeforeWindowMove() : nil
    parent.willRemoveSubview(self)
    willMove(toSuperview: nil)
    if oldWindow != nil { notifyWillMove(toWindow: nil) }
    let carried = LayoutEngine.viewWillLeaveSuperview(self)
    parent.subviews.removeAll { $0 === self }
    superview = nil
    LayoutEngine.viewDidMove(self, carrying: carried)
    layer.removeFromSuperlayer()
    if oldWindow != nil {
      notifyDidMoveToWindow()
      Application.shared.viewDidLeaveWindow(self)
      deliverTraitChanges(afterWindowMoveFrom: traitsBefore)
    }
    didMoveToSuperview()
    parent.setNeedsLayout()
  }

  /// Whether this view is `view` or inside it.
  public func isDescendant(of view: View) -> Bool {
    var current: View? = self
    while let v = current {
      if v === view { return true }
      current = v.superview
    }
    return false
  }

  private func insert(_ view: View, at index: Int) {
    guard view !== self, !isDescendant(of: view) else { return }
    var target = min(max(index, 0), subviews.count)
    if view.superview === self {
      // Only the order changes: no move callbacks. The layer gets the index from before the
      // move, because insertSublayer(_:at:) makes the same adjustment for the removal.
      layer.insertSublayer(view.layer, at: target)
      if let current = subviews.firstIndex(where: { $0 === view }) {
        subviews.remove(at: current)
        if current < target { target -= 1 }
      }
      target = min(target, subviews.count)
      subviews.insert(view, at: target)
      return
    }
    let oldWindow = view.window
    let newWindow = window
    let traitsBefore = oldWindow !== newWindow ? view.traitsBeforeWindowMove() : nil
    view.willMove(toSuperview: self)
    if oldWindow !== newWindow { view.notifyWillMove(toWindow: newWindow) }
    let carried = LayoutEngine.viewWillLeaveSuperview(view)
    if let oldParent = view.superview {
      oldParent.willRemoveSubview(view)
      oldParent.subviews.removeAll { $0 === view }
      oldParent.setNeedsLayout()
    }
    target = min(target, subviews.count)
    subviews.insert(view, at: target)
    view.superview = self
    LayoutEngine.viewDidMove(view, carrying: carried)
    layer.insertSublayer(view.layer, at: target)
    if oldWindow !== newWindow {
      view.notifyDidMoveToWindow()
      if oldWindow != nil { Application.shared.viewDidLeaveWindow(view) }
      view.deliverTraitChanges(afterWindowMoveFrom: traitsBefore)
    }
    view.didMoveToSuperview()
    didAddSubview(view)
    view.setNeedsLayout()
    setNeedsLayout()
  }

  func notifyWillMove(toWindow newWindow: Window?) {
    appearanceWillMove(toWindow: newWindow)
    willMove(toWindow: newWindow)
    for subview in subviews { subview.notifyWillMove(toWindow: newWindow) }
  }

  func notifyDidMoveToWindow() {
    didMoveToWindow()
    appearanceDidMoveToWindow()
    for subview in subviews { subview.notifyDidMoveToWindow() }
  }
}

/// A view held weakly (lists of views that must not keep them alive: those that asked for
/// `updateConstraints()`, those that read `keyboardLayoutGuide`).
struct WeakView {
  weak var view: View?
}
