/// A rectangle of whole pixels, as buffers, regions and the kernel use them.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
  /// The left column.
  public var x: Int
  /// The top row.
  public var y: Int
  /// The number of columns.
  public var width: Int
  /// The number of rows.
  public var height: Int

  /// Creates a pixel rectangle.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The column just right of the rectangle.
  public var maxX: Int { x + width }
  /// The row just below the rectangle.
  public var maxY: Int { y + height }
  /// Whether the rectangle covers no pixel.
  public var isEmpty: Bool { width <= 0 || height <= 0 }
  /// The number of pixels covered.
  public var area: Int { isEmpty ? 0 : width * height }

  /// The common pixels of two rectangles (empty when they do not overlap).
  public func intersection(_ other: PixelRect) -> PixelRect {
    let x0 = max(x, other.x)
    let y0 = max(y, other.y)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : .zero
  }

  /// The smallest rectangle holding both (the other one when either is empty).
  public func union(_ other: PixelRect) -> PixelRect {
    if isEmpty { return other }
    if other.isEmpty { return self }
    let x0 = min(x, other.x)
    let y0 = min(y, other.y)
    return PixelRect(
      x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
  }

  /// The smallest pixel rectangle that covers `rect` (given in pixels).
  public init(covering rect: Rect) {
    // Clamp first: a degenerate transform can produce huge or non-finite extents.
    let limit = Double(1 << 30)
    guard rect.minX.isFinite, rect.maxX.isFinite, rect.minY.isFinite, rect.maxY.isFinite else {
      self = .zero
      return
    }
    // Each edge clamped on its own: a rectangle wholly beyond the limit becomes an empty
    // one at the limit, not a negative size.
    func clamped(_ v: Double) -> Double { min(max(v, -limit), limit) }
    let x0 = clamped(rect.minX)
    let y0 = clamped(rect.minY)
    let r = Rect(
      x: x0, y: y0, width: max(clamped(rect.maxX) - x0, 0),
      height: max(clamped(rect.maxY) - y0, 0)
    ).integral
    self.init(x: Int(r.minX), y: Int(r.minY), width: Int(r.width), height: Int(r.height))
  }

  /// The rectangle as a `Rect` in pixel units.
  public var rect: Rect {
    Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
  }

  /// The empty rectangle at the origin.
  public static let zero = PixelRect(x: 0, y: 0, width: 0, height: 0)

  /// `(x, y) width×height`, in pixels.
  public var description: String { "(\(x), \(y)) \(width)×\(height)" }
}
