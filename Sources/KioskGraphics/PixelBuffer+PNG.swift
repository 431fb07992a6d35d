internal import CCairo
import FoundationEssentials
import KioskFiles

/// Why an image could not be encoded or written.
public struct ImageWriteError: Error, Equatable, CustomStringConvertible {
  /// The file that could not be written, or `nil` when encoding itself failed.
  public var path: String?
  /// What went wrong.
  public var reason: String

  /// Creates an error.
  public init(path: String?, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// A sentence saying what went wrong and what to do about it.
  public var description: String {
    if let path {
      return "Could not write the PNG file \(path) (\(reason)); check that the folder exists "
        + "and is writable."
    }
    return "Could not encode the pixels as PNG (\(reason))."
  }
}

extension PixelBuffer {
  /// The pixels encoded as PNG, with an alpha channel for ARGB buffers.
  public func pngData() throws -> [UInt8] {
    final class Sink {
      var bytes: [UInt8] = []
    }
    let sink = Sink()
    let surface = makeCairoSurface()
    defer { cairo_surface_destroy(surface) }
    let status = withExtendedLifetime(sink) {
      cairo_surface_write_to_png_stream(
        surface,
        { closure, data, length in
          guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
          let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
          sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
          return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
    }
    guard status == CAIRO_STATUS_SUCCESS else {
      throw ImageWriteError(path: nil, reason: String(cString: cairo_status_to_string(status)))
    }
    return sink.bytes
  }

  /// Writes the pixels to a PNG file, replacing a regular file at `path` only once the
  /// whole image is written (`FileReplacement`: no partial file, no symbolic link
  /// followed, nothing but a regular file replaced).
  public func writePNG(to path: String) throws {
    let png = try pngData()
    do {
      try FileReplacement.write(png, to: path)
    } catch {
      throw ImageWriteError(path: error.path, reason: error.reason)
    }
  }

}
