import KioskGraphics
import KioskTesting
import KioskUI
import Testing

/// A scroll view delegate that zooms one view and writes down the zoom callbacks.
@MainActor
final class ZoomRecorder: ScrollViewDelegate {
  var zoomedView: View?
  var log: [String] = []
  var endScales: [Double] = []

  func viewForZooming(in scrollView: ScrollView) -> View? { zoomedView }
  func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: View?) {
    log.append("willBeginZooming")
  }
  func scrollViewDidZoom(_ scrollView: ScrollView) {
    if log.last != "didZoom" { log.append("didZoom") }
  }
  func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: View?, atScale scale: Double) {
    log.append("didEndZooming")
    endScales.append(scale)
  }
}

/// A view that counts its drawings.
@MainActor
final class CountingDrawView: View {
  var draws = 0
  override func draw(_ rect: Rect) {
    draws += 1
    GraphicsContext.current?.setFillColor(.blue)
    GraphicsContext.current?.fill(Rect(x: 10, y: 10, width: 20, height: 20))
  }
}

@MainActor
struct ScrollViewZoomingTests {
  /// A 200×200 scroll view at the window's top-left, zooming a 200×200 view from 1 to 4.
  private func makeScroller(content: View = View(frame: Rect(x: 0, y: 0, width: 200, height: 200)))
    throws -> (TestApplication, ScrollView, View, ZoomRecorder)
  {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300), scale: 2)
    let scroller = ScrollView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let recorder = ZoomRecorder()
    recorder.zoomedView = content
    scroller.addSubview(content)
    scroller.contentSize = content.bounds.size
    scroller.delegate = recorder
    scroller.maximumZoomScale = 4
    app.window.addSubview(scroller)
    app.runUntilIdle()
    return (app, scroller, content, recorder)
  }

  private func isNear(_ a: Point, _ b: Point, within tolerance: Double = 1e-6) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
  }

  @Test func thePinchRecognizerExistsOnlyWhileZoomingIsPossible() throws {
    let scroller = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    #expect(scroller.pinchGestureRecognizer == nil)
    #expect(scroller.minimumZoomScale == 1 && scroller.maximumZoomScale == 1)
    #expect(scroller.zoomScale == 1 && scroller.bouncesZoom)
    scroller.maximumZoomScale = 3
    let pinch = try #require(scroller.pinchGestureRecognizer)
    #expect(scroller.gestureRecognizers?.contains { $0 === pinch } == true)
    scroller.minimumZoomScale = 3
    #expect(scroller.pinchGestureRecognizer == nil)
    #expect(scroller.gestureRecognizers?.contains { $0 === pinch } == false)
  }

  /// The point under the fingers stays under them, the view's transform is the scale and
  /// the content size its scaled size; moving both fingers moves the content with them.
  @Test func aPinchZoomsAboutTheFingersAndTwoFingersMoveTheContent() throws {
    let (app, scroller, content, recorder) = try makeScroller()
    let center = Point(x: 60, y: 80)
    var anchor: Point?
    moveTwoFingers(
      app, from: fingers(around: center, distance: 40), to: fingers(around: center, distance: 41),
      steps: 1, lift: false)
    // Past the hysteresis, from 40 to 50 points apart.
    moveTwoFingers(
      app, from: fingers(around: center, distance: 41), to: fingers(around: center, distance: 50),
      steps: 1, lift: false, touchDown: false)
    #expect(scroller.isZooming)
    anchor = app.window.convert(center, to: content)
    // Twice as far apart, and 30 points to the left and 20 up.
    let moved = center.offsetBy(dx: -30, dy: -20)
    moveTwoFingers(
      app, from: fingers(around: center, distance: 50), to: fingers(around: moved, distance: 100),
      steps: 6, lift: false, touchDown: false)
    let anchored = try #require(anchor)
    #expect(abs(scroller.zoomScale - 2) < 1e-9)
    #expect(content.transform == Transform(scaleX: scroller.zoomScale, y: scroller.zoomScale))
    #expect(scroller.contentSize == Size(width: 400, height: 400))
    #expect(content.frame.origin == .zero)
    #expect(isNear(content.convert(anchored, to: app.window), moved))
    sendTwoFingers(app, .ended, at: fingers(around: moved, distance: 100))
    #expect(!scroller.isZooming)
    #expect(recorder.log == ["willBeginZooming", "didZoom", "didEndZooming"])
    #expect(recorder.endScales == [scroller.zoomScale])
  }

  @Test func pastTheMaximumTheScaleStretchesAndSpringsBack() throws {
    let (app, scroller, _, recorder) = try makeScroller()
    let center = Point(x: 100, y: 100)
    // From 20 to 190 points apart: a pinch of 190/30 ≈ 6.3 (it began at 30), past the maximum of 4.
    moveTwoFingers(
      app, from: fingers(around: center, distance: 20), to: fingers(around: center, distance: 190),
      steps: 17, lift: false)
    let shown = scroller.zoomScale
    #expect(shown > 4 && shown < 6, "stretched, with resistance: \(shown)")
    sendTwoFingers(app, .ended, at: fingers(around: center, distance: 190))
    #expect(scroller.isZoomBouncing)
    #expect(!recorder.log.contains("didEndZooming"))
    app.advance(by: 0.15)
    #expect(scroller.zoomScale > 4 && scroller.zoomScale < shown)
    app.advance(by: 0.3)
    #expect(scroller.zoomScale == 4)
    #expect(!scroller.isZoomBouncing)
    #expect(scroller.contentSize == Size(width: 800, height: 800))
    #expect(recorder.log == ["willBeginZooming", "didZoom", "didEndZooming"])
    #expect(recorder.endScales == [4])
    // The content is back within its range.
    let offset = scroller.contentOffset
    #expect(offset.x >= 0 && offset.x <= 600 && offset.y >= 0 && offset.y <= 600)
  }

  @Test func withoutBouncesZoomTheScaleStopsAtTheLimits() throws {
    let (app, scroller, _, recorder) = try makeScroller()
    scroller.bouncesZoom = false
    let center = Point(x: 100, y: 100)
    moveTwoFingers(
      app, from: fingers(around: center, distance: 20), to: fingers(around: center, distance: 190),
      steps: 17, lift: false)
    #expect(scroller.zoomScale == 4)
    moveTwoFingers(
      app, from: fingers(around: center, distance: 190), to: fingers(around: center, distance: 190),
      steps: 1, touchDown: false)
    #expect(!scroller.isZoomBouncing)
    #expect(recorder.endScales == [4])
  }

  @Test func belowTheMinimumTheScaleSpringsBackUp() throws {
    let (app, scroller, _, recorder) = try makeScroller()
    scroller.minimumZoomScale = 1
    let center = Point(x: 100, y: 100)
    moveTwoFingers(
      app, from: fingers(around: center, distance: 180), to: fingers(around: center, distance: 60),
      steps: 12)
    #expect(scroller.zoomScale < 1 && scroller.zoomScale > 0.5)
    #expect(scroller.isZoomBouncing)
    app.advance(by: 0.5)
    #expect(scroller.zoomScale == 1)
    #expect(scroller.contentOffset == .zero)
    #expect(recorder.endScales == [1])
  }

  @Test func settingTheZoomScaleKeepsTheCentreAndTellsTheDelegate() throws {
    let (app, scroller, content, recorder) = try makeScroller()
    scroller.zoomScale = 2
    #expect(scroller.zoomScale == 2)
    #expect(content.transform == Transform(scaleX: 2, y: 2))
    #expect(scroller.contentSize == Size(width: 400, height: 400))
    // The centre (100, 100) of what showed is still in the middle.
    #expect(scroller.contentOffset == Point(x: 100, y: 100))
    #expect(recorder.log == ["didZoom"])
    // Beyond the maximum: the maximum.
    scroller.setZoomScale(10, animated: false)
    #expect(scroller.zoomScale == 4)
    #expect(scroller.contentOffset == Point(x: 300, y: 300))
    app.runUntilIdle()
  }

  @Test func anAnimatedZoomFollowsTheClockBetweenWillBeginAndDidEnd() throws {
    let (app, scroller, _, recorder) = try makeScroller()
    scroller.setZoomScale(3, animated: true)
    #expect(recorder.log == ["willBeginZooming"])
    #expect(scroller.zoomScale == 1)
    app.advance(by: 0.15)
    #expect(scroller.zoomScale > 1 && scroller.zoomScale < 3)
    #expect(recorder.log == ["willBeginZooming", "didZoom"])
    app.advance(by: 0.2)
    #expect(scroller.zoomScale == 3)
    #expect(scroller.contentOffset == Point(x: 200, y: 200))
    #expect(recorder.log == ["willBeginZooming", "didZoom", "didEndZooming"])
    #expect(recorder.endScales == [3])
    // Nothing more moves: no frames while idle.
    let frames = app.framesPresented
    app.advance(by: 0.5)
    #expect(app.framesPresented == frames)
  }

  @Test(arguments: [false, true])
  func zoomingToARectCentresIt(animated: Bool) throws {
    let (app, scroller, _, recorder) = try makeScroller()
    scroller.zoom(to: Rect(x: 50, y: 50, width: 50, height: 50), animated: animated)
    if animated { app.advance(by: 0.4) }
    #expect(scroller.zoomScale == 4)
    #expect(scroller.contentSize == Size(width: 800, height: 800))
    #expect(scroller.contentOffset == Point(x: 200, y: 200))
    // A rect too large for the minimum: the minimum, within range.
    scroller.zoom(to: Rect(x: 150, y: 150, width: 400, height: 100), animated: animated)
    if animated { app.advance(by: 0.4) }
    #expect(scroller.zoomScale == 1)
    #expect(scroller.contentOffset == .zero)
    #expect(recorder.log.filter { $0 == "didEndZooming" }.count == (animated ? 2 : 0))
  }

  /// Double-tap to zoom, as an app writes it (UIKit's scroll view has none built in).
  @Test func aDoubleTapZoomsInAndOutAsAnAppWritesIt() throws {
    let (app, scroller, content, recorder) = try makeScroller()
    let doubleTap = TapGestureRecognizer { [weak scroller] tap in
      guard let scroller else { return }
      if scroller.zoomScale > scroller.minimumZoomScale {
        scroller.setZoomScale(scroller.minimumZoomScale, animated: true)
        return
      }
      let point = tap.location(in: content)
      let size = Size(
        width: scroller.bounds.width / scroller.maximumZoomScale,
        height: scroller.bounds.height / scroller.maximumZoomScale)
      scroller.zoom(
        to: Rect(
          x: point.x - size.width / 2, y: point.y - size.height / 2, width: size.width,
          height: size.height), animated: true)
    }
    doubleTap.numberOfTapsRequired = 2
    scroller.addGestureRecognizer(doubleTap)
    app.tap(at: Point(x: 120, y: 90))
    app.advance(by: 0.1)
    app.tap(at: Point(x: 120, y: 90))
    app.advance(by: 0.4)
    #expect(scroller.zoomScale == 4)
    // The tapped point is in the middle.
    #expect(
      isNear(
        content.convert(Point(x: 120, y: 90), to: scroller),
        Point(x: 100, y: 100).offsetBy(dx: scroller.contentOffset.x, dy: scroller.contentOffset.y)))
    app.advance(by: 1)
    app.tap(at: Point(x: 100, y: 100))
    app.advance(by: 0.1)
    app.tap(at: Point(x: 100, y: 100))
    app.advance(by: 0.4)
    #expect(scroller.zoomScale == 1)
    #expect(recorder.endScales == [4, 1])
  }

  /// While the scale changes the view is composited from its cached pixels; when zooming
  /// ends, drawn content is drawn again at the zoom scale.
  @Test func drawnContentIsDrawnAgainSharpWhenZoomingEnds() throws {
    let drawn = CountingDrawView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let (app, scroller, _, recorder) = try makeScroller(content: drawn)
    #expect(drawn.draws == 1)
    #expect(drawn.layer.contentsScale == 2)
    scroller.setZoomScale(3, animated: true)
    app.advance(by: 0.15)
    #expect(drawn.draws == 1)
    app.advance(by: 0.3)
    #expect(scroller.zoomScale == 3)
    #expect(recorder.endScales == [3])
    #expect(drawn.draws == 2)
    #expect(drawn.layer.contentsScale == 6)
    // Zoomed out again: back to the screen's scale, never below it.
    scroller.setZoomScale(1, animated: false)
    app.runUntilIdle()
    #expect(drawn.layer.contentsScale == 2)
  }

  @Test func anImageViewIsNotDrawnButSampled() throws {
    let image = try Image.render(size: Size(width: 200, height: 200), scale: 2) { context in
      context.setFillColor(.red)
      context.fill(Rect(x: 0, y: 0, width: 200, height: 200))
    }
    let imageView = ImageView(image: image)
    let (app, scroller, _, recorder) = try makeScroller(content: imageView)
    let contents = imageView.layer.contents?.buffer
    scroller.setZoomScale(2.5, animated: false)
    app.runUntilIdle()
    #expect(imageView.layer.contents?.buffer === contents)
    #expect(app.snapshot().pixel(x: 10, y: 10) == .red)
    #expect(recorder.log == ["didZoom"])
  }
}
