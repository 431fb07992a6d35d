import Foundation
import KioskGraphics

/// A captured frame: pixels to read and compare in tests.
public struct Bitmap: @unchecked Sendable {
  /// The pixels.
  public let buffer: PixelBuffer

  /// Wraps a buffer.
  public init(buffer: PixelBuffer) {
    self.buffer = buffer
  }

  /// An all-black bitmap (what a panel shows before any frame).
  public init(width: Int, height: Int) {
    // A failure here means the size was invalid: fall back to a single pixel.
    buffer =
      (try? PixelBuffer(width: max(width, 1), height: max(height, 1), format: .xrgb8888))
      ?? Bitmap.onePixel()
  }

  private static func onePixel() -> PixelBuffer {
    do { return try PixelBuffer(width: 1, height: 1) } catch {
      preconditionFailure("a 1×1 pixel buffer cannot fail: \(error)")
    }
  }

  /// Width in pixels.
  public var width: Int { buffer.width }
  /// Height in pixels.
  public var height: Int { buffer.height }

  /// The colour of a pixel (opaque for frames from an output).
  public func pixel(x: Int, y: Int) -> Color { buffer.pixel(x: x, y: y) }

  /// Writes the bitmap as a PNG file.
  public func writePNG(to url: URL) throws {
    try buffer.writePNG(to: url.path)
  }
}
