import Foundation
import KioskGraphics

/// A binary (P6) PPM image, the format QEMU's `screendump` writes: 8-bit RGB, no alpha.
struct PPMImage: Sendable {
  /// Width in pixels.
  let width: Int
  /// Height in pixels.
  let height: Int
  /// Red, green and blue bytes, row after row from the top.
  let rgb: [UInt8]

  /// Reads a P6 file with a maximum value below 256.
  init(contentsOf url: URL) throws {
    try self.init(data: try Data(contentsOf: url), name: url.path)
  }

  init(data: Data, name: String = "PPM data") throws {
    let bytes = [UInt8](data)
    var index = 0
    // Header: "P6", width, height, maximum value, separated by whitespace or comments,
    // then exactly one whitespace byte before the pixels.
    func token() -> String {
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "#") {
          while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        } else if isSpace(bytes[index]) {
          index += 1
        } else {
          break
        }
      }
      let start = index
      while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "#") {
        index += 1
      }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }
    let magic = token()
    guard magic == "P6", let width = Int(token()), let height = Int(token()),
      let maximum = Int(token()), width > 0, height > 0, width <= 16384, height <= 16384,
      maximum > 0, maximum < 256, index < bytes.count
    else {
      throw QEMUError("\(name) is not a binary 8-bit PPM (P6) image")
    }
    index += 1
    let count = width * height * 3
    guard bytes.count - index >= count else {
      throw QEMUError(
        "\(name): \(width)×\(height) PPM holds \(bytes.count - index) of \(count) pixel bytes")
    }
    self.width = width
    self.height = height
    self.rgb = Array(bytes[index..<index + count])
  }

  /// The pixel at (`x`, `y`) as `0xRRGGBB`; `nil` outside the image.
  func pixel(x: Int, y: Int) -> UInt32? {
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    let offset = (y * width + x) * 3
    return UInt32(rgb[offset]) << 16 | UInt32(rgb[offset + 1]) << 8 | UInt32(rgb[offset + 2])
  }

  /// The image as an XRGB8888 pixel buffer, to compare with frames the virtual backend
  /// draws for the same scene.
  func pixelBuffer() throws -> PixelBuffer {
    let buffer = try PixelBuffer(width: width, height: height, format: .xrgb8888)
    for y in 0..<height {
      for x in 0..<width {
        let value = 0xff00_0000 | (pixel(x: x, y: y) ?? 0)
        buffer.baseAddress.storeBytes(
          of: value, toByteOffset: y * buffer.stride + x * 4, as: UInt32.self)
      }
    }
    return buffer
  }
}

private func isSpace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x0a || byte == 0x0d || byte == 0x09 || byte == 0x0b || byte == 0x0c
}
