internal import CCairo
internal import CPixman
import FoundationEssentials

/// How the pixels of a buffer are laid out in memory.
public enum PixelFormat: Sendable, Hashable {
  /// 32 bits a pixel, premultiplied alpha, `0xAARRGGBB` in native byte order
  /// (cairo ARGB32, pixman a8r8g8b8, DRM ARGB8888).
  case argb8888
  /// 32 bits a pixel with the top byte ignored (DRM XRGB8888, the usual scanout format).
  case xrgb8888
  /// 16 bits a pixel, 5-6-5 (small fbdev panels).
  case rgb565

  /// Bytes per pixel.
  public var bytesPerPixel: Int { self == .rgb565 ? 2 : 4 }

  var pixmanFormat: pixman_format_code_t {
    switch self {
    case .argb8888: PIXMAN_a8r8g8b8
    case .xrgb8888: PIXMAN_x8r8g8b8
    case .rgb565: PIXMAN_r5g6b5
    }
  }
}

/// Errors from creating or using pixel buffers.
public enum PixelBufferError: Error, Equatable, CustomStringConvertible {
  /// The requested size is empty, negative or too large.
  case invalidSize(width: Int, height: Int)
  /// The memory could not be allocated.
  case outOfMemory(bytes: Int)

  public var description: String {
    switch self {
    case .invalidSize(let w, let h): "invalid pixel buffer size \(w)×\(h)"
    case .outOfMemory(let bytes): "could not allocate \(bytes) bytes for a pixel buffer"
    }
  }
}

/// A rectangle of pixels in memory: a layer's backing store, a composited frame, a scanout
/// buffer. Owns its memory unless created over memory someone else owns (a mapped DRM
/// buffer), in which case the owner's release closure runs when the buffer goes away.
public final class PixelBuffer: @unchecked Sendable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// Bytes from one row to the next.
  public let stride: Int
  /// The pixel layout.
  public let format: PixelFormat
  /// The first byte of the first row.
  public let baseAddress: UnsafeMutableRawPointer
  private let release: (@Sendable (UnsafeMutableRawPointer) -> Void)?
  let pixmanImage: OpaquePointer
  /// The cairo surface drawing into this buffer, made on first use and kept: a view that
  /// redraws on every key would otherwise make one per redraw.
  var cairoSurface: OpaquePointer?

  /// Allocates a zeroed (transparent) buffer; a large one gets pages of its own
  /// (`PixelMemory` says why). `holdsFrames` is for a buffer that whole frames are painted
  /// into again and again (an output's buffers, a compositor's frame): it gets the kernel's
  /// huge pages where they can be had.
  public convenience init(
    width: Int, height: Int, format: PixelFormat = .argb8888, holdsFrames: Bool = false
  ) throws {
    guard width > 0, height > 0, width <= 16384, height <= 16384 else {
      throw PixelBufferError.invalidSize(width: width, height: height)
    }
    // Rows aligned to 64 bytes so that SIMD copies in pixman stay on cache lines.
    let stride = (width * format.bytesPerPixel + 63) & ~63
    guard
      let (memory, release) = PixelMemory.allocateZeroed(
        byteCount: height * stride, holdsFrames: holdsFrames)
    else {
      throw PixelBufferError.outOfMemory(bytes: height * stride)
    }
    try self.init(
      wrapping: memory, width: width, height: height, stride: stride, format: format,
      release: release)
  }

  /// Wraps memory that already holds pixels (a mapped DRM dumb buffer, an fbdev mapping).
  /// `release` runs once when the buffer is deallocated.
  public init(
    wrapping memory: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
    format: PixelFormat, release: (@Sendable (UnsafeMutableRawPointer) -> Void)?
  ) throws {
    guard width > 0, height > 0, stride >= width * format.bytesPerPixel, stride % 4 == 0,
      let image = pixman_image_create_bits(
        format.pixmanFormat, Int32(width), Int32(height),
        memory.assumingMemoryBound(to: UInt32.self),
        Int32(stride))
    else {
      release?(memory)
      throw PixelBufferError.invalidSize(width: width, height: height)
    }
    self.width = width
    self.height = height
    self.stride = stride
    self.format = format
    self.baseAddress = memory
    self.release = release
    self.pixmanImage = image
  }

  deinit {
    // Before the memory goes: the surface points into it.
    if let cairoSurface { cairo_surface_destroy(cairoSurface) }
    pixman_image_unref(pixmanImage)
    release?(baseAddress)
  }

  /// The whole buffer as a pixel rectangle.
  public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

  /// The size of the pixel data in bytes.
  public var byteCount: Int { stride * height }

  /// The raw 32-bit value of one pixel (for 32-bit formats), `0` outside the buffer.
  public func rawPixel(x: Int, y: Int) -> UInt32 {
    guard x >= 0, y >= 0, x < width, y < height else { return 0 }
    switch format {
    case .argb8888, .xrgb8888:
      return baseAddress.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    case .rgb565:
      let v = UInt32(baseAddress.load(fromByteOffset: y * stride + x * 2, as: UInt16.self))
      let r = (v >> 11) & 0x1f
      let g = (v >> 5) & 0x3f
      let b = v & 0x1f
      return 0xff00_0000 | ((r << 3 | r >> 2) << 16) | ((g << 2 | g >> 4) << 8) | (b << 3 | b >> 2)
    }
  }

  /// The colour of one pixel; transparent outside the buffer.
  public func pixel(x: Int, y: Int) -> Color {
    let raw = rawPixel(x: x, y: y)
    return Color(premultipliedARGB32: format == .argb8888 ? raw : raw | 0xff00_0000)
  }

  /// Fills `rect` (clipped to the buffer) with `color`, replacing what was there.
  public func fill(_ color: Color, in rect: PixelRect? = nil) {
    let target = (rect ?? bounds).intersection(bounds)
    replace(target, with: color.pixmanColor)
  }

  /// Copies `rect` of `source` to the same place in this buffer (both must share a size).
  public func copy(_ rect: PixelRect, from source: PixelBuffer) {
    let r = rect.intersection(bounds).intersection(source.bounds)
    guard !r.isEmpty else { return }
    pixman_image_composite32(
      PIXMAN_OP_SRC, source.pixmanImage, nil, pixmanImage, Int32(r.x), Int32(r.y), 0, 0,
      Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
  }

  /// Copies the pixels `dx`, `dy` pixels up and to the left of `rect` in `source` (which may
  /// be this buffer: the rows are then copied in the order that reads each before it is
  /// overwritten) into `rect` of this buffer, as a scroll moves content. Both buffers must
  /// share a size and format; the parts of `rect` whose source lies outside are left alone.
  public func copy(_ rect: PixelRect, from source: PixelBuffer, shiftedBy dx: Int, dy: Int) {
    guard source.format == format else { return }
    let sourceArea = PixelRect(
      x: source.bounds.x + dx, y: source.bounds.y + dy, width: source.width,
      height: source.height)
    let r = rect.intersection(bounds).intersection(sourceArea)
    guard !r.isEmpty else { return }
    let pixelBytes = format.bytesPerPixel
    let rowBytes = r.width * pixelBytes
    func copyRow(_ y: Int) {
      let to = baseAddress + y * stride + r.x * pixelBytes
      let from = source.baseAddress + (y - dy) * source.stride + (r.x - dx) * pixelBytes
      memmove(to, from, rowBytes)  // a row may overlap itself when only dx moves
    }
    if source === self && dy > 0 {
      // Downwards within one buffer: the bottom row first, or a row would be read after
      // it was overwritten.
      var y = r.maxY - 1
      while y >= r.y {
        copyRow(y)
        y -= 1
      }
    } else {
      for y in r.y..<r.maxY { copyRow(y) }
    }
  }

  /// A new buffer with the pixels of `rect` (which must lie inside this buffer), its
  /// top-left pixel at (0, 0).
  public func cropped(to rect: PixelRect) throws -> PixelBuffer {
    guard !rect.isEmpty, rect.intersection(bounds) == rect else {
      throw PixelBufferError.invalidSize(width: rect.width, height: rect.height)
    }
    let result = try PixelBuffer(width: rect.width, height: rect.height, format: format)
    pixman_image_composite32(
      PIXMAN_OP_SRC, pixmanImage, nil, result.pixmanImage, Int32(rect.x), Int32(rect.y), 0, 0,
      0, 0, Int32(rect.width), Int32(rect.height))
    return result
  }

  /// A new buffer with the same pixels.
  public func copy() throws -> PixelBuffer {
    let result = try PixelBuffer(width: width, height: height, format: format)
    for row in 0..<height {
      memcpy(
        result.baseAddress + row * result.stride, baseAddress + row * stride,
        width * format.bytesPerPixel)
    }
    return result
  }
}

extension Color {
  /// The colour in pixman's premultiplied 16-bit-per-channel form.
  var pixmanColor: pixman_color_t {
    func c(_ v: Double) -> UInt16 { UInt16((v * alpha * 65535).rounded()) }
    return pixman_color_t(
      red: c(red), green: c(green), blue: c(blue), alpha: UInt16((alpha * 65535).rounded()))
  }
}

extension PixelBuffer {
  /// The smallest rectangle holding every pixel that is not fully transparent (all of the
  /// buffer for formats without alpha; empty when every pixel is transparent). Compositing
  /// only this part skips the empty margins of text and icons.
  public func nonTransparentBounds() -> PixelRect {
    guard format == .argb8888 else { return bounds }
    var minX = width
    var minY = height
    var maxX = -1
    var maxY = -1
    for y in 0..<height {
      let row = (baseAddress + y * stride).assumingMemoryBound(to: UInt32.self)
      var first = -1
      for x in 0..<width where row[x] >> 24 != 0 {
        first = x
        break
      }
      guard first >= 0 else { continue }
      var last = first
      var x = width - 1
      while x > first {
        if row[x] >> 24 != 0 {
          last = x
          break
        }
        x -= 1
      }
      minX = Swift.min(minX, first)
      maxX = Swift.max(maxX, last)
      if minY == height { minY = y }
      maxY = y
    }
    guard maxX >= 0 else { return .zero }
    return PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
  }
}
