import KioskGraphics

/// Where a cell that comes in during an animated update starts from.
struct TableRowArrival {
  /// The frame it starts at (`nil`: where it ends).
  var frame: Rect?
  var alpha: Double
}

extension TableView {
  /// The geometry of the rows, computed from the data source and delegate if it is not
  /// known yet (after a reload).
  func currentGeometry() -> TableGeometry {
    if let geometry { return geometry }
    let built = buildGeometry()
    geometry = built
    return built
  }

  /// Asks the data source for the counts and the delegate for the heights.
  func buildGeometry() -> TableGeometry {
    guard let dataSource else { return TableGeometry() }
    var result = TableGeometry()
    var y = 0.0
    let sectionCount = max(0, dataSource.numberOfSections(in: self))
    result.sections.reserveCapacity(sectionCount)
    for section in 0..<sectionCount {
      let rows = max(0, dataSource.tableView(self, numberOfRowsInSection: section))
      let top = y
      let header = headerHeight(forSection: section)
      y += header
      var tops: [Double] = []
      tops.reserveCapacity(rows + 1)
      tops.append(y)
      for row in 0..<rows {
        y += rowHeight(at: IndexPath(row: row, section: section))
        tops.append(y)
      }
      y += sectionFooterHeight
      result.sections.append(
        TableGeometry.Section(
          top: top, headerHeight: header, rowTops: tops, footerHeight: sectionFooterHeight))
    }
    result.height = y
    return result
  }

  private func rowHeight(at indexPath: IndexPath) -> Double {
    let asked = tableDelegate?.tableView(self, heightForRowAt: indexPath) ?? -1
    if asked >= 0 && asked.isFinite { return asked }
    return rowHeight >= 0 && rowHeight.isFinite ? rowHeight : automaticRowHeight(at: indexPath)
  }

  /// `rowHeight`, or the standard height for the text size when it is automatic.
  var effectiveRowHeight: Double {
    rowHeight >= 0 && rowHeight.isFinite ? rowHeight : standardRowHeight
  }

  /// The standard row's height for the current text size: 44 points at the default size
  /// ("large", body text 17 points), growing in proportion to the body text style above it,
  /// never below 44.
  var standardRowHeight: Double {
    let category = traitCollection.preferredContentSizeCategory
    let body = Font.TextStyle.body.pointSize(for: category)
    return max(44, (44 * body / Font.TextStyle.body.pointSize(for: .large)).rounded(.up))
  }

  private func headerHeight(forSection section: Int) -> Double {
    let asked = tableDelegate?.tableView(self, heightForHeaderInSection: section) ?? -1
    if asked >= 0 && asked.isFinite { return asked }
    if dataSource?.tableView(self, titleForHeaderInSection: section) != nil {
      return sectionHeaderHeight
    }
    if let view = headerViews[section]
      ?? tableDelegate?.tableView(self, viewForHeaderInSection: section)
    {
      headerViews[section] = view
      return view.bounds.height > 0 ? view.bounds.height : sectionHeaderHeight
    }
    // A grouped table leaves a gap above its first group.
    return style == .grouped && section == 0 ? sectionFooterHeight : 0
  }

  /// Rebuilds the geometry at the next layout; unless `keepingCells`, every cell goes back
  /// to the pool and is asked for again (`reloadData()`).
  func setNeedsReload(keepingCells: Bool = false) {
    guard keepingCells else { return reloadData() }
    geometry = nil
    setNeedsLayout()
  }

  func setNeedsLayoutOfCells() {
    guard let geometry else { return }
    for (indexPath, cell) in visibleCellsByIndexPath {
      configureChrome(of: cell, at: indexPath, in: geometry)
    }
  }

  // MARK: Tiling

  /// Gives the rows in view their cells (reusing those that scrolled off) and places the
  /// section headers.
  func layoutRows() {
    guard !isTiling else { return }
    isTiling = true
    defer { isTiling = false }
    sizeRowsInView()
    defer { returnUnshownPreparedCells() }
    let geometry = currentGeometry()
    let width = bounds.width
    let size = Size(width: width, height: geometry.height)
    if contentSize != size { contentSize = size }
    if !isTracking, !isDecelerating, horizontalMotion == nil, verticalMotion == nil,
      clampedOffset(contentOffset) != contentOffset
    {
      // The content got shorter than where it was scrolled to.
      contentOffset = clampedOffset(contentOffset)
    }
    let visible = bounds
    // Two passes, as the collection view tiles: the cells that stay are placed first and
    // the others leave, so that the rows coming into view get the cells that left.
    retireCellsOutOfView()
    geometry.forEachRow(from: visible.minY, to: visible.maxY) { indexPath in
      guard let cell = visibleCellsByIndexPath[indexPath],
        let rect = geometry.rect(for: indexPath, width: width)
      else { return }
      if cell.frame != rect { cell.frame = rect }
      configureChrome(of: cell, at: indexPath, in: geometry)
    }
    geometry.forEachRow(from: visible.minY, to: visible.maxY) { indexPath in
      guard visibleCellsByIndexPath[indexPath] == nil,
        let rect = geometry.rect(for: indexPath, width: width),
        let cell = preparedCells.removeValue(forKey: indexPath) ?? makeCell(at: indexPath)
      else { return }
      show(cell, at: indexPath, in: rect, geometry: geometry)
    }
    layoutHeaders(geometry, visible: visible)
  }

  /// The cells of rows no longer in view leave and wait in the pool (before any row
  /// coming into view asks for a cell).
  func retireCellsOutOfView() {
    guard !visibleCellsByIndexPath.isEmpty, let geometry else { return }
    tilingMark &+= 1
    let visible = bounds
    geometry.forEachRow(from: visible.minY, to: visible.maxY) { indexPath in
      visibleCellsByIndexPath[indexPath]?.tilingMark = tilingMark
    }
    leavingRows.removeAll(keepingCapacity: true)
    for (indexPath, cell) in visibleCellsByIndexPath where cell.tilingMark != tilingMark {
      leavingRows.append(indexPath)
    }
    for indexPath in leavingRows {
      if let cell = visibleCellsByIndexPath.removeValue(forKey: indexPath) {
        retire(cell, at: indexPath)
      }
    }
  }

  /// The data source's cell for the row, set up without animation even during an
  /// animated update (as UIKit does), so that what it sets does not animate.
  private func makeCell(at indexPath: IndexPath) -> TableViewCell? {
    guard let dataSource else { return nil }
    var cell: TableViewCell?
    View.performWithoutAnimation { cell = dataSource.tableView(self, cellForRowAt: indexPath) }
    return cell
  }

  private func show(
    _ cell: TableViewCell, at indexPath: IndexPath, in rect: Rect, geometry: TableGeometry
  ) {
    cell.tableView = self
    let arrival =
      arrivals.removeValue(forKey: indexPath)
      ?? arrivalOrigin?(indexPath).map { TableRowArrival(frame: $0, alpha: 1) }
    View.performWithoutAnimation {
      cell.frame = arrival?.frame ?? rect
      cell.alpha = arrival?.alpha ?? 1
      cell.setHighlighted(false, animated: false)
      cell.setSelected(selectedIndexPaths.contains(indexPath), animated: false)
      cell.setEditing(editing && canDeleteRow(at: indexPath), animated: false)
    }
    // Inside an update's animation block these animate from where the cell arrives.
    cell.frame = rect
    cell.alpha = 1
    configureChrome(of: cell, at: indexPath, in: geometry)
    visibleCellsByIndexPath[indexPath] = cell
    tableDelegate?.tableView(self, willDisplay: cell, forRowAt: indexPath)
    if cell.superview !== self {
      // Behind the headers, which stick over the rows.
      insertSubview(cell, at: 0)
    }
  }

  /// A cell scrolled off (or its row went away): it leaves and waits in the pool.
  func retire(_ cell: TableViewCell, at indexPath: IndexPath) {
    if swipedIndexPath == indexPath { swipedIndexPath = nil }
    if touchedCell === cell { touchedCell = nil }
    cell.removeFromSuperview()
    tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
    enqueueForReuse(cell)
  }

  /// The separator under each row but the last of its section.
  func configureChrome(of cell: TableViewCell, at indexPath: IndexPath, in geometry: TableGeometry)
  {
    let isLast = indexPath.row == geometry.sections[indexPath.section].rowCount - 1
    cell.configureSeparator(
      visible: separatorStyle == .singleLine && !isLast, color: separatorColor,
      inset: separatorInset)
  }

  // MARK: Headers

  /// Places the headers of the sections in view. In a plain table a header sticks to the
  /// top while its section scrolls under it, until the next section pushes it away.
  private func layoutHeaders(_ geometry: TableGeometry, visible: Rect) {
    let width = bounds.width
    var shown = Set<Int>()
    for section in geometry.sections(from: visible.minY, to: visible.maxY) {
      let info = geometry.sections[section]
      guard info.headerHeight > 0 else { continue }
      var y = info.top
      if style == .plain {
        let pinned = visible.minY + contentInset.top
        y = max(info.top, min(pinned, info.rowsBottom - info.headerHeight))
      }
      let frame = Rect(x: 0, y: y, width: width, height: info.headerHeight)
      guard frame.intersects(visible), let header = headerView(makingFor: section) else { continue }
      shown.insert(section)
      if header.superview !== self {
        View.performWithoutAnimation { header.frame = frame }
        addSubview(header)
      } else if header.frame != frame {
        header.frame = frame
      }
    }
    for (section, header) in headerViews where !shown.contains(section) && header.superview === self
    {
      header.removeFromSuperview()
    }
  }

  /// The header view of `section`: the delegate's, or one showing the data source's title.
  private func headerView(makingFor section: Int) -> View? {
    if let view = headerViews[section] { return view }
    var made: View?
    View.performWithoutAnimation {
      if let provided = tableDelegate?.tableView(self, viewForHeaderInSection: section) {
        made = provided
      } else if let title = dataSource?.tableView(self, titleForHeaderInSection: section) {
        made = TableHeaderView(title: title, style: style)
      }
    }
    headerViews[section] = made
    return made
  }
}

/// The header the table makes from a section title: on a light grey bar (plain), or as a
/// small grey caption above the group (grouped).
@MainActor
final class TableHeaderView: View {
  let label = Label(frame: .zero)
  let style: TableView.Style

  init(title: String, style: TableView.Style) {
    self.style = style
    super.init(frame: .zero)
    label.text = style == .grouped ? title.uppercased() : title
    if style == .plain {
      backgroundColor = Color(hex: 0xf7f7f7)
      label.font = .systemFont(ofSize: 15, weight: .semibold)
      label.textColor = Color(hex: 0x1c1c1e)
    } else {
      label.font = .systemFont(ofSize: 13)
      label.textColor = Color(hex: 0x6d6d72)
    }
    // A section title heads its rows: a screen reader's rotor can jump between them.
    label.accessibilityTraits = [.staticText, .header]
    addSubview(label)
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let b = bounds
    if style == .plain {
      label.frame = Rect(x: 16, y: 0, width: max(0, b.width - 32), height: b.height)
    } else {
      // The caption sits at the bottom, just above the group.
      let height = min(b.height, 24)
      label.frame = Rect(
        x: 16, y: b.height - height - 2, width: max(0, b.width - 32), height: height)
    }
  }
}
