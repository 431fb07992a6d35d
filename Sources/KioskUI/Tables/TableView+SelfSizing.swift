import KioskGraphics

/// Self-sizing rows (`rowHeight` and `estimatedRowHeight` automatic): a row takes its
/// estimate until it comes into view, when its cell is measured from its content view's
/// constraints and the rows after it move.
extension TableView {
  /// Whether the table measures automatic rows (estimates on and `rowHeight` automatic).
  var sizesRowsItself: Bool {
    estimatedRowHeight != 0 && !(rowHeight >= 0 && rowHeight.isFinite)
  }

  /// Whether the row at `indexPath` is measured from its cell.
  func isSelfSizingRow(at indexPath: IndexPath) -> Bool {
    guard sizesRowsItself else { return false }
    let asked = tableDelegate?.tableView(self, heightForRowAt: indexPath) ?? -1
    return !(asked >= 0 && asked.isFinite)
  }

  /// The height of an automatic row: measured, or the delegate's or table's estimate.
  func automaticRowHeight(at indexPath: IndexPath) -> Double {
    guard sizesRowsItself else { return standardRowHeight }
    if let measured = measuredRowHeights[indexPath] { return measured }
    let asked = tableDelegate?.tableView(self, estimatedHeightForRowAt: indexPath) ?? -1
    if asked > 0 && asked.isFinite { return asked }
    if estimatedRowHeight > 0 && estimatedRowHeight.isFinite { return estimatedRowHeight }
    return standardRowHeight
  }

  /// Measures the self-sizing rows in view that have no height yet, moving the rows after
  /// each; the cells made for measuring are kept for the tiling pass that follows
  /// (`preparedCells`). A row that straddles the top edge keeps what is in view still: the
  /// content offset moves by what it grew.
  func sizeRowsInView() {
    guard sizesRowsItself, dataSource != nil else { return }
    if measuredRowWidth != bounds.width {
      measuredRowWidth = bounds.width
      if !measuredRowHeights.isEmpty {
        measuredRowHeights.removeAll()
        geometry = nil
      }
    }
    _ = currentGeometry()
    // Each measured row that changes height moves the ones after it, and shorter rows
    // bring more into view: the rows in view are found again after each change, so only
    // rows that end up in view are measured (bounded, for a table of tiny rows).
    var budget = 2_000
    while budget > 0 {
      unmeasuredRows.removeAll(keepingCapacity: true)
      let visible = bounds
      geometry?.forEachRow(from: visible.minY, to: visible.maxY) { indexPath in
        if measuredRowHeights[indexPath] == nil, isSelfSizingRow(at: indexPath) {
          unmeasuredRows.append(indexPath)
        }
      }
      guard !unmeasuredRows.isEmpty else { return }
      // Cells of rows that left go back to the pool first, for the rows to measure to use.
      retireCellsOutOfView()
      for indexPath in unmeasuredRows {
        budget -= 1
        guard let cell = visibleCellsByIndexPath[indexPath] ?? preparedCell(at: indexPath)
        else { continue }
        let height = fittingHeight(of: cell)
        measuredRowHeights[indexPath] = height
        let top = geometry?.rect(for: indexPath, width: 0)?.minY ?? 0
        let grew = geometry?.setHeight(height, ofRowAt: indexPath) ?? 0
        guard grew != 0 else { continue }
        if top < bounds.minY { keepContentStill(afterGrowthAbove: grew) }
        break
      }
    }
  }

  /// A cell from the data source for a row about to be measured, kept for showing it.
  private func preparedCell(at indexPath: IndexPath) -> TableViewCell? {
    if let cell = preparedCells[indexPath] { return cell }
    guard let dataSource else { return nil }
    var cell: TableViewCell?
    View.performWithoutAnimation { cell = dataSource.tableView(self, cellForRowAt: indexPath) }
    preparedCells[indexPath] = cell
    return cell
  }

  /// The height `cell` needs at the table's width: its content view's fitting size under
  /// its constraints (width required, height as small as they allow), or the standard
  /// height when the content view holds no constraints or they leave the height at 0.
  func fittingHeight(of cell: TableViewCell) -> Double {
    guard cell.contentView.placesSubviewsByConstraints else { return standardRowHeight }
    View.performWithoutAnimation {
      if cell.bounds.width != bounds.width {
        cell.bounds = Rect(
          origin: .zero, size: Size(width: bounds.width, height: cell.bounds.height))
      }
      cell.layoutCell()
    }
    let content = cell.contentView
    let fitting = content.systemLayoutSizeFitting(
      Size(width: content.bounds.width, height: 0), withHorizontalFittingPriority: .required,
      verticalFittingPriority: .fittingSizeLevel)
    let height = fitting.height + (cell.bounds.height - content.bounds.height)
    return height > 0 && height.isFinite ? height : standardRowHeight
  }

  /// A row above what is in view changed height: the content offset follows, so what is
  /// in view does not jump (a drag in progress goes on from the same place).
  private func keepContentStill(afterGrowthAbove delta: Double) {
    let offset = contentOffset
    dragStartOffset.y += isDragging ? delta : 0
    contentOffset = Point(x: offset.x, y: offset.y + delta)
  }

  /// Cells made for measuring whose rows did not stay in view go back to the pool.
  func returnUnshownPreparedCells() {
    guard !preparedCells.isEmpty else { return }
    for cell in preparedCells.values where cell.superview !== self { enqueueForReuse(cell) }
    preparedCells.removeAll()
  }
}

extension View {
  /// Whether constraints place anything in this view: it or a view inside it holds one.
  var placesSubviewsByConstraints: Bool {
    if !layoutAttributes.autoLayout.heldConstraints.isEmpty { return true }
    for subview in subviews where subview.placesSubviewsByConstraints { return true }
    return false
  }
}
