internal import CCairo

extension PixelBuffer {
  /// A reference to the buffer's cairo surface over its memory (no copy), made once and
  /// kept by the buffer. The caller destroys its reference and must keep the buffer alive
  /// meanwhile. Cairo never returns NULL here: failures come back as a surface in an error
  /// state, on which drawing does nothing.
  func makeCairoSurface() -> OpaquePointer {
    if let cairoSurface {
      // Drawn into by pixman since cairo last looked: cairo must not trust what it cached.
      cairo_surface_mark_dirty(cairoSurface)
      return cairo_surface_reference(cairoSurface)
    }
    let cairoFormat: cairo_format_t =
      switch format {
      case .argb8888: CAIRO_FORMAT_ARGB32
      case .xrgb8888: CAIRO_FORMAT_RGB24
      case .rgb565: CAIRO_FORMAT_RGB16_565
      }
    let surface: OpaquePointer = cairo_image_surface_create_for_data(
      baseAddress.assumingMemoryBound(to: UInt8.self), cairoFormat, Int32(width), Int32(height),
      Int32(stride))
    cairo_surface_mark_dirty(surface)
    cairoSurface = surface
    return cairo_surface_reference(surface)
  }
}
