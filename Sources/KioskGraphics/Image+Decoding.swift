internal import CCairo
internal import CJPEG
import FoundationEssentials

/// Turns PNG and JPEG bytes into premultiplied ARGB32 pixel buffers: PNG through cairo,
/// JPEG through TurboJPEG. Every failure is an `ImageError`; nothing here traps on bad
/// input.
enum ImageDecoder {
  /// The largest width or height accepted, the limit of `PixelBuffer`.
  static let maximumDimension = 16384
  /// The most pixels an image may have: 64 M (256 MB decoded), eight 4K screens. Within the
  /// dimension limit a 16384×16384 image would take 1 GB, which a panel does not have.
  static let maximumPixels = 64 << 20

  static func decode(_ data: [UInt8]) throws(ImageError) -> PixelBuffer {
    switch Kind(data) {
    case .png: return try decodePNG(data)
    case .jpeg: return try decodeJPEG(data)
    case .empty: throw .corrupt(reason: "the data is empty")
    case .other(let name):
      throw .unsupportedFormat("\(name) images are not supported; convert it to PNG or JPEG")
    case .unknown: throw .corrupt(reason: "the data is neither PNG nor JPEG")
    }
  }

  /// What the first bytes say the data is.
  enum Kind: Equatable {
    case png, jpeg, empty, unknown
    case other(String)

    init(_ d: [UInt8]) {
      func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
        d.count >= offset + magic.count && Array(d[offset..<(offset + magic.count)]) == magic
      }
      if d.isEmpty {
        self = .empty
      } else if starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) {
        self = .png
      } else if starts([0xff, 0xd8, 0xff]) {
        self = .jpeg
      } else if starts(Array("GIF8".utf8)) {
        self = .other("GIF")
      } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
        self = .other("WebP")
      } else if starts([0x49, 0x49, 0x2a, 0x00]) || starts([0x4d, 0x4d, 0x00, 0x2a]) {
        self = .other("TIFF")
      } else if starts(Array("BM".utf8)) && d.count >= 26 {
        self = .other("BMP")
      } else {
        self = .unknown
      }
    }
  }

  private static func checkDimensions(_ width: Int, _ height: Int) throws(ImageError) {
    guard width > 0, height > 0 else {
      throw .corrupt(reason: "the header gives a size of \(width)×\(height) pixels")
    }
    guard width <= maximumDimension, height <= maximumDimension else {
      throw .unsupportedFormat(
        "it is \(width)×\(height) pixels, larger than the \(maximumDimension)×"
          + "\(maximumDimension) limit; scale it down")
    }
    guard width * height <= maximumPixels else {
      throw .unsupportedFormat(
        "it is \(width)×\(height) pixels, more than the limit of \(maximumPixels >> 20) M pixels"
          + " (256 MB decoded); scale it down")
    }
  }

  private static func makeBuffer(_ width: Int, _ height: Int) throws(ImageError) -> PixelBuffer {
    do {
      return try PixelBuffer(width: width, height: height)
    } catch {
      throw .unsupportedFormat("its \(width)×\(height) pixels do not fit in memory")
    }
  }

  // MARK: - PNG

  /// The bytes cairo's PNG reader pulls from.
  private final class Reader {
    let data: [UInt8]
    var offset = 0
    init(_ data: [UInt8]) { self.data = data }
  }

  private static func decodePNG(_ data: [UInt8]) throws(ImageError) -> PixelBuffer {
    // Check the size in the header first, so that a damaged header cannot make cairo
    // allocate gigabytes.
    guard data.count >= 24, Array(data[12..<16]) == Array("IHDR".utf8) else {
      throw .corrupt(reason: "the PNG header is missing or damaged")
    }
    func bigEndian(_ at: Int) -> Int {
      data[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
    }
    try checkDimensions(bigEndian(16), bigEndian(20))

    let reader = Reader(data)
    let png: OpaquePointer = withExtendedLifetime(reader) {
      cairo_image_surface_create_from_png_stream(
        { closure, destination, length in
          guard let closure, let destination else { return CAIRO_STATUS_READ_ERROR }
          let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
          let n = Int(length)
          guard reader.data.count - reader.offset >= n else { return CAIRO_STATUS_READ_ERROR }
          reader.data.withUnsafeBufferPointer {
            guard let base = $0.baseAddress else { return }
            destination.update(from: base + reader.offset, count: n)
          }
          reader.offset += n
          return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(reader).toOpaque())
    }
    defer { cairo_surface_destroy(png) }
    let status = cairo_surface_status(png)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw .corrupt(
        reason:
          "the PNG data is damaged or incomplete: \(String(cString: cairo_status_to_string(status)))"
      )
    }
    let buffer = try makeBuffer(
      Int(cairo_image_surface_get_width(png)), Int(cairo_image_surface_get_height(png)))
    // Painting converts whatever cairo decoded into (RGB24, A8, ...) to ARGB32.
    let target = buffer.makeCairoSurface()
    let cairo = cairo_create(target)
    cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
    cairo_set_source_surface(cairo, png, 0, 0)
    cairo_paint(cairo)
    cairo_destroy(cairo)
    cairo_surface_flush(target)
    cairo_surface_destroy(target)
    return buffer
  }

  // MARK: - JPEG

  private static func decodeJPEG(_ data: [UInt8]) throws(ImageError) -> PixelBuffer {
    guard let decoder = tjInitDecompress() else {
      throw .unsupportedFormat("the JPEG decoder could not be started")
    }
    defer { tjDestroy(decoder) }
    func failure(_ what: String) -> ImageError {
      .corrupt(reason: "\(what): \(String(cString: tjGetErrorStr2(decoder)))")
    }

    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let header = data.withUnsafeBufferPointer {
      tjDecompressHeader3(
        decoder, $0.baseAddress, UInt($0.count), &width, &height, &subsampling, &colorspace)
    }
    guard header == 0 else { throw failure("the JPEG header is damaged") }
    if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) {
      throw .unsupportedFormat("CMYK JPEG images are not supported; save the image as RGB")
    }
    try checkDimensions(Int(width), Int(height))
    let buffer = try makeBuffer(Int(width), Int(height))

    // TurboJPEG names formats by byte order: BGRA bytes are 0xAARRGGBB on little-endian
    // machines. It fills the alpha byte with 0xff, so the pixels are valid premultiplied.
    #if _endian(little)
      let pixelFormat = Int32(TJPF_BGRA.rawValue)
    #else
      let pixelFormat = Int32(TJPF_ARGB.rawValue)
    #endif
    let result = data.withUnsafeBufferPointer {
      // Warnings (such as a truncated file) make this fail too: half an image is an error.
      tjDecompress2(
        decoder, $0.baseAddress, UInt($0.count),
        buffer.baseAddress.assumingMemoryBound(to: UInt8.self), width, Int32(buffer.stride),
        height, pixelFormat, TJFLAG_ACCURATEDCT)
    }
    guard result == 0 else { throw failure("the JPEG data is damaged or incomplete") }
    return buffer
  }
}
