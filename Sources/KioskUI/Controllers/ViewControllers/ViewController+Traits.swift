import KioskGraphics

/// What a controller keeps about traits: the collection it was last told about, and the
/// overrides it applies to its children.
@MainActor
struct TraitState {
  struct Override {
    weak var child: ViewController?
    var traits: TraitCollection
  }

  /// The collection last passed to this controller (or noted before a change), against
  /// which the next one is compared; `nil` until the controller takes part in a change.
  var delivered: TraitCollection?
  var overrides: [Override] = []
}

extension ViewController {
  /// The traits this controller works in: its parent's (with the parent's override for it),
  /// its presenter's when presented, or its window's when it is a window's root. Read it in
  /// `viewDidLoad()`, layout and `traitCollectionDidChange(_:)`.
  public var traitCollection: TraitCollection {
    if let parent {
      let inherited = parent.traitCollection
      guard let childOverride = parent.overrideTraitCollection(forChild: self) else {
        return inherited
      }
      return inherited.applying(childOverride)
    }
    if let presenter = presentingStorage { return presenter.traitCollection }
    if let window = hostWindow { return window.traitCollection }
    return traitState.delivered ?? Screen.main.traitCollection
  }

  /// Overrides some of the traits `child` inherits from this controller (`nil` removes the
  /// override). The traits `collection` leaves unspecified are still inherited. If the
  /// child's view is loaded, the child and its descendants whose traits change get
  /// `traitCollectionDidChange(_:)` at once.
  ///
  /// ```swift
  /// setOverrideTraitCollection(TraitCollection(horizontalSizeClass: .compact), forChild: list)
  /// ```
  public func setOverrideTraitCollection(
    _ collection: TraitCollection?, forChild child: ViewController
  ) {
    // A child whose view is not loaded has not used its traits yet: it is not told.
    if child.isViewLoaded { child.noteTraitCollections() }
    traitState.overrides.removeAll { $0.child == nil || $0.child === child }
    if let collection { traitState.overrides.append(.init(child: child, traits: collection)) }
    guard child.parent === self else { return }
    child.updateTraitCollections()
  }

  /// The override this controller applies to `child`'s traits, if any.
  public func overrideTraitCollection(forChild child: ViewController) -> TraitCollection? {
    traitState.overrides.first { $0.child === child }?.traits
  }

  /// The window whose root this controller is (its view may be out of the window, covered
  /// by a full-screen presentation).
  private var hostWindow: Window? {
    if let window = loadedView?.window, window.rootController === self { return window }
    for screen in Screen.all {
      if let window = screen.trackedWindows.first(where: { $0.rootController === self }) {
        return window
      }
    }
    return loadedView?.window
  }

  // MARK: Passes over a controller tree

  /// The controllers below this one that get traits and size changes from it: children,
  /// then the presented controller.
  private var traitDescendants: [ViewController] {
    var result = children
    if let presented = presentedStorage { result.append(presented) }
    return result
  }

  /// Notes the traits of this tree before a change, so that the change can be compared
  /// with them (controllers that already know their traits keep them).
  func noteTraitCollections() {
    if traitState.delivered == nil { traitState.delivered = traitCollection }
    for controller in traitDescendants { controller.noteTraitCollections() }
  }

  /// Passes the current traits down this tree: every controller whose traits differ from
  /// those it knew gets `traitCollectionDidChange(_:)`, parents before children.
  func updateTraitCollections() {
    let current = traitCollection
    let previous = traitState.delivered
    traitState.delivered = current
    if let previous, previous != current { traitCollectionDidChange(previous) }
    for controller in traitDescendants { controller.updateTraitCollections() }
  }

  /// The default of `viewWillTransition(to:with:)`: children get the sizes this container
  /// gives them, and the presented controller the size of what it covers.
  func forwardViewWillTransition(
    to size: Size, with coordinator: ViewControllerTransitionCoordinator
  ) {
    for child in children {
      let childSize = self.size(forChildContentContainer: child, withParentContainerSize: size)
      child.viewWillTransition(to: childSize, with: coordinator)
    }
    guard let presented = presentedStorage, let presentation = presented.presentationStorage
    else { return }
    presented.viewWillTransition(to: presentation.presentedSize(inArea: size), with: coordinator)
  }
}

extension PresentationController {
  /// The size of the presented view when the area the presentation covers becomes `size`.
  func presentedSize(inArea size: Size) -> Size {
    switch presentationStyle {
    case .fullScreen, .overFullScreen, .currentContext, .overCurrentContext:
      return size
    case .formSheet, .pageSheet, .automatic:
      return contentFrame(in: Rect(origin: .zero, size: size)).size
    case .popover, .custom:
      // Placed by the popover's arrow or the custom presentation's own frame, which is
      // known only once the area has its new size: the size it has now.
      return presentedViewController.viewIfLoaded?.bounds.size ?? size
    }
  }
}

extension View {
  /// The traits this view is shown in: its controller's if it is a controller's view, else
  /// its superview's, else its window's (or the main screen's when it is in none).
  public var traitCollection: TraitCollection {
    var view: View? = self
    while let current = view {
      if let controller = current.owningViewController { return controller.traitCollection }
      if let window = current as? Window { return window.ownTraitCollection }
      view = current.superview
    }
    return Screen.main.traitCollection
  }
}

extension Window {
  /// The traits of the window's area: its size in points by the kiosk rule (see
  /// `TraitCollection`) and its screen's scale, with the accessibility settings' traits.
  var ownTraitCollection: TraitCollection {
    TraitCollection(size: bounds.size, displayScale: screen.scale)
      .applying(Application.shared.accessibilitySettings.traits)
  }
}
