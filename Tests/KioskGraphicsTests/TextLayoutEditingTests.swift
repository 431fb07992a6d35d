import Testing

@testable import KioskGraphics

/// Caret geometry from pango for text being edited: index ↔ position on grapheme
/// boundaries, in Latin, Cyrillic, CJK and Arabic (right to left), and selection rectangles.
struct TextLayoutEditingTests {
  private func layout(_ text: String) -> TextLayout {
    TextLayout(
      text: text, font: .systemFont(ofSize: 20), alignment: .left, lineBreakMode: .byClipping,
      numberOfLines: 1)
  }

  /// Every caret position maps back to itself: a point on the caret's x finds its index.
  @Test(arguments: ["Hello world", "Привет мир", "你好世界", "e\u{301}te\u{301}", "👨‍👩‍👧 ok"])
  func caretPositionsRoundTrip(_ text: String) {
    let layout = layout(text)
    var index = text.startIndex
    var previousX = -1.0
    while true {
      let caret = layout.caretRect(at: index)
      #expect(caret.minX > previousX, "\(text): carets move right")
      previousX = caret.minX
      let found = layout.index(closestTo: Point(x: caret.minX + 0.2, y: caret.midY))
      #expect(found == index, "\(text) at \(text.distance(from: text.startIndex, to: index))")
      guard index < text.endIndex else { break }
      index = text.index(after: index)
    }
  }

  /// A point inside a character goes to one of its two edges (near its start: the start),
  /// never inside a cluster: é written with a combining accent is one caret step. (pango
  /// splits a cluster's width among its characters, so the turning point of e + U+0301 is
  /// about three quarters across, not the middle.)
  @Test func aPointGoesToTheNearerEdgeOfTheCharacter() {
    let text = "We\u{301}b"
    let layout = layout(text)
    let start = layout.caretRect(at: text.index(text.startIndex, offsetBy: 1)).minX
    let end = layout.caretRect(at: text.index(text.startIndex, offsetBy: 2)).minX
    let nearStart = layout.index(closestTo: Point(x: start + (end - start) * 0.2, y: 10))
    let nearEnd = layout.index(closestTo: Point(x: start + (end - start) * 0.9, y: 10))
    #expect(text.distance(from: text.startIndex, to: nearStart) == 1)
    #expect(text.distance(from: text.startIndex, to: nearEnd) == 2)
  }

  /// Arabic runs right to left: the caret at the start of the text is at the right, and
  /// moving "right" on screen moves towards the start of the text.
  @Test func arabicCaretsRunRightToLeft() {
    let text = "مرحبا"
    let layout = TextLayout(
      text: text, font: .systemFont(ofSize: 20), alignment: .natural, lineBreakMode: .byClipping,
      numberOfLines: 1)
    let first = layout.caretRect(at: text.startIndex).minX
    let last = layout.caretRect(at: text.endIndex).minX
    #expect(first > last)
    let second = text.index(after: text.startIndex)
    // Visually right of the second letter's caret is the first letter's.
    #expect(layout.index(movingVisuallyFrom: second, right: true) == text.startIndex)
    #expect(layout.index(movingVisuallyFrom: second, right: false) == text.index(after: second))
    // A point just inside the right edge finds the start of the text.
    let right = layout.index(closestTo: Point(x: first - 1, y: 10))
    #expect(right == text.startIndex)
  }

  @Test func selectionRectsCoverTheRange() {
    let text = "one two three"
    let layout = layout(text)
    let from = text.index(text.startIndex, offsetBy: 4)
    let to = text.index(text.startIndex, offsetBy: 7)
    let rects = layout.selectionRects(for: from..<to)
    #expect(rects.count == 1)
    #expect(abs(rects[0].minX - layout.caretRect(at: from).minX) < 0.5)
    #expect(abs(rects[0].maxX - layout.caretRect(at: to).minX) < 0.5)
    #expect(layout.selectionRects(for: from..<from).isEmpty)
  }

  /// A layout laid out again answers for its new text: the carets it measured before (it
  /// keeps the last two) are forgotten.
  @Test func aReshapedLayoutMeasuresItsNewText() {
    let first = "iii"
    let layout = layout(first)
    let end = layout.caretRect(at: first.endIndex).minX
    let one = layout.caretRect(at: first.index(after: first.startIndex)).minX
    let wide = "WWW"
    layout.reshape(text: wide)
    let fresh = self.layout(wide)
    #expect(layout.caretRect(at: wide.endIndex) == fresh.caretRect(at: wide.endIndex))
    let second = wide.index(after: wide.startIndex)
    #expect(layout.caretRect(at: second) == fresh.caretRect(at: second))
    #expect(layout.caretRect(at: wide.endIndex).minX > end)
    #expect(layout.caretRect(at: second).minX > one)
  }
}
