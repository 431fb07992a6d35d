import Testing

@testable import KioskGraphics

@Suite struct TextTests {
  let body = Font.systemFont(ofSize: 17)
  let sentence = "The quick brown fox jumps over the lazy dog near the riverbank"

  @Test func fontMetricsScaleWithSize() {
    let small = Font.systemFont(ofSize: 10)
    let large = Font.systemFont(ofSize: 20)
    #expect(small.lineHeight > 0 && small.ascender > 0 && small.descender < 0)
    #expect(abs(large.lineHeight - 2 * small.lineHeight) < 0.5)
    #expect(large.ascender > small.ascender)
    #expect(Font.boldSystemFont(ofSize: 12).weight == .bold)
    #expect(Font.systemFont(ofSize: 12).familyName == "DejaVu Sans")
  }

  @Test func textGrowsWithTheFont() {
    let small = TextLayout(text: "Hello", font: .systemFont(ofSize: 12))
    let large = TextLayout(text: "Hello", font: .systemFont(ofSize: 24))
    #expect(small.size.width > 10 && small.size.height > 10)
    #expect(large.size.width > 1.8 * small.size.width)
    #expect(large.size.height > 1.8 * small.size.height)
    let bold = TextLayout(text: "Hello", font: .boldSystemFont(ofSize: 12))
    #expect(bold.size.width > small.size.width)
  }

  @Test func narrowerLayoutsWrapIntoMoreLines() {
    let wide = TextLayout(
      text: sentence, font: body, lineBreakMode: .byWordWrapping, numberOfLines: 0, width: 400)
    let narrow = TextLayout(
      text: sentence, font: body, lineBreakMode: .byWordWrapping, numberOfLines: 0, width: 120)
    #expect(wide.lineCount == 2)
    #expect(narrow.lineCount > wide.lineCount)
    #expect(narrow.size.height > wide.size.height)
    #expect(narrow.size.width <= 120)
    #expect(!narrow.isTruncated && !wide.isTruncated)
  }

  @Test func unconstrainedTextIsOneLinePerParagraph() {
    let layout = TextLayout(text: "one\ntwo\nthree", font: body, numberOfLines: 0)
    #expect(layout.lineCount == 3 && !layout.isTruncated)
    let limited = TextLayout(text: "one\ntwo\nthree", font: body, numberOfLines: 2)
    #expect(limited.lineCount == 2 && limited.isTruncated)
    #expect(abs(limited.size.height - 2 * layout.size.height / 3) < 0.5)
  }

  @Test func truncationShortensTheLastLine() {
    let short = TextLayout(text: "Hi", font: body, width: 100)
    #expect(!short.isTruncated && short.lineCount == 1)
    let long = TextLayout(text: sentence, font: body, width: 100)
    #expect(long.isTruncated && long.lineCount == 1)
    #expect(long.size.width <= 100 && long.size.width > 50)
    let twoLines = TextLayout(text: sentence, font: body, numberOfLines: 2, width: 100)
    #expect(twoLines.isTruncated && twoLines.lineCount == 2)
    let head = TextLayout(
      text: sentence, font: body, lineBreakMode: .byTruncatingHead, numberOfLines: 1, width: 100)
    #expect(head.isTruncated && head.size.width <= 100)
    #expect(long.isEllipsized && twoLines.isEllipsized && head.isEllipsized)
    #expect(!short.isEllipsized)
  }

  @Test func wrappingModesCutAfterTheLastLine() {
    let cut = TextLayout(
      text: sentence, font: body, lineBreakMode: .byWordWrapping, numberOfLines: 2, width: 100)
    #expect(cut.isTruncated && cut.lineCount == 2 && !cut.isEllipsized)
    let clipped = TextLayout(
      text: sentence, font: body, lineBreakMode: .byClipping, numberOfLines: 1, width: 100)
    #expect(clipped.isTruncated && clipped.lineCount == 1 && clipped.size.width == 100)

    let context = try? makeContext(width: 300, height: 100)
    if let context {
      context.draw(cut, at: Point(x: 10, y: 10))
      context.flush()
      let ink = inkBounds(context.buffer)
      #expect(ink.map { Double($0.maxY) <= 10 + cut.size.height + 1 } == true)
    }
  }

  @Test(arguments: ["Hello, world", "Привет, мир", "你好，世界"])
  func scriptsHaveRealGlyphs(text: String) throws {
    let layout = TextLayout(text: text, font: body)
    #expect(layout.unknownGlyphCount == 0)
    let context = try makeContext(width: 200, height: 40)
    context.draw(layout, at: Point(x: 0, y: 0))
    context.flush()
    #expect(inkBounds(context.buffer) != nil)
  }

  @Test func charactersWithoutAFontAreCounted() {
    // A private-use character no installed font has: proves the count can be non-zero.
    #expect(TextLayout(text: "\u{10FFFD}", font: body).unknownGlyphCount == 1)
  }

  @Test func layoutDoesNotDependOnTheScale() throws {
    let layout = TextLayout(text: "Scale", font: body)
    var inks: [Rect] = []
    for scale in [1.0, 2.0] {
      let context = try makeContext(width: Int(100 * scale), height: Int(40 * scale), scale: scale)
      context.draw(layout, at: Point(x: 10, y: 5))
      context.flush()
      let ink = try #require(inkBounds(context.buffer))
      inks.append(ink.rect.applying(Transform(scaleX: 1 / scale, y: 1 / scale)))
    }
    #expect(abs(inks[0].minX - inks[1].minX) <= 1 && abs(inks[0].maxX - inks[1].maxX) <= 1)
    #expect(abs(inks[0].minY - inks[1].minY) <= 1 && abs(inks[0].maxY - inks[1].maxY) <= 1)
    #expect(inks[0].minY >= 5 && inks[0].maxY <= 5 + layout.size.height + 1)
  }

  @Test func glyphPositionsAreNotSnappedToWholePoints() {
    // Hinted metrics or rounded positions would make every advance a whole number of
    // points at the layout's 1:1 scale, and the text would change width with the scale.
    let widths = ["Hello", "Kiosk", "minimum"].map {
      TextLayout(text: $0, font: .systemFont(ofSize: 17)).size.width
    }
    #expect(widths.contains { $0 != $0.rounded() })
  }

  @Test func centredTextSitsInTheMiddleOfItsWidth() throws {
    let layout = TextLayout(text: "mid", font: body, alignment: .center, width: 200)
    let context = try makeContext(width: 200, height: 30)
    context.draw(layout, at: .zero)
    context.flush()
    let ink = try #require(inkBounds(context.buffer))
    #expect(abs(Double(ink.x + ink.maxX) / 2 - 100) < 3)
  }

  @Test func drawTextUsesTheColour() throws {
    let context = try makeContext(width: 100, height: 30)
    context.drawText("█", at: Point(x: 0, y: 0), font: body, color: .red)
    context.flush()
    let ink = try #require(inkBounds(context.buffer))
    let center = context.buffer.rawPixel(x: ink.x + ink.width / 2, y: ink.y + ink.height / 2)
    #expect(center == 0xffff_0000)
  }
}
