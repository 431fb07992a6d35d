internal import CCairo

/// A shape made of straight lines and cubic Bézier curves, the counterpart of `CGPath` (a
/// value, like Swift's `Path` in SwiftUI). A layer's `shadowPath` is one; a context draws one
/// with `addPath(_:)`.
///
/// ```swift
/// var path = Path(roundedRect: Rect(x: 0, y: 0, width: 120, height: 80), cornerRadius: 12)
/// path.move(to: Point(x: 0, y: 90))
/// path.addLine(to: Point(x: 120, y: 90))
/// ```
public struct Path: Hashable, Sendable {
  /// One step of a path.
  public enum Element: Hashable, Sendable {
    /// Starts a new subpath at a point.
    case move(to: Point)
    /// A straight line from the current point.
    case line(to: Point)
    /// A cubic Bézier curve from the current point.
    case curve(to: Point, control1: Point, control2: Point)
    /// Closes the subpath with a straight line to its start.
    case closeSubpath
  }

  /// The steps, in order.
  public private(set) var elements: [Element] = []

  /// Creates an empty path.
  public init() {}

  /// A closed rectangle.
  public init(rect: Rect) {
    addRect(rect)
  }

  /// A rectangle with circular corners; the radius is limited to half the shorter side.
  public init(roundedRect rect: Rect, cornerRadius: Double) {
    addRoundedRect(rect, cornerRadius: cornerRadius)
  }

  /// The ellipse that fits in `rect`.
  public init(ellipseIn rect: Rect) {
    addEllipse(in: rect)
  }

  /// Whether the path has no steps.
  public var isEmpty: Bool { elements.isEmpty }

  /// Starts a new subpath at `point`. A point that is not finite is ignored, as are the
  /// other steps' (the path stays drawable).
  public mutating func move(to point: Point) {
    guard point.isFinite else { return }
    elements.append(.move(to: point))
  }

  /// Adds a straight line from the current point to `point`.
  public mutating func addLine(to point: Point) {
    guard point.isFinite else { return }
    elements.append(.line(to: point))
  }

  /// Adds a cubic Bézier curve from the current point to `point`.
  public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
    guard point.isFinite, control1.isFinite, control2.isFinite else { return }
    elements.append(.curve(to: point, control1: control1, control2: control2))
  }

  /// Closes the current subpath.
  public mutating func closeSubpath() {
    elements.append(.closeSubpath)
  }

  /// Adds a closed rectangle as a new subpath.
  public mutating func addRect(_ rect: Rect) {
    guard rect.isFinite else { return }
    let r = rect.standardized
    move(to: Point(x: r.minX, y: r.minY))
    addLine(to: Point(x: r.maxX, y: r.minY))
    addLine(to: Point(x: r.maxX, y: r.maxY))
    addLine(to: Point(x: r.minX, y: r.maxY))
    closeSubpath()
  }

  /// Adds a rectangle with circular corners as a new subpath (each corner a quarter circle
  /// drawn as one Bézier curve); the radius is limited to half the shorter side.
  public mutating func addRoundedRect(_ rect: Rect, cornerRadius: Double) {
    guard rect.isFinite, cornerRadius.isFinite else { return }
    let r = rect.standardized
    let radius = min(max(cornerRadius, 0), r.width / 2, r.height / 2)
    guard radius > 0 else { return addRect(r) }
    // The control points' distance along the tangent for a quarter circle of radius 1.
    let k = radius * Self.quarterCircleControl
    move(to: Point(x: r.minX + radius, y: r.minY))
    addLine(to: Point(x: r.maxX - radius, y: r.minY))
    addCurve(
      to: Point(x: r.maxX, y: r.minY + radius),
      control1: Point(x: r.maxX - radius + k, y: r.minY),
      control2: Point(x: r.maxX, y: r.minY + radius - k))
    addLine(to: Point(x: r.maxX, y: r.maxY - radius))
    addCurve(
      to: Point(x: r.maxX - radius, y: r.maxY),
      control1: Point(x: r.maxX, y: r.maxY - radius + k),
      control2: Point(x: r.maxX - radius + k, y: r.maxY))
    addLine(to: Point(x: r.minX + radius, y: r.maxY))
    addCurve(
      to: Point(x: r.minX, y: r.maxY - radius),
      control1: Point(x: r.minX + radius - k, y: r.maxY),
      control2: Point(x: r.minX, y: r.maxY - radius + k))
    addLine(to: Point(x: r.minX, y: r.minY + radius))
    addCurve(
      to: Point(x: r.minX + radius, y: r.minY),
      control1: Point(x: r.minX, y: r.minY + radius - k),
      control2: Point(x: r.minX + radius - k, y: r.minY))
    closeSubpath()
  }

  /// Adds the ellipse that fits in `rect` as a new subpath (four Bézier curves).
  public mutating func addEllipse(in rect: Rect) {
    guard rect.isFinite else { return }
    let r = rect.standardized
    guard r.width > 0, r.height > 0 else { return }
    let kx = r.width / 2 * Self.quarterCircleControl
    let ky = r.height / 2 * Self.quarterCircleControl
    let (cx, cy) = (r.midX, r.midY)
    move(to: Point(x: r.maxX, y: cy))
    addCurve(
      to: Point(x: cx, y: r.maxY), control1: Point(x: r.maxX, y: cy + ky),
      control2: Point(x: cx + kx, y: r.maxY))
    addCurve(
      to: Point(x: r.minX, y: cy), control1: Point(x: cx - kx, y: r.maxY),
      control2: Point(x: r.minX, y: cy + ky))
    addCurve(
      to: Point(x: cx, y: r.minY), control1: Point(x: r.minX, y: cy - ky),
      control2: Point(x: cx - kx, y: r.minY))
    addCurve(
      to: Point(x: r.maxX, y: cy), control1: Point(x: cx + kx, y: r.minY),
      control2: Point(x: r.maxX, y: cy - ky))
    closeSubpath()
  }

  /// The smallest rectangle holding every point of the path, control points included (as
  /// `CGPath.boundingBox` without the tight fit); `.zero` for an empty path.
  public var boundingBox: Rect {
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    func include(_ p: Point) {
      minX = min(minX, p.x)
      minY = min(minY, p.y)
      maxX = max(maxX, p.x)
      maxY = max(maxY, p.y)
    }
    for element in elements {
      switch element {
      case .move(let p), .line(let p): include(p)
      case .curve(let p, let c1, let c2):
        include(p)
        include(c1)
        include(c2)
      case .closeSubpath: break
      }
    }
    guard minX <= maxX, minY <= maxY else { return .zero }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The distance of a quarter circle's Bézier control points from its ends, for radius 1:
  /// 4/3·(√2 − 1), the usual choice (off the true circle by at most 0.03%).
  static let quarterCircleControl = 0.552_284_749_8
}

extension GraphicsContext {
  /// Adds `path` to the current path (its subpaths; a curve or line with no current point
  /// starts at its end).
  public func addPath(_ path: Path) {
    for element in path.elements {
      switch element {
      case .move(let p): move(to: p)
      case .line(let p): addLine(to: p)
      case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
      case .closeSubpath: closePath()
      }
    }
  }

  /// Makes everything outside `path` transparent (clipping drawn pixels to a shape after
  /// the fact: a group's rounded corners).
  package func clear(outside path: Path) {
    cairo_save(cairo)
    cairo_new_path(cairo)
    addPath(path)
    cairo_identity_matrix(cairo)
    cairo_rectangle(cairo, 0, 0, Double(buffer.width), Double(buffer.height))
    cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
    cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
    cairo_fill(cairo)
    cairo_restore(cairo)
  }
}
