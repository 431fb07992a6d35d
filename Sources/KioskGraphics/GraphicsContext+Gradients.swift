internal import CCairo

/// Filling the clip with gradients.
extension GraphicsContext {
  /// Fills the clip with a linear gradient from `start` to `end`, continuing the end
  /// colours beyond both points (like `CGContext.drawLinearGradient` with both extend
  /// options).
  public func drawLinearGradient(_ g: Gradient, start: Point, end: Point) {
    guard canDraw, start.isFinite, end.isFinite,
      let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
    else { return }
    paint(g, with: pattern)
  }

  /// Fills the clip with a radial gradient between two circles, continuing the end colours
  /// beyond both (like `CGContext.drawRadialGradient` with both extend options).
  public func drawRadialGradient(
    _ g: Gradient, startCenter: Point, startRadius: Double, endCenter: Point, endRadius: Double
  ) {
    guard canDraw, startCenter.isFinite, endCenter.isFinite, startRadius.isFinite,
      endRadius.isFinite,
      let pattern = cairo_pattern_create_radial(
        startCenter.x, startCenter.y, max(startRadius, 0), endCenter.x, endCenter.y,
        max(endRadius, 0))
    else { return }
    paint(g, with: pattern)
  }

  private func paint(_ g: Gradient, with pattern: OpaquePointer) {
    defer { cairo_pattern_destroy(pattern) }
    for stop in g.stops where stop.location.isFinite {
      let c = stop.color
      cairo_pattern_add_color_stop_rgba(
        pattern, stop.location.clamped01, c.red, c.green, c.blue, c.alpha)
    }
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    drawingOperationCount += 1
    cairo_save(cairo)
    cairo_set_source(cairo, pattern)
    cairo_paint_with_alpha(cairo, state.alpha)
    cairo_restore(cairo)
  }
}
