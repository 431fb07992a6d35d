import KioskGraphics

/// Where every section header and row of a table lies, computed once per reload from the
/// data source's counts and the delegate's heights. Row tops are kept as running sums, so
/// finding a row's rectangle is a lookup and finding the rows in view a binary search,
/// however many rows there are.
struct TableGeometry {
  struct Section {
    /// Where the section (its header) starts.
    var top: Double
    var headerHeight: Double
    /// The top of each row, then the bottom of the last one (one more than the rows).
    var rowTops: [Double]
    var footerHeight: Double

    var rowCount: Int { rowTops.count - 1 }
    var rowsTop: Double { rowTops[0] }
    var rowsBottom: Double { rowTops[rowTops.count - 1] }
    var bottom: Double { rowsBottom + footerHeight }
  }

  var sections: [Section] = []
  var height = 0.0

  /// The rectangle of the row at `indexPath`, or `nil` if there is no such row.
  func rect(for indexPath: IndexPath, width: Double) -> Rect? {
    guard sections.indices.contains(indexPath.section) else { return nil }
    let section = sections[indexPath.section]
    guard indexPath.row >= 0, indexPath.row < section.rowCount else { return nil }
    let top = section.rowTops[indexPath.row]
    return Rect(x: 0, y: top, width: width, height: section.rowTops[indexPath.row + 1] - top)
  }

  /// The row at height `y`, if a row is there (not a header or footer).
  func indexPath(atY y: Double) -> IndexPath? {
    let index = firstIndex(in: sections.count) { sections[$0].bottom > y }
    guard index < sections.count else { return nil }
    let section = sections[index]
    guard y >= section.rowsTop, y < section.rowsBottom else { return nil }
    let row = firstIndex(in: section.rowCount) { section.rowTops[$0 + 1] > y }
    return row < section.rowCount ? IndexPath(row: row, section: index) : nil
  }

  /// The rows that show between `minY` and `maxY`, in order.
  func indexPaths(from minY: Double, to maxY: Double) -> [IndexPath] {
    var result: [IndexPath] = []
    var index = firstIndex(in: sections.count) { sections[$0].bottom > minY }
    while index < sections.count, sections[index].top < maxY {
      let section = sections[index]
      var row = firstIndex(in: section.rowCount) { section.rowTops[$0 + 1] > minY }
      while row < section.rowCount, section.rowTops[row] < maxY {
        result.append(IndexPath(row: row, section: index))
        row += 1
      }
      index += 1
    }
    return result
  }

  /// Calls `body` with each row that shows between `minY` and `maxY`, in order, without
  /// making a list of them (a scrolling frame allocates nothing).
  func forEachRow(from minY: Double, to maxY: Double, _ body: (IndexPath) -> Void) {
    var index = firstIndex(in: sections.count) { sections[$0].bottom > minY }
    while index < sections.count, sections[index].top < maxY {
      let section = sections[index]
      var row = firstIndex(in: section.rowCount) { section.rowTops[$0 + 1] > minY }
      while row < section.rowCount, section.rowTops[row] < maxY {
        body(IndexPath(row: row, section: index))
        row += 1
      }
      index += 1
    }
  }

  /// Gives the row at `indexPath` a new height, moving everything after it; returns by how
  /// much it grew (negative: shrank). Linear in the rows after it, in place.
  mutating func setHeight(_ newHeight: Double, ofRowAt indexPath: IndexPath) -> Double {
    let (sectionIndex, row) = (indexPath.section, indexPath.row)
    guard sections.indices.contains(sectionIndex), row >= 0,
      row < sections[sectionIndex].rowCount
    else { return 0 }
    let delta =
      newHeight - (sections[sectionIndex].rowTops[row + 1] - sections[sectionIndex].rowTops[row])
    guard delta != 0 else { return 0 }
    // Row tops are positions in the table, so the later sections' rows move too.
    for later in (row + 1)..<sections[sectionIndex].rowTops.count {
      sections[sectionIndex].rowTops[later] += delta
    }
    for section in (sectionIndex + 1)..<sections.count {
      sections[section].top += delta
      for index in sections[section].rowTops.indices { sections[section].rowTops[index] += delta }
    }
    height += delta
    return delta
  }

  /// The sections that reach between `minY` and `maxY`.
  func sections(from minY: Double, to maxY: Double) -> Range<Int> {
    let first = firstIndex(in: sections.count) { sections[$0].bottom > minY }
    var end = first
    while end < sections.count, sections[end].top < maxY { end += 1 }
    return first..<end
  }
}
