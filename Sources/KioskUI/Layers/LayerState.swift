import KioskGraphics

/// The animatable properties of a layer. A layer keeps two: the model (what the app set)
/// and the presentation (what is on screen now, which differs while an animation runs).
struct LayerState: Equatable {
  var bounds = Rect.zero
  var position = Point.zero
  var transform = AffineTransform.identity
  var opacity = 1.0
  var backgroundColor: Color? = nil
  var contentsStretch = Rect(x: 0, y: 0, width: 1, height: 1)
}

/// What changed in a layer since the compositor last looked at it.
struct LayerChanges: OptionSet {
  let rawValue: UInt8
  /// Position, bounds, transform, masking or visibility: the layer and everything below it
  /// may have moved on screen.
  static let geometry = LayerChanges(rawValue: 1 << 0)
  /// Colour or opacity: the layer's own pixels changed in place.
  static let appearance = LayerChanges(rawValue: 1 << 1)
  /// The backing store was redrawn (possibly only `contentsDamage`).
  static let contents = LayerChanges(rawValue: 1 << 2)
}

/// Values that animations can interpolate.
protocol Interpolatable: Equatable {
  func interpolated(to other: Self, fraction: Double) -> Self
}

extension Double: Interpolatable {
  func interpolated(to other: Double, fraction: Double) -> Double { self + (other - self) * fraction }
}

extension Point: Interpolatable {
  func interpolated(to other: Point, fraction t: Double) -> Point {
    Point(x: x.interpolated(to: other.x, fraction: t), y: y.interpolated(to: other.y, fraction: t))
  }
}

extension Rect: Interpolatable {
  func interpolated(to other: Rect, fraction t: Double) -> Rect {
    Rect(
      x: origin.x.interpolated(to: other.origin.x, fraction: t),
      y: origin.y.interpolated(to: other.origin.y, fraction: t),
      width: size.width.interpolated(to: other.size.width, fraction: t),
      height: size.height.interpolated(to: other.size.height, fraction: t))
  }
}

extension AffineTransform: Interpolatable {
  /// Interpolates the coefficients, as Core Animation does for affine transforms.
  func interpolated(to o: AffineTransform, fraction t: Double) -> AffineTransform {
    AffineTransform(
      a: a.interpolated(to: o.a, fraction: t), b: b.interpolated(to: o.b, fraction: t),
      c: c.interpolated(to: o.c, fraction: t), d: d.interpolated(to: o.d, fraction: t),
      tx: tx.interpolated(to: o.tx, fraction: t), ty: ty.interpolated(to: o.ty, fraction: t))
  }
}

extension Optional: Interpolatable where Wrapped == Color {
  /// No colour animates as clear.
  func interpolated(to other: Color?, fraction t: Double) -> Color? {
    (self ?? .clear).interpolated(to: other ?? .clear, fraction: t)
  }
}
