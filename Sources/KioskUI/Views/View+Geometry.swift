import KioskGraphics

extension View {
  /// The view's rectangle in its superview's coordinates. Setting it sets `center` and the
  /// size of `bounds`. Undefined while `transform` is not the identity (it then returns the
  /// bounding box of the transformed view); use `center` and `bounds` instead.
  public var frame: Rect {
    get {
      let b = bounds
      let c = center
      let box = Rect(x: c.x - b.width / 2, y: c.y - b.height / 2, width: b.width, height: b.height)
      guard !transform.isIdentity else { return box }
      let aboutCenter = Transform(translationX: -c.x, y: -c.y)
        .concatenating(transform)
        .concatenating(Transform(translationX: c.x, y: c.y))
      return box.applying(aboutCenter)
    }
    set {
      guard GeometryGuard.accepts(newValue.isFinite, "frame", "\(newValue)") else { return }
      let r = newValue.standardized
      var b = bounds
      b.size = r.size
      bounds = b
      center = r.center
    }
  }

  /// The view's own coordinate space: its size, and (origin) the point of its content shown
  /// at its top-left corner; moving the origin scrolls the subviews. Setting the size keeps
  /// `center` and resizes autoresizing subviews.
  public var bounds: Rect {
    get { layer.bounds }
    set {
      guard GeometryGuard.accepts(newValue.isFinite, "bounds", "\(newValue)") else { return }
      let oldSize = layer.bounds.size
      layer.bounds = Rect(origin: newValue.origin, size: newValue.standardized.size)
      if oldSize != layer.bounds.size {
        if autoresizesSubviews { resizeSubviews(from: oldSize) }
        setNeedsLayout()
      }
    }
  }

  /// The centre of the view in its superview's coordinates; valid whatever the transform.
  public var center: Point {
    get { layer.position }
    set {
      guard GeometryGuard.accepts(newValue.isFinite, "center", "\(newValue)") else { return }
      layer.position = newValue
    }
  }

  /// A transform (rotation, scale, translation) applied about the view's centre.
  public var transform: Transform {
    get { layer.transform }
    set {
      guard GeometryGuard.accepts(newValue.isFinite, "transform", "\(newValue)") else { return }
      layer.transform = newValue
    }
  }

  /// The transform from this view's bounds coordinates to its superview's (or, for a view
  /// without one, to the screen's).
  var toSuperview: Transform {
    let b = bounds
    return Transform(translationX: -b.midX, y: -b.midY)
      .concatenating(transform)
      .concatenating(Transform(translationX: center.x, y: center.y))
  }

  /// This view's coordinates to the coordinates of the top of its hierarchy (for a window,
  /// the screen's), and that top view.
  private func toRoot() -> (Transform, View) {
    var t = Transform.identity
    var view = self
    while true {
      t = t.concatenating(view.toSuperview)
      guard let parent = view.superview else { return (t, view) }
      view = parent
    }
  }

  /// The transform from this view's coordinates to `view`'s (`nil`: this view's window).
  /// Views in different windows meet in screen coordinates.
  private func transform(to view: View?) -> Transform {
    let (mine, root) = toRoot()
    // No window: the top of the hierarchy stands in for it.
    let (theirs, _) = (view ?? window ?? root).toRoot()
    return mine.concatenating(theirs.inverted ?? Self.collapsed)
  }

  /// Stands in for the inverse of a transform that collapses the plane (a scale of zero):
  /// no point of such a view can be named, so every point converts to NaN, which no
  /// rectangle contains; a view scaled to nothing is never hit.
  private static let collapsed = Transform(
    a: .nan, b: .nan, c: .nan, d: .nan, tx: .nan, ty: .nan)

  /// Converts a point from this view's coordinates to `view`'s (`nil`: the window's).
  public func convert(_ point: Point, to view: View?) -> Point {
    point.applying(transform(to: view))
  }

  /// Converts a point from `view`'s coordinates (`nil`: the window's) to this view's.
  public func convert(_ point: Point, from view: View?) -> Point {
    if let view { return view.convert(point, to: self) }
    return point.applying(transform(to: nil).inverted ?? Self.collapsed)
  }

  /// Converts a rectangle to `view`'s coordinates: the bounding box of the converted corners.
  public func convert(_ rect: Rect, to view: View?) -> Rect {
    rect.applying(transform(to: view))
  }

  /// Converts a rectangle from `view`'s coordinates (`nil`: the window's).
  public func convert(_ rect: Rect, from view: View?) -> Rect {
    if let view { return view.convert(rect, to: self) }
    return rect.applying(transform(to: nil).inverted ?? Self.collapsed)
  }
}
