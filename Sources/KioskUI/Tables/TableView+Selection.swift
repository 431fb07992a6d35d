import KioskGraphics

extension TableView {
  /// The selected row (the first, if several are), or `nil`.
  public var indexPathForSelectedRow: IndexPath? { selectedIndexPaths.min() }

  /// The selected rows in order, or `nil` when none is selected.
  public var indexPathsForSelectedRows: [IndexPath]? {
    selectedIndexPaths.isEmpty ? nil : selectedIndexPaths.sorted()
  }

  /// Selects the row at `indexPath` (`nil`: deselects every row) and scrolls it to
  /// `scrollPosition` (`.none` does not scroll). The delegate is not told, as in UIKit.
  /// Unless `allowsMultipleSelection`, other rows are deselected.
  public func selectRow(
    at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition
  ) {
    guard let indexPath else {
      for selected in selectedIndexPaths { deselectRow(at: selected, animated: animated) }
      return
    }
    guard currentGeometry().rect(for: indexPath, width: bounds.width) != nil else { return }
    if !allowsMultipleSelection {
      for selected in selectedIndexPaths where selected != indexPath {
        deselectRow(at: selected, animated: animated)
      }
    }
    selectedIndexPaths.insert(indexPath)
    visibleCellsByIndexPath[indexPath]?.setSelected(true, animated: animated)
    if scrollPosition != .none {
      scrollToRow(at: indexPath, at: scrollPosition, animated: animated)
    }
  }

  /// Deselects the row at `indexPath`; with `animated`, its grey fades out. The delegate
  /// is not told, as in UIKit.
  public func deselectRow(at indexPath: IndexPath, animated: Bool) {
    guard selectedIndexPaths.remove(indexPath) != nil else { return }
    visibleCellsByIndexPath[indexPath]?.setSelected(false, animated: animated)
  }

  /// Whether rows can be selected now (in or out of editing mode).
  var allowsSelectionNow: Bool {
    editing ? allowsSelectionDuringEditing : allowsSelection
  }

  private func indexPath(ofShown cell: TableViewCell) -> IndexPath? {
    visibleCellsByIndexPath.first { $0.value === cell }?.key
  }

  // MARK: Touches from the cells

  /// A finger reached a cell (after the scroll view's delay): it highlights.
  func cellTouchBegan(_ cell: TableViewCell) {
    guard touchedCell == nil, allowsSelectionNow, swipedIndexPath == nil,
      let indexPath = indexPath(ofShown: cell),
      tableDelegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true
    else { return }
    touchedCell = cell
    cell.setHighlighted(true, animated: false)
  }

  /// The finger lifted from a cell: inside it, the row is selected.
  func cellTouchEnded(_ cell: TableViewCell, inside: Bool) {
    guard touchedCell === cell else { return }
    touchedCell = nil
    cell.setHighlighted(false, animated: false)
    guard inside, let indexPath = indexPath(ofShown: cell) else { return }
    userSelectRow(at: indexPath)
  }

  /// A screen reader activated a cell: its row is selected (or, in multiple selection,
  /// toggled) as a tap would, the delegate asked and told; `false` when rows cannot be
  /// selected now, the delegate will not highlight the row, or the cell is not shown.
  func cellActivated(_ cell: TableViewCell) -> Bool {
    guard allowsSelectionNow, swipedIndexPath == nil, let indexPath = indexPath(ofShown: cell),
      tableDelegate?.tableView(self, shouldHighlightRowAt: indexPath) ?? true
    else { return false }
    userSelectRow(at: indexPath)
    return true
  }

  /// The cell lost its finger (a scroll or a swipe took it).
  func cellTouchCancelled(_ cell: TableViewCell) {
    guard touchedCell === cell else { return }
    touchedCell = nil
    cell.setHighlighted(false, animated: false)
  }

  /// A person tapped a row: the delegate may redirect or refuse, other rows are
  /// deselected (single selection) or the row toggles (multiple selection).
  private func userSelectRow(at indexPath: IndexPath) {
    if allowsMultipleSelection && selectedIndexPaths.contains(indexPath) {
      userDeselectRow(at: indexPath)
      return
    }
    let asked = tableDelegate.map { $0.tableView(self, willSelectRowAt: indexPath) } ?? indexPath
    guard let target = asked else { return }
    if !allowsMultipleSelection {
      for selected in selectedIndexPaths.sorted() where selected != target {
        userDeselectRow(at: selected)
      }
    }
    selectedIndexPaths.insert(target)
    visibleCellsByIndexPath[target]?.setSelected(true, animated: false)
    tableDelegate?.tableView(self, didSelectRowAt: target)
  }

  private func userDeselectRow(at indexPath: IndexPath) {
    let asked = tableDelegate.map { $0.tableView(self, willDeselectRowAt: indexPath) } ?? indexPath
    guard let target = asked, selectedIndexPaths.contains(target) else { return }
    deselectRow(at: target, animated: false)
    tableDelegate?.tableView(self, didDeselectRowAt: target)
  }
}
