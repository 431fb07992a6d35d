import KioskGraphics

/// How a text field draws: its border, the text (or placeholder) with the selection and the
/// marked text's underline, where the caret goes, and which part of the canvas an edit
/// damages.
extension TextField {
  /// Draws the border for `borderStyle` (the field's own `draw(_:)`).
  func drawBorder(in context: GraphicsContext) {
    let box = bounds.insetBy(dx: 0.5, dy: 0.5)
    switch borderStyle {
    case .none:
      return
    case .line:
      context.setStrokeColor(.black)
      context.setLineWidth(1)
      context.stroke(box)
    case .bezel:
      context.setFillColor(.white)
      context.fill(bounds)
      context.setStrokeColor(Color(hex: 0x8e8e93))
      context.setLineWidth(1)
      context.stroke(box)
      context.setStrokeColor(Color(hex: 0x3a3a3c))
      context.beginPath()
      context.move(to: Point(x: box.minX, y: box.maxY))
      context.addLine(to: Point(x: box.minX, y: box.minY))
      context.addLine(to: Point(x: box.maxX, y: box.minY))
      context.strokePath()
    case .roundedRect:
      context.setFillColor(isEnabled ? .white : Color(hex: 0xf2f2f7))
      context.beginPath()
      context.addRoundedRect(box, cornerRadius: 6)
      context.fillPath()
      context.setStrokeColor(isEditing ? tintColor : Color(hex: 0xc7c7cc))
      context.setLineWidth(1)
      context.beginPath()
      context.addRoundedRect(box, cornerRadius: 6)
      context.strokePath()
    }
  }

  /// The text as shown (the part the layout holds, `layoutRange`): bullets for secure entry
  /// (except a character just typed).
  var displayText: String {
    let range = layoutRange
    let isWhole = range.count == editor.buffer.length
    guard isSecureTextEntry else { return isWhole ? editor.text : editor.buffer.substring(range) }
    var shown = ""
    var offset = range.lowerBound
    for character in editor.text[editor.buffer.stringIndexRange(range)] {
      let length = character.utf16.count
      if let revealed, revealed.lowerBound == offset {
        shown.append(character)
      } else {
        shown.append(String(repeating: "•", count: length))
      }
      offset += length
    }
    return shown
  }

  /// The laid-out text: one unwrapped line of the whole text, or of the window around the
  /// caret that a very long text is laid out in (TextField+LongText.swift).
  var displayLayout: TextLayout? {
    if let cachedLayout { return cachedLayout }
    let layout = layOutInWindow { makeLayout() }
    cachedLayout = layout
    return layout
  }

  /// A layout of `displayText`: the spare one laid out again when it can be (no new
  /// layout per key).
  private func makeLayout() -> TextLayout {
    let color = isEnabled ? textColor : textColor.withAlphaComponent(0.45)
    defer { spareLayout = nil }
    if isKnownUniquelyReferenced(&spareLayout), let spare = spareLayout, spare.font == font,
      spare.color == color
    {
      spare.reshape(text: displayText)
      return spare
    }
    return TextLayout(
      text: displayText, font: font, color: color, alignment: .left,
      lineBreakMode: .byClipping, numberOfLines: 1, width: nil)
  }

  /// Where the layout's origin sits in the canvas: aligned, scrolled, centred vertically.
  var textOrigin: Point {
    let width = displayLayout?.size.width ?? 0
    let available = canvas.bounds.width
    var x = 0.0
    if width < available {
      switch resolvedAlignment {
      case .center: x = (available - width) / 2
      case .right: x = available - width
      default: x = 0
      }
    }
    let height = max(displayLayout?.size.height ?? font.lineHeight, font.lineHeight)
    return Point(x: x - scrollOffset, y: ((canvas.bounds.height - height) / 2).rounded())
  }

  private var resolvedAlignment: TextAlignment {
    guard textAlignment == .natural else { return textAlignment }
    let text = editor.text.isEmpty ? (placeholder ?? "") : editor.text
    return text.isRightToLeft ? .right : .left
  }

  /// Draws the canvas: selection, text (or placeholder), marked-text underline.
  func drawCanvas(in context: GraphicsContext) {
    if editor.text.isEmpty {
      guard let placeholder, !placeholder.isEmpty else { return }
      let layout = TextLayout(
        text: placeholder, font: font, color: Color(hex: 0xc4c4c6), alignment: .left,
        lineBreakMode: .byTruncatingTail, numberOfLines: 1, width: canvas.bounds.width)
      var origin = textOrigin
      origin.x = 0
      if resolvedAlignment == .right { origin.x = canvas.bounds.width - layout.size.width }
      if resolvedAlignment == .center { origin.x = (canvas.bounds.width - layout.size.width) / 2 }
      context.draw(layout, at: origin)
      return
    }
    guard let layout = displayLayout else { return }
    let origin = textOrigin
    let selection = editor.selection
    if isEditing, !selection.isEmpty {
      context.setFillColor(tintColor.withAlphaComponent(0.25))
      for rect in layout.selectionRects(for: displayRange(selection)) {
        context.fill(rect.offsetBy(dx: origin.x, dy: origin.y))
      }
    }
    context.draw(layout, at: origin)
    if let marked = editor.marked, !marked.isEmpty {
      context.setFillColor(textColor)
      for rect in layout.selectionRects(for: displayRange(marked)) {
        let moved = rect.offsetBy(dx: origin.x, dy: origin.y)
        context.fill(Rect(x: moved.minX, y: moved.maxY - 2, width: moved.width, height: 1))
      }
    }
  }

  /// Offsets of the text as indices of the displayed text (the same unless secure, where
  /// each UTF-16 unit shows as one bullet, or laid out in a window, which starts further on).
  func displayIndex(_ offset: Int) -> String.Index {
    let shown = displayLayout?.text ?? ""
    guard isSecureTextEntry || layoutWindow != nil else { return editor.buffer.index(offset) }
    let local = min(max(offset - layoutRange.lowerBound, 0), shown.utf16.count)
    return shown.utf16.index(shown.utf16.startIndex, offsetBy: local)
  }

  func displayRange(_ range: Range<Int>) -> Range<String.Index> {
    displayIndex(range.lowerBound)..<displayIndex(range.upperBound)
  }

  /// The caret offset nearest to `point` in the field's coordinates.
  func offset(closestTo point: Point) -> Int {
    guard let layout = displayLayout, !editor.text.isEmpty else { return 0 }
    let inCanvas = canvas.convert(point, from: self)
    let origin = textOrigin
    let index = layout.index(
      closestTo: Point(x: inCanvas.x - origin.x, y: inCanvas.y - origin.y))
    let shownOffset = layout.text.utf16.distance(from: layout.text.utf16.startIndex, to: index)
    return editor.buffer.roundedToBoundary(shownOffset + layoutRange.lowerBound)
  }

  /// The caret's rectangle for `offset`, in the canvas's coordinates.
  func caretRect(for offset: Int) -> Rect {
    let origin = textOrigin
    guard let layout = displayLayout else {
      return Rect(x: origin.x, y: origin.y, width: 2, height: font.lineHeight)
    }
    let rect = layout.caretRect(at: displayIndex(offset))
    return Rect(
      x: (origin.x + rect.minX - 1).rounded(), y: origin.y + rect.minY, width: 2,
      height: max(rect.height, font.lineHeight))
  }

  /// Scrolls the text so the caret is inside the text rectangle, and puts the caret and
  /// the selection handles where they belong.
  func updateCaretAndScroll() {
    dropLayoutIfTheWindowMissesTheCaret()
    let width = displayLayout?.size.width ?? 0
    let available = canvas.bounds.width
    let anchored = scrollOffsetKeepingTheCaret()
    if width <= available {
      scrollOffset = 0
    } else {
      if let anchored { scrollOffset = anchored }
      let caretX = caretRect(for: editor.caret).minX + scrollOffset
      if caretX - scrollOffset > available - 2 { scrollOffset = caretX - available + 2 }
      if caretX - scrollOffset < 0 { scrollOffset = max(caretX, 0) }
      scrollOffset = min(max(scrollOffset, 0), width - available + 2)
    }
    let caret = caretRect(for: editor.caret)
    caretView.frame = caret
    caretView.backgroundColor = tintColor
    let selection = editor.selection
    let showHandles = isEditing && !selection.isEmpty && !isSecureTextEntry
    for handle in selectionHandles {
      handle.isHidden = !showHandles
      guard showHandles else { continue }
      let rect = caretRect(for: handle.isStart ? selection.lowerBound : selection.upperBound)
      let inField = clipView.convert(rect, to: self)
      handle.place(caret: inField, in: bounds)
    }
    if isEditing, !selection.isEmpty {
      caretView.stopBlinking()
    } else if isEditing, caretView.isHidden || !caretView.isBlinking {
      caretView.startBlinking()
    }
    // The canvas shows the selection, the marked text's underline and the scrolled text:
    // when any of them changed it is drawn anew (text changes damage less, below).
    let look = CanvasLook(
      scrollOffset: scrollOffset, selection: isEditing && !selection.isEmpty ? selection : nil,
      marked: editor.marked, isEditing: isEditing, isEmpty: editor.text.isEmpty)
    if look != drawnLook {
      drawnLook = look
      canvas.setNeedsDisplay()
    }
  }

  /// What the canvas showed besides the text when it was last invalidated.
  struct CanvasLook: Equatable {
    var scrollOffset: Double
    var selection: Range<Int>?
    var marked: Range<Int>?
    var isEditing: Bool
    var isEmpty: Bool
  }

  /// Invalidates the part of the canvas a change of the text from `old` (laid out at
  /// `oldOrigin`) to the current text changes: from the first glyph that differs to the
  /// end of the longer of the two lines. Typing at the end of a field redraws a glyph's
  /// width, not the field.
  func invalidateText(from old: TextLayout?, oldOrigin: Point) {
    guard let old, let new = displayLayout, resolvedAlignment == .left,
      oldOrigin == textOrigin, !old.hasRightToLeftRuns, !new.hasRightToLeftRuns
    else {
      canvas.setNeedsDisplay()
      return
    }
    let oldUnits = old.text.utf16
    let newUnits = new.text.utf16
    var oldIndex = oldUnits.startIndex
    var newIndex = newUnits.startIndex
    while oldIndex != oldUnits.endIndex, newIndex != newUnits.endIndex,
      oldUnits[oldIndex] == newUnits[newIndex]
    {
      oldUnits.formIndex(after: &oldIndex)
      newUnits.formIndex(after: &newIndex)
    }
    // Step back a whole character: a combining mark typed after a letter changes the
    // letter's glyph too.
    let start = old.text[..<oldIndex].indices.last ?? old.text.startIndex
    let prefix = old.text.utf16.distance(from: old.text.startIndex, to: start)
    let newStart = new.text.utf16.index(new.text.utf16.startIndex, offsetBy: prefix)
    let x = min(old.caretRect(at: start).minX, new.caretRect(at: newStart).minX) + oldOrigin.x
    let end = max(old.size.width, new.size.width) + oldOrigin.x
    invalidateLine(from: x, to: end)
  }

  /// Where an edit starts and how the text looked there, taken before the editor changes
  /// the text.
  struct EditStart {
    /// The offset of the character before the edit (a combining mark typed after a letter
    /// changes the letter's glyph too).
    var offset: Int
    /// The caret's x at `offset` in the old layout, the old layout's width, and its origin.
    var x: Double
    var width: Double
    var origin: Point
    /// Whether the old line had right-to-left text (its glyphs move wherever the edit is).
    var hadRightToLeftRuns: Bool
  }

  /// Notes how the text looks where an edit at `offset` starts, then has the layout let go
  /// of the text: the edit then changes the text in place, and the redraw after it needs no
  /// old layout (`invalidateText(after:)`).
  func noteEditStart(_ offset: Int) {
    editStart = nil
    guard !isSecureTextEntry, let old = cachedLayout, resolvedAlignment == .left else { return }
    let start = editor.buffer.previousBoundary(before: offset)
    editStart = EditStart(
      offset: start, x: old.caretRect(at: displayIndex(start)).minX, width: old.size.width,
      origin: textOrigin, hadRightToLeftRuns: old.hasRightToLeftRuns)
    cachedLayout = nil
    old.forgetText()
    spareLayout = old
  }

  /// Invalidates the canvas's full height from `x` to `end` (canvas coordinates), with two
  /// points to spare on each side for glyphs that reach past their advance.
  private func invalidateLine(from x: Double, to end: Double) {
    canvas.setNeedsDisplay(
      Rect(x: x - 2, y: 0, width: max(end - x + 4, 0), height: canvas.bounds.height))
  }

  /// Invalidates what an edit noted by `noteEditStart` changed: from the character before it
  /// to the end of the longer of the old and the new line.
  func invalidateText(after edit: EditStart) {
    guard let new = displayLayout, resolvedAlignment == .left, edit.origin == textOrigin,
      !edit.hadRightToLeftRuns, !new.hasRightToLeftRuns
    else {
      canvas.setNeedsDisplay()
      return
    }
    let x = min(edit.x, new.caretRect(at: displayIndex(edit.offset)).minX) + edit.origin.x
    let end = max(edit.width, new.size.width) + edit.origin.x
    invalidateLine(from: x, to: end)
  }
}
