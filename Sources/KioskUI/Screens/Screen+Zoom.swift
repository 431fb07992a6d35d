import KioskGraphics

extension Screen {
  /// How the screen is magnified now: `Accessibility.settings.zoomScale` (the same on every
  /// screen) around this screen's own centre point. Scale 1 is no zoom, and costs nothing:
  /// frames are made exactly as without Zoom.
  ///
  /// While magnified, the compositor scales its frame by one transform (`ZoomRenderer`),
  /// touches are mapped through its inverse before hit testing (a touch on a magnified
  /// button presses that button), and two fingers down and moving together pan the view
  /// instead of reaching the app (their touches are cancelled once the pan is recognised,
  /// as when a system gesture takes over on iOS). iOS's Zoom pans with three fingers; two
  /// are used here, as the issue asks, because a kiosk's apps rarely use two-finger
  /// gestures and two are easier for everyone. While a screen reader runs it is three, as
  /// on iOS with VoiceOver: the screen reader's own two-finger gestures (a tap pauses
  /// speech, a scrub goes back) must keep reaching it. The screen reader follows its focus
  /// with `zoom(toShow:)`.
  public var zoom: ScreenZoom { zoomState }

  /// Whether Zoom magnifies this screen.
  public var isZoomed: Bool { zoomState.isActive }

  /// The part of the content (screen points) the magnified screen shows; the whole screen
  /// while Zoom is off.
  public var zoomedRect: Rect {
    Rect(origin: .zero, size: bounds.size).applying(pointsFromZoomed)
  }

  /// Moves the magnified view so that `point` of the content (screen points) is at its
  /// middle, or as near as the screen's edges allow.
  public func setZoomCenter(_ point: Point) {
    applyZoom(ScreenZoom(scale: zoomState.scale, center: point))
  }

  /// Moves the magnified view as little as needed to show `rect` (screen points): the
  /// screen reader calls it with its focus's frame, so that what it speaks is on screen.
  /// A rectangle larger than the view shows its top-left part (where reading starts).
  /// Nothing happens while Zoom is off.
  public func zoom(toShow rect: Rect) {
    guard isZoomed, rect.isFinite else { return }
    let visible = zoomState.visibleRect(in: bounds)
    func axis(_ low: Double, _ high: Double, _ visibleLow: Double, _ length: Double) -> Double {
      if high - low > length || low < visibleLow { return low + length / 2 }
      if high > visibleLow + length { return high - length / 2 }
      return visibleLow + length / 2
    }
    let rect = rect.standardized
    applyZoom(
      ScreenZoom(
        scale: zoomState.scale,
        center: Point(
          x: axis(rect.minX, rect.maxX, visible.minX, visible.width),
          y: axis(rect.minY, rect.maxY, visible.minY, visible.height))))
  }

  /// Pans the magnified view as fingers moving by `translation` (points on the glass) would:
  /// the content follows them, so dragging right shows what is further left.
  public func panZoom(by translation: Point) {
    guard isZoomed else { return }
    let center = zoomState.center
    applyZoom(
      ScreenZoom(
        scale: zoomState.scale,
        center: Point(
          x: center.x - translation.x / zoomState.scale,
          y: center.y - translation.y / zoomState.scale)))
  }

  /// A point on the glass (screen points of the magnified view) as a point of the content:
  /// where a touch there lands. The same point while Zoom is off.
  public func convertFromZoomed(_ point: Point) -> Point {
    isZoomed ? point.applying(pointsFromZoomed) : point
  }

  /// A point of the content (screen points) as where the magnified view shows it.
  public func convertToZoomed(_ point: Point) -> Point {
    guard isZoomed else { return point }
    return point.applying(
      zoomState.pointTransform(pixelWidth: pixelWidth, pixelHeight: pixelHeight, pixelScale: scale))
  }

  /// Takes Zoom's scale from the app's accessibility settings (clamped to 1…8): turning it
  /// on makes the renderer, turning it off lets it go and repaints the screen as it was.
  func syncZoomScale() {
    let scale = ScreenZoom.clampedScale(Application.shared.accessibilitySettings.zoomScale)
    guard scale != zoomState.scale else { return }
    applyZoom(ScreenZoom(scale: scale, center: zoomState.center))
  }

  /// Touches on a magnified screen: Zoom's pan gesture takes its fingers, and the rest are
  /// mapped from the glass to the content. Fingers a pan took keep coming here until they
  /// lift, even if Zoom was turned off meanwhile.
  func zoomInput(_ samples: [TouchSample]) -> [TouchSample] {
    guard isZoomed || zoomPanTracker.isBusy else { return samples }
    let (passed, pan) = zoomPanTracker.process(samples, fingerCount: zoomPanFingerCount)
    if let pan { panZoom(by: pan) }
    guard isZoomed else {
      // Unzoomed, the tracker no longer sees every finger: it starts afresh next time.
      if !zoomPanTracker.isBusy { zoomPanTracker = ZoomPanTracker() }
      return passed
    }
    let transform = pointsFromZoomed
    return passed.map {
      TouchSample(id: $0.id, phase: $0.phase, location: $0.location.applying(transform))
    }
  }

  /// How many fingers pan the zoom: two, as the issue asks (one finger stays the app's,
  /// for tapping and scrolling). While a screen reader runs, three, as iOS's Zoom does with
  /// VoiceOver: the screen reader's own gestures use two fingers (a tap pauses speech, a
  /// scrub goes back), and those must keep reaching it.
  var zoomPanFingerCount: Int { Accessibility.isScreenReaderRunning ? 3 : 2 }

  /// The magnified view's points to the content's.
  private var pointsFromZoomed: Transform {
    zoomState.pointTransform(pixelWidth: pixelWidth, pixelHeight: pixelHeight, pixelScale: scale)
      .inverted ?? .identity
  }

  private func applyZoom(_ zoom: ScreenZoom) {
    let new = zoom.clamped(to: bounds)
    guard new != zoomState else { return }
    zoomState = new
    if new.isActive {
      if zoomRenderer == nil {
        zoomRenderer = ZoomRenderer()
        // Frames come from the compositor's own frame from now on.
        compositor.setNeedsFullRepaint()
      }
    } else if zoomRenderer != nil {
      zoomRenderer = nil
      // Fingers it knows of would lift unseen: it starts afresh when zoomed again.
      if !zoomPanTracker.isBusy { zoomPanTracker = ZoomPanTracker() }
      // The panel shows the magnified frame: the content goes back on it whole.
      compositor.setNeedsFullRepaint()
    }
    Transaction.setNeedsCommit()
  }
}
