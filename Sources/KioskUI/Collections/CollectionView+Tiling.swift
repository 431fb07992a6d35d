import KioskGraphics

extension CollectionView {
  /// The data source's counts, asked for once after each reload.
  func currentItemCounts() -> [Int] {
    if let itemCounts { return itemCounts }
    let counts = fetchItemCounts()
    itemCounts = counts
    layout.needsPrepare = true
    return counts
  }

  func fetchItemCounts() -> [Int] {
    guard let dataSource else { return [] }
    let sections = max(0, dataSource.numberOfSections(in: self))
    return (0..<sections).map {
      max(0, dataSource.collectionView(self, numberOfItemsInSection: $0))
    }
  }

  /// Brings the layout up to date: counts asked for, the bounds change offered to the
  /// layout, `prepare()` run if needed.
  func prepareLayout() {
    _ = currentItemCounts()
    if let tiledBounds, tiledBounds != bounds,
      layout.shouldInvalidateLayout(forBoundsChange: bounds)
    {
      layout.needsPrepare = true
    }
    tiledBounds = bounds
    layout.prepareIfNeeded()
  }

  // MARK: Tiling

  /// Gives the elements in view their views (reusing those that scrolled off) and places
  /// them by the layout; the views of elements no longer in view go to the queues.
  func layoutElements() {
    guard !isTiling else { return }
    isTiling = true
    defer { isTiling = false }
    // Self-sizing cells shown in a pass can change the layout: it is prepared and the
    // elements placed again until no cell in view changes its size (bounded).
    for _ in 0..<16 {
      cellsPreferredOtherSizes = false
      tileOnce()
      guard cellsPreferredOtherSizes else { return }
    }
  }

  private func tileOnce() {
    prepareLayout()
    let size = layout.collectionViewContentSize
    if contentSize != size { contentSize = size }
    if !isTracking, !isDecelerating, horizontalMotion == nil, verticalMotion == nil,
      clampedOffset(contentOffset) != contentOffset
    {
      // The content got smaller than where it was scrolled to.
      contentOffset = clampedOffset(contentOffset)
      tiledBounds = bounds
    }
    // Two passes: the views that stay are placed first and the others leave, so that the
    // elements coming into view get the views that left.
    tilingMark &+= 1
    let visible = bounds
    layout.forEachElement(in: visible) { placement in placeShown(placement) }
    removeUnmarkedViews()
    layout.forEachElement(in: visible) { placement in showNew(placement) }
  }

  /// Places the view of an element that already has one.
  private func placeShown(_ placement: CollectionElementPlacement) {
    let shown =
      if let kind = placement.kind {
        visibleSupplementaryViews[
          SupplementaryElementKey(kind: kind, indexPath: placement.indexPath)]
      } else {
        visibleCellsByIndexPath[placement.indexPath]
      }
    guard let shown else { return }
    shown.tilingMark = tilingMark
    apply(placement, to: shown)
  }

  /// Gives an element that has no view one from the data source.
  private func showNew(_ placement: CollectionElementPlacement) {
    if let kind = placement.kind {
      let key = SupplementaryElementKey(kind: kind, indexPath: placement.indexPath)
      guard visibleSupplementaryViews[key] == nil,
        let view = makeSupplementaryView(kind: kind, at: placement.indexPath)
      else { return }
      visibleSupplementaryViews[key] = view
      show(view, placement)
      collectionDelegate?.collectionView(
        self, willDisplaySupplementaryView: view, forElementKind: kind, at: placement.indexPath)
    } else if visibleCellsByIndexPath[placement.indexPath] == nil,
      let cell = makeCell(at: placement.indexPath)
    {
      visibleCellsByIndexPath[placement.indexPath] = cell
      cell.isHighlighted = false
      cell.isSelected = selectedIndexPaths.contains(placement.indexPath)
      show(cell, placement)
      collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: placement.indexPath)
      askForPreferredAttributes(cell, placement)
    }
  }

  /// A self-sizing layout's item shown for the first time: its cell says what size it
  /// wants, and the layout takes it if it differs.
  private func askForPreferredAttributes(
    _ cell: CollectionViewCell, _ placement: CollectionElementPlacement
  ) {
    guard layout.needsPreferredAttributes(forItemAt: placement.indexPath) else { return }
    let original = CollectionViewLayoutAttributes(forCellWith: placement.indexPath)
    original.size = placement.size
    original.center = placement.center
    let preferred = cell.preferredLayoutAttributesFitting(original)
    preferred.indexPath = placement.indexPath
    guard
      layout.shouldInvalidateLayout(
        forPreferredLayoutAttributes: preferred, withOriginalAttributes: original)
    else { return }
    layout.takePreferredAttributes(preferred)
    cellsPreferredOtherSizes = true
  }

  /// The data source's cell for the item, set up without animation even during an
  /// animated update (as UIKit does), so that what it sets does not animate.
  private func makeCell(at indexPath: IndexPath) -> CollectionViewCell? {
    guard let dataSource else { return nil }
    var cell: CollectionViewCell?
    View.performWithoutAnimation {
      cell = dataSource.collectionView(self, cellForItemAt: indexPath)
    }
    return cell
  }

  private func makeSupplementaryView(kind: String, at indexPath: IndexPath)
    -> CollectionReusableView?
  {
    guard let dataSource else { return nil }
    var view: CollectionReusableView?
    View.performWithoutAnimation {
      view = dataSource.collectionView(
        self, viewForSupplementaryElementOfKind: kind, at: indexPath)
    }
    return view
  }

  /// Puts a new view in place: from where a batch update has it arrive (without
  /// animation), then to its place (animated inside an update's animation block).
  private func show(_ view: CollectionReusableView, _ placement: CollectionElementPlacement) {
    view.tilingMark = tilingMark
    View.performWithoutAnimation {
      apply(arrival?(placement) ?? placement, to: view)
    }
    apply(placement, to: view)
    if view.superview !== self { insertByZIndex(view) }
  }

  /// Sets a view's size, centre, transform, alpha, visibility and order from a placement,
  /// each only if it changed.
  func apply(_ placement: CollectionElementPlacement, to view: CollectionReusableView) {
    if view.bounds.size != placement.size {
      view.bounds = Rect(origin: view.bounds.origin, size: placement.size)
    }
    if view.center != placement.center { view.center = placement.center }
    if view.transform != placement.transform { view.transform = placement.transform }
    if view.alpha != placement.alpha { view.alpha = placement.alpha }
    if view.isHidden != placement.isHidden { view.isHidden = placement.isHidden }
    if view.zIndex != placement.zIndex {
      view.zIndex = placement.zIndex
      if view.superview === self {
        view.removeFromSuperview()
        insertByZIndex(view)
      }
    }
  }

  /// Adds `view` in front of the elements of its `zIndex` and below those of a larger one.
  private func insertByZIndex(_ view: CollectionReusableView) {
    var index = subviews.count
    while index > 0, let other = subviews[index - 1] as? CollectionReusableView,
      other.zIndex > view.zIndex
    {
      index -= 1
    }
    insertSubview(view, at: index)
  }

  /// The views the last pass did not place leave and wait in the queues.
  private func removeUnmarkedViews() {
    leavingItems.removeAll(keepingCapacity: true)
    for (indexPath, cell) in visibleCellsByIndexPath where cell.tilingMark != tilingMark {
      leavingItems.append(indexPath)
    }
    for indexPath in leavingItems {
      if let cell = visibleCellsByIndexPath.removeValue(forKey: indexPath) {
        retire(cell, at: indexPath)
      }
    }
    leavingSupplementaryViews.removeAll(keepingCapacity: true)
    for (key, view) in visibleSupplementaryViews where view.tilingMark != tilingMark {
      leavingSupplementaryViews.append(key)
    }
    for key in leavingSupplementaryViews {
      if let view = visibleSupplementaryViews.removeValue(forKey: key) {
        retire(view, key)
      }
    }
  }

  /// A cell scrolled off (or its item went): it leaves and waits in the queue.
  func retire(_ cell: CollectionViewCell, at indexPath: IndexPath) {
    if touchedCell === cell { cancelTouch() }
    cell.removeFromSuperview()
    collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
    enqueueForReuse(cell, kind: nil)
  }

  func retire(_ view: CollectionReusableView, _ key: SupplementaryElementKey) {
    view.removeFromSuperview()
    collectionDelegate?.collectionView(
      self, didEndDisplayingSupplementaryView: view, forElementOfKind: key.kind,
      at: key.indexPath)
    enqueueForReuse(view, kind: key.kind)
  }
}
