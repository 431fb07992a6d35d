import KioskGraphics

extension CollectionView {
  /// The number of sections, as the data source last said.
  public var numberOfSections: Int { currentItemCounts().count }

  /// The number of items in `section`, as the data source last said. The section must
  /// exist.
  public func numberOfItems(inSection section: Int) -> Int {
    let counts = currentItemCounts()
    precondition(
      counts.indices.contains(section),
      "Section \(section) is out of range: the collection view has \(counts.count) sections")
    return counts[section]
  }

  /// The cells in view, in item order.
  public var visibleCells: [CollectionViewCell] {
    layoutIfNeeded()
    return visibleCellsByIndexPath.keys.sorted().compactMap { visibleCellsByIndexPath[$0] }
  }

  /// The items in view, in order.
  public var indexPathsForVisibleItems: [IndexPath] {
    layoutIfNeeded()
    return visibleCellsByIndexPath.keys.sorted()
  }

  /// The cell showing the item at `indexPath`, if the item is in view.
  public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
    layoutIfNeeded()
    return visibleCellsByIndexPath[indexPath]
  }

  /// The item `cell` shows, if it is in view.
  public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
    layoutIfNeeded()
    return visibleCellsByIndexPath.first { $0.value === cell }?.key
  }

  /// The item under `point` (in the collection view's content coordinates), if any; of
  /// overlapping items, the frontmost.
  public func indexPathForItem(at point: Point) -> IndexPath? {
    prepareLayout()
    var found: (indexPath: IndexPath, zIndex: Int)?
    let probe = Rect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
    layout.forEachElement(in: probe) { placement in
      guard placement.kind == nil, !placement.isHidden, placement.frame.contains(point) else {
        return
      }
      if found == nil || placement.zIndex >= found?.zIndex ?? 0 {
        found = (placement.indexPath, placement.zIndex)
      }
    }
    return found?.indexPath
  }

  /// The layout's attributes of the item at `indexPath`, or `nil` if there is none.
  public func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
    prepareLayout()
    return layout.layoutAttributesForItem(at: indexPath)
  }

  /// The layout's attributes of the supplementary view of `kind` at `indexPath`.
  public func layoutAttributesForSupplementaryElement(
    ofKind kind: String, at indexPath: IndexPath
  ) -> CollectionViewLayoutAttributes? {
    prepareLayout()
    return layout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  /// The supplementary view of `elementKind` at `indexPath`, if it is in view.
  public func supplementaryView(forElementKind elementKind: String, at indexPath: IndexPath)
    -> CollectionReusableView?
  {
    layoutIfNeeded()
    return visibleSupplementaryViews[
      SupplementaryElementKey(kind: elementKind, indexPath: indexPath)]
  }

  /// The supplementary views of `elementKind` in view.
  public func visibleSupplementaryViews(ofKind elementKind: String) -> [CollectionReusableView] {
    layoutIfNeeded()
    return visibleSupplementaryViews.filter { $0.key.kind == elementKind }
      .sorted { $0.key.indexPath < $1.key.indexPath }.map(\.value)
  }

  /// Scrolls so that the item at `indexPath` shows at `scrollPosition`: a vertical position
  /// (`.top`, `.centeredVertically`, `.bottom`) and a horizontal one (`.left`,
  /// `.centeredHorizontally`, `.right`); an axis without one keeps its offset, and `[]`
  /// scrolls the least that shows the item. The item must exist, as in UIKit.
  public func scrollToItem(
    at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool
  ) {
    prepareLayout()
    precondition(
      contains(indexPath),
      "Attempt to scroll to an invalid index path: \(indexPath) (the collection view has "
        + "\(currentItemCounts().count) sections)")
    guard let frame = layout.placementForItem(at: indexPath)?.frame else { return }
    if scrollPosition.isEmpty { return scrollRectToVisible(frame, animated: animated) }
    var target = contentOffset
    let size = bounds.size
    if scrollPosition.contains(.top) {
      target.y = frame.minY - contentInset.top
    } else if scrollPosition.contains(.centeredVertically) {
      target.y = frame.midY - size.height / 2
    } else if scrollPosition.contains(.bottom) {
      target.y = frame.maxY - size.height + contentInset.bottom
    }
    if scrollPosition.contains(.left) {
      target.x = frame.minX - contentInset.left
    } else if scrollPosition.contains(.centeredHorizontally) {
      target.x = frame.midX - size.width / 2
    } else if scrollPosition.contains(.right) {
      target.x = frame.maxX - size.width + contentInset.right
    }
    target = clampedOffset(target)
    guard target != contentOffset else { return }
    setContentOffset(target, animated: animated)
  }
}
