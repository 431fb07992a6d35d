import KioskGraphics

/// Zooming, as UIKit's scroll view does it: the delegate names the view that zooms
/// (`viewForZooming(in:)`), and when `maximumZoomScale` is above `minimumZoomScale` a pinch
/// scales that view. The view's transform becomes the scale, its frame moves to the
/// content's top-left corner, `contentSize` becomes its scaled size, and `contentOffset`
/// moves so that the point under the fingers stays under them (so moving both fingers
/// also moves the content).
///
/// ```swift
/// scroller.delegate = self          // func viewForZooming(in:) -> View? { photo }
/// scroller.minimumZoomScale = 1
/// scroller.maximumZoomScale = 4
/// ```
///
/// How a zoomed view looks: while the scale changes (a pinch, an animation) the view's
/// pixels are composited scaled from what is cached, which costs no drawing. When zooming
/// ends, views that draw their content (`draw(_:)`, labels) are drawn again at the new
/// scale, so they are sharp; their backing stores then hold the zoom scale's pixels, up to
/// about 16 million pixels each (larger ones stay at that). An `ImageView` is never drawn:
/// its image's own pixels are sampled at the zoomed size, so a large photo shown small
/// shows its detail when zoomed in.
///
/// Unlike UIKit's, these properties are not `open`: Swift cannot override members
/// declared in an extension.
extension ScrollView {
  /// How long `setZoomScale(_:animated:)`, `zoom(to:animated:)` and a spring back to the
  /// limits take (seconds).
  static let zoomAnimationDuration = 0.3
  /// The most pixels a backing store drawn again sharp after zooming may have.
  static let sharpZoomPixelLimit = 16_777_216.0

  /// The smallest zoom scale a pinch settles at. The default is 1.
  public var minimumZoomScale: Double {
    get { zoomState.minimumScale }
    set {
      precondition(
        newValue.isFinite && newValue > 0,
        "ScrollView.minimumZoomScale must be a positive number, not \(newValue)")
      zoomState.minimumScale = newValue
      updatePinchGestureRecognizer()
    }
  }

  /// The largest zoom scale a pinch settles at. The default is 1: a scroll view zooms only
  /// when this is above `minimumZoomScale`.
  public var maximumZoomScale: Double {
    get { zoomState.maximumScale }
    set {
      precondition(
        newValue.isFinite && newValue > 0,
        "ScrollView.maximumZoomScale must be a positive number, not \(newValue)")
      zoomState.maximumScale = newValue
      updatePinchGestureRecognizer()
    }
  }

  /// How much the zooming view is scaled now. The default is 1. Setting it zooms at once
  /// (within the limits), about the centre of what is shown.
  public var zoomScale: Double {
    get { zoomState.scale }
    set { setZoomScale(newValue, animated: false) }
  }

  /// Whether a pinch past the limits goes on with resistance and springs back when the
  /// fingers lift (otherwise the scale stops at the limits). The default is `true`.
  public var bouncesZoom: Bool {
    get { zoomState.bounces }
    set { zoomState.bounces = newValue }
  }

  /// Whether fingers are pinching the content now.
  public var isZooming: Bool { zoomState.isZooming }

  /// Whether the scale is springing back to `minimumZoomScale` or `maximumZoomScale` after
  /// a pinch past it.
  public var isZoomBouncing: Bool { zoomState.isBouncing }

  /// The recognizer that zooms, or `nil` while zooming is not possible (the maximum zoom
  /// scale is not above the minimum). Read its `scale` and `velocity`, or make your own
  /// recognizers wait for it; its delegate is yours to set.
  public var pinchGestureRecognizer: PinchGestureRecognizer? { zoomState.pinch }

  /// Zooms to `scale` (brought within the limits), keeping the centre of what is shown in
  /// place as far as the content allows; animated, over about 0.3 s with
  /// `scrollViewDidZoom` at each frame, between `scrollViewWillBeginZooming` and
  /// `scrollViewDidEndZooming`. Without a view for zooming it does nothing.
  public func setZoomScale(_ scale: Double, animated: Bool) {
    precondition(!scale.isNaN, "ScrollView.setZoomScale needs a number, not NaN")
    guard let view = zoomingView else { return }
    let target = scale.clamped(to: zoomLimits)
    let visible = bounds
    let anchor = convert(Point(x: visible.midX, y: visible.midY), to: view)
    let offset = offsetKeeping(
      anchor, of: view, at: Point(x: visible.width / 2, y: visible.height / 2), scale: target)
    zoom(view, to: target, offset: offset, animated: animated)
  }

  /// Zooms so that `rect` (in the zooming view's coordinates) fills the scroll view as far
  /// as the limits allow, centred. A double tap that zooms in on a photo:
  ///
  /// ```swift
  /// let doubleTap = TapGestureRecognizer { tap in
  ///   let point = tap.location(in: photo)
  ///   let size = Size(width: scroller.bounds.width / 3, height: scroller.bounds.height / 3)
  ///   scroller.zoom(to: Rect(x: point.x - size.width / 2, y: point.y - size.height / 2,
  ///                          width: size.width, height: size.height), animated: true)
  /// }
  /// doubleTap.numberOfTapsRequired = 2
  /// scroller.addGestureRecognizer(doubleTap)
  /// ```
  public func zoom(to rect: Rect, animated: Bool) {
    precondition(
      rect.minX.isFinite && rect.minY.isFinite && rect.width.isFinite && rect.height.isFinite,
      "ScrollView.zoom(to:) needs a finite rectangle, not \(rect)")
    guard let view = zoomingView else { return }
    let rect = rect.standardized
    let visible = bounds.size
    let fit = min(
      rect.width > 0 ? visible.width / rect.width : .infinity,
      rect.height > 0 ? visible.height / rect.height : .infinity)
    let target = fit.clamped(to: zoomLimits)
    let offset = offsetKeeping(
      Point(x: rect.midX, y: rect.midY), of: view,
      at: Point(x: visible.width / 2, y: visible.height / 2), scale: target)
    zoom(view, to: target, offset: offset, animated: animated)
  }

  // MARK: The pinch

  /// The view the delegate zooms, if it is in this scroll view.
  var zoomingView: View? {
    guard let view = delegate?.viewForZooming(in: self), view.isDescendant(of: self),
      view !== self
    else { return nil }
    return view
  }

  private var zoomLimits: ClosedRange<Double> {
    minimumZoomScale...max(minimumZoomScale, maximumZoomScale)
  }

  /// Adds the pinch when zooming becomes possible, removes it when it no longer is.
  private func updatePinchGestureRecognizer() {
    let possible = maximumZoomScale > minimumZoomScale
    if possible, zoomState.pinch == nil {
      let pinch = ScrollViewPinchGestureRecognizer()
      pinch.addTarget(self) { scrollView, pinch in scrollView.handlePinch(pinch) }
      zoomState.pinch = pinch
      addGestureRecognizer(pinch)
    } else if !possible, let pinch = zoomState.pinch {
      zoomState.pinch = nil
      removeGestureRecognizer(pinch)
    }
  }

  private func handlePinch(_ pinch: PinchGestureRecognizer) {
    switch pinch.state {
    case .began:
      guard let view = zoomingView else { return }
      stopZoomAnimation()
      stopMotion()
      zoomState.isZooming = true
      zoomState.startScale = zoomScale
      zoomState.anchor = pinch.location(in: view)
      delegate?.scrollViewWillBeginZooming(self, with: view)
    case .changed:
      guard zoomState.isZooming, let view = zoomingView else { return }
      let scale = bandedZoomScale(zoomState.startScale * pinch.scale)
      let centroid = pinch.location(in: self)
      let offset = contentOffset
      let place = Point(x: centroid.x - offset.x, y: centroid.y - offset.y)
      applyZoom(scale, to: view)
      contentOffset = offsetKeeping(zoomState.anchor, of: view, at: place, scale: scale)
      followPinchWithPan()
      delegate?.scrollViewDidZoom(self)
    case .ended, .cancelled:
      guard zoomState.isZooming else { return }
      zoomState.isZooming = false
      followPinchWithPan()
      guard let view = zoomingView else { return }
      let limits = zoomLimits
      guard !limits.contains(zoomScale) else { return finishZooming(view) }
      // Past a limit: spring back, keeping the point under the fingers where it is as far
      // as the content allows.
      let target = zoomScale.clamped(to: limits)
      let centroid = pinch.location(in: self)
      let offset = contentOffset
      let place = Point(x: centroid.x - offset.x, y: centroid.y - offset.y)
      let anchor = convert(centroid, to: view)
      zoom(
        view, to: target, offset: offsetKeeping(anchor, of: view, at: place, scale: target),
        animated: true, bouncing: true)
    default:
      break
    }
  }

  /// A drag of the same fingers picks up from where the pinch left the content.
  private func followPinchWithPan() {
    guard isDragging else { return }
    dragStartOffset = unbandedOffset(contentOffset)
    dragBaseline = panGestureRecognizer.translation(in: self)
  }

  /// The scale shown for a pinch to `raw`: within the limits as it is; past them, with
  /// growing resistance (never beyond half the limit again) or stopped at the limit
  /// without `bouncesZoom`.
  private func bandedZoomScale(_ raw: Double) -> Double {
    let limits = zoomLimits
    guard bouncesZoom else { return raw.clamped(to: limits) }
    if raw > limits.upperBound {
      let half = limits.upperBound / 2
      return limits.upperBound + Self.stretch(raw - limits.upperBound, half)
    }
    if raw < limits.lowerBound {
      let half = limits.lowerBound / 2
      return limits.lowerBound - Self.stretch(limits.lowerBound - raw, half)
    }
    return raw
  }

  // MARK: Applying a scale

  /// Scales `view` by `scale`: its transform, its frame at the content's top-left corner,
  /// and the content size.
  private func applyZoom(_ scale: Double, to view: View) {
    zoomState.scale = scale
    view.transform = Transform(scaleX: scale, y: scale)
    let size = view.bounds.size
    view.center = Point(x: size.width * scale / 2, y: size.height * scale / 2)
    contentSize = Size(width: size.width * scale, height: size.height * scale)
  }

  /// The content offset that shows `point` of `view` at `place` (measured from the scroll
  /// view's visible top-left corner) once the view is scaled by `scale`.
  private func offsetKeeping(_ point: Point, of view: View, at place: Point, scale: Double)
    -> Point
  {
    let origin = view.bounds.origin
    let content = Point(x: (point.x - origin.x) * scale, y: (point.y - origin.y) * scale)
    return Point(x: content.x - place.x, y: content.y - place.y)
  }

  private func zoomedSize(of view: View, at scale: Double) -> Size {
    Size(width: view.bounds.width * scale, height: view.bounds.height * scale)
  }

  /// `offset` within the range the content would have at `contentSize`.
  private func offsetWithinRange(_ offset: Point, contentSize: Size) -> Point {
    let size = bounds.size
    let minX = -contentInset.left
    let minY = -contentInset.top
    let maxX = max(minX, contentSize.width + contentInset.right - size.width)
    let maxY = max(minY, contentSize.height + contentInset.bottom - size.height)
    return Point(x: offset.x.clamped(minX, maxX), y: offset.y.clamped(minY, maxY))
  }

  /// Zooms `view` to `scale`, showing `offset` (brought within range), at once or
  /// animated. A spring back (`bouncing`) ends a pinch, whose beginning the delegate heard.
  private func zoom(
    _ view: View, to scale: Double, offset: Point, animated: Bool, bouncing: Bool = false
  ) {
    stopZoomAnimation()
    stopMotion()
    let target = offsetWithinRange(offset, contentSize: zoomedSize(of: view, at: scale))
    guard animated, scale != zoomScale || target != contentOffset else {
      applyZoom(scale, to: view)
      contentOffset = target
      delegate?.scrollViewDidZoom(self)
      if bouncing { finishZooming(view) } else { redrawSharp(view) }
      return
    }
    zoomState.isBouncing = bouncing
    if !bouncing { delegate?.scrollViewWillBeginZooming(self, with: view) }
    let start = Transaction.clock()
    let from = (scale: zoomScale, offset: contentOffset)
    let duration = Self.zoomAnimationDuration
    let step = { [weak self, weak view] (time: Double) -> Bool in
      guard let self, let view else { return true }
      // A drag released meanwhile must not glide against the zoom.
      if self.horizontalMotion != nil || self.verticalMotion != nil { self.stopMotion() }
      let progress = min(max((time - start) / duration, 0), 1)
      let eased = AnimationCurve.easeInOut.progress(at: progress)
      self.applyZoom(from.scale + (scale - from.scale) * eased, to: view)
      self.contentOffset = Point(
        x: from.offset.x + (target.x - from.offset.x) * eased,
        y: from.offset.y + (target.y - from.offset.y) * eased)
      self.delegate?.scrollViewDidZoom(self)
      return progress >= 1
    }
    guard let screen = window?.screen else {
      // Off screen there are no refreshes: the zoom ends at once.
      _ = step(start + duration)
      return finishZooming(view)
    }
    let link = DisplayLink { [weak self, weak view] link in
      guard let self, self.window != nil else {
        link.invalidate()
        self?.zoomState.animation = nil
        self?.zoomState.isBouncing = false
        return
      }
      guard step(link.timestamp) else { return }
      link.invalidate()
      self.zoomState.animation = nil
      if let view { self.finishZooming(view) }
    }
    zoomState.animation = link
    link.add(to: screen)
  }

  private func stopZoomAnimation() {
    zoomState.animation?.invalidate()
    zoomState.animation = nil
    zoomState.isBouncing = false
  }

  /// The zoom is over: the delegate hears the scale, content left past an edge settles,
  /// and drawn content is drawn again sharp.
  private func finishZooming(_ view: View) {
    zoomState.isBouncing = false
    followPinchWithPan()
    delegate?.scrollViewDidEndZooming(self, with: view, atScale: zoomScale)
    if !isTracking && !isDragging && clampedOffset(contentOffset) != contentOffset {
      settle(velocity: .zero)
    }
    redrawSharp(view)
  }

  /// Draws the layers of `view` that draw their content again at the zoom scale (never
  /// below the screen's scale, never beyond the pixel limit); images are left alone.
  private func redrawSharp(_ view: View) {
    let screenScale = window?.screen.scale ?? view.layer.contentsScale
    let zoom = max(zoomScale, 1)
    func visit(_ layer: Layer) {
      if layer.holdsDrawnContents {
        let size = layer.bounds.size
        let area = max(size.width * size.height, 1)
        let limit = (Self.sharpZoomPixelLimit / area).squareRoot()
        let side = 16_384 / max(size.width, size.height, 1)
        let scale = max(screenScale, min(screenScale * zoom, limit, side))
        if layer.contentsScale != scale { layer.contentsScale = scale }
      }
      for sublayer in layer.sublayers { visit(sublayer) }
    }
    visit(view.layer)
  }
}

/// What a scroll view keeps for zooming.
@MainActor
struct ScrollViewZoomState {
  var minimumScale = 1.0
  var maximumScale = 1.0
  var scale = 1.0
  var bounces = true
  var pinch: PinchGestureRecognizer?
  var isZooming = false
  var isBouncing = false
  /// The zoom scale when the pinch began.
  var startScale = 1.0
  /// The point of the zooming view (its own coordinates) that stays under the fingers.
  var anchor = Point.zero
  /// Steps an animated zoom or a spring back.
  var animation: DisplayLink?
}

/// The scroll view's own pinch: it recognizes together with the scroll view's pan (two
/// fingers zoom and move the content at once), and fails at once when there is no view
/// to zoom.
@MainActor
final class ScrollViewPinchGestureRecognizer: PinchGestureRecognizer {
  required init() {
    super.init()
    name = "scroll view pinch"
  }

  private func isOwnPan(_ other: GestureRecognizer) -> Bool {
    other === (view as? ScrollView)?.panGestureRecognizer
  }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard (view as? ScrollView)?.zoomingView != nil else {
      state = .failed
      return
    }
    super.touchesBegan(touches, with: event)
  }

  override func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool {
    !isOwnPan(preventedGestureRecognizer)
  }

  override func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool {
    !isOwnPan(preventingGestureRecognizer)
  }
}

extension ScrollViewDelegate {
  /// No view zooms.
  public func viewForZooming(in scrollView: ScrollView) -> View? { nil }
  /// Does nothing.
  public func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) {}
  /// Does nothing.
  public func scrollViewDidZoom(_ scrollView: ScrollView) {}
  /// Does nothing.
  public func scrollViewDidEndZooming(
    _ scrollView: ScrollView, with view: View?, atScale scale: Double
  ) {}
}
