import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// Zoom: the compositor magnifies the screen and touches are mapped through the same
/// transform; a two-finger pan moves it.
@MainActor @Suite struct ZoomTests {
  /// A view that records which touch handlers ran.
  private final class TouchLog: View {
    var events: [String] = []
    override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
      events.append("began \(touches.count)")
    }
    override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
      events.append("moved")
    }
    override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
      events.append("ended")
    }
    override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
      events.append("cancelled \(touches.count)")
    }
  }

  /// A screen reader that lets every touch through (it only has to be installed).
  private final class PassingFilter: AccessibilityInputFilter {
    func filterTouches(_ samples: [TouchSample], on screen: Screen, at time: Double) -> Bool {
      false
    }
    func filterPresses(_ samples: [PressSample], at time: Double) -> Bool { false }
  }

  private func setZoom(_ scale: Double, _ app: TestApplication) {
    var settings = Accessibility.settings
    settings.zoomScale = scale
    Accessibility.settings = settings
    app.runUntilIdle()
  }

  private func button(_ frame: Rect, in app: TestApplication) -> (Button, () -> Int) {
    let button = Button(type: .system)
    button.setTitle("Go", for: .normal)
    button.frame = frame
    var count = 0
    button.addAction(Action { _ in count += 1 }, for: .primaryActionTriggered)
    app.window.addSubview(button)
    app.runUntilIdle()
    return (button, { count })
  }

  private func sameFrames(_ a: Bitmap, _ b: Bitmap) -> Bool {
    guard a.width == b.width, a.height == b.height else { return false }
    for y in 0..<a.height {
      for x in 0..<a.width where a.buffer.rawPixel(x: x, y: y) != b.buffer.rawPixel(x: x, y: y) {
        return false
      }
    }
    return true
  }

  @Test func theScaleIsClampedToOneThroughEight() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    setZoom(20, app)
    #expect(app.screen.zoom.scale == 8)
    #expect(app.screen.isZoomed)
    setZoom(0.5, app)
    #expect(app.screen.zoom.scale == 1)
    #expect(!app.screen.isZoomed)
    setZoom(.nan, app)
    #expect(app.screen.zoom.scale == 1)
    setZoom(3, app)
    #expect(app.screen.zoom.scale == 3)
  }

  @Test func zoomOneIsExactlyTheFrameWithoutZoom() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 150), scale: 2)
    _ = button(Rect(x: 20, y: 20, width: 80, height: 44), in: app)
    let label = Label(frame: Rect(x: 20, y: 80, width: 160, height: 30))
    label.text = "Zoom"
    app.window.addSubview(label)
    let before = app.snapshot()
    let frames = app.framesPresented
    setZoom(1, app)
    // Zoom 1 when it was off changes nothing: no frame, no renderer.
    #expect(app.framesPresented == frames)
    #expect(app.screen.zoomRenderer == nil)
    setZoom(4, app)
    #expect(!sameFrames(before, app.snapshot()))
    setZoom(1, app)
    #expect(app.screen.zoomRenderer == nil)
    #expect(sameFrames(before, app.snapshot()))
  }

  @Test func aTapOnTheMagnifiedButtonFiresIt() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let (_, taps) = button(Rect(x: 120, y: 100, width: 60, height: 30), in: app)
    setZoom(2, app)
    app.screen.setZoomCenter(Point(x: 100, y: 75))
    app.runUntilIdle()
    #expect(app.screen.zoomedRect == Rect(x: 0, y: 0, width: 200, height: 150))
    // Where the button was before magnifying: now that is other content.
    app.tap(at: Point(x: 150, y: 115))
    #expect(taps() == 0)
    // The button's middle, magnified: (150, 115) × 2.
    app.tap(at: Point(x: 300, y: 230))
    #expect(taps() == 1)
    #expect(app.screen.convertToZoomed(Point(x: 150, y: 115)) == Point(x: 300, y: 230))
    #expect(app.screen.convertFromZoomed(Point(x: 300, y: 230)) == Point(x: 150, y: 115))
  }

  @Test func theMagnifiedFrameShowsTheContentAtTheScale() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let square = View(frame: Rect(x: 40, y: 20, width: 10, height: 10))
    square.backgroundColor = .black
    app.window.addSubview(square)
    setZoom(4, app)
    app.screen.setZoomCenter(Point(x: 50, y: 25))
    let frame = app.snapshot()
    // The visible part starts at (25, 12.5): the square covers (60, 30)–(100, 70).
    #expect(frame.pixel(x: 62, y: 35) == .black)
    #expect(frame.pixel(x: 97, y: 66) == .black)
    #expect(frame.pixel(x: 55, y: 35) == .white)
    #expect(frame.pixel(x: 105, y: 35) == .white)
  }

  @Test func theZoomIsClampedToTheContent() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    setZoom(2, app)
    #expect(app.screen.zoom.center == Point(x: 200, y: 150))
    app.screen.setZoomCenter(.zero)
    #expect(app.screen.zoom.center == Point(x: 100, y: 75))
    app.screen.panZoom(by: Point(x: -10_000, y: -10_000))
    #expect(app.screen.zoom.center == Point(x: 300, y: 225))
    #expect(app.screen.zoomedRect == Rect(x: 200, y: 150, width: 200, height: 150))
    // A larger scale keeps the point but stays inside.
    setZoom(4, app)
    #expect(app.screen.zoom.center == Point(x: 300, y: 225))
    setZoom(1.5, app)
    #expect(abs(app.screen.zoom.center.x - 800.0 / 3) < 1e-9)
    #expect(app.screen.zoom.center.y == 200)
  }

  @Test func zoomToShowMovesTheViewAsLittleAsNeeded() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    setZoom(2, app)
    app.screen.setZoomCenter(Point(x: 100, y: 75))
    // Already visible: nothing moves.
    app.screen.zoom(toShow: Rect(x: 10, y: 10, width: 20, height: 20))
    #expect(app.screen.zoom.center == Point(x: 100, y: 75))
    // To the right and below: the view moves until its right and bottom edges reach it.
    app.screen.zoom(toShow: Rect(x: 250, y: 160, width: 40, height: 20))
    #expect(app.screen.zoomedRect == Rect(x: 90, y: 30, width: 200, height: 150))
    // Larger than the view: its top-left part.
    app.screen.zoom(toShow: Rect(x: 50, y: 40, width: 300, height: 200))
    #expect(app.screen.zoomedRect.origin == Point(x: 50, y: 40))
  }

  @Test func twoFingersMovingTogetherPanTheZoomAndLeaveTheApp() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let log = TouchLog(frame: app.window.bounds)
    log.isMultipleTouchEnabled = true
    app.window.addSubview(log)
    setZoom(2, app)
    #expect(app.screen.zoom.center == Point(x: 200, y: 150))
    app.touches([
      TouchSample(id: 1, phase: .began, location: Point(x: 100, y: 100)),
      TouchSample(id: 2, phase: .began, location: Point(x: 160, y: 100)),
    ])
    for step in 1...4 {
      let d = Double(step) * -10
      app.advance(by: 1.0 / 60)
      app.touches([
        TouchSample(id: 1, phase: .moved, location: Point(x: 100 + d, y: 100 + d / 2)),
        TouchSample(id: 2, phase: .moved, location: Point(x: 160 + d, y: 100 + d / 2)),
      ])
    }
    app.touches([
      TouchSample(id: 1, phase: .ended, location: Point(x: 60, y: 80)),
      TouchSample(id: 2, phase: .ended, location: Point(x: 120, y: 80)),
    ])
    // The fingers moved (-40, -20) on the glass: the content under them, (-20, -10).
    #expect(app.screen.zoom.center == Point(x: 220, y: 160))
    #expect(log.events.first == "began 2")
    #expect(log.events.contains("cancelled 2"))
    #expect(!log.events.contains("ended"))
    // One finger is the app's, zoomed or not.
    log.events.removeAll()
    app.drag(from: Point(x: 100, y: 100), to: Point(x: 40, y: 40), duration: 0.1)
    #expect(app.screen.zoom.center == Point(x: 220, y: 160))
    #expect(log.events.last == "ended")
  }

  @Test func aPinchDoesNotPan() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    setZoom(2, app)
    app.touches([
      TouchSample(id: 1, phase: .began, location: Point(x: 100, y: 100)),
      TouchSample(id: 2, phase: .began, location: Point(x: 200, y: 100)),
    ])
    app.touches([
      TouchSample(id: 1, phase: .moved, location: Point(x: 60, y: 100)),
      TouchSample(id: 2, phase: .moved, location: Point(x: 240, y: 100)),
    ])
    #expect(app.screen.zoom.center == Point(x: 200, y: 150))
  }

  @Test func withAScreenReaderThreeFingersPan() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    app.application.accessibilityInputFilter = PassingFilter()
    setZoom(2, app)
    func drag(_ fingers: Int) {
      let ids = 1...fingers
      app.touches(
        ids.map { TouchSample(id: $0, phase: .began, location: Point(x: Double($0) * 50, y: 100)) })
      app.touches(
        ids.map { TouchSample(id: $0, phase: .moved, location: Point(x: Double($0) * 50, y: 60)) })
      app.touches(
        ids.map { TouchSample(id: $0, phase: .ended, location: Point(x: Double($0) * 50, y: 60)) })
    }
    drag(2)
    #expect(app.screen.zoom.center == Point(x: 200, y: 150))
    drag(3)
    #expect(app.screen.zoom.center == Point(x: 200, y: 170))
  }

  @Test func aChangeRepaintsOnlyItsMagnifiedArea() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300), scale: 2)
    let dot = View(frame: Rect(x: 190, y: 140, width: 10, height: 10))
    dot.backgroundColor = .systemBlue
    app.window.addSubview(dot)
    setZoom(2, app)
    let renderer = try #require(app.screen.zoomRenderer)
    let whole = 800 * 600
    #expect(renderer.lastDamage.area == whole)
    dot.backgroundColor = .black
    app.runUntilIdle()
    // 10 points at 2 pixels a point, magnified twice, and a content pixel of filter around.
    #expect(renderer.lastDamage.extents == PixelRect(x: 358, y: 258, width: 44, height: 44))
    #expect(app.snapshot().pixel(x: 380, y: 280) == .black)
    // Panning repaints all of it.
    app.screen.panZoom(by: Point(x: 10, y: 0))
    app.runUntilIdle()
    #expect(renderer.lastDamage.area == whole)
  }

  @Test func turningTheScreenKeepsTheZoomInside() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    setZoom(2, app)
    app.screen.setZoomCenter(Point(x: 400, y: 0))
    #expect(app.screen.zoomedRect == Rect(x: 200, y: 0, width: 200, height: 150))
    app.screen.rotation = .degrees90
    app.runUntilIdle()
    #expect(app.screen.bounds.size == Size(width: 300, height: 400))
    #expect(app.screen.zoomedRect == Rect(x: 150, y: 0, width: 150, height: 200))
    #expect(app.screen.convertFromZoomed(Point(x: 0, y: 0)) == Point(x: 150, y: 0))
  }

  @Test func aFingerThatLiftedWhileUnzoomedDoesNotSpoilTheNextPan() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    setZoom(2, app)
    app.touch(.began, at: Point(x: 10, y: 10), finger: 9)
    setZoom(1, app)
    app.touch(.ended, at: Point(x: 10, y: 10), finger: 9)
    setZoom(2, app)
    app.touches([
      TouchSample(id: 1, phase: .began, location: Point(x: 100, y: 100)),
      TouchSample(id: 2, phase: .began, location: Point(x: 150, y: 100)),
    ])
    app.touches([
      TouchSample(id: 1, phase: .moved, location: Point(x: 100, y: 60)),
      TouchSample(id: 2, phase: .moved, location: Point(x: 150, y: 60)),
    ])
    #expect(app.screen.zoom.center == Point(x: 200, y: 170))
  }
}
