import KioskGraphics

extension CollectionView {
  /// The selected items in order (empty when none is).
  public var indexPathsForSelectedItems: [IndexPath]? {
    selectedIndexPaths.sorted()
  }

  /// Selects the item at `indexPath` (`nil`: deselects every item) and scrolls it to
  /// `scrollPosition` (`[]` does not scroll). The delegate is not told, as in UIKit. Unless
  /// `allowsMultipleSelection`, the other items are deselected. An index path of no item
  /// is ignored.
  public func selectItem(
    at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition
  ) {
    guard let indexPath else {
      for selected in selectedIndexPaths { deselectItem(at: selected, animated: animated) }
      return
    }
    guard allowsSelection, contains(indexPath) else { return }
    if !allowsMultipleSelection {
      for selected in selectedIndexPaths where selected != indexPath {
        deselectItem(at: selected, animated: animated)
      }
    }
    selectedIndexPaths.insert(indexPath)
    visibleCellsByIndexPath[indexPath]?.isSelected = true
    if !scrollPosition.isEmpty {
      scrollToItem(at: indexPath, at: scrollPosition, animated: animated)
    }
  }

  /// Deselects the item at `indexPath`. The delegate is not told, as in UIKit.
  public func deselectItem(at indexPath: IndexPath, animated: Bool) {
    guard selectedIndexPaths.remove(indexPath) != nil else { return }
    visibleCellsByIndexPath[indexPath]?.isSelected = false
  }

  /// Whether an item is at `indexPath`.
  func contains(_ indexPath: IndexPath) -> Bool {
    let counts = currentItemCounts()
    return indexPath.count == 2 && counts.indices.contains(indexPath.section)
      && indexPath.item >= 0 && indexPath.item < counts[indexPath.section]
  }

  // MARK: Touches on the cells

  /// The cell of this collection view that `touches` fell in, if any.
  func cell(touchedBy touches: Set<Touch>) -> CollectionViewCell? {
    var view = touches.first?.view
    while let current = view, current !== self {
      if let cell = current as? CollectionViewCell, cell.superview === self { return cell }
      view = current.superview
    }
    return nil
  }

  private func indexPath(ofShown cell: CollectionViewCell) -> IndexPath? {
    visibleCellsByIndexPath.first { $0.value === cell }?.key
  }

  /// A finger reached `cell` (after the scroll view's delay): its item highlights, if the
  /// delegate agrees.
  func highlightTouched(_ cell: CollectionViewCell) {
    guard touchedCell == nil, allowsSelection, let indexPath = indexPath(ofShown: cell),
      collectionDelegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true
    else { return }
    touchedCell = cell
    cell.isHighlighted = true
    collectionDelegate?.collectionView(self, didHighlightItemAt: indexPath)
  }

  /// The finger lifted from `cell`: if it was the highlighted one and the finger is still
  /// on it, its item is selected (or deselected, with multiple selection).
  func selectTouched(_ cell: CollectionViewCell, touches: Set<Touch>) {
    guard touchedCell === cell else { return }
    let inside = touches.contains { cell.bounds.contains($0.location(in: cell)) }
    let indexPath = cancelTouch()
    guard inside, let indexPath else { return }
    userSelectItem(at: indexPath)
  }

  /// A screen reader activated `cell`: its item is selected (or, with multiple selection,
  /// deselected) as a tap would, the delegate asked and told; `false` when items cannot be
  /// selected, the delegate will not highlight it, or the cell is not shown.
  func cellActivated(_ cell: CollectionViewCell) -> Bool {
    guard allowsSelection, let indexPath = indexPath(ofShown: cell),
      collectionDelegate?.collectionView(self, shouldHighlightItemAt: indexPath) ?? true
    else { return false }
    userSelectItem(at: indexPath)
    return true
  }

  /// Takes the highlight off the touched cell; returns its item.
  @discardableResult
  func cancelTouch() -> IndexPath? {
    guard let cell = touchedCell else { return nil }
    touchedCell = nil
    cell.isHighlighted = false
    guard let indexPath = indexPath(ofShown: cell) else { return nil }
    collectionDelegate?.collectionView(self, didUnhighlightItemAt: indexPath)
    return indexPath
  }

  /// A person tapped an item: with multiple selection a selected item is deselected;
  /// otherwise, if the delegate agrees, it is selected and (single selection) the others
  /// are deselected.
  private func userSelectItem(at indexPath: IndexPath) {
    if allowsMultipleSelection && selectedIndexPaths.contains(indexPath) {
      guard collectionDelegate?.collectionView(self, shouldDeselectItemAt: indexPath) ?? true
      else { return }
      deselectItem(at: indexPath, animated: false)
      collectionDelegate?.collectionView(self, didDeselectItemAt: indexPath)
      return
    }
    guard collectionDelegate?.collectionView(self, shouldSelectItemAt: indexPath) ?? true else {
      return
    }
    if !allowsMultipleSelection {
      for selected in selectedIndexPaths.sorted() where selected != indexPath {
        deselectItem(at: selected, animated: false)
        collectionDelegate?.collectionView(self, didDeselectItemAt: selected)
      }
    }
    selectedIndexPaths.insert(indexPath)
    visibleCellsByIndexPath[indexPath]?.isSelected = true
    collectionDelegate?.collectionView(self, didSelectItemAt: indexPath)
  }
}
