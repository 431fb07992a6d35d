import KioskGraphics

#if canImport(Glibc)
  import Glibc  // atan2
#endif

/// The animatable properties of a layer. A layer keeps two: the model (what the app set)
/// and the presentation (what is on screen now, which differs while an animation runs).
struct LayerState: Equatable {
  var bounds = Rect.zero
  var position = Point.zero
  var transform = Transform.identity
  var opacity = 1.0
  var backgroundColor: Color? = nil
  var contentsStretch = Rect(x: 0, y: 0, width: 1, height: 1)
}

extension LayerState {
  /// The kind of change from `old` to this state, for a layer with (`isLeaf` false) or
  /// without sublayers: colour alone, or a leaf's opacity, changes pixels in place; a leaf
  /// that moves is moved in place too.
  func change(from old: LayerState, isLeaf: Bool) -> LayerChanges {
    guard bounds == old.bounds, position == old.position, transform == old.transform,
      contentsStretch == old.contentsStretch
    else { return isLeaf ? .move : .geometry }
    guard isLeaf || opacity == old.opacity else { return .geometry }
    return .appearance
  }
}

/// What changed in a layer since the compositor last looked at it.
struct LayerChanges: OptionSet {
  let rawValue: UInt8
  /// Position, bounds, transform, masking, or the visibility or opacity of a layer with
  /// sublayers: the layer and everything below it may have moved on screen.
  static let geometry = LayerChanges(rawValue: 1 << 0)
  /// Colour, or a leaf layer's opacity or visibility: the layer's own pixels changed in
  /// place.
  static let appearance = LayerChanges(rawValue: 1 << 1)
  /// The backing store was redrawn (possibly only `contentsDamage`).
  static let contents = LayerChanges(rawValue: 1 << 2)
  /// A leaf's own geometry (position, bounds, transform, contents or their placement): it
  /// moved on screen, but nothing else did, so its draw-list entry is updated in place (the
  /// caret, a key's preview bubble) instead of the whole tree being walked.
  static let move = LayerChanges(rawValue: 1 << 3)
}

/// Values that animations can interpolate.
protocol Interpolatable: Equatable {
  func interpolated(to other: Self, fraction: Double) -> Self
}

extension Double: Interpolatable {
  func interpolated(to other: Double, fraction: Double) -> Double {
    self + (other - self) * fraction
  }
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

extension Transform: Interpolatable {
  /// Interpolates translation, scale, shear and rotation separately, as Core Animation does,
  /// so that a quarter turn stays the same size all the way round. Transforms that collapse
  /// the plane fall back to interpolating the coefficients.
  func interpolated(to o: Transform, fraction t: Double) -> Transform {
    guard let from = Decomposed(self), var to = Decomposed(o) else {
      return Transform(
        a: a.interpolated(to: o.a, fraction: t), b: b.interpolated(to: o.b, fraction: t),
        c: c.interpolated(to: o.c, fraction: t), d: d.interpolated(to: o.d, fraction: t),
        tx: tx.interpolated(to: o.tx, fraction: t), ty: ty.interpolated(to: o.ty, fraction: t))
    }
    // Turn the short way round.
    if to.angle - from.angle > .pi { to.angle -= 2 * .pi }
    if from.angle - to.angle > .pi { to.angle += 2 * .pi }
    return Decomposed(
      scaleX: from.scaleX.interpolated(to: to.scaleX, fraction: t),
      scaleY: from.scaleY.interpolated(to: to.scaleY, fraction: t),
      shear: from.shear.interpolated(to: to.shear, fraction: t),
      angle: from.angle.interpolated(to: to.angle, fraction: t),
      tx: from.tx.interpolated(to: to.tx, fraction: t),
      ty: from.ty.interpolated(to: to.ty, fraction: t)
    ).transform
  }

  /// A transform as scale, then shear, then rotation, then translation.
  struct Decomposed {
    var scaleX: Double
    var scaleY: Double
    var shear: Double
    var angle: Double
    var tx: Double
    var ty: Double

    init(scaleX: Double, scaleY: Double, shear: Double, angle: Double, tx: Double, ty: Double) {
      self.scaleX = scaleX
      self.scaleY = scaleY
      self.shear = shear
      self.angle = angle
      self.tx = tx
      self.ty = ty
    }

    init?(_ m: Transform) {
      var sx = (m.a * m.a + m.b * m.b).squareRoot()
      guard sx > 1e-12 else { return nil }
      var x0 = m.a / sx
      var y0 = m.b / sx
      var shear = x0 * m.c + y0 * m.d
      var x1 = m.c - shear * x0
      var y1 = m.d - shear * y0
      let sy = (x1 * x1 + y1 * y1).squareRoot()
      guard sy > 1e-12 else { return nil }
      x1 /= sy
      y1 /= sy
      shear /= sy
      if x0 * y1 - y0 * x1 < 0 {
        // A mirror image: fold the flip into the x scale.
        sx = -sx
        x0 = -x0
        y0 = -y0
        shear = -shear
      }
      self.init(scaleX: sx, scaleY: sy, shear: shear, angle: atan2(y0, x0), tx: m.tx, ty: m.ty)
    }

    var transform: Transform {
      Transform(scaleX: scaleX, y: scaleY)
        .concatenating(Transform(a: 1, b: 0, c: shear, d: 1, tx: 0, ty: 0))
        .concatenating(Transform(rotationAngle: angle))
        .concatenating(Transform(translationX: tx, y: ty))
    }
  }
}

extension Optional: Interpolatable where Wrapped == Color {
  /// No colour animates as clear.
  func interpolated(to other: Color?, fraction t: Double) -> Color? {
    (self ?? .clear).interpolated(to: other ?? .clear, fraction: t)
  }
}
