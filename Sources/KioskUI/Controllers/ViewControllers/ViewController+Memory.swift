extension ViewController {
  /// Every controller created and not yet released, so that a memory warning reaches them
  /// all (on screen, deep in a stack, in a hidden tab), held weakly.
  private static var live: [WeakViewController] = []
  private static var liveCountAfterPruning = 0

  static func register(_ controller: ViewController) {
    live.append(WeakViewController(controller))
    // Released controllers leave empty entries behind; sweep them now and then.
    if live.count > 2 * liveCountAfterPruning + 16 {
      live.removeAll { $0.controller == nil }
      liveCountAfterPruning = live.count
    }
  }

  /// The controllers alive, each container before its children (depth first, children in
  /// order), the trees in the order their roots were created.
  static var liveControllersInTreeOrder: [ViewController] {
    live.removeAll { $0.controller == nil }
    liveCountAfterPruning = live.count
    let all = live.compactMap(\.controller)
    var seen = Set<ObjectIdentifier>()
    var ordered: [ViewController] = []
    ordered.reserveCapacity(all.count)
    func visit(_ controller: ViewController) {
      guard seen.insert(ObjectIdentifier(controller)).inserted else { return }
      ordered.append(controller)
      for child in controller.children { visit(child) }
    }
    for controller in all where controller.parent == nil { visit(controller) }
    // A child whose container is no longer alive was reached above (it has no parent).
    return ordered
  }

  /// Sends `didReceiveMemoryWarning()` to every controller alive, containers before their
  /// children, so that a container's view goes before its children's.
  static func sendMemoryWarning() {
    for controller in liveControllersInTreeOrder { controller.didReceiveMemoryWarning() }
  }

  /// Whether a controller on a screen is in the middle of appearing or disappearing (a
  /// push, a pop, an edge swipe, a presentation, a page turn).
  static var isAnyControllerInTransition: Bool {
    live.contains { entry in
      guard let controller = entry.controller,
        controller.appearanceState == .appearing || controller.appearanceState == .disappearing,
        let window = controller.loadedView?.window
      else { return false }
      return window.layer.hostedBy != nil
    }
  }

  // MARK: Unloading

  /// The default of `didReceiveMemoryWarning()`: releases the view if it is loaded, not in
  /// a window, and not inside the view of a container that keeps its own.
  func releaseViewIfOffScreen() {
    guard let view = loadedView, !isLoadingView, view.window == nil, !isViewHeldByParent
    else { return }
    unloadView()
  }

  /// Whether the view is inside the loaded view of this controller's container (which
  /// decides for both: the child's view goes when the container's goes).
  private var isViewHeldByParent: Bool {
    guard let view = loadedView, let parentView = parent?.loadedView else { return false }
    return view.isDescendant(of: parentView)
  }

  /// Releases the view: `viewWillUnload()`, the children's views inside it taken out (each
  /// child decides about its own when its warning comes), the view out of its superview
  /// with its backing stores released, `viewDidUnload()`.
  private func unloadView() {
    guard let view = loadedView else { return }
    viewWillUnload()
    for child in children {
      guard let childView = child.loadedView, childView !== view, childView.isDescendant(of: view)
      else { continue }
      childView.removeFromSuperview()
    }
    view.removeFromSuperview()
    // Subviews the controller keeps in properties outlive the view: their pixels go now.
    view.layer.releaseBackingStoresInTree()
    if view.owningViewController === self { view.owningViewController = nil }
    loadedView = nil
    forwardedAppearanceChildren = []
    windowOwnsAppearanceTransition = false
    viewDidUnload()
  }
}

@MainActor
private struct WeakViewController {
  weak var controller: ViewController?

  init(_ controller: ViewController) {
    self.controller = controller
  }
}
