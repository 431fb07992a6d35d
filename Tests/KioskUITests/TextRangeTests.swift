import KioskUI
import Testing

/// `TextRange` counts UTF-16 units, as UIKit's `NSRange` does.
struct TextRangeTests {
  @Test func aRangeOfAStringCountsUTF16Units() throws {
    let text = "a👍b"
    let b = try #require(text.firstIndex(of: "b"))
    let range = TextRange(text.startIndex..<b, in: text)
    #expect(range == TextRange(location: 0, length: 3))
    #expect(TextRange(b..., in: text) == TextRange(location: 3, length: 1))
    #expect(range.upperBound == 3)
    #expect(range.description == "{0, 3}")
    #expect(TextRange() == TextRange(location: 0, length: 0))
  }

  @Test func aTextRangeGivesTheStringsIndicesBackOrNilPastTheEnd() throws {
    let text = "a👍b"
    let indices = try #require(Range(TextRange(location: 1, length: 2), in: text))
    #expect(text[indices] == "👍")
    #expect(Range(TextRange(location: 2, length: 5), in: text) == nil)
    #expect(Range(TextRange(location: TextRange.notFound, length: 0), in: text) == nil)
    #expect(Range(TextRange(location: -1, length: 1), in: text) == nil)
  }
}
