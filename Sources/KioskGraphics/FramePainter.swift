internal import CPixman

/// Paints layers into a frame with pixman: colour fills and pixel copies, transformed and
/// blended, only inside `limit`. The compositor decides what to paint; this type is
/// the only place that knows how.
public final class FramePainter {
  /// The buffer painted into. A compositor that paints straight into an output's buffers
  /// turns the painter to the next one each frame; the limit becomes the whole buffer.
  public var target: PixelBuffer {
    didSet { limit = target.bounds }
  }
  private var alphaMask: OpaquePointer?
  private var alphaMaskValue = -1.0

  /// A rectangle every paint also stays inside (a layer's clipped extent); by default the
  /// whole target.
  public var limit: PixelRect

  /// Creates a painter for `target`.
  public init(target: PixelBuffer) {
    self.target = target
    limit = target.bounds
  }

  deinit {
    if let alphaMask { pixman_image_unref(alphaMask) }
  }

  /// Fills `rect` with `color` at `alpha`: replaces the pixels when the result is opaque,
  /// blends over them otherwise.
  public func fill(_ rect: PixelRect, with color: Color, alpha: Double = 1) {
    let r = rect.intersection(target.bounds).intersection(limit)
    guard !r.isEmpty else { return }
    let c = color.withAlphaComponent(color.alpha * alpha)
    var pixel = c.pixmanColor
    guard c.alpha < 1 else {
      target.replace(r, with: pixel)
      return
    }
    var box = pixman_rectangle16_t(
      x: Int16(clamping: r.x), y: Int16(clamping: r.y), width: UInt16(clamping: r.width),
      height: UInt16(clamping: r.height))
    pixman_image_fill_rectangles(PIXMAN_OP_OVER, target.pixmanImage, &pixel, 1, &box)
  }

  /// Fills `rect` mapped through `transform` (any affine transform) with `color`, with
  /// antialiased edges.
  public func fill(_ rect: Rect, transform: Transform, with color: Color, alpha: Double = 1) {
    let c = color.withAlphaComponent(color.alpha * alpha)
    guard c.alpha > 0 else { return }
    // Only the part of `rect` that can reach the limit: its corners then map near the
    // buffer, within what pixman's fixed point holds, however far the rest reaches.
    let area = limit.intersection(target.bounds)
    guard !area.isEmpty, let inverse = transform.inverted else { return }
    let reach = Rect(
      x: Double(area.x) - 2, y: Double(area.y) - 2, width: Double(area.width) + 4,
      height: Double(area.height) + 4
    ).applying(inverse)
    let rect = rect.intersection(reach)
    guard !rect.isEmpty else { return }
    var pixel = c.pixmanColor
    guard let source = pixman_image_create_solid_fill(&pixel) else { return }
    defer { pixman_image_unref(source) }
    func point(_ x: Double, _ y: Double) -> pixman_point_fixed_t {
      let p = Point(x: x, y: y).applying(transform)
      return pixman_point_fixed_t(x: fixed(p.x), y: fixed(p.y))
    }
    let p0 = point(rect.minX, rect.minY)
    let p1 = point(rect.maxX, rect.minY)
    let p2 = point(rect.maxX, rect.maxY)
    let p3 = point(rect.minX, rect.maxY)
    var triangles = (
      pixman_triangle_t(p1: p0, p2: p1, p3: p2), pixman_triangle_t(p1: p0, p2: p2, p3: p3)
    )
    // Triangles take no destination rectangle, so the limit becomes the clip for this call
    // (an allocation, but only for turned layers).
    let limited = Region(limit.intersection(target.bounds))
    limited.withPixmanRegion { clip in
      pixman_image_set_clip_region32(target.pixmanImage, clip)
      defer { pixman_image_set_clip_region32(target.pixmanImage, nil) }
      withUnsafePointer(to: &triangles) { pointer in
        pointer.withMemoryRebound(to: pixman_triangle_t.self, capacity: 2) { tris in
          pixman_composite_triangles(
            PIXMAN_OP_OVER, source, target.pixmanImage, PIXMAN_a8, 0, 0, 0, 0, 2, tris)
        }
      }
    }
  }

  /// Fills `rect` with opaque black (what shows where no layer covers the screen).
  public func fillBlack(_ rect: PixelRect) {
    fill(rect, with: .black)
  }

  /// Blends the `sourceRect` part of `source` (in source pixels) into the target, mapped
  /// through `transform` (source pixels to target pixels), at `alpha`. Whole-pixel
  /// translations copy exactly; anything else is filtered bilinearly. `isOpaque` promises
  /// that the source part has no transparent pixel, so a whole-pixel copy at full alpha
  /// replaces the target's pixels instead of blending (a plain copy, several times cheaper).
  public func composite(
    _ source: PixelBuffer, sourceRect: Rect, transform: Transform, alpha: Double = 1,
    isOpaque: Bool = false
  ) {
    guard alpha > 0 else { return }
    let mask = alpha < 1 ? self.mask(alpha) : nil
    let op =
      (source.format == .argb8888 && !isOpaque) || mask != nil ? PIXMAN_OP_OVER : PIXMAN_OP_SRC
    let image = source.pixmanImage
    // Products of scales (0.5 · 2) and snapped offsets carry rounding noise: compare loosely.
    let isWholePixelShift =
      abs(transform.a - 1) < 1e-9 && abs(transform.d - 1) < 1e-9 && transform.b == 0
      && transform.c == 0 && abs(transform.tx - transform.tx.rounded()) < 1e-6
      && abs(transform.ty - transform.ty.rounded()) < 1e-6
    if isWholePixelShift {
      // Shifted that far, nothing of the source lands on the buffer.
      guard abs(transform.tx) < pixelCoordinateLimit, abs(transform.ty) < pixelCoordinateLimit
      else { return }
      let src = PixelRect(rounding: sourceRect).intersection(source.bounds)
      let dx = Int(transform.tx.rounded())
      let dy = Int(transform.ty.rounded())
      let dst = PixelRect(x: src.x + dx, y: src.y + dy, width: src.width, height: src.height)
        .intersection(target.bounds).intersection(limit)
      guard !dst.isEmpty else { return }
      pixman_image_composite32(
        op, image, mask, target.pixmanImage, Int32(dst.x - dx), Int32(dst.y - dy), 0, 0,
        Int32(dst.x), Int32(dst.y), Int32(dst.width), Int32(dst.height))
      return
    }
    // A source pixel for each destination pixel: a transform pixman's fixed point cannot
    // hold (a layer thousands of screens away, turned so its bounding box still crosses the
    // screen) is skipped rather than drawn wrong.
    guard let inverse = transform.inverted, inverse.fitsPixmanFixedPoint else { return }
    let rectilinear = transform.isRectilinear
    let mapped = sourceRect.applying(transform)
    let dst = (rectilinear ? PixelRect(rounding: mapped) : PixelRect(covering: mapped))
      .intersection(target.bounds).intersection(limit)
    guard !dst.isEmpty else { return }
    var matrix = pixman_transform_t()
    matrix.setAffine(inverse)
    pixman_image_set_transform(image, &matrix)
    pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
    // Axis-aligned: pad so scaled edges stay solid. Rotated: transparent outside, so the
    // bounding box around the turned image stays untouched.
    pixman_image_set_repeat(image, rectilinear ? PIXMAN_REPEAT_PAD : PIXMAN_REPEAT_NONE)
    pixman_image_composite32(
      PIXMAN_OP_OVER, image, mask, target.pixmanImage, Int32(dst.x), Int32(dst.y), 0, 0,
      Int32(dst.x), Int32(dst.y), Int32(dst.width), Int32(dst.height))
    pixman_image_set_transform(image, nil)
    pixman_image_set_repeat(image, PIXMAN_REPEAT_NONE)
    pixman_image_set_filter(image, PIXMAN_FILTER_NEAREST, nil, 0)
  }

  private func mask(_ alpha: Double) -> OpaquePointer? {
    if alphaMaskValue == alpha, let alphaMask { return alphaMask }
    if let alphaMask { pixman_image_unref(alphaMask) }
    var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16((alpha * 65535).rounded()))
    alphaMask = pixman_image_create_solid_fill(&color)
    alphaMaskValue = alpha
    return alphaMask
  }
}

/// `v` in pixman's 16.16 fixed point, clamped to what it can hold (±32767.99…); not a
/// number gives 0. Callers keep their values in range (`Transform.fitsPixmanFixedPoint`,
/// clipping): the clamp only keeps a value that slipped through from trapping.
func fixed(_ v: Double) -> pixman_fixed_t {
  let scaled = (v * 65536).rounded()
  guard scaled.isFinite else { return 0 }
  return pixman_fixed_t(min(max(scaled, Double(Int32.min)), Double(Int32.max)))
}

/// The largest coordinate a pixel rectangle is built with: far beyond any buffer (pixman
/// images are at most 32767 pixels a side), small enough that no arithmetic on it overflows.
let pixelCoordinateLimit = Double(1 << 30)

extension Transform {
  /// Whether pixman's 16.16 fixed point holds every element (each within ±32767).
  var fitsPixmanFixedPoint: Bool {
    // Element by element (an array of them would be allocated on every composite).
    func fits(_ v: Double) -> Bool { v.isFinite && abs(v) < 32767 }
    return fits(a) && fits(b) && fits(c) && fits(d) && fits(tx) && fits(ty)
  }
}

extension PixelRect {
  /// The pixels whose edges are nearest to `rect`'s (so neighbouring layers tile exactly).
  /// Coordinates beyond `pixelCoordinateLimit` are clamped to it.
  public init(rounding rect: Rect) {
    guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else {
      self = .zero
      return
    }
    func pixel(_ v: Double) -> Int {
      Int(min(max(v, -pixelCoordinateLimit), pixelCoordinateLimit).rounded())
    }
    let x0 = pixel(rect.minX)
    let y0 = pixel(rect.minY)
    self.init(x: x0, y: y0, width: pixel(rect.maxX) - x0, height: pixel(rect.maxY) - y0)
  }

  /// The pixels lying entirely inside `rect` (clamped to ±`pixelCoordinateLimit`).
  public init(inside rect: Rect) {
    guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else {
      self = .zero
      return
    }
    func clamped(_ v: Double) -> Double { min(max(v, -pixelCoordinateLimit), pixelCoordinateLimit) }
    let x0 = Int(clamped(rect.minX - 1e-6).rounded(.up))
    let y0 = Int(clamped(rect.minY - 1e-6).rounded(.up))
    let x1 = Int(clamped(rect.maxX + 1e-6).rounded(.down))
    let y1 = Int(clamped(rect.maxY + 1e-6).rounded(.down))
    self.init(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
  }
}
