import KioskGraphics

/// The row changes collected by `performBatchUpdates(_:completion:)`.
struct TableBatch {
  var deletions: [IndexPath: TableView.RowAnimation] = [:]
  var insertions: [IndexPath: TableView.RowAnimation] = [:]
  var reloads: [IndexPath: TableView.RowAnimation] = [:]
  var completions: [(Bool) -> Void] = []
}

extension TableView {
  /// How long inserted and deleted rows take to come and go.
  static let updateDuration = 0.3

  /// Forgets everything shown and asks the data source again: counts, heights, cells and
  /// headers. The selection is cleared. Cells go back to the pool first, so the data
  /// source gets them again from `dequeueReusableCell(withIdentifier:for:)`.
  public func reloadData() {
    finishDepartures()
    measuredRowHeights.removeAll()
    swipedIndexPath = nil
    touchedCell = nil
    let shown = visibleCellsByIndexPath
    visibleCellsByIndexPath.removeAll()
    for (indexPath, cell) in shown { retire(cell, at: indexPath) }
    for header in headerViews.values where header.superview === self {
      header.removeFromSuperview()
    }
    headerViews.removeAll()
    selectedIndexPaths.removeAll()
    geometry = nil
    setNeedsLayout()
  }

  /// Inserts rows, after you inserted them in your model: the rows below slide down and
  /// the new ones come in with `animation`.
  public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    performBatchUpdates({
      for indexPath in indexPaths { self.batchUpdates?.insertions[indexPath] = animation }
    })
  }

  /// Deletes rows, after you removed them from your model: the rows go with `animation`
  /// (they fade) and the rows below slide up.
  ///
  /// ```swift
  /// fruits.remove(at: indexPath.row)
  /// tableView.deleteRows(at: [indexPath], with: .fade)
  /// ```
  public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    performBatchUpdates({
      for indexPath in indexPaths { self.batchUpdates?.deletions[indexPath] = animation }
    })
  }

  /// Asks the data source again for the cells of these rows, which fade over.
  public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    performBatchUpdates({
      for indexPath in indexPaths { self.batchUpdates?.reloads[indexPath] = animation }
    })
  }

  /// Makes the insertions, deletions and reloads done in `updates` one animated change.
  /// Index paths of deletions and reloads are those before the change, insertions those
  /// after it, as in UIKit. If the counts the data source gives afterwards do not add up,
  /// the table reloads instead. `completion` runs when the animation is over.
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    if batchUpdates != nil {
      updates?()
      if let completion { batchUpdates?.completions.append(completion) }
      return
    }
    batchUpdates = TableBatch()
    updates?()
    var batch = batchUpdates ?? TableBatch()
    batchUpdates = nil
    if let completion { batch.completions.append(completion) }
    apply(batch)
  }

  private func apply(_ batch: TableBatch) {
    let completions = batch.completions
    let finish: (Bool) -> Void = { finished in
      for completion in completions { completion(finished) }
    }
    guard let old = geometry, !visibleCellsByIndexPath.isEmpty || !departingCells.isEmpty else {
      // Nothing on screen yet: the next layout shows (and measures) the new rows.
      geometry = nil
      measuredRowHeights.removeAll()
      setNeedsLayout()
      Transaction.scheduler { finish(true) }
      return
    }
    var new = buildGeometry()
    guard let moves = RowMoves(batch: batch, old: old, new: new) else {
      reloadData()
      Transaction.scheduler { finish(true) }
      return
    }
    if carryMeasuredHeights(batch, moves: moves) { new = buildGeometry() }
    geometry = new
    let width = bounds.width
    let departing = sortVisibleCells(for: batch, moves: moves, new: new)
    carryOver(batch, moves: moves, new: new)
    arrivalOrigin = { indexPath in
      moves.old(for: indexPath).flatMap { old.rect(for: $0, width: width) }
    }
    let animates =
      !(batch.deletions.values.allSatisfy { $0 == .none }
      && batch.insertions.values.allSatisfy { $0 == .none }
      && batch.reloads.values.allSatisfy { $0 == .none })
    departingCells += departing.map(\.cell)
    let changes = {
      for (cell, frame, alpha) in departing {
        cell.alpha = alpha
        cell.frame = frame
      }
      for (indexPath, cell) in self.visibleCellsByIndexPath {
        if let rect = new.rect(for: indexPath, width: width), cell.frame != rect {
          cell.frame = rect
        }
      }
      self.layoutRows()
    }
    let cells = departing.map(\.cell)
    if animates {
      View.animate(
        withDuration: Self.updateDuration, delay: 0, options: [.allowUserInteraction],
        animations: changes,
        completion: { [weak self] finished in
          self?.finishDepartures(of: cells)
          finish(finished)
        })
    } else {
      View.performWithoutAnimation(changes)
      finishDepartures(of: cells)
      Transaction.scheduler { finish(true) }
    }
    arrivalOrigin = nil
    arrivals.removeAll()
  }

  /// Sorts the cells on screen for `batch`: those that leave are returned with the frame
  /// and alpha they leave with, the others stay under their index paths after the change.
  private func sortVisibleCells(
    for batch: TableBatch, moves: RowMoves, new: TableGeometry
  ) -> [(cell: TableViewCell, frame: Rect, alpha: Double)] {
    let width = bounds.width
    let visible = bounds
    // Cells that leave: deleted and reloaded rows fade out (or slide with their animation);
    // rows pushed out of view slide there. They go to the pool when the animation ends.
    var departing: [(cell: TableViewCell, frame: Rect, alpha: Double)] = []
    var kept: [IndexPath: TableViewCell] = [:]
    for (indexPath, cell) in visibleCellsByIndexPath {
      if let animation = batch.deletions[indexPath] ?? batch.reloads[indexPath] {
        departing.append(
          (cell, departureFrame(of: cell.frame, animation), animation == .none ? 1 : 0))
        tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
      } else if let target = moves.new(for: indexPath) {
        if let rect = new.rect(for: target, width: width), !rect.intersects(visible) {
          departing.append((cell, rect, 1))
          tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath)
        } else {
          kept[target] = cell
        }
      }
    }
    visibleCellsByIndexPath = kept
    return departing
  }

  /// Moves the selection and the swiped row to their index paths after `batch`, and notes
  /// where inserted and reloaded rows arrive from.
  private func carryOver(_ batch: TableBatch, moves: RowMoves, new: TableGeometry) {
    let width = bounds.width
    selectedIndexPaths = Set(
      selectedIndexPaths.compactMap { batch.deletions[$0] == nil ? moves.new(for: $0) : nil })
    swipedIndexPath = swipedIndexPath.flatMap {
      batch.deletions[$0] == nil ? moves.new(for: $0) : nil
    }
    for (indexPath, animation) in batch.insertions {
      arrivals[indexPath] = arrival(at: new.rect(for: indexPath, width: width), animation)
    }
    for (indexPath, animation) in batch.reloads {
      if let target = moves.new(for: indexPath) {
        arrivals[target] = arrival(at: new.rect(for: target, width: width), animation)
      }
    }
  }

  private func arrival(at rect: Rect?, _ animation: RowAnimation) -> TableRowArrival {
    guard let rect, animation != .none else { return TableRowArrival(frame: nil, alpha: 1) }
    return TableRowArrival(frame: departureFrame(of: rect, animation), alpha: 0)
  }

  /// Where a row goes when it leaves with `animation` (or comes from, when it arrives).
  private func departureFrame(of rect: Rect, _ animation: RowAnimation) -> Rect {
    switch animation {
    case .left: rect.offsetBy(dx: -rect.width, dy: 0)
    case .right: rect.offsetBy(dx: rect.width, dy: 0)
    case .top: rect.offsetBy(dx: 0, dy: -rect.height)
    case .bottom: rect.offsetBy(dx: 0, dy: rect.height)
    case .fade, .middle, .automatic, .none: rect
    }
  }

  /// Cells that animated out leave and wait in the pool.
  func finishDepartures(of cells: [TableViewCell]? = nil) {
    let leaving = cells ?? departingCells
    for cell in leaving where departingCells.contains(where: { $0 === cell }) {
      departingCells.removeAll { $0 === cell }
      cell.removeFromSuperview()
      enqueueForReuse(cell)
    }
  }
}

extension TableView {
  /// Self-sizing rows that stay keep their measured height at their new index paths;
  /// reloaded ones are measured again. Whether any height was carried.
  fileprivate func carryMeasuredHeights(_ batch: TableBatch, moves: RowMoves) -> Bool {
    guard !measuredRowHeights.isEmpty else { return false }
    var carried: [IndexPath: Double] = [:]
    for (old, height) in measuredRowHeights where batch.reloads[old] == nil {
      if let new = moves.new(for: old) { carried[new] = height }
    }
    measuredRowHeights = carried
    return true
  }
}

/// How the rows of each section move in a batch: deleted rows (old index paths) leave,
/// inserted rows (new index paths) come in, and the others keep their order.
struct RowMoves {
  /// Per section, the deleted old rows and the inserted new rows, sorted.
  private let deleted: [[Int]]
  private let inserted: [[Int]]

  /// Checks that the data source's new counts add up; `nil` if they do not.
  init?(batch: TableBatch, old: TableGeometry, new: TableGeometry) {
    guard old.sections.count == new.sections.count else { return nil }
    var deleted = Array(repeating: Set<Int>(), count: old.sections.count)
    var inserted = deleted
    for indexPath in batch.deletions.keys {
      guard old.sections.indices.contains(indexPath.section),
        (0..<old.sections[indexPath.section].rowCount).contains(indexPath.row)
      else { return nil }
      deleted[indexPath.section].insert(indexPath.row)
    }
    for indexPath in batch.insertions.keys {
      guard new.sections.indices.contains(indexPath.section),
        (0..<new.sections[indexPath.section].rowCount).contains(indexPath.row)
      else { return nil }
      inserted[indexPath.section].insert(indexPath.row)
    }
    for section in old.sections.indices {
      let expected =
        old.sections[section].rowCount - deleted[section].count + inserted[section].count
      guard new.sections[section].rowCount == expected else { return nil }
    }
    self.deleted = deleted.map { $0.sorted() }
    self.inserted = inserted.map { $0.sorted() }
  }

  /// Where a row that stays goes (`nil` for a deleted row).
  func new(for old: IndexPath) -> IndexPath? {
    guard deleted.indices.contains(old.section) else { return nil }
    let gone = deleted[old.section]
    if gone.contains(old.row) { return nil }
    // Its place among the rows that stay, then past the inserted rows before it.
    var row = old.row - gone.prefix { $0 < old.row }.count
    for added in inserted[old.section] where added <= row { row += 1 }
    return IndexPath(row: row, section: old.section)
  }

  /// Where a row was before the batch (`nil` for an inserted row).
  func old(for new: IndexPath) -> IndexPath? {
    guard inserted.indices.contains(new.section) else { return nil }
    let added = inserted[new.section]
    if added.contains(new.row) { return nil }
    var row = new.row - added.prefix { $0 < new.row }.count
    for gone in deleted[new.section] where gone <= row { row += 1 }
    return IndexPath(row: row, section: new.section)
  }
}
