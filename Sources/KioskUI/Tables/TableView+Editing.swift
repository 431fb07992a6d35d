import KioskGraphics

extension TableView {
  /// How wide the revealed Delete button is.
  static let deleteButtonWidth = 88.0
  /// A release faster than this (points per second) opens or closes the Delete button
  /// whatever its width.
  static let swipeFlickSpeed = 300.0
  static let swipeAnimationDuration = 0.25

  func applyEditing(_ editing: Bool, animated: Bool) {
    guard editing != self.editing else { return }
    hideDeleteButton(animated: animated)
    self.editing = editing
    for (indexPath, cell) in visibleCellsByIndexPath {
      cell.setEditing(editing && canDeleteRow(at: indexPath), animated: animated)
    }
  }

  /// Whether the row can be deleted: the data source lets it be edited, and its editing
  /// style is `.delete`.
  func canDeleteRow(at indexPath: IndexPath) -> Bool {
    guard let dataSource, dataSource.tableView(self, canEditRowAt: indexPath) else { return false }
    return (tableDelegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete) == .delete
  }

  // MARK: Swipe to delete

  /// The swipe begins on a leftward, mostly sideways drag that started on a row that can
  /// be deleted (and not in editing mode, where the delete controls do this).
  func swipeShouldBegin() -> Bool {
    guard !editing, swipedIndexPath == nil else { return false }
    let moved = swipeRecognizer.translation(in: self)
    guard moved.x < 0, abs(moved.x) > abs(moved.y) else { return false }
    guard let indexPath = swipeStartIndexPath(), visibleCellsByIndexPath[indexPath] != nil else {
      return false
    }
    return canDeleteRow(at: indexPath)
  }

  /// The row where the swipe's finger touched down.
  private func swipeStartIndexPath() -> IndexPath? {
    let moved = swipeRecognizer.translation(in: self)
    let now = swipeRecognizer.location(in: self)
    return indexPathForRow(at: Point(x: now.x - moved.x, y: now.y - moved.y))
  }

  /// The swipe's actions: the row's content follows the finger leftward, uncovering the
  /// Delete button; on release it opens fully or closes.
  func handleSwipe(_ pan: PanGestureRecognizer) {
    switch pan.state {
    case .began:
      guard let indexPath = swipeStartIndexPath(), let cell = visibleCellsByIndexPath[indexPath]
      else { return }
      swipedIndexPath = indexPath
      swipeBaseline = pan.translation(in: self).x
      swipeStartOffset = cell.swipeOffset
      cell.showDeleteButton(title: deleteTitle(for: indexPath))
    case .changed:
      guard let indexPath = swipedIndexPath, let cell = visibleCellsByIndexPath[indexPath] else {
        return
      }
      let raw = swipeStartOffset + pan.translation(in: self).x - swipeBaseline
      let width = Self.deleteButtonWidth
      var offset = min(0, raw)
      if offset < -width {
        // Past the button's width the row resists, as content does past an edge.
        offset = -width - ScrollView.stretch(-offset - width, bounds.width)
      }
      cell.swipeOffset = offset
    case .ended, .cancelled:
      guard let indexPath = swipedIndexPath, let cell = visibleCellsByIndexPath[indexPath] else {
        return
      }
      let velocity = pan.state == .ended ? pan.velocity(in: self).x : 0
      let opens =
        pan.state == .ended
        && (velocity < -Self.swipeFlickSpeed
          || (cell.swipeOffset < -Self.deleteButtonWidth / 2 && velocity < Self.swipeFlickSpeed))
      if opens {
        revealDeleteButton(at: indexPath, animated: true)
      } else {
        hideDeleteButton(animated: true)
      }
    default:
      break
    }
  }

  private func deleteTitle(for indexPath: IndexPath) -> String {
    tableDelegate?.tableView(self, titleForDeleteConfirmationButtonForRowAt: indexPath)
      ?? "Delete"
  }

  /// Opens the Delete button of the row (closing another one that is open).
  func revealDeleteButton(at indexPath: IndexPath, animated: Bool) {
    if let open = swipedIndexPath, open != indexPath { hideDeleteButton(animated: animated) }
    guard let cell = visibleCellsByIndexPath[indexPath] else { return }
    swipedIndexPath = indexPath
    cell.showDeleteButton(title: deleteTitle(for: indexPath))
    moveSwipe(of: cell, to: -Self.deleteButtonWidth, animated: animated)
  }

  /// Closes the open Delete button, if any.
  func hideDeleteButton(animated: Bool) {
    guard let indexPath = swipedIndexPath else { return }
    swipedIndexPath = nil
    guard let cell = visibleCellsByIndexPath[indexPath] else { return }
    moveSwipe(of: cell, to: 0, animated: animated)
  }

  private func moveSwipe(of cell: TableViewCell, to offset: Double, animated: Bool) {
    cell.swipeOffset = offset
    guard animated, cell.window != nil else {
      cell.layoutIfNeeded()
      if offset == 0 { cell.removeDeleteButton() }
      return
    }
    View.animate(
      withDuration: Self.swipeAnimationDuration, delay: 0, options: [.curveEaseOut],
      animations: { cell.layoutIfNeeded() },
      completion: { [weak cell] _ in
        guard let cell, cell.swipeOffset == 0 else { return }
        cell.removeDeleteButton()
      })
  }

  /// While a Delete button is open, a touch anywhere but on it closes it, and goes no
  /// further (it selects nothing).
  func swallowsTouchDown(_ touch: Touch) -> Bool {
    guard let indexPath = swipedIndexPath else { return false }
    if let button = visibleCellsByIndexPath[indexPath]?.deleteButton, let view = touch.view,
      view.isDescendant(of: button)
    {
      return false
    }
    hideDeleteButton(animated: true)
    return true
  }

  /// The Delete button of `cell` was tapped: the data source commits the deletion (and
  /// deletes the row); if it keeps the row, the button closes.
  func deleteButtonTapped(in cell: TableViewCell) {
    guard let indexPath = visibleCellsByIndexPath.first(where: { $0.value === cell })?.key else {
      return
    }
    dataSource?.tableView(self, commit: .delete, forRowAt: indexPath)
    if swipedIndexPath == indexPath { hideDeleteButton(animated: true) }
  }

  /// The delete control of `cell` (editing mode) was tapped: its Delete button opens.
  func deleteControlTapped(in cell: TableViewCell) {
    guard let indexPath = visibleCellsByIndexPath.first(where: { $0.value === cell })?.key else {
      return
    }
    revealDeleteButton(at: indexPath, animated: true)
  }
}
