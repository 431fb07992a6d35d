@testable import KioskGraphics

/// The smallest pixel rectangle holding every pixel with some alpha, or `nil` when the
/// buffer is transparent.
func inkBounds(_ buffer: PixelBuffer) -> PixelRect? {
  var x0 = Int.max
  var y0 = Int.max
  var x1 = Int.min
  var y1 = Int.min
  for y in 0..<buffer.height {
    for x in 0..<buffer.width where buffer.rawPixel(x: x, y: y) >> 24 != 0 {
      x0 = min(x0, x)
      y0 = min(y0, y)
      x1 = max(x1, x)
      y1 = max(y1, y)
    }
  }
  return x0 == Int.max ? nil : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
}

/// Whether two pixel values differ by at most `tolerance` in every channel.
func close(_ a: UInt32, _ b: UInt32, tolerance: Int = 2) -> Bool {
  (0..<4).allSatisfy { i in
    abs(Int((a >> (8 * UInt32(i))) & 0xff) - Int((b >> (8 * UInt32(i))) & 0xff)) <= tolerance
  }
}

/// A transparent buffer with a context over it.
func makeContext(width: Int, height: Int, scale: Double = 1) throws -> GraphicsContext {
  GraphicsContext(buffer: try PixelBuffer(width: width, height: height), scale: scale)
}
