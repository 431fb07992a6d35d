import KioskGraphics

extension TableView {
  /// The number of sections, as the data source last said.
  public var numberOfSections: Int { currentGeometry().sections.count }

  /// The number of rows in `section`, as the data source last said.
  public func numberOfRows(inSection section: Int) -> Int {
    let sections = currentGeometry().sections
    return sections.indices.contains(section) ? sections[section].rowCount : 0
  }

  /// The rectangle of the row at `indexPath`, in the table's (content) coordinates; empty
  /// for a row that does not exist.
  public func rect(forRowAt indexPath: IndexPath) -> Rect {
    currentGeometry().rect(for: indexPath, width: bounds.width) ?? .zero
  }

  /// The rectangle of `section`'s header, in the table's coordinates (where it scrolls
  /// to, not where a sticky header shows).
  public func rectForHeader(inSection section: Int) -> Rect {
    let sections = currentGeometry().sections
    guard sections.indices.contains(section) else { return .zero }
    let info = sections[section]
    return Rect(x: 0, y: info.top, width: bounds.width, height: info.headerHeight)
  }

  /// The row under `point` (in the table's coordinates), if any.
  public func indexPathForRow(at point: Point) -> IndexPath? {
    guard point.x >= 0, point.x < bounds.width else { return nil }
    return currentGeometry().indexPath(atY: point.y)
  }

  /// The row `cell` shows, if it is on screen.
  public func indexPath(for cell: TableViewCell) -> IndexPath? {
    layoutIfNeeded()
    return visibleCellsByIndexPath.first { $0.value === cell }?.key
  }

  /// The cell showing the row at `indexPath`, if the row is on screen.
  public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
    layoutIfNeeded()
    return visibleCellsByIndexPath[indexPath]
  }

  /// The cells on screen, in row order.
  public var visibleCells: [TableViewCell] {
    layoutIfNeeded()
    return visibleCellsByIndexPath.keys.sorted().compactMap { visibleCellsByIndexPath[$0] }
  }

  /// The rows on screen, in order (`nil` when there are none, as UIKit).
  public var indexPathsForVisibleRows: [IndexPath]? {
    layoutIfNeeded()
    let rows = visibleCellsByIndexPath.keys.sorted()
    return rows.isEmpty ? nil : rows
  }

  /// The header view showing for `section`, if the section is on screen.
  public func headerView(forSection section: Int) -> View? {
    layoutIfNeeded()
    return headerViews[section]
  }

  /// Scrolls so that the row at `indexPath` shows at `scrollPosition`.
  public func scrollToRow(
    at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool
  ) {
    guard let rect = currentGeometry().rect(for: indexPath, width: bounds.width) else { return }
    scroll(toShow: rect, at: scrollPosition, animated: animated)
  }

  func scroll(toShow rect: Rect, at position: ScrollPosition, animated: Bool) {
    let visibleTop = rect.minY - stickyHeaderHeight(above: rect)
    var y = contentOffset.y
    switch position {
    case .none:
      if visibleTop < y {
        y = visibleTop
      } else if rect.maxY > y + bounds.height {
        y = rect.maxY - bounds.height
      }
    case .top: y = visibleTop
    case .middle: y = rect.midY - bounds.height / 2
    case .bottom: y = rect.maxY - bounds.height
    }
    let target = clampedOffset(Point(x: contentOffset.x, y: y))
    guard target != contentOffset else { return }
    setContentOffset(target, animated: animated)
  }

  /// The header that would cover the top of `rect` in a plain table.
  private func stickyHeaderHeight(above rect: Rect) -> Double {
    guard style == .plain, let indexPath = currentGeometry().indexPath(atY: rect.midY) else {
      return 0
    }
    return currentGeometry().sections[indexPath.section].headerHeight
  }
}
