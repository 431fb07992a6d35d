import FoundationEssentials
import Glibc

/// A location in a two-dimensional coordinate system, in points unless stated otherwise.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate; y grows downwards, as in UIKit.
  public var y: Double

  /// Creates a point.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The point (0, 0).
  public static let zero = Point(x: 0, y: 0)

  /// The point moved by `dx`, `dy`.
  public func offsetBy(dx: Double, dy: Double) -> Point { Point(x: x + dx, y: y + dy) }

  /// The distance to another point.
  public func distance(to other: Point) -> Double { hypot(other.x - x, other.y - y) }

  /// `(x, y)`, whole numbers without a decimal point.
  public var description: String { "(\(x.shortDescription), \(y.shortDescription))" }
}

/// A width and a height, in points unless stated otherwise.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// Creates a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// A size of zero width and height.
  public static let zero = Size(width: 0, height: 0)

  /// `width×height`, whole numbers without a decimal point.
  public var description: String { "\(width.shortDescription)×\(height.shortDescription)" }
}

/// A rectangle: an origin and a size. A rectangle with a negative size is treated, as in
/// Core Graphics, as its standardized equivalent by every function that reads its edges.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The corner with the smallest coordinates (for a standardized rectangle).
  public var origin: Point
  /// The width and height.
  public var size: Size

  /// Creates a rectangle from an origin and a size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rectangle from its coordinates.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The rectangle at the origin with zero size.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The smallest x coordinate.
  public var minX: Double { min(origin.x, origin.x + size.width) }
  /// The largest x coordinate.
  public var maxX: Double { max(origin.x, origin.x + size.width) }
  /// The smallest y coordinate.
  public var minY: Double { min(origin.y, origin.y + size.height) }
  /// The largest y coordinate.
  public var maxY: Double { max(origin.y, origin.y + size.height) }
  /// The x coordinate of the centre.
  public var midX: Double { origin.x + size.width / 2 }
  /// The y coordinate of the centre.
  public var midY: Double { origin.y + size.height / 2 }
  /// The absolute width.
  public var width: Double { abs(size.width) }
  /// The absolute height.
  public var height: Double { abs(size.height) }
  /// The centre point.
  public var center: Point { Point(x: midX, y: midY) }

  /// The same rectangle with a non-negative width and height.
  public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

  /// Whether the rectangle has no area.
  public var isEmpty: Bool { size.width == 0 || size.height == 0 }

  /// Whether `point` lies inside; the maximum edges are exclusive, as in Core Graphics.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// Whether `other` lies completely inside this rectangle.
  public func contains(_ other: Rect) -> Bool {
    other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
  }

  /// Whether the two rectangles share some area.
  public func intersects(_ other: Rect) -> Bool {
    !intersection(other).isEmpty
  }

  /// The common area of two rectangles, or `.zero` when they do not overlap.
  public func intersection(_ other: Rect) -> Rect {
    let x0 = max(minX, other.minX)
    let y0 = max(minY, other.minY)
    let x1 = min(maxX, other.maxX)
    let y1 = min(maxY, other.maxY)
    guard x1 > x0, y1 > y0 else { return .zero }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The smallest rectangle containing both; an empty rectangle contributes nothing.
  public func union(_ other: Rect) -> Rect {
    if isEmpty { return other.standardized }
    if other.isEmpty { return standardized }
    let x0 = min(minX, other.minX)
    let y0 = min(minY, other.minY)
    return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
  }

  /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom.
  public func insetBy(dx: Double, dy: Double) -> Rect {
    let r = standardized
    return Rect(x: r.minX + dx, y: r.minY + dy, width: r.width - 2 * dx, height: r.height - 2 * dy)
  }

  /// The rectangle shrunk by `insets`.
  public func inset(by insets: EdgeInsets) -> Rect {
    let r = standardized
    return Rect(
      x: r.minX + insets.left, y: r.minY + insets.top,
      width: r.width - insets.left - insets.right, height: r.height - insets.top - insets.bottom)
  }

  /// The rectangle moved by `dx`, `dy`.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(origin: origin.offsetBy(dx: dx, dy: dy), size: size)
  }

  /// The smallest rectangle with whole-number edges that contains this one.
  public var integral: Rect {
    let x0 = (minX + 1e-9).rounded(.down)
    let y0 = (minY + 1e-9).rounded(.down)
    return Rect(
      x: x0, y: y0, width: (maxX - 1e-9).rounded(.up) - x0, height: (maxY - 1e-9).rounded(.up) - y0)
  }

  /// The origin, then the size: `(x, y) width×height`.
  public var description: String { "\(origin) \(size)" }
}

/// Distances inward from the four edges of a rectangle.
public struct EdgeInsets: Hashable, Sendable {
  /// Distance from the top edge.
  public var top: Double
  /// Distance from the left edge.
  public var left: Double
  /// Distance from the bottom edge.
  public var bottom: Double
  /// Distance from the right edge.
  public var right: Double

  /// Creates insets.
  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// Insets of zero.
  public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// An affine transform with Core Graphics' conventions, the counterpart of
/// `CGAffineTransform`: a point maps as `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`, and
/// `t1.concatenating(t2)` applies `t1` first.
///
/// Its name is not `AffineTransform`, as dropping the `CG` prefix would give: Foundation has a
/// type of that name (with `m11…tY` members), and a file importing both modules could not
/// name either without its module.
public struct Transform: Hashable, Sendable, CustomStringConvertible {
  /// The x scale (and part of rotation).
  public var a: Double
  /// How much y changes with x (rotation, shear).
  public var b: Double
  /// How much x changes with y (rotation, shear).
  public var c: Double
  /// The y scale (and part of rotation).
  public var d: Double
  /// The horizontal translation.
  public var tx: Double
  /// The vertical translation.
  public var ty: Double

  /// Creates a transform from its six coefficients.
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }

  /// The transform that changes nothing.
  public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A translation.
  public init(translationX tx: Double, y ty: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }

  /// A scale about the origin.
  public init(scaleX sx: Double, y sy: Double) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// A rotation about the origin by `angle` radians; positive angles turn clockwise on a
  /// screen whose y axis points down, as in UIKit.
  public init(rotationAngle angle: Double) {
    let (s, c) = Self.exactSinCos(angle)
    self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
  }

  /// Sine and cosine, exact for multiples of a quarter turn so that rotated layers keep
  /// snapping to whole pixels.
  private static func exactSinCos(_ angle: Double) -> (Double, Double) {
    let quarters = angle / (Double.pi / 2)
    let rounded = quarters.rounded()
    if abs(quarters - rounded) < 1e-12 {
      switch ((Int(rounded) % 4) + 4) % 4 {
      case 0: return (0, 1)
      case 1: return (1, 0)
      case 2: return (0, -1)
      default: return (-1, 0)
      }
    }
    return (sin(angle), cos(angle))
  }

  /// Whether this is the identity transform.
  public var isIdentity: Bool { self == .identity }

  /// The transform that applies `self`, then `other`.
  public func concatenating(_ other: Transform) -> Transform {
    Transform(
      a: a * other.a + b * other.c,
      b: a * other.b + b * other.d,
      c: c * other.a + d * other.c,
      d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx,
      ty: tx * other.b + ty * other.d + other.ty)
  }

  /// A translation applied before this transform.
  public func translatedBy(x: Double, y: Double) -> Transform {
    Transform(translationX: x, y: y).concatenating(self)
  }

  /// A scale applied before this transform.
  public func scaledBy(x: Double, y: Double) -> Transform {
    Transform(scaleX: x, y: y).concatenating(self)
  }

  /// A rotation applied before this transform.
  public func rotated(by angle: Double) -> Transform {
    Transform(rotationAngle: angle).concatenating(self)
  }

  /// The determinant of the linear part.
  public var determinant: Double { a * d - b * c }

  /// The inverse, or `nil` when the transform is not invertible (it collapses the plane).
  public var inverted: Transform? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    return Transform(
      a: d / det, b: -b / det, c: -c / det, d: a / det,
      tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
  }

  /// Whether the transform keeps rectangles axis-aligned: only scales, translations and
  /// quarter-turn rotations or flips.
  public var isRectilinear: Bool { (b == 0 && c == 0) || (a == 0 && d == 0) }

  /// Whether the transform is only a translation.
  public var isTranslation: Bool { a == 1 && b == 0 && c == 0 && d == 1 }

  /// `[a, b, c, d, tx, ty]`.
  public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}

extension Point {
  /// The point mapped through `t`.
  public func applying(_ t: Transform) -> Point {
    Point(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
  }
}

extension Size {
  /// The size mapped through the linear part of `t` (signs kept, as in Core Graphics).
  public func applying(_ t: Transform) -> Size {
    Size(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
  }
}

extension Rect {
  /// The smallest axis-aligned rectangle that contains this rectangle mapped through `t`.
  public func applying(_ t: Transform) -> Rect {
    if t.isTranslation { return standardized.offsetBy(dx: t.tx, dy: t.ty) }
    // Four corners by hand rather than through an array: this runs per layer per frame.
    let p0 = Point(x: minX, y: minY).applying(t)
    let p1 = Point(x: maxX, y: minY).applying(t)
    let p2 = Point(x: minX, y: maxY).applying(t)
    let p3 = Point(x: maxX, y: maxY).applying(t)
    let x0 = min(min(p0.x, p1.x), min(p2.x, p3.x))
    let x1 = max(max(p0.x, p1.x), max(p2.x, p3.x))
    let y0 = min(min(p0.y, p1.y), min(p2.y, p3.y))
    let y1 = max(max(p0.y, p1.y), max(p2.y, p3.y))
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}

extension Double {
  /// Prints whole numbers without a fraction, for readable geometry descriptions.
  var shortDescription: String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
  }
}

// MARK: Finite values

extension Point {
  /// Whether both coordinates are finite (not NaN, not infinite).
  public var isFinite: Bool { x.isFinite && y.isFinite }
}

extension Size {
  /// Whether both dimensions are finite.
  public var isFinite: Bool { width.isFinite && height.isFinite }
}

extension Rect {
  /// Whether the origin and size are finite: geometry a view or layer can take.
  public var isFinite: Bool { origin.isFinite && size.isFinite }
}

extension Transform {
  /// Whether all six coefficients are finite.
  public var isFinite: Bool {
    a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
  }
}
