internal import CCairo

/// Caret and selection geometry for text being edited, from pango's index ↔ position
/// mapping. Indices are `String.Index` values of `text` on grapheme-cluster boundaries (a
/// caret never lands inside "é" written as e + combining accent, or inside an emoji
/// sequence); positions are in layout coordinates (the origin `draw(in:at:)` is given).
///
/// Only layouts that show their whole text are meaningful here: no line limit
/// (`numberOfLines: 0`), or one unwrapped line of one paragraph, as text fields lay out.
extension TextLayout {
  /// The caret position nearest to `point`: the grapheme boundary on the line under (or
  /// nearest to) `point`, on the side of the grapheme the point is closer to.
  public func index(closestTo point: Point) -> String.Index {
    TextShaping.begin()
    defer { TextShaping.end() }
    guard let layout, point.isFinite, !text.isEmpty else { return text.startIndex }
    var byte: Int32 = 0
    var trailing: Int32 = 0
    let x = Int32(clamping: Int((point.x * pangoScale).rounded()))
    let y = Int32(clamping: Int((point.y * pangoScale).rounded()))
    _ = pango_layout_xy_to_index(layout, x, y, &byte, &trailing)
    let start = characterIndex(containingByte: Int(byte))
    guard trailing > 0, start < text.endIndex else { return start }
    return text.index(after: start)
  }

  /// Where the caret is drawn for a caret at `index`: a zero-width rectangle as tall as the
  /// line. In mixed-direction text this is the strong caret (where text of the paragraph's
  /// direction would be inserted).
  public func caretRect(at index: String.Index) -> Rect {
    guard let layout else { return Rect(x: 0, y: 0, width: 0, height: font.lineHeight) }
    let byte = byteOffset(of: index)
    if let newest = measuredCarets.0, newest.byte == byte { return newest.rect }
    if let older = measuredCarets.1, older.byte == byte {
      measuredCarets = (older, measuredCarets.0)
      return older.rect
    }
    TextShaping.begin()
    defer { TextShaping.end() }
    var strong = PangoRectangle()
    pango_layout_get_cursor_pos(layout, Int32(clamping: byte), &strong, nil)
    let rect = Rect(
      x: Double(strong.x) / pangoScale, y: Double(strong.y) / pangoScale, width: 0,
      height: Double(strong.height) / pangoScale)
    measuredCarets = ((byte, rect), measuredCarets.0)
    return rect
  }

  /// The rectangles that cover the text in `range`, one or more a line (a line of mixed
  /// directions can show a range in several pieces), each as tall as its line.
  public func selectionRects(for range: Range<String.Index>) -> [Rect] {
    TextShaping.begin()
    defer { TextShaping.end() }
    guard let layout, !range.isEmpty, let iter = pango_layout_get_iter(layout) else { return [] }
    defer { pango_layout_iter_free(iter) }
    let start = Int32(clamping: byteOffset(of: range.lowerBound))
    let end = Int32(clamping: byteOffset(of: range.upperBound))
    var rects: [Rect] = []
    repeat {
      guard let line = pango_layout_iter_get_line_readonly(iter) else { continue }
      let lineStart = line.pointee.start_index
      let lineEnd = lineStart + line.pointee.length
      guard lineEnd >= start, lineStart <= end else { continue }
      var logical = PangoRectangle()
      pango_layout_iter_get_line_extents(iter, nil, &logical)
      var ranges: UnsafeMutablePointer<Int32>?
      var count: Int32 = 0
      pango_layout_line_get_x_ranges(
        line, max(start, lineStart), min(end, lineEnd), &ranges, &count)
      guard let ranges else { continue }
      defer { g_free(ranges) }
      for i in 0..<Int(count) {
        let left = Double(ranges[2 * i]) / pangoScale
        let right = Double(ranges[2 * i + 1]) / pangoScale
        guard right > left else { continue }
        rects.append(
          Rect(
            x: left, y: Double(logical.y) / pangoScale, width: right - left,
            height: Double(logical.height) / pangoScale))
      }
    } while pango_layout_iter_next_line(iter) != 0
    return rects
  }

  /// The caret position one grapheme to the right (`forward`) or left of `index` as the
  /// text is shown: in right-to-left text (Arabic, Hebrew) the right arrow moves towards
  /// the start of the text. `nil` at the visual end of the text.
  public func index(movingVisuallyFrom index: String.Index, right: Bool) -> String.Index? {
    TextShaping.begin()
    defer { TextShaping.end() }
    guard let layout else { return nil }
    var newByte: Int32 = 0
    var trailing: Int32 = 0
    pango_layout_move_cursor_visually(
      layout, 1, Int32(clamping: byteOffset(of: index)), 0, right ? 1 : -1, &newByte, &trailing)
    guard newByte >= 0, newByte < Int32.max else { return nil }
    var result = characterIndex(containingByte: Int(newByte))
    var remaining = trailing
    while remaining > 0, result < text.endIndex {
      result = text.index(after: result)
      remaining -= 1
    }
    return result
  }

  /// The index of the line that shows `index` (0 for the first line).
  public func lineIndex(of index: String.Index) -> Int {
    TextShaping.begin()
    defer { TextShaping.end() }
    guard let layout else { return 0 }
    var line: Int32 = 0
    var x: Int32 = 0
    pango_layout_index_to_line_x(layout, Int32(clamping: byteOffset(of: index)), 0, &line, &x)
    return Int(line)
  }

  /// Whether some of the text runs right to left (Arabic, Hebrew), whatever the paragraph's
  /// direction. Typing into such a line moves glyphs on either side of the edit (a
  /// right-to-left run grows from its left end), so an edit's damage cannot start at the
  /// edit.
  package var hasRightToLeftRuns: Bool {
    TextShaping.begin()
    defer { TextShaping.end() }
    guard let layout else { return false }
    for i in 0..<pango_layout_get_line_count(layout) {
      var run = pango_layout_get_line_readonly(layout, i)?.pointee.runs
      while let node = run {
        let glyphItem = node.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self)
        if let item = glyphItem?.pointee.item, item.pointee.analysis.level % 2 == 1 {
          return true
        }
        run = node.pointee.next
      }
    }
    return false
  }

  /// The UTF-8 offset of `index` in `text`.
  func byteOffset(of index: String.Index) -> Int {
    text.utf8.distance(from: text.utf8.startIndex, to: index.samePosition(in: text.utf8) ?? index)
  }

  /// The start of the grapheme cluster that contains the UTF-8 offset `byte` (the end of
  /// the text for an offset at or past it).
  func characterIndex(containingByte byte: Int) -> String.Index {
    guard byte > 0 else { return text.startIndex }
    guard byte < text.utf8.count else { return text.endIndex }
    let utf8Index = text.utf8.index(text.utf8.startIndex, offsetBy: byte)
    return text.characterStart(at: utf8Index)
  }
}

extension String {
  /// The start of the grapheme cluster (Character) that contains `index`.
  fileprivate func characterStart(at index: String.Index) -> String.Index {
    // Characters are extended grapheme clusters: rounding down to a Character boundary is
    // what a caret needs.
    var current = startIndex
    while current < endIndex {
      let next = self.index(after: current)
      if next > index { return current }
      current = next
    }
    return endIndex
  }
}
