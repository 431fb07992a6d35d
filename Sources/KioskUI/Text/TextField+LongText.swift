import KioskGraphics

/// A field's text too long to lay out on every keystroke (100,000 characters pasted in):
/// the layout holds a window of it around the caret, wide enough that everything the
/// field can show is in it, so that a keystroke shapes a few thousand characters rather
/// than the whole text and a frame costs what a short field's does.
///
/// The window keeps its start while the caret stays well inside it: its glyphs keep their
/// places, so an edit redraws from the edit on, as in a short field. When the caret comes
/// near an edge that is not the text's own, the window is centred on the caret again and
/// the text is scrolled so that the caret stays where it was on screen. Texts up to
/// `wholeLayoutLimit` units are laid out whole, exactly as before.
extension TextField {
  /// The longest text laid out whole, in UTF-16 units.
  static let wholeLayoutLimit = 4_096

  /// The part of the text the layout holds: from `start` to `tail` units before the end, in
  /// UTF-16 offsets. An edit between the two keeps both, so the window follows the text.
  struct LayoutWindow: Equatable {
    var start: Int
    var tail: Int
    /// Where the caret was in the canvas when the window moved: the next scroll keeps it
    /// there.
    var caretAnchor: Double?
  }

  /// The most UTF-16 units that can show on either side of the caret: the canvas's width
  /// over the narrowest a visible character can be (a twentieth of the font's size, the
  /// bound `TextLayout.visiblePart` assumes too), and some to spare.
  private var windowMargin: Int {
    let size = max(font.pointSize, 1)
    let width = min(max(canvas.bounds.width, 0), 16_384)
    return Int((width / (size / 20)).rounded(.up)) + 64
  }

  /// The offsets the layout holds (the whole text, or the window).
  var layoutRange: Range<Int> {
    let length = editor.buffer.length
    guard let window = layoutWindow else { return 0..<length }
    let end = max(length - window.tail, window.start)
    return min(window.start, length)..<min(end, length)
  }

  /// Chooses the part of the text the next layout holds. Returns whether what was laid out
  /// before now sits elsewhere in the layout (the window appeared, went or moved), so that
  /// the canvas is drawn anew.
  func updateLayoutWindow() -> Bool {
    let length = editor.buffer.length
    let margin = windowMargin
    guard length > max(Self.wholeLayoutLimit, 8 * margin) else {
      defer { layoutWindow = nil }
      return layoutWindow != nil
    }
    let caret = editor.caret
    if let window = layoutWindow, keeps(window, caret: caret, margin: margin) { return false }
    let buffer = editor.buffer
    let start = buffer.roundedToBoundary(max(caret - 2 * margin, 0))
    let end = buffer.roundedToBoundary(min(caret + 2 * margin, length))
    layoutWindow = LayoutWindow(
      start: start, tail: length - end, caretAnchor: caretView.frame.minX + 1)
    return true
  }

  /// Lets go of the layout when the caret moved out of the window's middle (a tap, an
  /// arrow key, a new selection): the next layout takes a window around it.
  func dropLayoutIfTheWindowMissesTheCaret() {
    guard let window = layoutWindow, let layout = cachedLayout,
      !keeps(window, caret: editor.caret, margin: windowMargin)
    else { return }
    cachedLayout = nil
    spareLayout = layout
  }

  /// Whether `window` still holds what the field can show around `caret`: the caret at
  /// least `margin` units from each edge that is not the text's, the window no wider than
  /// a few margins (typing widens it), its edges between grapheme clusters.
  private func keeps(_ window: LayoutWindow, caret: Int, margin: Int) -> Bool {
    let length = editor.buffer.length
    let end = length - window.tail
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
