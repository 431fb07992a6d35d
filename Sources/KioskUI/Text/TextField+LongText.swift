import KioskGraphics

/// A field's text too long to lay out on every keystroke (100,000 characters pasted in):
/// the layout holds a window of it around the caret, wide enough that everything the
/// field can show is in it, so that a keystroke shapes a few hundred characters rather
/// than the whole text and a frame costs what a short field's does.
///
/// The window reaches a margin of characters to either side of the caret, first guessed
/// from the field's width at a quarter of the font's size a character, then from the units
/// per point of the last layout, with half again to spare; when the laid-out window turns
/// out narrower than the field on a side that is not the text's end (narrow or zero-width
/// characters), the margin doubles until it is wide enough or the window is the whole
/// text. The window keeps its start while the caret stays well inside it: its
/// glyphs keep their places, so an edit redraws from the edit on, as in a short field.
/// When the caret comes near an edge that is not the text's own, the window is centred on
/// the caret again and the text is scrolled so that the caret stays where it was on
/// screen. Texts up to `wholeLayoutLimit` units are laid out whole, exactly as before.
extension TextField {
  /// The longest text laid out whole, in UTF-16 units.
  static let wholeLayoutLimit = 4_096

  /// The part of the text the layout holds: from `start` to `tail` units before the end, in
  /// UTF-16 offsets. An edit between the two keeps both, so the window follows the text.
  struct LayoutWindow: Equatable {
    var start: Int
    var tail: Int
    /// How many units the window reaches to either side of the caret when chosen.
    var margin: Int
    /// The margin the last layout of the window suggests for the next window, from its
    /// units per point (CJK glyphs are four times as wide as the first guess assumes).
    var measuredMargin: Int?
    /// Where the caret was in the canvas when the window moved: the next scroll keeps it
    /// there.
    var caretAnchor: Double?
  }

  /// The first guess at the units that can show on either side of the caret: the canvas's
  /// width at a quarter of the font's size a character, and some to spare.
  private var guessedMargin: Int {
    let size = max(font.pointSize, 1)
    let width = min(max(canvas.bounds.width, 0), 16_384)
    return Int((width / (size / 4)).rounded(.up)) + 16
  }

  /// The offsets the layout holds (the whole text, or the window).
  var layoutRange: Range<Int> {
    let length = editor.buffer.length
    guard let window = layoutWindow else { return 0..<length }
    let end = max(length - window.tail, window.start)
    return min(window.start, length)..<min(end, length)
  }

  /// Lays the text out with `make`, in a window when it is long: chooses the window,
  /// widens it until the layout covers the field on both sides of the caret, and draws the
  /// canvas anew when the window appeared, went or moved (its glyphs moved).
  func layOutInWindow(_ make: () -> TextLayout) -> TextLayout {
    if updateLayoutWindow() { canvas.setNeedsDisplay() }
    var layout = make()
    while var window = layoutWindow, !covers(layout) {
      window.margin *= 2
      window.measuredMargin = nil
      layoutWindow = window
      chooseLayoutWindow()
      canvas.setNeedsDisplay()
      layout = make()
    }
    if var window = layoutWindow, layout.size.width > 0 {
      let unitsPerPoint = Double(layoutRange.count) / layout.size.width
      let margin = ((canvas.bounds.width + 2) * unitsPerPoint * 1.5).rounded(.up) + 16
      window.measuredMargin = Int(min(margin, Double(Int32.max)))
      layoutWindow = window
    }
    return layout
  }

  /// Chooses the part of the text the next layout holds. Returns whether what was laid out
  /// before now sits elsewhere in the layout.
  private func updateLayoutWindow() -> Bool {
    guard editor.buffer.length > Self.wholeLayoutLimit else {
      defer { layoutWindow = nil }
      return layoutWindow != nil
    }
    if let window = layoutWindow, keeps(window, caret: editor.caret) { return false }
    chooseLayoutWindow()
    return true
  }

  /// Centres the window on the caret, `margin` units (the window's, else guessed) to either
  /// side; none (the whole text) when that is most of the text.
  private func chooseLayoutWindow() {
    let length = editor.buffer.length
    let margin = layoutWindow?.measuredMargin ?? max(layoutWindow?.margin ?? 0, guessedMargin)
    guard length > 8 * margin else {
      layoutWindow = nil
      return
    }
    let caret = editor.caret
    let buffer = editor.buffer
    let start = buffer.roundedToBoundary(max(caret - 2 * margin, 0))
    let end = buffer.roundedToBoundary(min(caret + 2 * margin, length))
    let anchor = layoutWindow?.caretAnchor ?? caretView.frame.minX + 1
    layoutWindow = LayoutWindow(
      start: start, tail: length - end, margin: margin, caretAnchor: anchor)
  }

  /// Whether `layout` of the window reaches the field's width to both sides of the caret,
  /// or to one side when the window holds an end of the text (that side may stop short).
  private func covers(_ layout: TextLayout) -> Bool {
    let range = layoutRange
    let text = layout.text.utf16
    let local = min(max(editor.caret - range.lowerBound, 0), text.count)
    let x = layout.caretRect(at: text.index(text.startIndex, offsetBy: local)).minX
    let sides = (x, layout.size.width - x)
    let needed = canvas.bounds.width + 2
    if range.lowerBound == 0 || range.upperBound == editor.buffer.length {
      return max(sides.0, sides.1) >= needed
    }
    return min(sides.0, sides.1) >= needed
  }

  /// Lets go of the layout when the caret moved out of the window's middle (a tap, an
  /// arrow key, a new selection): the next layout takes a window around it.
  func dropLayoutIfTheWindowMissesTheCaret() {
    guard let window = layoutWindow, let layout = cachedLayout,
      !keeps(window, caret: editor.caret)
    else { return }
    cachedLayout = nil
    spareLayout = layout
  }

  /// Whether `window` still holds what the field can show around `caret`: the caret at
  /// least a margin from each edge that is not the text's, the window no wider than a few
  /// margins (typing widens it), its edges between grapheme clusters.
  private func keeps(_ window: LayoutWindow, caret: Int) -> Bool {
    let length = editor.buffer.length
    let end = length - window.tail
    let margin = window.margin
    guard window.start >= 0, window.start <= caret, caret <= end, end <= length,
      end - window.start <= 6 * margin
    else { return false }
    guard window.start == 0 || caret - window.start >= margin,
      end == length || end - caret >= margin
    else { return false }
    let buffer = editor.buffer
    return buffer.roundedToBoundary(window.start) == window.start
      && buffer.roundedToBoundary(end) == end
  }

  /// After the window moved: the scroll offset that puts the caret where it was in the
  /// canvas (`nil` when it did not move).
  func scrollOffsetKeepingTheCaret() -> Double? {
    guard let anchor = layoutWindow?.caretAnchor else { return nil }
    layoutWindow?.caretAnchor = nil
    scrollOffset = 0
    return max(caretRect(for: editor.caret).minX + 1 - anchor, 0)
  }
}
