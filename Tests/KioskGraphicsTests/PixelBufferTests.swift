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
}
