import KioskGraphics

/// How a screen is magnified (Zoom, as in iOS's Accessibility settings): by `scale` around
/// `center`, the point of the content (in screen points) shown at the middle of the screen.
///
/// A zoom is always kept inside the content: the magnified view never shows anything beyond
/// the screen's edges, so near an edge `center` stops short of the point asked for (as iOS's
/// full-screen Zoom does).
///
/// ```swift
/// let zoom = ScreenZoom(scale: 2, center: Point(x: 100, y: 100))
///   .clamped(to: Rect(x: 0, y: 0, width: 800, height: 480))
/// zoom.center   // (200, 120): the quarter of the screen shown starts at the top left
/// ```
public struct ScreenZoom: Sendable, Equatable {
  /// The smallest magnification: 1 is no zoom.
  public static let minimumScale = 1.0
  /// The largest magnification (iOS's Zoom goes to 15×; 8× already shows a 1024×600 screen
  /// as a 128×75-point window, about three words of body text).
  public static let maximumScale = 8.0

  /// The magnification, from 1 (off) to 8.
  public var scale: Double
  /// The content point (screen points) shown at the middle of the screen.
  public var center: Point

  /// A zoom of `scale` (clamped to 1…8; not a number is 1) around `center`.
  public init(scale: Double, center: Point) {
    self.scale = Self.clampedScale(scale)
    self.center = center
  }

  /// `scale` within 1…8, with 1 for anything that is not a number.
  public static func clampedScale(_ scale: Double) -> Double {
    guard scale.isFinite else { return minimumScale }
    return min(max(scale, minimumScale), maximumScale)
  }

  /// Whether the screen is magnified at all.
  public var isActive: Bool { scale > Self.minimumScale }

  /// The same zoom with `center` moved as little as needed to keep the magnified view
  /// within `bounds` (the screen's rectangle in points).
  public func clamped(to bounds: Rect) -> ScreenZoom {
    var result = self
    result.scale = Self.clampedScale(scale)
    let halfWidth = bounds.width / (2 * result.scale)
    let halfHeight = bounds.height / (2 * result.scale)
    func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
      guard value.isFinite else { return (low + high) / 2 }
      return min(max(value, low), high)
    }
    result.center = Point(
      x: clamp(center.x, bounds.minX + halfWidth, bounds.maxX - halfWidth),
      y: clamp(center.y, bounds.minY + halfHeight, bounds.maxY - halfHeight))
    return result
  }

  /// The part of the content (screen points) the magnified view shows.
  public func visibleRect(in bounds: Rect) -> Rect {
    let width = bounds.width / scale
    let height = bounds.height / scale
    return Rect(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
  }

  /// Content pixels to the pixels of the magnified frame, for a screen of `pixelWidth` ×
  /// `pixelHeight` pixels at `pixelScale` pixels a point. The offset is rounded to whole
  /// pixels, so that an integral magnification copies each content pixel to a whole block
  /// (and a frame is the same whatever fraction of a pixel the centre lies at).
  public func pixelTransform(pixelWidth: Int, pixelHeight: Int, pixelScale: Double) -> Transform {
    let tx = Double(pixelWidth) / 2 - scale * center.x * pixelScale
    let ty = Double(pixelHeight) / 2 - scale * center.y * pixelScale
    // Never beyond the content's edges, whatever the rounding.
    let lowX = (Double(pixelWidth) * (1 - scale)).rounded(.up)
    let lowY = (Double(pixelHeight) * (1 - scale)).rounded(.up)
    return Transform(
      a: scale, b: 0, c: 0, d: scale, tx: min(max(tx.rounded(), lowX), 0),
      ty: min(max(ty.rounded(), lowY), 0))
  }

  /// Content points to the points of the magnified view: `pixelTransform` in points.
  public func pointTransform(pixelWidth: Int, pixelHeight: Int, pixelScale: Double) -> Transform {
    var transform = pixelTransform(
      pixelWidth: pixelWidth, pixelHeight: pixelHeight, pixelScale: pixelScale)
    transform.tx /= pixelScale
    transform.ty /= pixelScale
    return transform
  }
}
