import Testing

@testable import KioskGraphics

/// Bad numbers and odd buffers must neither crash nor break a context.
@Suite struct HostileInputTests {
  @Test func nonFiniteGeometryDrawsNothing() throws {
    let context = try makeContext(width: 10, height: 10)
    let nan = Double.nan
    context.fill(Rect(x: nan, y: 0, width: 5, height: 5))
    context.move(to: Point(x: .infinity, y: 0))
    context.addLine(to: Point(x: 5, y: nan))
    context.addArc(center: .zero, radius: nan, startAngle: 0, endAngle: 1, clockwise: true)
    context.strokePath()
    context.setLineWidth(nan)
    context.setLineDash([nan])
    context.scaleBy(x: nan, y: 1)
    context.fill(Rect(x: 0, y: 0, width: 5, height: 5))
    context.drawLinearGradient(Gradient(colors: []), start: .zero, end: Point(x: 0, y: nan))
    context.drawRadialGradient(
      Gradient(colors: [.red]), startCenter: .zero, startRadius: -5, endCenter: .zero,
      endRadius: nan)
    context.flush()
    #expect(context.status == nil)
    #expect(inkBounds(context.buffer) == nil)
  }

  @Test func degenerateGradientsAndShapesKeepTheContextHealthy() throws {
    let context = try makeContext(width: 10, height: 10)
    context.drawRadialGradient(
      Gradient(colors: [.red, .blue]), startCenter: .zero, startRadius: -5,
      endCenter: .zero, endRadius: 0)
    context.addEllipse(in: Rect(x: 0, y: 0, width: 0, height: 5))
    context.addRoundedRect(Rect(x: 0, y: 0, width: 4, height: 4), cornerRadius: 100)
    context.fillPath()
    context.draw(Image(pixelBuffer: try PixelBuffer(width: 1, height: 1)), in: .zero)
    #expect(context.status == nil)
  }

  @Test func oddTextInputs() {
    let font = Font.systemFont(ofSize: 17)
    let empty = TextLayout(text: "", font: font, numberOfLines: 0, width: 100)
    #expect(empty.size.width == 0 && !empty.isTruncated)
    let zeroWidth = TextLayout(text: "abc def", font: font, numberOfLines: 0, width: 0)
    #expect(zeroWidth.lineCount >= 2)
    let nul = TextLayout(text: "a\u{0}b", font: font)
    #expect(nul.lineCount == 1 && nul.size.width > 0)
    let badSize = TextLayout(text: "x", font: Font(name: "No Such Family", size: .nan))
    #expect(badSize.size.width > 0 && badSize.unknownGlyphCount == 0)
    let negative = TextLayout(text: "a\nb", font: font, numberOfLines: -3, width: .infinity)
    #expect(negative.lineCount == 2)
    #expect(Font.systemFont(ofSize: -4).lineHeight > 0)
  }

  @Test func otherBufferFormatsCanBeDrawnAndSaved() throws {
    for format in [PixelFormat.xrgb8888, .rgb565] {
      let buffer = try PixelBuffer(width: 9, height: 3, format: format)
      let context = GraphicsContext(buffer: buffer)
      context.setFillColor(.blue)
      context.fill(Rect(x: 0, y: 0, width: 4, height: 3))
      context.flush()
      #expect(buffer.pixel(x: 1, y: 1) == .blue, "\(format)")
      let decoded = try Image(data: try buffer.pngData())
      #expect(decoded.pixelBuffer.rawPixel(x: 1, y: 1) == 0xff00_00ff, "\(format)")
      #expect(decoded.pixelBuffer.rawPixel(x: 6, y: 1) == 0xff00_0000, "\(format)")
    }
  }

  @Test func renderRejectsImpossibleSizes() {
    #expect(throws: PixelBufferError.self) {
      try Image.render(size: Size(width: .nan, height: 10)) { _ in }
    }
    #expect(throws: PixelBufferError.self) {
      try Image.render(size: Size(width: 1e9, height: 10)) { _ in }
    }
  }

  @Test func writingToAMissingFolderThrows() throws {
    let buffer = try PixelBuffer(width: 1, height: 1)
    #expect(throws: ImageWriteError.self) { try buffer.writePNG(to: "/nonexistent/dir/x.png") }
  }
}
