internal import CCairo
import FoundationEssentials

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

  /// The state that `saveGState()` and `restoreGState()` keep besides cairo's own (internal,
  /// as the drawing extensions in the other `GraphicsContext+*.swift` files read it).
  struct State {
    var fillColor = Color.black
    var strokeColor = Color.black
    var alpha = 1.0
    /// Set when the transform collapses the plane (a scale by zero): cairo refuses such
    /// matrices, so the context remembers it here and draws nothing until it is restored.
    var singularCTM: Transform?
  }

  var state = State()

  /// How many fills, strokes, gradients, images and text runs were drawn (clearing does not
  /// count). KioskUI uses it to tell views that draw from views that only inherit `draw(_:)`.
  public internal(set) var drawingOperationCount = 0
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
  var canDraw: Bool { state.singularCTM == nil }

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
}
