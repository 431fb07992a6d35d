import Foundation
import KioskGraphics
import KioskTesting
import KioskUI
import Testing

private func isClose(_ a: Point, _ b: Point, tolerance: Double = 1e-9) -> Bool {
  abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

private func isClose(_ a: Rect, _ b: Rect, tolerance: Double = 1e-9) -> Bool {
  isClose(a.origin, b.origin, tolerance: tolerance)
    && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

/// frame, bounds and center (one changes the others), the transform about the centre, and
/// the bounds origin as a scroll offset.
@MainActor
struct ViewGeometryTests {
  // MARK: frame, bounds, center

  @Test func initWithFrameSetsCenterAndBounds() {
    let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
    #expect(view.frame == Rect(x: 10, y: 20, width: 100, height: 50))
    #expect(view.center == Point(x: 60, y: 45))
    #expect(view.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
    #expect(View().frame == .zero)
  }

  @Test func settingFrameUpdatesCenterAndBoundsSize() {
    let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
    view.frame = Rect(x: -4, y: 6, width: 40, height: 30)
    #expect(view.center == Point(x: 16, y: 21))
    #expect(view.bounds == Rect(x: 0, y: 0, width: 40, height: 30))
    #expect(view.frame == Rect(x: -4, y: 6, width: 40, height: 30))
  }

  @Test func settingFrameKeepsTheBoundsOrigin() {
    let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
    view.bounds.origin = Point(x: 7, y: 9)
    view.frame = Rect(x: 10, y: 10, width: 20, height: 20)
    #expect(view.bounds == Rect(x: 7, y: 9, width: 20, height: 20))
    #expect(view.center == Point(x: 20, y: 20))
  }

  @Test func settingCenterMovesTheFrameOnly() {
    let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
    view.center = Point(x: 100, y: 100)
    #expect(view.frame == Rect(x: 50, y: 75, width: 100, height: 50))
    #expect(view.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
  }

  @Test func settingBoundsSizeResizesAboutTheCenter() {
    let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
    view.bounds = Rect(x: 0, y: 0, width: 40, height: 10)
    #expect(view.center == Point(x: 60, y: 45))
    #expect(view.frame == Rect(x: 40, y: 40, width: 40, height: 10))
  }

  @Test func settingBoundsOriginMovesNeitherFrameNorCenter() {
    let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
    view.bounds = Rect(x: 30, y: -5, width: 100, height: 50)
    #expect(view.bounds.origin == Point(x: 30, y: -5))
    #expect(view.frame == Rect(x: 10, y: 20, width: 100, height: 50))
    #expect(view.center == Point(x: 60, y: 45))
  }

  // MARK: Transform

  @Test func frameUnderAScaleIsTheScaledBoxAboutTheCenter() {
    let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
    view.transform = Transform(scaleX: 2, y: 3)
    #expect(view.frame == Rect(x: -50, y: -50, width: 200, height: 150))
    #expect(view.center == Point(x: 50, y: 25))
    #expect(view.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
    view.transform = .identity
    #expect(view.frame == Rect(x: 0, y: 0, width: 100, height: 50))
  }

  @Test func frameUnderAQuarterTurnSwapsWidthAndHeight() {
    let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
    view.transform = Transform(rotationAngle: .pi / 2)
    #expect(view.frame == Rect(x: 25, y: -25, width: 50, height: 100))
    #expect(view.center == Point(x: 50, y: 25))
    #expect(view.bounds.size == Size(width: 100, height: 50))
  }

  @Test func frameUnderAnEighthTurnIsTheBoundingBox() {
    let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
    view.transform = Transform(rotationAngle: .pi / 4)
    let side = 150 / 2.0.squareRoot()  // (w + h) / sqrt(2) on both axes
    let expected = Rect(x: 50 - side / 2, y: 25 - side / 2, width: side, height: side)
    #expect(isClose(view.frame, expected))
    #expect(view.center == Point(x: 50, y: 25))
  }

  @Test func centerStaysValidAndMovesTheTransformedFrame() {
    let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
    view.transform = Transform(rotationAngle: .pi / 2)
    view.center = Point(x: 200, y: 100)
    #expect(view.frame == Rect(x: 175, y: 50, width: 50, height: 100))
    view.transform = .identity
    #expect(view.frame == Rect(x: 150, y: 75, width: 100, height: 50))
  }

  @Test func transformIsAppliedAboutTheCenter() {
    let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let view = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    parent.addSubview(view)
    view.transform = Transform(scaleX: 2, y: 2)
    #expect(view.convert(Point(x: 10, y: 10), to: parent) == Point(x: 20, y: 20))
    #expect(view.convert(Point.zero, to: parent) == Point(x: 0, y: 0))
    #expect(view.convert(Point(x: 20, y: 20), to: parent) == Point(x: 40, y: 40))
    // A positive angle turns clockwise (y points down): the top-left corner goes top-right.
    view.transform = Transform(rotationAngle: .pi / 2)
    #expect(view.convert(Point(x: 10, y: 10), to: parent) == Point(x: 20, y: 20))
    #expect(view.convert(Point.zero, to: parent) == Point(x: 30, y: 10))
    #expect(view.convert(Point(x: 20, y: 0), to: parent) == Point(x: 30, y: 30))
  }

  @Test func combinedTransformAppliesInOrder() {
    let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let view = View(frame: Rect(x: 40, y: 40, width: 20, height: 20))
    parent.addSubview(view)
    // Scale by 2, then move 10 right: the centre moves, the bounds do not.
    view.transform = Transform(scaleX: 2, y: 2)
      .concatenating(Transform(translationX: 10, y: 0))
    #expect(view.frame == Rect(x: 40, y: 30, width: 40, height: 40))
    #expect(view.center == Point(x: 50, y: 50))
    #expect(view.convert(Point(x: 10, y: 10), to: parent) == Point(x: 60, y: 50))
  }

  @Test func scaledViewCoversTheScaledArea() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 100))
    let box = View(frame: Rect(x: 40, y: 40, width: 20, height: 20))
    box.backgroundColor = .red
    box.transform = Transform(scaleX: 2, y: 0.5)
    app.window.addSubview(box)
    let frame = app.snapshot()
    #expect(frame.pixel(x: 30, y: 45) == .red)
    #expect(frame.pixel(x: 69, y: 54) == .red)
    #expect(frame.pixel(x: 29, y: 50) == .white)
    #expect(frame.pixel(x: 70, y: 50) == .white)
    #expect(frame.pixel(x: 50, y: 44) == .white)
    #expect(frame.pixel(x: 50, y: 55) == .white)
  }

  @Test func rotatedViewTurnsClockwiseAboutItsCenter() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 100))
    let box = View(frame: Rect(x: 40, y: 40, width: 20, height: 20))
    box.backgroundColor = .green
    let marker = View(frame: Rect(x: 0, y: 0, width: 5, height: 5))
    marker.backgroundColor = .red
    box.addSubview(marker)
    app.window.addSubview(box)
    #expect(app.snapshot().pixel(x: 42, y: 42) == .red)
    box.transform = Transform(rotationAngle: .pi / 2)
    let frame = app.snapshot()
    // The top-left marker is now in the top-right corner; the box did not move.
    #expect(frame.pixel(x: 57, y: 42) == .red)
    #expect(frame.pixel(x: 42, y: 42) == .green)
    #expect(frame.pixel(x: 39, y: 50) == .white)
    #expect(frame.pixel(x: 60, y: 50) == .white)
  }

  // MARK: Bounds origin

  @Test func boundsOriginScrollsSubviewsInConvert() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let parent = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
    let child = View(frame: Rect(x: 20, y: 30, width: 10, height: 10))
    window.addSubview(parent)
    parent.addSubview(child)
    #expect(child.convert(Point.zero, to: nil) == Point(x: 30, y: 40))
    parent.bounds.origin = Point(x: 20, y: 30)
    // The child's frame is unchanged, but it now shows at the parent's top-left corner.
    #expect(child.frame == Rect(x: 20, y: 30, width: 10, height: 10))
    #expect(child.convert(Point.zero, to: parent) == Point(x: 20, y: 30))
    #expect(child.convert(Point.zero, to: nil) == Point(x: 10, y: 10))
    #expect(parent.convert(Point(x: 20, y: 30), to: window) == Point(x: 10, y: 10))
    #expect(parent.convert(Point(x: 10, y: 10), from: nil) == Point(x: 20, y: 30))
    #expect(parent.frame == Rect(x: 10, y: 10, width: 100, height: 100))
  }

  @Test func boundsOriginScrollsSubviewsOnScreen() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 100))
    let parent = View(frame: Rect(x: 10, y: 10, width: 60, height: 60))
    let child = View(frame: Rect(x: 20, y: 30, width: 10, height: 10))
    child.backgroundColor = .red
    parent.addSubview(child)
    app.window.addSubview(parent)
    var frame = app.snapshot()
    #expect(frame.pixel(x: 30, y: 40) == .red)
    #expect(frame.pixel(x: 10, y: 10) == .white)
    parent.bounds.origin = Point(x: 20, y: 30)
    frame = app.snapshot()
    #expect(frame.pixel(x: 10, y: 10) == .red)
    #expect(frame.pixel(x: 19, y: 19) == .red)
    #expect(frame.pixel(x: 20, y: 20) == .white)
    #expect(frame.pixel(x: 30, y: 40) == .white)
    // A negative origin scrolls the other way.
    parent.bounds.origin = Point(x: -5, y: 0)
    frame = app.snapshot()
    #expect(frame.pixel(x: 35, y: 40) == .red)
    #expect(frame.pixel(x: 34, y: 40) == .white)
  }

  @Test func boundsOriginDoesNotMoveTheViewsOwnBackground() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 100))
    let parent = View(frame: Rect(x: 10, y: 10, width: 30, height: 30))
    parent.backgroundColor = .blue
    parent.bounds.origin = Point(x: 50, y: 50)
    app.window.addSubview(parent)
    let frame = app.snapshot()
    #expect(frame.pixel(x: 10, y: 10) == .blue)
    #expect(frame.pixel(x: 39, y: 39) == .blue)
    #expect(frame.pixel(x: 40, y: 40) == .white)
  }
}
