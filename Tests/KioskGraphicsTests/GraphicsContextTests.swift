import Testing

@testable import KioskGraphics

@Suite struct GraphicsContextTests {
  let red: UInt32 = 0xffff_0000
  let blue: UInt32 = 0xff00_00ff

  @Test(arguments: [1.0, 2.0])
  func fillCoversExactlyTheRect(scale: Double) throws {
    let s = Int(scale)
    let context = try makeContext(width: 20 * s, height: 20 * s, scale: scale)
    context.setFillColor(.red)
    context.fill(Rect(x: 5, y: 5, width: 10, height: 10))
    context.flush()
    let buffer = context.buffer
    #expect(inkBounds(buffer) == PixelRect(x: 5 * s, y: 5 * s, width: 10 * s, height: 10 * s))
    #expect(buffer.rawPixel(x: 5 * s, y: 5 * s) == red)
    #expect(buffer.rawPixel(x: 15 * s - 1, y: 15 * s - 1) == red)
    #expect(buffer.rawPixel(x: 15 * s, y: 10 * s) == 0)
  }

  @Test(arguments: [1.0, 2.0])
  func strokeStraddlesTheOutline(scale: Double) throws {
    let s = Int(scale)
    let context = try makeContext(width: 20 * s, height: 20 * s, scale: scale)
    context.setStrokeColor(.blue)
    context.setLineWidth(2)
    context.stroke(Rect(x: 5, y: 5, width: 10, height: 10))
    context.flush()
    let buffer = context.buffer
    // A 2-point line centred on x = 5 covers points 4 ..< 6.
    #expect(inkBounds(buffer) == PixelRect(x: 4 * s, y: 4 * s, width: 12 * s, height: 12 * s))
    #expect(buffer.rawPixel(x: 4 * s, y: 10 * s) == blue)
    #expect(buffer.rawPixel(x: 6 * s - 1, y: 10 * s) == blue)
    #expect(buffer.rawPixel(x: 6 * s, y: 10 * s) == 0)
    #expect(buffer.rawPixel(x: 10 * s, y: 10 * s) == 0)
  }

  /// A reset context draws as a new one: transform, clip, colours, alpha, line width and
  /// states left saved are all gone.
  @Test func aResetContextDrawsLikeANewOne() throws {
    let reused = try makeContext(width: 40, height: 40, scale: 2)
    reused.saveGState()
    reused.translateBy(x: 7, y: 3)
    reused.scaleBy(x: 0.5, y: 0.5)
    reused.clip(to: Rect(x: 0, y: 0, width: 4, height: 4))
    reused.setFillColor(.blue)
    reused.setStrokeColor(.red)
    reused.setAlpha(0.3)
    reused.setLineWidth(5)
    reused.saveGState()
    reused.fill(Rect(x: 0, y: 0, width: 10, height: 10))
    reused.reset()
    reused.clear(Rect(x: 0, y: 0, width: 20, height: 20))
    let fresh = try makeContext(width: 40, height: 40, scale: 2)
    for context in [reused, fresh] {
      context.fill(Rect(x: 2, y: 2, width: 6, height: 6))
      context.stroke(Rect(x: 10, y: 10, width: 6, height: 6))
      context.flush()
    }
    #expect(reused.drawingOperationCount == 2)
    for y in 0..<40 {
      for x in 0..<40 {
        #expect(reused.buffer.rawPixel(x: x, y: y) == fresh.buffer.rawPixel(x: x, y: y))
      }
    }
  }

  @Test func defaultLineIsOnePointWide() throws {
    let context = try makeContext(width: 20, height: 20, scale: 2)
    context.move(to: Point(x: 0, y: 5))
    context.addLine(to: Point(x: 10, y: 5))
    context.strokePath()
    context.flush()
    #expect(inkBounds(context.buffer) == PixelRect(x: 0, y: 9, width: 20, height: 2))
    #expect(context.buffer.rawPixel(x: 5, y: 9) == 0xff00_0000)
  }

  @Test func clipLimitsDrawingUntilRestored() throws {
    let context = try makeContext(width: 20, height: 20)
    context.setFillColor(.red)
    context.saveGState()
    context.clip(to: Rect(x: 0, y: 0, width: 10, height: 20))
    context.fill(Rect(x: 0, y: 0, width: 20, height: 10))
    context.restoreGState()
    context.fill(Rect(x: 0, y: 15, width: 20, height: 5))
    context.flush()
    #expect(context.buffer.rawPixel(x: 5, y: 5) == red)
    #expect(context.buffer.rawPixel(x: 15, y: 5) == 0)
    #expect(context.buffer.rawPixel(x: 15, y: 17) == red)
  }

  @Test func evenOddPathClipLeavesAHole() throws {
    let context = try makeContext(width: 30, height: 30)
    context.addRect(Rect(x: 0, y: 0, width: 30, height: 30))
    context.addRect(Rect(x: 10, y: 10, width: 10, height: 10))
    context.clip(evenOdd: true)
    context.setFillColor(.blue)
    context.fill(Rect(x: 0, y: 0, width: 30, height: 30))
    context.flush()
    #expect(context.buffer.rawPixel(x: 5, y: 5) == blue)
    #expect(context.buffer.rawPixel(x: 15, y: 15) == 0)
  }

  @Test func fillingARectKeepsTheCurrentPath() throws {
    let context = try makeContext(width: 20, height: 20)
    context.addRect(Rect(x: 0, y: 0, width: 5, height: 5))
    context.setFillColor(.blue)
    context.fill(Rect(x: 10, y: 10, width: 5, height: 5))
    context.setFillColor(.red)
    context.fillPath()
    context.flush()
    #expect(context.buffer.rawPixel(x: 2, y: 2) == red)
    #expect(context.buffer.rawPixel(x: 12, y: 12) == blue)
  }

  @Test func clockwiseArcsIncreaseTheAngleOnScreen() throws {
    let context = try makeContext(width: 20, height: 20)
    context.move(to: Point(x: 10, y: 10))
    context.addArc(
      center: Point(x: 10, y: 10), radius: 9, startAngle: 0, endAngle: .pi / 2, clockwise: true)
    context.closePath()
    context.setFillColor(.red)
    context.fillPath()
    context.flush()
    // From 3 o'clock to 6 o'clock clockwise is the bottom-right quarter.
    #expect(context.buffer.rawPixel(x: 14, y: 14) == red)
    #expect(context.buffer.rawPixel(x: 5, y: 5) == 0)
    #expect(context.buffer.rawPixel(x: 14, y: 5) == 0)
  }

  @Test func transformsComposeLikeCoreGraphics() throws {
    let context = try makeContext(width: 40, height: 40, scale: 2)
    #expect(context.ctm == Transform(scaleX: 2, y: 2))
    context.translateBy(x: 5, y: 0)
    context.scaleBy(x: 2, y: 1)
    #expect(Point(x: 1, y: 1).applying(context.ctm) == Point(x: 14, y: 2))
    context.setFillColor(.red)
    context.fill(Rect(x: 0, y: 0, width: 1, height: 1))
    context.flush()
    #expect(inkBounds(context.buffer) == PixelRect(x: 10, y: 0, width: 4, height: 2))
  }

  @Test func aCollapsedTransformDrawsNothingAndDoesNotBreakTheContext() throws {
    let context = try makeContext(width: 10, height: 10)
    context.setFillColor(.red)
    context.saveGState()
    context.scaleBy(x: 0, y: 1)
    #expect(context.ctm.a == 0)
    context.fill(Rect(x: 0, y: 0, width: 10, height: 10))
    context.restoreGState()
    context.restoreGState()  // unbalanced: ignored
    context.setLineDash([-1, 2])  // invalid: dashing off
    #expect(context.status == nil)
    context.flush()
    #expect(inkBounds(context.buffer) == nil)
    context.fill(Rect(x: 0, y: 0, width: 2, height: 2))
    context.flush()
    #expect(inkBounds(context.buffer) == PixelRect(x: 0, y: 0, width: 2, height: 2))
  }

  @Test func alphaMultipliesIntoFills() throws {
    let context = try makeContext(width: 4, height: 4)
    context.setAlpha(0.5)
    context.setFillColor(.white)
    context.fill(Rect(x: 0, y: 0, width: 4, height: 4))
    context.flush()
    #expect(close(context.buffer.rawPixel(x: 1, y: 1), 0x8080_8080, tolerance: 1))
  }

  @Test func clearMakesPixelsTransparent() throws {
    let context = try makeContext(width: 10, height: 10)
    context.setFillColor(.red)
    context.fill(Rect(x: 0, y: 0, width: 10, height: 10))
    context.clear(Rect(x: 0, y: 0, width: 5, height: 10))
    context.flush()
    #expect(context.buffer.rawPixel(x: 2, y: 2) == 0)
    #expect(context.buffer.rawPixel(x: 7, y: 2) == red)
  }

  @Test func linearGradientEndsHaveTheStopColours() throws {
    let context = try makeContext(width: 100, height: 10)
    context.clip(to: Rect(x: 0, y: 0, width: 100, height: 5))
    context.drawLinearGradient(
      Gradient(colors: [.red, .blue]), start: Point(x: 10, y: 0), end: Point(x: 90, y: 0))
    context.flush()
    let buffer = context.buffer
    #expect(buffer.rawPixel(x: 0, y: 2) == red)  // extended before the start
    #expect(close(buffer.rawPixel(x: 10, y: 2), red, tolerance: 4))
    #expect(close(buffer.rawPixel(x: 89, y: 2), blue, tolerance: 4))
    #expect(buffer.rawPixel(x: 99, y: 2) == blue)  // extended after the end
    #expect(close(buffer.rawPixel(x: 50, y: 2), 0xff80_007f, tolerance: 4))
    #expect(buffer.rawPixel(x: 50, y: 7) == 0)  // outside the clip
  }

  @Test func radialGradientRunsFromCentreOutwards() throws {
    let context = try makeContext(width: 41, height: 41)
    let stops = Gradient(stops: [
      .init(location: 0, color: .red), .init(location: 1, color: .blue),
    ])
    context.drawRadialGradient(
      stops, startCenter: Point(x: 20.5, y: 20.5), startRadius: 0,
      endCenter: Point(x: 20.5, y: 20.5), endRadius: 15)
    context.flush()
    #expect(close(context.buffer.rawPixel(x: 20, y: 20), red, tolerance: 12))
    #expect(context.buffer.rawPixel(x: 0, y: 0) == blue)
  }

  @Test func imagesAreScaledToTheRect() throws {
    let pixels = try PixelBuffer(width: 2, height: 1)
    pixels.fill(.red, in: PixelRect(x: 0, y: 0, width: 1, height: 1))
    pixels.fill(.blue, in: PixelRect(x: 1, y: 0, width: 1, height: 1))
    let image = Image(pixelBuffer: pixels)
    let context = try makeContext(width: 40, height: 20, scale: 2)
    context.draw(image, in: Rect(x: 0, y: 0, width: 20, height: 5))
    context.flush()
    #expect(inkBounds(context.buffer) == PixelRect(x: 0, y: 0, width: 40, height: 10))
    #expect(context.buffer.rawPixel(x: 2, y: 5) == red)
    #expect(context.buffer.rawPixel(x: 37, y: 5) == blue)
  }

  @MainActor @Test func currentContextNests() throws {
    let outer = try makeContext(width: 1, height: 1)
    let inner = try makeContext(width: 1, height: 1)
    #expect(GraphicsContext.current == nil)
    let seen = GraphicsContext.withCurrent(outer) {
      let nested = GraphicsContext.withCurrent(inner) { GraphicsContext.current }
      return (nested, GraphicsContext.current)
    }
    #expect(seen.0 === inner && seen.1 === outer)
    #expect(GraphicsContext.current == nil)
  }

  @Test func gradientFromColoursIsEvenlySpaced() {
    let g = Gradient(colors: [.red, .green, .blue])
    #expect(g.stops.map(\.location) == [0, 0.5, 1])
    #expect(Gradient(colors: [.red]).stops.count == 2)
  }
}
