internal import CCairo

// cairo's matrix and KioskGraphics' transform, converted where the context hands one to
// the other.
extension cairo_matrix_t {
  /// The matrix of `t`, in cairo's field names.
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
