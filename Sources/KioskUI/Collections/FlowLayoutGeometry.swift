import KioskGraphics

/// Where every header, item and footer of a flow layout lies, computed once per
/// `prepare()`. Items are kept in lines (rows of a vertical layout, columns of a
/// horizontal one) sorted along the scrolling axis, so the elements in a rectangle are
/// found by a binary search over the lines and a walk of the few lines in it, however many
/// items there are, without allocating.
struct FlowLayoutGeometry {
  /// The parameters of one section.
  struct SectionMetrics {
    var inset: EdgeInsets
    var lineSpacing: Double
    var interitemSpacing: Double
    var headerSize: Size
    var footerSize: Size
  }

  /// A line of items.
  struct Line {
    var section: Int
    /// The first item of the line, within its section.
    var firstItem: Int
    var count: Int
    /// Where the line starts and ends along the scrolling axis.
    var start: Double
    var end: Double
  }

  struct Section {
    /// Where the section (its header) starts and where it (its footer) ends, along the
    /// scrolling axis.
    var start: Double
    var end: Double
    /// Where the items and the bottom (or trailing) inset end: a pinned header goes no
    /// further.
    var itemsEnd: Double
    var header: Rect
    var footer: Rect
    /// The section's lines in `lines`, and its items' first frame in `frames`.
    var lines: Range<Int>
    var firstFrame: Int
    var itemCount: Int
  }

  var isVertical = true
  var frames: [Rect] = []
  var lines: [Line] = []
  var sections: [Section] = []
  var contentSize = Size.zero
  /// The length across the scrolling axis that the items were laid out in.
  var crossLength = 0.0

  // MARK: Axes

  /// A rectangle from positions along and across the scrolling axis.
  func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect {
    isVertical
      ? Rect(x: cross, y: main, width: crossLength, height: mainLength)
      : Rect(x: main, y: cross, width: mainLength, height: crossLength)
  }

  func mainLength(_ size: Size) -> Double { isVertical ? size.height : size.width }
  func crossLength(_ size: Size) -> Double { isVertical ? size.width : size.height }
  func mainMin(_ rect: Rect) -> Double { isVertical ? rect.minY : rect.minX }
  func mainMax(_ rect: Rect) -> Double { isVertical ? rect.maxY : rect.maxX }

  // MARK: Building

  /// Nothing laid out.
  init() {}

  /// Lays out `itemCounts` in lines across `crossLength`, with each section's metrics and
  /// each item's size.
  init(
    isVertical: Bool, crossLength: Double, itemCounts: [Int],
    metrics: (Int) -> SectionMetrics, itemSize: (IndexPath) -> Size
  ) {
    self.isVertical = isVertical
    self.crossLength = crossLength
    frames.reserveCapacity(itemCounts.reduce(0, +))
    sections.reserveCapacity(itemCounts.count)
    var main = 0.0
    for (section, itemCount) in itemCounts.enumerated() {
      let m = metrics(section)
      let start = main
      let headerLength = Self.valid(mainLength(m.headerSize))
      let header = rect(main: main, cross: 0, mainLength: headerLength, crossLength: crossLength)
      main += headerLength
      let inset = m.inset
      main += isVertical ? inset.top : inset.left
      let crossStart = isVertical ? inset.left : inset.top
      let available = crossLength - crossStart - (isVertical ? inset.right : inset.bottom)
      let firstFrame = frames.count
      let firstLine = lines.count
      for item in 0..<itemCount {
        let size = itemSize(IndexPath(item: item, section: section))
        frames.append(
          Rect(x: 0, y: 0, width: Self.valid(size.width), height: Self.valid(size.height)))
      }
      var item = 0
      while item < itemCount {
        let line = lineEnding(
          at: item, of: itemCount, firstFrame: firstFrame, available: available,
          spacing: Self.valid(m.interitemSpacing))
        placeLine(
          item..<line.end, firstFrame: firstFrame, main: main, length: line.length,
          crossStart: crossStart, available: available, used: line.used,
          spacing: Self.valid(m.interitemSpacing), isLast: line.end == itemCount)
        lines.append(
          Line(
            section: section, firstItem: item, count: line.end - item, start: main,
            end: main + line.length))
        main += line.length
        if line.end < itemCount { main += Self.valid(m.lineSpacing) }
        item = line.end
      }
      main += isVertical ? inset.bottom : inset.right
      let itemsEnd = main
      let footerLength = Self.valid(mainLength(m.footerSize))
      let footer = rect(main: main, cross: 0, mainLength: footerLength, crossLength: crossLength)
      main += footerLength
      sections.append(
        Section(
          start: start, end: main, itemsEnd: itemsEnd, header: header, footer: footer,
          lines: firstLine..<lines.count, firstFrame: firstFrame, itemCount: itemCount))
    }
    contentSize =
      isVertical
      ? Size(width: max(0, crossLength), height: main)
      : Size(width: main, height: max(0, crossLength))
  }

  /// Negative and non-finite lengths count as zero.
  private static func valid(_ length: Double) -> Double {
    length.isFinite ? max(0, length) : 0
  }

  /// How many items fit in the line that starts at `first` (at least one: an item longer
  /// than the line gets a line of its own), the line's length along the scrolling axis and
  /// the items' total length across it.
  private func lineEnding(
    at first: Int, of count: Int, firstFrame: Int, available: Double, spacing: Double
  ) -> (end: Int, length: Double, used: Double) {
    var end = first
    var used = 0.0
    var length = 0.0
    while end < count {
      let size = frames[firstFrame + end].size
      let across = crossLength(size)
      let next = end == first ? across : used + spacing + across
      if end > first && next > available { break }
      used = next
      length = max(length, mainLength(size))
      end += 1
    }
    return (end, length, used - spacing * Double(end - first - 1))
  }

  /// Places the items of a line as UIKit's flow layout does: a line with one item is
  /// centred across the axis; the last line of a section keeps the minimum spacing from
  /// the leading edge; every other line spreads its items evenly from edge to edge. Each
  /// item is centred along the axis within the line.
  private mutating func placeLine(
    _ items: Range<Int>, firstFrame: Int, main: Double, length: Double, crossStart: Double,
    available: Double, used: Double, spacing: Double, isLast: Bool
  ) {
    var cross = crossStart
    var gap = spacing
    if items.count == 1 {
      cross += max(0, (available - used) / 2)
    } else if !isLast {
      gap = max(spacing, (available - used) / Double(items.count - 1))
    }
    for item in items {
      let size = frames[firstFrame + item].size
      frames[firstFrame + item] = rect(
        main: main + (length - mainLength(size)) / 2, cross: cross, mainLength: mainLength(size),
        crossLength: crossLength(size))
      cross += crossLength(size) + gap
    }
  }

  // MARK: Queries

  /// The frame of the item at `indexPath`, or `nil` if there is no such item.
  func itemFrame(at indexPath: IndexPath) -> Rect? {
    guard sections.indices.contains(indexPath.section) else { return nil }
    let section = sections[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < section.itemCount else { return nil }
    return frames[section.firstFrame + indexPath.item]
  }

  /// Where `section`'s header shows when `pinnedAt` is the leading edge of the visible
  /// area: there while the section is under it, until the section's end pushes it away.
  func headerFrame(of section: Section, pinnedAt: Double?) -> Rect {
    guard let pinnedAt else { return section.header }
    let length = mainLength(section.header.size)
    let main = max(section.start, min(pinnedAt, section.itemsEnd - length))
    return rect(main: main, cross: 0, mainLength: length, crossLength: crossLength)
  }

  /// Calls `body` with every element whose frame meets `rect`: per section its header,
  /// its items and its footer, in order.
  func forEachElement(
    in rect: Rect, pinnedAt: Double?, _ body: (CollectionElementPlacement) -> Void
  ) {
    let low = mainMin(rect)
    let high = mainMax(rect)
    var index = firstIndex(in: sections.count) { sections[$0].end > low }
    while index < sections.count, sections[index].start < high {
      let section = sections[index]
      let indexPath = IndexPath(item: 0, section: index)
      if mainLength(section.header.size) > 0 {
        let frame = headerFrame(of: section, pinnedAt: pinnedAt)
        if frame.intersects(rect) {
          body(
            CollectionElementPlacement(
              kind: CollectionView.elementKindSectionHeader, indexPath: indexPath, frame: frame,
              zIndex: CollectionViewFlowLayout.supplementaryZIndex))
        }
      }
      let range = section.lines
      var line =
        range.lowerBound + firstIndex(in: range.count) { lines[range.lowerBound + $0].end > low }
      while line < range.upperBound, lines[line].start < high {
        let info = lines[line]
        for item in info.firstItem..<(info.firstItem + info.count) {
          let frame = frames[section.firstFrame + item]
          guard frame.intersects(rect) else { continue }
          body(
            CollectionElementPlacement(
              kind: nil, indexPath: IndexPath(item: item, section: index), frame: frame))
        }
        line += 1
      }
      if mainLength(section.footer.size) > 0, section.footer.intersects(rect) {
        body(
          CollectionElementPlacement(
            kind: CollectionView.elementKindSectionFooter, indexPath: indexPath,
            frame: section.footer, zIndex: CollectionViewFlowLayout.supplementaryZIndex))
      }
      index += 1
    }
  }
}
