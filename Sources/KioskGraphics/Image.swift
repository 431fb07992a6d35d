import FoundationEssentials
import KioskFiles

/// Why an image could not be loaded.
public enum ImageError: Error, Equatable, CustomStringConvertible {
  /// Nothing exists at the path.
  case fileNotFound(path: String)
  /// The file exists but could not be read (permissions, a directory, an I/O error).
  case unreadable(path: String, reason: String)
  /// The data is not a valid image: empty, damaged, truncated or something else entirely.
  case corrupt(reason: String)
  /// The data is an image, but of a kind that cannot be shown (the text says which).
  case unsupportedFormat(String)
  /// A bundle has no image of that name (`Image(named:in:)`); `tried` lists the files looked
  /// for.
  case notInBundle(name: String, bundle: String, tried: [String])

  /// A sentence saying what went wrong and what to do about it.
  public var description: String {
    switch self {
    case .fileNotFound(let path):
      "No image file at \(path); check the path and that the file is installed."
    case .unreadable(let path, let reason):
      "The image file \(path) could not be read (\(reason)); check its permissions."
    case .corrupt(let reason):
      "The image data is not a valid image (\(reason)); re-export it as PNG or JPEG."
    case .unsupportedFormat(let what):
      "The image cannot be shown: \(what)."
    case .notInBundle(let name, let bundle, let tried):
      "No image named \"\(name)\" in the bundle \(bundle) (looked for \(tried.joined(separator: ", "))); check the name and that the package lists it as a resource."
    }
  }
}

/// A bitmap image with a scale, the counterpart of `UIImage`. Loads PNG and JPEG files
/// (recognised by their contents, not their names) into premultiplied ARGB32 pixels.
///
/// ```swift
/// let logo = try Image(contentsOfFile: "/usr/share/kiosk/logo@2x.png", scale: 2)
/// context.draw(logo, in: Rect(origin: .zero, size: logo.size))
/// ```
///
/// Images are immutable and can be shared between threads.
public final class Image: @unchecked Sendable {
  /// The pixels, premultiplied ARGB32.
  public let pixelBuffer: PixelBuffer
  /// Pixels per point.
  public let scale: Double
  /// The part of the pixels that is not fully transparent.
  public let visiblePixelBounds: PixelRect

  /// The size in points: the pixel size divided by `scale`.
  public var size: Size {
    Size(width: Double(pixelBuffer.width) / scale, height: Double(pixelBuffer.height) / scale)
  }

  /// Wraps pixels as an image; the image uses the buffer's memory, so do not change the
  /// buffer afterwards. A buffer in another format is converted to ARGB32 (kept as it is
  /// in the unlikely case that memory for the copy cannot be allocated). A scale that is
  /// not positive counts as 1.
  public init(pixelBuffer: PixelBuffer, scale: Double = 1) {
    if pixelBuffer.format != .argb8888,
      let converted = try? PixelBuffer(
        width: pixelBuffer.width, height: pixelBuffer.height, format: .argb8888)
    {
      converted.copy(converted.bounds, from: pixelBuffer)
      self.pixelBuffer = converted
    } else {
      self.pixelBuffer = pixelBuffer
    }
    self.scale = scale.isFinite && scale > 0 ? scale : 1
    visiblePixelBounds = self.pixelBuffer.nonTransparentBounds()
  }

  /// Decodes PNG or JPEG data.
  public convenience init(data: [UInt8], scale: Double = 1) throws(ImageError) {
    self.init(pixelBuffer: try ImageDecoder.decode(data), scale: scale)
  }

  /// Decodes PNG or JPEG data (what a download or a file read with Foundation gives).
  @_disfavoredOverload
  public convenience init(data: Data, scale: Double = 1) throws(ImageError) {
    try self.init(data: [UInt8](data), scale: scale)
  }

  /// Loads a PNG or JPEG file. Throws `ImageError.fileNotFound` when there is no file,
  /// `.unreadable` when it cannot be read and `.corrupt` when it is not a valid image.
  public convenience init(contentsOfFile path: String, scale: Double = 1) throws(ImageError) {
    try self.init(data: try Self.readFile(path), scale: scale)
  }

  /// Draws a new image, like `UIGraphicsImageRenderer`: `draw` gets a context whose user
  /// space is `size` points, over transparent pixels. Throws `PixelBufferError` when the
  /// size is empty or too large.
  ///
  /// ```swift
  /// let dot = try Image.render(size: Size(width: 8, height: 8), scale: 2) { context in
  ///   context.setFillColor(.systemBlue)
  ///   context.fillEllipse(in: Rect(x: 0, y: 0, width: 8, height: 8))
  /// }
  /// ```
  public static func render(
    size: Size, scale: Double = 1, _ draw: (GraphicsContext) -> Void
  ) throws -> Image {
    let s = scale.isFinite && scale > 0 ? scale : 1
    // A hair below whole numbers still counts as whole: 10.000000001 points stay 10 pixels.
    func pixels(_ points: Double) -> Int {
      let p = (points * s - 1e-6).rounded(.up)
      return p.isFinite && p >= 1 && p <= 16384 ? Int(p) : 0
    }
    let buffer = try PixelBuffer(width: pixels(size.width), height: pixels(size.height))
    let context = GraphicsContext(buffer: buffer, scale: s)
    draw(context)
    context.flush()
    return Image(pixelBuffer: buffer, scale: s)
  }

  /// The image encoded as PNG (at its pixel size).
  public func pngData() throws -> [UInt8] {
    try pixelBuffer.pngData()
  }

  /// Writes the image to a PNG file, replacing any file at `path`.
  public func writePNG(to path: String) throws {
    try pixelBuffer.writePNG(to: path)
  }

  /// Files larger than this are refused rather than read into memory.
  static let maximumFileSize = 256 << 20

  private static func readFile(_ path: String) throws(ImageError) -> [UInt8] {
    do {
      return try RegularFile.read(path, limit: maximumFileSize)
    } catch .notFound {
      throw .fileNotFound(path: path)
    } catch .tooLarge {
      throw .unreadable(path: path, reason: "the file is larger than 256 MB")
    } catch {
      throw .unreadable(path: path, reason: error.description)
    }
  }

}
