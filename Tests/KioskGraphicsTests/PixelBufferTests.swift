import Testing

@testable import KioskGraphics

/// Pixel buffers' own operations.
struct PixelBufferTests {
  /// A cropped buffer holds the rectangle's pixels from its own (0, 0); a rectangle that
  /// does not lie inside the buffer is refused.
  @Test func croppingKeepsThePixelsOfTheRectangle() throws {
    let buffer = try PixelBuffer(width: 40, height: 30)
    buffer.fill(.red, in: PixelRect(x: 10, y: 5, width: 1, height: 1))
    buffer.fill(.blue, in: PixelRect(x: 29, y: 24, width: 1, height: 1))
    let cropped = try buffer.cropped(to: PixelRect(x: 10, y: 5, width: 20, height: 20))
    #expect(cropped.width == 20 && cropped.height == 20)
    #expect(cropped.rawPixel(x: 0, y: 0) == buffer.rawPixel(x: 10, y: 5))
    #expect(cropped.rawPixel(x: 19, y: 19) == buffer.rawPixel(x: 29, y: 24))
    #expect(cropped.rawPixel(x: 5, y: 5) == 0)
    #expect(throws: PixelBufferError.self) {
      try buffer.cropped(to: PixelRect(x: 30, y: 0, width: 20, height: 10))
    }
  }

  /// A fill replaces exactly its rectangle's pixels, row by row within the stride, with the
  /// bits pixman makes of the colour (each 16-bit channel's high byte): on x86-64 the rows
  /// are glibc's wmemset, elsewhere pixman's fill, and the frame must not tell them apart.
  @Test(arguments: [PixelFormat.argb8888, .xrgb8888])
  func aFillReplacesItsRectangleWithPixmansPixel(format: PixelFormat) throws {
    let buffer = try PixelBuffer(width: 37, height: 9, format: format)
    buffer.fill(.blue)
    let rect = PixelRect(x: 3, y: 2, width: 33, height: 5)
    buffer.fill(Color(red: 1, green: 0.5, blue: 0.25, alpha: 1), in: rect)
    let opaque: UInt32 = 0xff_ff_80_40
    let blue = buffer.rawPixel(x: 0, y: 0)
    for y in 0..<buffer.height {
      for x in 0..<buffer.width {
        let inside = x >= rect.x && x < rect.maxX && y >= rect.y && y < rect.maxY
        let expected = inside ? opaque : blue
        #expect(buffer.rawPixel(x: x, y: y) == expected, "at (\(x), \(y))")
      }
    }
    // Not opaque: replaced too (SRC), premultiplied the way pixman rounds.
    buffer.fill(Color(red: 1, green: 0.5, blue: 0.25, alpha: 0.5), in: rect)
    let half = buffer.rawPixel(x: 3, y: 2)
    #expect(format == .xrgb8888 || half == 0x80_80_40_20)
    #expect(half & 0x00ff_ffff == 0x80_40_20)
    #expect(buffer.rawPixel(x: 2, y: 2) == blue && buffer.rawPixel(x: 36, y: 6) == blue)
  }
}
