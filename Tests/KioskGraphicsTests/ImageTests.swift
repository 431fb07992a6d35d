import CJPEG
import Foundation
import Testing

@testable import KioskGraphics

@Suite struct ImageTests {
  /// A scratch directory removed when the test ends.
  final class TemporaryDirectory {
    let path = NSTemporaryDirectory() + "kiosk-image-tests-" + UUID().uuidString
    init() throws {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
      let p = path + "/" + name
      try Data(bytes).write(to: URL(fileURLWithPath: p))
      return p
    }
  }

  /// A buffer of assorted valid premultiplied pixels, opaque and translucent.
  func sampleBuffer() throws -> PixelBuffer {
    let buffer = try PixelBuffer(width: 7, height: 5)
    var seed: UInt32 = 12345
    for y in 0..<5 {
      for x in 0..<7 {
        seed = seed &* 1_103_515_245 &+ 12345
        let a = [0, 255, 255, 128, 1, 200][Int(seed >> 16) % 6]
        func c(_ shift: UInt32) -> UInt32 { a == 0 ? 0 : (seed >> shift) % UInt32(a + 1) }
        let pixel = UInt32(a) << 24 | c(3) << 16 | c(9) << 8 | c(13)
        buffer.baseAddress.storeBytes(
          of: pixel, toByteOffset: y * buffer.stride + x * 4, as: UInt32.self)
      }
    }
    return buffer
  }

  func pixels(_ buffer: PixelBuffer) -> [UInt32] {
    (0..<buffer.height).flatMap { y in (0..<buffer.width).map { x in buffer.rawPixel(x: x, y: y) } }
  }

  /// JPEG bytes of a `width`×16 image, red on the left half and blue on the right, with
  /// a little green noise so that the scan data is most of the file.
  func redBlueJPEG(width: Int = 16) throws -> [UInt8] {
    var rgb = [UInt8](repeating: 0, count: width * 16 * 3)
    for y in 0..<16 {
      for x in 0..<width {
        rgb[(y * width + x) * 3 + (x < width / 2 ? 0 : 2)] = 255
        rgb[(y * width + x) * 3 + 1] = UInt8(truncatingIfNeeded: (x * 7 + y * 13) % 23)
      }
    }
    let encoder = try #require(tjInitCompress())
    defer { tjDestroy(encoder) }
    var output: UnsafeMutablePointer<UInt8>?
    var size: UInt = 0
    let result = rgb.withUnsafeBufferPointer {
      tjCompress2(
        encoder, $0.baseAddress, Int32(width), 0, 16, Int32(TJPF_RGB.rawValue), &output, &size,
        Int32(TJSAMP_444.rawValue), 95, 0)
    }
    try #require(result == 0)
    let jpeg = try #require(output)
    defer { tjFree(jpeg) }
    return Array(UnsafeBufferPointer(start: jpeg, count: Int(size)))
  }

  @Test func pngRoundTripIsExact() throws {
    let buffer = try sampleBuffer()
    let decoded = try Image(data: try buffer.pngData())
    #expect(decoded.pixelBuffer.width == 7 && decoded.pixelBuffer.height == 5)
    #expect(pixels(decoded.pixelBuffer) == pixels(buffer))

    let directory = try TemporaryDirectory()
    let path = directory.path + "/sample.png"
    try buffer.writePNG(to: path)
    let loaded = try Image(contentsOfFile: path, scale: 2)
    #expect(pixels(loaded.pixelBuffer) == pixels(buffer))
    #expect(loaded.size == Size(width: 3.5, height: 2.5))
  }

  @Test func jpegDecodes() throws {
    let image = try Image(data: try redBlueJPEG(), scale: 2)
    #expect(image.size == Size(width: 8, height: 8))
    // Green carries a little noise; red and blue are the halves.
    let left = image.pixelBuffer.rawPixel(x: 2, y: 8) | 0x0000_ff00
    let right = image.pixelBuffer.rawPixel(x: 13, y: 8) | 0x0000_ff00
    #expect(close(left, 0xffff_ff00, tolerance: 8))
    #expect(close(right, 0xff00_ffff, tolerance: 8))
  }

  @Test func missingFileThrowsFileNotFound() {
    let path = "/nonexistent/kiosk/logo.png"
    #expect(throws: ImageError.fileNotFound(path: path)) { try Image(contentsOfFile: path) }
  }

  @Test func directoryThrowsUnreadable() throws {
    let directory = try TemporaryDirectory()
    #expect {
      try Image(contentsOfFile: directory.path)
    } throws: { error in
      if case ImageError.unreadable(let path, _) = error { return path == directory.path }
      return false
    }
  }

  /// A FIFO where an image was expected blocked start-up for ever in open(); a device was
  /// read as if it were a file.
  @Test func aFIFOOrADeviceIsRefusedAtOnce() throws {
    let directory = try TemporaryDirectory()
    let fifo = directory.path + "/tab.png"
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(
      throws: ImageError.unreadable(path: fifo, reason: "it is a FIFO, not a regular file")
    ) { try Image(contentsOfFile: fifo) }
    #expect(
      throws: ImageError.unreadable(path: "/dev/zero", reason: "it is a device, not a regular file")
    ) { try Image(contentsOfFile: "/dev/zero") }
  }

  /// A PNG whose header says 10,000×10,000 (within the dimension limit) would take 400 MB.
  @Test func anImageOfTooManyPixelsIsRefusedBeforeDecoding() throws {
    func bigEndian(_ value: UInt32) -> [UInt8] {
      (0..<4).map { UInt8(value >> (24 - 8 * $0) & 0xFF) }
    }
    // Appended piece by piece: one long `+` chain takes Swift 6.2 too long to type-check.
    var header: [UInt8] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
    header += bigEndian(13)
    header += Array("IHDR".utf8)
    header += bigEndian(10_000)
    header += bigEndian(10_000)
    header += [8, 6, 0, 0, 0, 0, 0, 0, 0]
    #expect {
      try Image(data: header)
    } throws: { error in
      "\(error)".contains("more than the limit of 64 M pixels")
    }
  }

  @Test func emptyAndRandomFilesThrowCorrupt() throws {
    let directory = try TemporaryDirectory()
    var random: [UInt8] = []
    var seed: UInt32 = 7
    for _ in 0..<500 {
      seed = seed &* 1_103_515_245 &+ 12345
      random.append(UInt8(truncatingIfNeeded: seed >> 16))
    }
    for (name, bytes) in [("empty.png", [UInt8]()), ("random.jpg", random)] {
      let path = try directory.file(name, bytes)
      #expect(throws: ImageError.self) { try Image(contentsOfFile: path) }
      #expect(isCorrupt { try Image(contentsOfFile: path) }, "\(name)")
    }
  }

  @Test func damagedPNGThrowsCorrupt() throws {
    let png = try sampleBuffer().pngData()
    #expect(isCorrupt { try Image(data: Array(png[..<(png.count / 2)])) })
    #expect(isCorrupt { try Image(data: Array(png[..<30])) })
    var flipped = png
    flipped[png.count - 20] ^= 0xff  // inside the image data: the checksum no longer matches
    #expect(isCorrupt { try Image(data: flipped) })
  }

  @Test func damagedJPEGThrowsCorrupt() throws {
    // Long enough that cutting it in half leaves the header whole and truncates the scan.
    let jpeg = try redBlueJPEG(width: 512)
    #expect(jpeg.count > 4000)
    #expect(isCorrupt { try Image(data: Array(jpeg[..<(jpeg.count * 3 / 4)])) })
    #expect(isCorrupt { try Image(data: Array(jpeg[..<4])) })
  }

  @Test func otherFormatsAreUnsupported() {
    let gif = Array("GIF89a".utf8) + [UInt8](repeating: 0, count: 20)
    #expect {
      try Image(data: gif)
    } throws: { error in
      if case ImageError.unsupportedFormat = error { return true }
      return false
    }
  }

  @Test func errorsDescribeWhatToDo() {
    let error = ImageError.fileNotFound(path: "/a.png")
    #expect(error.description.contains("/a.png"))
    #expect(ImageError.corrupt(reason: "x").description.contains("PNG or JPEG"))
  }

  @Test func renderStartsTransparentAndUsesTheScale() throws {
    let image = try Image.render(size: Size(width: 10, height: 5), scale: 2) { context in
      context.setFillColor(.blue)
      context.fill(Rect(x: 0, y: 0, width: 5, height: 5))
    }
    #expect(image.size == Size(width: 10, height: 5))
    #expect(image.pixelBuffer.width == 20 && image.pixelBuffer.height == 10)
    #expect(image.pixelBuffer.rawPixel(x: 9, y: 9) == 0xff00_00ff)
    #expect(image.pixelBuffer.rawPixel(x: 10, y: 0) == 0)
    #expect(throws: PixelBufferError.self) { try Image.render(size: .zero) { _ in } }
  }

  @Test func otherPixelFormatsBecomeARGB() throws {
    let xrgb = try PixelBuffer(width: 2, height: 2, format: .xrgb8888)
    xrgb.baseAddress.storeBytes(of: 0x0012_3456, as: UInt32.self)
    let image = Image(pixelBuffer: xrgb)
    #expect(image.pixelBuffer.format == .argb8888)
    #expect(image.pixelBuffer.rawPixel(x: 0, y: 0) == 0xff12_3456)
  }

  func isCorrupt(_ body: () throws -> Image) -> Bool {
    do {
      _ = try body()
      return false
    } catch let error as ImageError {
      if case .corrupt = error { return true }
      return false
    } catch {
      return false
    }
  }
}
