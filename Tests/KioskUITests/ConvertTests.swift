import Foundation
import KioskGraphics
import KioskUI
import Testing

private func isClose(_ a: Point, _ b: Point, tolerance: Double = 1e-9) -> Bool {
  abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

private func isClose(_ a: Rect, _ b: Rect, tolerance: Double = 1e-9) -> Bool {
  isClose(a.origin, b.origin, tolerance: tolerance)
    && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

/// convert(_:to:) and convert(_:from:) for points and rectangles.
@MainActor
struct ConvertTests {
  /// window (300×300 at 0, 0) > parent (10, 10, 100×100) > child (5, 5, 20×20), and a
  /// sibling of the parent at (100, 100, 50×50).
  private func makeTree() -> (window: Window, parent: View, child: View, sibling: View) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    let parent = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
    let child = View(frame: Rect(x: 5, y: 5, width: 20, height: 20))
    let sibling = View(frame: Rect(x: 100, y: 100, width: 50, height: 50))
    window.addSubview(parent)
    parent.addSubview(child)
    window.addSubview(sibling)
    return (window, parent, child, sibling)
  }

  @Test func toAndFromTheSameViewIsIdentity() {
    let (_, parent, _, _) = makeTree()
    let p = Point(x: 3, y: 4)
    #expect(parent.convert(p, to: parent) == p)
    #expect(parent.convert(p, from: parent) == p)
  }

  @Test func pointsBetweenSiblings() {
    let (window, parent, _, sibling) = makeTree()
    #expect(window.subviews.count == 2)
    #expect(parent.convert(Point(x: 5, y: 5), to: sibling) == Point(x: -85, y: -85))
    #expect(parent.convert(Point(x: 5, y: 5), from: sibling) == Point(x: 95, y: 95))
    #expect(sibling.convert(Point(x: 5, y: 5), to: parent) == Point(x: 95, y: 95))
  }

  @Test func pointsToAndFromAncestors() {
    let (window, parent, child, _) = makeTree()
    #expect(child.convert(Point.zero, to: parent) == Point(x: 5, y: 5))
    #expect(child.convert(Point.zero, to: window) == Point(x: 15, y: 15))
    #expect(child.convert(Point(x: 1, y: 2), from: window) == Point(x: -14, y: -13))
    #expect(window.convert(Point(x: 15, y: 15), to: child) == Point.zero)
    #expect(parent.convert(Point(x: 5, y: 5), to: child) == Point.zero)
  }

  @Test func pointsBetweenCousins() {
    let (window, _, child, sibling) = makeTree()
    let nephew = View(frame: Rect(x: 10, y: 0, width: 5, height: 5))
    sibling.addSubview(nephew)
    #expect(nephew.window === window)
    // child (0, 0) is (15, 15) in the window; nephew (0, 0) is (110, 100).
    #expect(child.convert(Point.zero, to: nephew) == Point(x: -95, y: -85))
    #expect(nephew.convert(Point.zero, to: child) == Point(x: 95, y: 85))
  }

  @Test func nilMeansTheWindow() {
    let (window, _, child, _) = makeTree()
    #expect(child.convert(Point(x: 1, y: 1), to: nil) == Point(x: 16, y: 16))
    #expect(child.convert(Point(x: 16, y: 16), from: nil) == Point(x: 1, y: 1))
    #expect(window.convert(Point(x: 7, y: 8), to: nil) == Point(x: 7, y: 8))
    #expect(window.convert(Point(x: 7, y: 8), from: nil) == Point(x: 7, y: 8))
  }

  @Test func nilMeansTheWindowEvenWhenItIsNotAtTheScreenOrigin() {
    let (window, parent, child, _) = makeTree()
    window.frame = Rect(x: 100, y: 50, width: 300, height: 300)
    #expect(child.convert(Point.zero, to: nil) == Point(x: 15, y: 15))
    #expect(child.convert(Point(x: 15, y: 15), from: nil) == Point.zero)
    #expect(
      parent.convert(Rect(x: 0, y: 0, width: 10, height: 10), to: nil)
        == Rect(x: 10, y: 10, width: 10, height: 10))
    #expect(window.convert(Point(x: 7, y: 8), to: nil) == Point(x: 7, y: 8))
  }

  @Test func betweenTwoWindowsMeetInScreenCoordinates() {
    let first = Window(frame: Rect(x: 100, y: 50, width: 200, height: 200))
    let second = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let a = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    let b = View(frame: Rect(x: 30, y: 40, width: 20, height: 20))
    first.addSubview(a)
    second.addSubview(b)
    #expect(a.convert(Point.zero, to: second) == Point(x: 110, y: 60))
    #expect(a.convert(Point.zero, to: b) == Point(x: 80, y: 20))
    #expect(b.convert(Point(x: 80, y: 20), to: a) == Point.zero)
    #expect(a.convert(Point(x: 80, y: 20), from: b) == Point.zero)
    #expect(first.convert(Point.zero, to: second) == Point(x: 100, y: 50))
    #expect(second.convert(Point(x: 100, y: 50), to: first) == Point.zero)
    #expect(
      a.convert(Rect(x: 0, y: 0, width: 5, height: 5), to: b)
        == Rect(x: 80, y: 20, width: 5, height: 5))
  }

  @Test func rectsToAndFromAncestors() {
    let (window, parent, child, _) = makeTree()
    let r = Rect(x: 1, y: 2, width: 3, height: 4)
    #expect(child.convert(r, to: window) == Rect(x: 16, y: 17, width: 3, height: 4))
    #expect(child.convert(r, to: parent) == Rect(x: 6, y: 7, width: 3, height: 4))
    #expect(child.convert(Rect(x: 16, y: 17, width: 3, height: 4), from: window) == r)
    #expect(child.convert(Rect(x: 16, y: 17, width: 3, height: 4), from: nil) == r)
    #expect(child.convert(child.bounds, to: parent) == child.frame)
  }

  @Test func throughAScale() {
    let (window, parent, child, _) = makeTree()
    parent.transform = Transform(scaleX: 2, y: 2)
    // The parent's centre (60, 60) stays; its corner (0, 0) goes to (-40, -40).
    #expect(parent.convert(Point.zero, to: window) == Point(x: -40, y: -40))
    #expect(child.convert(Point.zero, to: window) == Point(x: -30, y: -30))
    #expect(window.convert(Point(x: -30, y: -30), to: child) == Point.zero)
    #expect(
      child.convert(Rect(x: 0, y: 0, width: 10, height: 5), to: nil)
        == Rect(x: -30, y: -30, width: 20, height: 10))
    #expect(
      child.convert(Rect(x: -30, y: -30, width: 20, height: 10), from: nil)
        == Rect(x: 0, y: 0, width: 10, height: 5))
    // Converting the other way does not scale.
    #expect(child.convert(Point(x: 10, y: 0), to: parent) == Point(x: 15, y: 5))
  }

  @Test func throughARotation() {
    let (window, parent, _, _) = makeTree()
    let bar = View(frame: Rect(x: 0, y: 0, width: 20, height: 10))
    parent.addSubview(bar)
    bar.transform = Transform(rotationAngle: .pi / 2)
    // The bar turns about (10, 5): its corner (0, 0) goes to (15, -5).
    #expect(bar.convert(Point.zero, to: parent) == Point(x: 15, y: -5))
    #expect(bar.convert(Point(x: 20, y: 0), to: parent) == Point(x: 15, y: 15))
    #expect(bar.convert(Point(x: 15, y: -5), from: parent) == Point.zero)
    #expect(bar.convert(Point.zero, to: window) == Point(x: 25, y: 5))
    // A rectangle converts to the bounding box of its corners.
    #expect(bar.convert(bar.bounds, to: parent) == Rect(x: 5, y: -5, width: 10, height: 20))
    #expect(bar.convert(bar.bounds, to: parent) == bar.frame)
    #expect(
      bar.convert(Rect(x: 0, y: 0, width: 10, height: 10), to: parent)
        == Rect(x: 5, y: -5, width: 10, height: 10))
  }

  @Test func rectUnderAnEighthTurnIsTheBoundingBox() {
    let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let view = View(frame: Rect(x: 80, y: 80, width: 40, height: 40))
    root.addSubview(view)
    view.transform = Transform(rotationAngle: .pi / 4)
    let half = 20 * 2.0.squareRoot()
    let box = view.convert(view.bounds, to: root)
    #expect(isClose(box, Rect(x: 100 - half, y: 100 - half, width: 2 * half, height: 2 * half)))
  }

  @Test func throughBoundsOffsets() {
    let (window, parent, child, sibling) = makeTree()
    parent.bounds.origin = Point(x: 30, y: 40)
    #expect(child.convert(Point.zero, to: parent) == Point(x: 5, y: 5))
    #expect(child.convert(Point.zero, to: window) == Point(x: -15, y: -25))
    #expect(parent.convert(Point(x: 30, y: 40), to: window) == Point(x: 10, y: 10))
    #expect(parent.convert(Point(x: 10, y: 10), from: window) == Point(x: 30, y: 40))
    #expect(parent.convert(Point(x: 30, y: 40), to: sibling) == Point(x: -90, y: -90))
    // The scrolled view's offset does not apply to its own frame in its superview.
    #expect(window.convert(parent.frame.origin, to: parent) == Point(x: 30, y: 40))
    // An offset on the target view applies in reverse.
    sibling.bounds.origin = Point(x: -10, y: 5)
    #expect(window.convert(Point(x: 100, y: 100), to: sibling) == Point(x: -10, y: 5))
    #expect(
      child.convert(Rect(x: 0, y: 0, width: 2, height: 2), to: sibling)
        == Rect(x: -125, y: -120, width: 2, height: 2))
  }

  @Test func throughATransformAndABoundsOffsetTogether() {
    let root = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let view = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
    root.addSubview(view)
    view.bounds.origin = Point(x: 10, y: 0)
    view.transform = Transform(scaleX: 2, y: 2)
    // Bounds centre (60, 50) sits at (100, 100); (10, 0) is 50 points up-left, doubled.
    #expect(view.convert(Point(x: 60, y: 50), to: root) == Point(x: 100, y: 100))
    #expect(view.convert(Point(x: 10, y: 0), to: root) == Point(x: 0, y: 0))
    #expect(view.convert(Point(x: 0, y: 0), from: root) == Point(x: 10, y: 0))
  }

  @Test func roundTripsThroughAComplexChain() {
    let window = Window(frame: Rect(x: 20, y: 30, width: 400, height: 300))
    let a = View(frame: Rect(x: 50, y: 40, width: 200, height: 150))
    let b = View(frame: Rect(x: 10, y: 20, width: 80, height: 60))
    let c = View(frame: Rect(x: 300, y: 10, width: 50, height: 50))
    window.addSubview(a)
    a.addSubview(b)
    window.addSubview(c)
    a.transform = Transform(rotationAngle: .pi / 6).scaledBy(x: 1.5, y: 0.75)
    a.bounds.origin = Point(x: -7, y: 13)
    b.transform = Transform(rotationAngle: -0.4)
    c.transform = Transform(scaleX: 3, y: 2)
    c.bounds.origin = Point(x: 5, y: 5)
    let points = [Point.zero, Point(x: 12.5, y: -3), Point(x: 79, y: 59), Point(x: -40, y: 200)]
    for p in points {
      #expect(isClose(b.convert(b.convert(p, to: c), from: c), p))
      #expect(isClose(b.convert(b.convert(p, to: nil), from: nil), p))
      #expect(isClose(c.convert(b.convert(p, to: c), to: b), p))
      #expect(isClose(window.convert(b.convert(p, to: window), to: b), p))
      // Going through the window gives the same answer as going directly.
      #expect(isClose(c.convert(b.convert(p, to: window), from: window), b.convert(p, to: c)))
    }
    // A rectangle converts to the bounding box of its converted corners.
    let r = Rect(x: 1, y: 2, width: 30, height: 40)
    let corners = [
      Point(x: 1, y: 2), Point(x: 31, y: 2), Point(x: 1, y: 42), Point(x: 31, y: 42),
    ].map { b.convert($0, to: c) }
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let box = Rect(
      x: xs.min() ?? 0, y: ys.min() ?? 0, width: (xs.max() ?? 0) - (xs.min() ?? 0),
      height: (ys.max() ?? 0) - (ys.min() ?? 0))
    #expect(isClose(b.convert(r, to: c), box))
  }

  @Test func throughAViewScaledToNothing() {
    let (window, parent, child, _) = makeTree()
    parent.transform = Transform(scaleX: 0, y: 0)
    // Every point of the parent and its subviews collapses onto the parent's centre…
    #expect(child.convert(Point(x: 3, y: 4), to: window) == Point(x: 60, y: 60))
    #expect(child.convert(Point(x: 3, y: 4), to: nil) == Point(x: 60, y: 60))
    // …and no window point can be converted back into them.
    let back = child.convert(Point(x: 60, y: 60), from: window)
    #expect(back.x.isNaN && back.y.isNaN)
    let fromNil = child.convert(Point(x: 60, y: 60), from: nil)
    #expect(fromNil.x.isNaN && fromNil.y.isNaN)
    #expect(!child.bounds.contains(back))
  }

  @Test func viewsOutsideAWindowConvertBetweenEachOther() {
    let root = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let a = View(frame: Rect(x: 10, y: 20, width: 10, height: 10))
    let b = View(frame: Rect(x: 50, y: 50, width: 10, height: 10))
    root.addSubview(a)
    root.addSubview(b)
    #expect(a.convert(Point.zero, to: b) == Point(x: -40, y: -30))
    #expect(a.convert(Point.zero, to: root) == Point(x: 10, y: 20))
  }
}
