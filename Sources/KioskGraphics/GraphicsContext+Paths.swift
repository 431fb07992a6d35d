internal import CCairo

/// Building the current path and filling, stroking or clipping with it.
extension GraphicsContext {
  /// Discards the current path.
  public func beginPath() { cairo_new_path(cairo) }

  /// Starts a new subpath at `point`.
  public func move(to point: Point) {
    guard canDraw, point.isFinite else { return }
    cairo_move_to(cairo, point.x, point.y)
  }

  /// Adds a straight line from the current point to `point`.
  public func addLine(to point: Point) {
    guard canDraw, point.isFinite else { return }
    cairo_line_to(cairo, point.x, point.y)
  }

  /// Adds a cubic Bézier curve from the current point to `point`.
  public func addCurve(to point: Point, control1: Point, control2: Point) {
    guard canDraw, point.isFinite, control1.isFinite, control2.isFinite else { return }
    cairo_curve_to(cairo, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
  }

  /// Adds a quadratic Bézier curve from the current point to `point`. Without a current
  /// point the curve starts at `control`.
  public func addQuadCurve(to point: Point, control: Point) {
    guard canDraw, point.isFinite, control.isFinite else { return }
    var x0 = control.x
    var y0 = control.y
    if cairo_has_current_point(cairo) != 0 {
      cairo_get_current_point(cairo, &x0, &y0)
    } else {
      cairo_move_to(cairo, x0, y0)
    }
    // The cubic with the same shape: control points two thirds of the way to `control`.
    cairo_curve_to(
      cairo, x0 + 2 / 3 * (control.x - x0), y0 + 2 / 3 * (control.y - y0),
      point.x + 2 / 3 * (control.x - point.x), point.y + 2 / 3 * (control.y - point.y),
      point.x, point.y)
  }

  /// Adds an arc of a circle, as `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`
  /// does: angles in radians from the positive x axis, `clockwise` meaning increasing
  /// angles on screen. A line joins the current point to the start of the arc.
  public func addArc(
    center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool
  ) {
    guard canDraw, center.isFinite, radius.isFinite, startAngle.isFinite, endAngle.isFinite
    else { return }
    let r = max(radius, 0)
    if clockwise {
      cairo_arc(cairo, center.x, center.y, r, startAngle, endAngle)
    } else {
      cairo_arc_negative(cairo, center.x, center.y, r, startAngle, endAngle)
    }
  }

  /// Adds a closed rectangle as a new subpath.
  public func addRect(_ r: Rect) {
    guard canDraw, r.isFinite else { return }
    let s = r.standardized
    cairo_rectangle(cairo, s.minX, s.minY, s.width, s.height)
  }

  /// Adds a rectangle with circular corners as a new subpath; the radius is limited to
  /// half the shorter side.
  public func addRoundedRect(_ r: Rect, cornerRadius: Double) {
    guard canDraw, r.isFinite, cornerRadius.isFinite else { return }
    let s = r.standardized
    let radius = min(max(cornerRadius, 0), s.width / 2, s.height / 2)
    guard radius > 0 else {
      addRect(s)
      return
    }
    let half = Double.pi / 2
    cairo_new_sub_path(cairo)
    cairo_arc(cairo, s.maxX - radius, s.minY + radius, radius, -half, 0)
    cairo_arc(cairo, s.maxX - radius, s.maxY - radius, radius, 0, half)
    cairo_arc(cairo, s.minX + radius, s.maxY - radius, radius, half, 2 * half)
    cairo_arc(cairo, s.minX + radius, s.minY + radius, radius, 2 * half, 3 * half)
    cairo_close_path(cairo)
  }

  /// Adds the ellipse that fits in `r` as a new subpath.
  public func addEllipse(in r: Rect) {
    guard canDraw, r.isFinite, r.width > 0, r.height > 0 else { return }
    var saved = cairo_matrix_t()
    cairo_get_matrix(cairo, &saved)
    cairo_translate(cairo, r.midX, r.midY)
    cairo_scale(cairo, r.width / 2, r.height / 2)
    cairo_new_sub_path(cairo)
    cairo_arc(cairo, 0, 0, 1, 0, 2 * Double.pi)
    cairo_close_path(cairo)
    cairo_set_matrix(cairo, &saved)
  }

  /// Closes the current subpath with a straight line to its start.
  public func closePath() {
    guard canDraw else { return }
    cairo_close_path(cairo)
  }

  /// Fills the current path with the fill colour and discards the path.
  public func fillPath(evenOdd: Bool = false) {
    guard canDraw else { return beginPath() }
    cairo_set_fill_rule(cairo, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    setSource(state.fillColor)
    drawingOperationCount += 1
    cairo_fill(cairo)
  }

  /// Strokes the current path with the stroke colour and line settings and discards it.
  public func strokePath() {
    guard canDraw else { return beginPath() }
    setSource(state.strokeColor)
    drawingOperationCount += 1
    cairo_stroke(cairo)
  }

  /// Intersects the clip with the current path and discards the path.
  public func clip(evenOdd: Bool = false) {
    guard canDraw else { return beginPath() }
    cairo_set_fill_rule(cairo, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
    cairo_clip(cairo)
  }
}
