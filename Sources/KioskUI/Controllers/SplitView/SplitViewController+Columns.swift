import KioskGraphics

extension SplitViewController {
  /// The primary column is narrow: its controller is horizontally compact even when the
  /// split view is regular.
  static let primaryColumnTraits = TraitCollection(horizontalSizeClass: .compact)

  /// The arrangement used when expanded.
  var expandedArrangement: DisplayMode {
    preferredDisplayMode == .automatic ? .oneBesideSecondary : preferredDisplayMode
  }

  /// The arrangement the preferences ask for in the current state.
  var preferredArrangement: DisplayMode {
    guard isCollapsed else { return expandedArrangement }
    return preferredDisplayMode == .oneOverSecondary ? .oneOverSecondary : .secondaryOnly
  }

  func primaryColumnWidth(forWidth width: Double) -> Double {
    let wanted = max(
      (width * preferredPrimaryColumnWidthFraction).rounded(), minimumPrimaryColumnWidth)
    return max(min(wanted, (width * 0.8).rounded()), 0)
  }

  // MARK: Collapsing and expanding

  /// Arranges the columns when the view loads: collapsed (with the delegate's say, as when
  /// the screen turns) or expanded (quietly: the split view starts that way).
  func arrangeColumnsInitially() {
    hasArrangedColumns = true
    if traitCollection.horizontalSizeClass == .compact {
      collapseColumns()
      return
    }
    isCollapsed = false
    if let primary = primaryStorage {
      setOverrideTraitCollection(Self.primaryColumnTraits, forChild: primary)
    }
    changeDisplayMode(to: expandedArrangement, animated: false, notifying: false)
  }

  /// Puts the views of the current display mode back into a view that loaded again (a
  /// memory warning released the one before); a change of traits in the meantime is
  /// caught up with at the next layout.
  func restoreColumns() {
    if displayMode != .secondaryOnly, let primary = primaryStorage {
      insertInOrder(primary.view)
      insertInOrder(separatorView)
    }
    if displayMode == .oneOverSecondary {
      dimmingView.alpha = 1
      insertInOrder(dimmingView)
    }
    layoutColumns()
  }

  /// Collapses or expands when the horizontal size class changed.
  func updateCollapsedState() {
    guard hasArrangedColumns else { return }
    let collapse = traitCollection.horizontalSizeClass == .compact
    guard collapse != isCollapsed else { return }
    if collapse { collapseColumns() } else { expandColumns() }
  }

  private func collapseColumns() {
    isCollapsed = true
    var showsPrimary = preferredDisplayMode == .oneOverSecondary || secondaryStorage == nil
    if let primary = primaryStorage {
      setOverrideTraitCollection(nil, forChild: primary)
      if let secondary = secondaryStorage,
        delegate?.splitViewController(self, collapseSecondary: secondary, onto: primary) == true
      {
        showsPrimary = true
      }
    }
    let mode: DisplayMode =
      showsPrimary && primaryStorage != nil ? .oneOverSecondary : .secondaryOnly
    changeDisplayMode(to: mode, animated: false)
    delegate?.splitViewControllerDidCollapse(self)
  }

  private func expandColumns() {
    isCollapsed = false
    if let primary = primaryStorage {
      if let separate = delegate?.splitViewController(self, separateSecondaryFrom: primary) {
        replace(.secondary, with: separate)
      }
      setOverrideTraitCollection(Self.primaryColumnTraits, forChild: primary)
    }
    changeDisplayMode(to: expandedArrangement, animated: false)
    delegate?.splitViewControllerDidExpand(self)
  }

  // MARK: Children

  /// Puts `new` in `column` in place of the controller there. Containment: `new` gets
  /// `willMove(toParent:)` first and `didMove(toParent:)` last; the old one
  /// `willMove(toParent: nil)` and, once its view left, `didMove(toParent: nil)`. If the
  /// column is on screen, the old one gets wD, the new one wA, then the views swap, then
  /// the old one gets dD and the new one dA.
  func replace(_ column: Column, with new: ViewController?) {
    let old = viewController(for: column)
    guard new !== old else { return }
    // A controller already in the other column stays there.
    if let new, new === primaryStorage || new === secondaryStorage { return }
    if let new { addChild(new) }
    old?.willMove(toParent: nil)
    if column == .primary {
      primaryStorage = new
      if let old { traitState.overrides.removeAll { $0.child === old } }
      if let new, !isCollapsed {
        setOverrideTraitCollection(Self.primaryColumnTraits, forChild: new)
      }
    } else {
      secondaryStorage = new
    }
    if hasArrangedColumns { swapViews(of: column, from: old, to: new) }
    old?.removeFromParent()
    if let new {
      new.didMove(toParent: self)
      new.updateTraitCollections()
    }
    if column == .primary, new == nil, displayMode != .secondaryOnly {
      changeDisplayMode(to: .secondaryOnly, animated: false)
    }
  }

  private func swapViews(of column: Column, from old: ViewController?, to new: ViewController?) {
    let oldView = old?.viewIfLoaded.flatMap { $0.superview === view ? $0 : nil }
    let showsNew = new != nil && (column == .secondary || displayMode != .secondaryOnly)
    let visible = view.isInVisibleWindow
    if visible {
      if oldView != nil { old?.viewWillChangeVisibility(appearing: false) }
      if showsNew { new?.viewWillChangeVisibility(appearing: true) }
    }
    oldView?.removeFromSuperview()
    if showsNew, let new { insertInOrder(new.view) }
    old?.viewDidChangeVisibility()
    new?.viewDidChangeVisibility()
    layoutColumns()
  }

  /// Inserts `subview` at its place in the stack: secondary, dimming, primary, separator.
  func insertInOrder(_ subview: View) {
    guard subview.superview !== view else { return }
    let rank = stackRank(of: subview)
    let index = view.subviews.firstIndex { stackRank(of: $0) > rank } ?? view.subviews.count
    view.insertSubview(subview, at: index)
  }

  private func stackRank(of subview: View) -> Int {
    if subview === secondaryStorage?.viewIfLoaded { return 0 }
    if subview === dimmingView { return 1 }
    if subview === primaryStorage?.viewIfLoaded { return 2 }
    if subview === separatorView { return 3 }
    return 4
  }

  // MARK: Display modes

  /// Changes the arrangement. Views that enter or leave the window get their appearance
  /// callbacks: at once, or when `animated` (and on screen) wA/wD before the overlay slides
  /// and dA/dD after it.
  func changeDisplayMode(to requested: DisplayMode, animated: Bool, notifying: Bool = true) {
    let mode = requested == .automatic ? expandedArrangement : requested
    guard mode != displayMode else {
      if hasArrangedColumns { layoutColumns() }
      return
    }
    if notifying { delegate?.splitViewController(self, willChangeTo: mode) }
    displayMode = mode
    overlayGeneration += 1
    guard hasArrangedColumns else { return }
    let generation = overlayGeneration
    let animated = animated && view.isInVisibleWindow
    let showsPrimary = mode != .secondaryOnly && primaryStorage != nil
    let width = primaryColumnWidth(forWidth: view.bounds.width)
    var started: [ViewController] = []
    if let primary = primaryStorage {
      let primaryView = primary.view
      let inView = primaryView.superview === view
      if showsPrimary && !inView {
        if animated { started += primaryView.beginPresentationAppearance(true, animated: true) }
        insertInOrder(primaryView)
        if animated {
          primaryView.frame = Rect(x: -width - 1, y: 0, width: width, height: view.bounds.height)
        }
      } else if !showsPrimary && inView && animated {
        started += primaryView.beginPresentationAppearance(false, animated: true)
      }
    }
    if showsPrimary { insertInOrder(separatorView) }
    if mode == .oneOverSecondary {
      if dimmingView.superview !== view { dimmingView.alpha = animated ? 0 : 1 }
      insertInOrder(dimmingView)
    }

    let finish = { [self] in
      guard generation == overlayGeneration else { return }
      if displayMode == .secondaryOnly {
        if let primaryView = primaryStorage?.viewIfLoaded, primaryView.superview === view {
          primaryView.removeFromSuperview()
        }
        separatorView.removeFromSuperview()
      }
      if displayMode != .oneOverSecondary { dimmingView.removeFromSuperview() }
      for controller in started { controller.endAppearanceTransition() }
    }
    guard animated else {
      finish()
      layoutColumns()
      return
    }
    View.animate(
      withDuration: Self.overlayDuration,
      animations: { [self] in
        layoutColumns()
        dimmingView.alpha = mode == .oneOverSecondary ? 1 : 0
        if !showsPrimary, let primaryView = primaryStorage?.viewIfLoaded {
          let height = view.bounds.height
          primaryView.frame = Rect(x: -width - 1, y: 0, width: width, height: height)
          separatorView.frame = Rect(x: -1, y: 0, width: 1, height: height)
        }
      }, completion: { _ in finish() })
  }

  /// Places the columns for the display mode.
  func layoutColumns() {
    guard let view = viewIfLoaded else { return }
    let bounds = view.bounds
    let width = primaryColumnWidth(forWidth: bounds.width)
    let height = bounds.height
    let primaryView = primaryStorage?.viewIfLoaded
    let secondaryView = secondaryStorage?.viewIfLoaded
    switch displayMode {
    case .oneBesideSecondary where primaryView != nil:
      primaryView?.frame = Rect(x: 0, y: 0, width: width, height: height)
      separatorView.frame = Rect(x: width, y: 0, width: 1, height: height)
      secondaryView?.frame = Rect(
        x: width + 1, y: 0, width: max(bounds.width - width - 1, 0), height: height)
    case .oneOverSecondary where primaryView != nil:
      secondaryView?.frame = bounds
      dimmingView.frame = bounds
      primaryView?.frame = Rect(x: 0, y: 0, width: width, height: height)
      separatorView.frame = Rect(x: width, y: 0, width: 1, height: height)
    default:
      secondaryView?.frame = bounds
    }
  }

  // MARK: Parts

  func makeSeparatorView() -> View {
    let separator = View(frame: .zero)
    separator.backgroundColor = .separator
    return separator
  }

  func makeDimmingView() -> View {
    let dimming = View(frame: .zero)
    dimming.backgroundColor = Color(white: 0, alpha: 0.3)
    dimming.addGestureRecognizer(
      TapGestureRecognizer(target: self) { split, _ in split.hide(.primary) })
    return dimming
  }

  func makeEdgeSwipe() -> ScreenEdgePanGestureRecognizer {
    let pan = ScreenEdgePanGestureRecognizer(target: self) { split, pan in
      split.edgeSwipeChanged(pan)
    }
    pan.edges = .left
    pan.measuresFromViewEdges = true
    pan.delegate = gestureHelper
    return pan
  }

  private func edgeSwipeChanged(_ pan: PanGestureRecognizer) {
    guard pan.state == .ended else { return }
    let distance = pan.translation(in: view).x
    let speed = pan.velocity(in: view).x
    if distance >= 40 || speed >= 500 { show(.primary) }
  }
}

/// Lets the edge swipe begin only at the left edge, while the primary is hidden, and for a
/// movement to the right.
@MainActor
final class SplitGestureHelper: GestureRecognizerDelegate {
  weak var split: SplitViewController?

  func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch)
    -> Bool
  {
    guard let split, split.presentsWithGesture, split.displayMode == .secondaryOnly,
      split.primaryStorage != nil, let view = split.viewIfLoaded
    else { return false }
    return touch.location(in: view).x <= ScreenEdgePanGestureRecognizer.edgeWidth
  }

  func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    guard let pan = gestureRecognizer as? PanGestureRecognizer, let view = split?.viewIfLoaded
    else { return false }
    let moved = pan.translation(in: view)
    return moved.x > abs(moved.y)
  }
}
