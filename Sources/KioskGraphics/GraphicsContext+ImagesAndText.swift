internal import CCairo

/// Drawing images and text.
extension GraphicsContext {
  /// Draws `image` scaled to fill `rect`, with bilinear filtering.
  public func draw(_ image: Image, in rect: Rect) {
    let pixels = image.pixelBuffer
    guard canDraw, rect.isFinite, rect.width > 0, rect.height > 0 else { return }
    let source = pixels.makeCairoSurface()
    defer { cairo_surface_destroy(source) }
    let r = rect.standardized
    drawingOperationCount += 1
    cairo_save(cairo)
    cairo_translate(cairo, r.minX, r.minY)
    cairo_scale(cairo, r.width / Double(pixels.width), r.height / Double(pixels.height))
    cairo_rectangle(cairo, 0, 0, Double(pixels.width), Double(pixels.height))
    cairo_clip(cairo)
    cairo_set_source_surface(cairo, source, 0, 0)
    // Padding keeps the edges crisp when scaling up instead of fading them to transparent.
    let pattern = cairo_get_source(cairo)
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
    cairo_paint_with_alpha(cairo, state.alpha)
    cairo_restore(cairo)
  }

  /// Draws a text layout with the top left of its box at `origin`.
  public func draw(_ layout: TextLayout, at origin: Point) {
    layout.draw(in: self, at: origin)
  }

  /// Draws `string` with its top left at `origin`; line breaks in the string start new
  /// lines, nothing wraps. Use `TextLayout` to measure, wrap or truncate.
  public func drawText(_ string: String, at origin: Point, font: Font, color: Color) {
    TextLayout(text: string, font: font, color: color, numberOfLines: 0).draw(in: self, at: origin)
  }

  /// Runs `body` with the cairo context set up for text in `color` and an empty path, or
  /// not at all when nothing can be drawn. The state is restored afterwards.
  func withTextState(color: Color, _ body: (OpaquePointer) -> Void) {
    guard canDraw else { return }
    drawingOperationCount += 1
    withSeparatePath {
      cairo_save(cairo)
      setSource(color)
      body(cairo)
      cairo_restore(cairo)
    }
  }
}
