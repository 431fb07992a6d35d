internal import CCairo
import Foundation

/// A drawing destination over a `PixelBuffer`, the counterpart of `CGContext`.
///
/// User space is measured in points with the origin at the top left and y growing
/// downwards, as in UIKit; the context maps it to the buffer's pixels through `ctm`, which
/// starts as a scale by `scale`. Drawing is antialiased.
///
/// ```swift
/// let context = GraphicsContext(buffer: buffer, scale: 2)
/// context.setFillColor(.systemBlue)
/// context.fill(Rect(x: 10, y: 10, width: 100, height: 44))
/// context.flush()
/// ```
///
/// A context never throws: if drawing fails (for example the buffer cannot be wrapped),
/// further drawing does nothing and `status` says why.
public final class GraphicsContext {
  /// The pixels drawn into. The context keeps the buffer alive.
  public let buffer: PixelBuffer
  /// Pixels per point: the initial scale of `ctm`.
  public let scale: Double

  let cairo: OpaquePointer
  private let surface: OpaquePointer

  /// The state that `saveGState()` and `restoreGState()` keep besides cairo's own.
  private struct State {
    var fillColor = Color.black
    var strokeColor = Color.black
    var alpha = 1.0
    /// Set when the transform collapses the plane (a scale by zero): cairo refuses such
    /// matrices, so the context remembers it here and draws nothing until it is restored.
    var singularCTM: Transform?
  }

  private var state = State()

  /// How many fills, strokes, gradients, images and text runs were drawn (clearing does not
  /// count). KioskUI uses it to tell views that draw from views that only inherit `draw(_:)`.
  public private(set) var drawingOperationCount = 0
  private var savedStates: [State] = []

  /// Creates a context drawing into `buffer`, with user space in points of `scale` pixels.
  public init(buffer: PixelBuffer, scale: Double = 1) {
    self.buffer = buffer
    self.scale = scale.isFinite && scale > 0 ? scale : 1
    surface = buffer.makeCairoSurface()
    cairo = cairo_create(surface)
    cairo_scale(cairo, self.scale, self.scale)
    cairo_set_line_width(cairo, 1)
    // The state `reset()` returns to.
    cairo_save(cairo)
  }

  /// Makes the context as it was when it was created, to draw into its buffer again without
  /// a new context (a layer redraws its backing store this way): the transform, clip,
  /// path, colours and line settings go back to their initial values, states left saved are
  /// dropped, and cairo is told that the buffer's pixels may have changed meanwhile.
  package func reset() {
    for _ in savedStates { cairo_restore(cairo) }
    savedStates.removeAll(keepingCapacity: true)
    cairo_restore(cairo)
    cairo_save(cairo)
    cairo_new_path(cairo)
    state = State()
    drawingOperationCount = 0
    cairo_surface_mark_dirty(surface)
  }

  deinit {
    cairo_surface_flush(surface)
    cairo_destroy(cairo)
    cairo_surface_destroy(surface)
  }

  /// Why drawing stopped working, or `nil` while the context is healthy.
  public var status: String? {
    let s = cairo_status(cairo)
    return s == CAIRO_STATUS_SUCCESS ? nil : String(cString: cairo_status_to_string(s))
  }

  /// Makes sure everything drawn so far is in `buffer`. Call it before reading the pixels
  /// while the context is still alive; the context also flushes when it goes away.
  public func flush() {
    cairo_surface_flush(surface)
  }

  /// Tells the context that the buffer's pixels were changed by someone else (a copy, a
  /// pixman fill) so that it does not rely on anything it remembered about them.
  public func markBufferChanged() {
    cairo_surface_mark_dirty(surface)
  }

  // MARK: - The current context

  @MainActor private static var stack: [GraphicsContext] = []

  /// The context that `draw(_:)` methods draw into, like `UIGraphicsGetCurrentContext()`;
  /// `nil` outside of drawing.
  @MainActor public static var current: GraphicsContext? { stack.last }

  /// Makes `context` the current context while `body` runs. Calls may nest; the previous
  /// context becomes current again afterwards.
  @MainActor public static func withCurrent<R>(
    _ context: GraphicsContext, _ body: () throws -> R
  ) rethrows -> R {
    stack.append(context)
    defer { stack.removeLast() }
    return try body()
  }

  // MARK: - Graphics state

  /// Saves the transform, clip, colours, line settings and alpha; `restoreGState()` brings
  /// them back. Calls must be balanced.
  public func saveGState() {
    cairo_save(cairo)
    savedStates.append(state)
  }

  /// Restores the state saved by the matching `saveGState()`; does nothing when there is
  /// none.
  public func restoreGState() {
    guard let saved = savedStates.popLast() else { return }
    cairo_restore(cairo)
    state = saved
  }

  /// Moves the origin of user space.
  public func translateBy(x: Double, y: Double) {
    concatenate(Transform(translationX: x, y: y))
  }

  /// Scales user space. A scale by zero is allowed; nothing draws until the state is
  /// restored.
  public func scaleBy(x: Double, y: Double) {
    concatenate(Transform(scaleX: x, y: y))
  }

  /// Rotates user space by `angle` radians; positive angles turn clockwise on screen.
  public func rotate(by angle: Double) {
    concatenate(Transform(rotationAngle: angle))
  }

  /// Applies `t` to user space before the current transform, like `CGContext.concatenate`.
  public func concatenate(_ t: Transform) {
    let combined = t.concatenating(ctm)
    if state.singularCTM != nil || !combined.isDrawable {
      state.singularCTM = combined
      return
    }
    var m = cairo_matrix_t(t)
    cairo_transform(cairo, &m)
  }

  /// The transform from user space to the buffer's pixels.
  public var ctm: Transform {
    if let singular = state.singularCTM { return singular }
    var m = cairo_matrix_t()
    cairo_get_matrix(cairo, &m)
    return Transform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
  }

  /// Whether drawing can have an effect: false while the transform collapses the plane.
  private var canDraw: Bool { state.singularCTM == nil }

  /// Sets the colour used by fills.
  public func setFillColor(_ c: Color) { state.fillColor = c }

  /// Sets the colour used by strokes.
  public func setStrokeColor(_ c: Color) { state.strokeColor = c }

  /// Sets the width of stroked lines, in user-space units (1 by default).
  public func setLineWidth(_ w: Double) {
    cairo_set_line_width(cairo, w.isFinite ? max(w, 0) : 1)
  }

  /// Sets how the ends of stroked lines look.
  public func setLineCap(_ cap: LineCap) {
    switch cap {
    case .butt: cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT)
    case .round: cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
    case .square: cairo_set_line_cap(cairo, CAIRO_LINE_CAP_SQUARE)
    }
  }

  /// Sets how stroked lines meet at corners.
  public func setLineJoin(_ join: LineJoin) {
    switch join {
    case .miter: cairo_set_line_join(cairo, CAIRO_LINE_JOIN_MITER)
    case .round: cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
    case .bevel: cairo_set_line_join(cairo, CAIRO_LINE_JOIN_BEVEL)
    }
  }

  /// Makes strokes dashed: `lengths` alternate between drawn and skipped lengths, starting
  /// `phase` units into the pattern. An empty array (or one with a negative or non-finite
  /// length, or only zeros) turns dashing off.
  public func setLineDash(_ lengths: [Double], phase: Double = 0) {
    let valid =
      lengths.allSatisfy { $0.isFinite && $0 >= 0 } && lengths.contains { $0 > 0 }
      && phase.isFinite
    if valid {
      cairo_set_dash(cairo, lengths, Int32(clamping: lengths.count), phase)
    } else {
      cairo_set_dash(cairo, nil, 0, 0)
    }
  }

  /// Sets an opacity (0...1) multiplied into everything drawn afterwards: fills, strokes,
  /// gradients, images and text.
  public func setAlpha(_ a: Double) { state.alpha = a.clamped01 }

  // MARK: - Paths

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

  // MARK: - Shapes

  /// Fills a rectangle with the fill colour; the current path is left alone.
  public func fill(_ r: Rect) {
    withSeparatePath {
      addRect(r)
      fillPath()
    }
  }

  /// Strokes the outline of a rectangle; the current path is left alone.
  public func stroke(_ r: Rect) {
    withSeparatePath {
      addRect(r)
      strokePath()
    }
  }

  /// Fills the ellipse that fits in `r`; the current path is left alone.
  public func fillEllipse(in r: Rect) {
    withSeparatePath {
      addEllipse(in: r)
      fillPath()
    }
  }

  /// Strokes the ellipse that fits in `r`; the current path is left alone.
  public func strokeEllipse(in r: Rect) {
    withSeparatePath {
      addEllipse(in: r)
      strokePath()
    }
  }

  /// Intersects the clip with a rectangle; the current path is left alone.
  public func clip(to r: Rect) {
    withSeparatePath {
      if r.isFinite { addRect(r) }
      clip()
    }
  }

  /// Makes a rectangle transparent, ignoring the fill colour and alpha.
  public func clear(_ r: Rect) {
    guard canDraw, r.isFinite else { return }
    withSeparatePath {
      cairo_save(cairo)
      cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
      addRect(r)
      cairo_fill(cairo)
      cairo_restore(cairo)
    }
  }

  /// Runs `body` with an empty path and puts the caller's path back afterwards.
  private func withSeparatePath(_ body: () -> Void) {
    guard canDraw else { return }
    guard cairo_has_current_point(cairo) != 0, let path = cairo_copy_path(cairo) else {
      cairo_new_path(cairo)
      body()
      return
    }
    defer { cairo_path_destroy(path) }
    cairo_new_path(cairo)
    body()
    cairo_new_path(cairo)
    cairo_append_path(cairo, path)
  }

  private func setSource(_ color: Color) {
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * state.alpha)
  }

  // MARK: - Gradients

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

  // MARK: - Images and text

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

/// How the ends of stroked lines look.
public enum LineCap: Sendable {
  /// The line stops exactly at its end point.
  case butt
  /// A half circle past the end point.
  case round
  /// A half square past the end point.
  case square
}

/// How stroked lines meet at corners.
public enum LineJoin: Sendable {
  /// Sharp corners (cut off when very sharp).
  case miter
  /// Rounded corners.
  case round
  /// Corners cut off flat.
  case bevel
}

/// Colours at locations along a gradient, for `drawLinearGradient` and
/// `drawRadialGradient`.
///
/// ```swift
/// let fade = Gradient(colors: [.white, .systemBlue])
/// context.drawLinearGradient(fade, start: .zero, end: Point(x: 0, y: 44))
/// ```
public struct Gradient: Sendable, Hashable {
  /// The colour stops, in increasing location order.
  public var stops: [Stop]

  /// One colour at one location of a gradient.
  public struct Stop: Sendable, Hashable {
    /// Where the colour is: 0 at the start point, 1 at the end point.
    public var location: Double
    /// The colour at that location.
    public var color: Color

    /// Creates a stop.
    public init(location: Double, color: Color) {
      self.location = location
      self.color = color
    }
  }

  /// Creates a gradient from stops.
  public init(stops: [Stop]) {
    self.stops = stops
  }

  /// Creates a gradient from colours spaced evenly from start to end; a single colour
  /// makes a solid gradient.
  public init(colors: [Color]) {
    switch colors.count {
    case 0: stops = []
    case 1: stops = [Stop(location: 0, color: colors[0]), Stop(location: 1, color: colors[0])]
    default:
      let last = Double(colors.count - 1)
      stops = colors.enumerated().map {
        Stop(location: Double($0.offset) / last, color: $0.element)
      }
    }
  }
}

extension cairo_matrix_t {
  init(_ t: Transform) {
    self.init(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
  }
}

extension Transform {
  /// Whether cairo accepts the transform: finite and invertible.
  var isDrawable: Bool {
    [a, b, c, d, tx, ty].allSatisfy(\.isFinite) && determinant != 0 && determinant.isFinite
  }
}

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
