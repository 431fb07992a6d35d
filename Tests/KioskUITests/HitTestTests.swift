import KioskGraphics
import KioskTesting
import KioskUI
import Testing

/// A view whose touch area reaches `margin` points beyond its bounds.
@MainActor
final class GenerousHitView: View {
  var margin = 10.0

  override func point(inside point: Point, with event: Event?) -> Bool {
    bounds.insetBy(dx: -margin, dy: -margin).contains(point)
  }
}

/// hitTest(_:with:) and point(inside:with:): which view a touch lands on.
@MainActor
struct HitTestTests {
  private func makeRoot() -> View {
    View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
  }

  private func add(_ frame: Rect, to parent: View) -> View {
    let view = View(frame: frame)
    parent.addSubview(view)
    return view
  }

  @Test func frontMostSubviewWins() {
    let root = makeRoot()
    let back = add(Rect(x: 10, y: 10, width: 50, height: 50), to: root)
    let front = add(Rect(x: 30, y: 30, width: 50, height: 50), to: root)
    #expect(root.hitTest(Point(x: 40, y: 40), with: nil) === front)
    #expect(root.hitTest(Point(x: 15, y: 15), with: nil) === back)
    #expect(root.hitTest(Point(x: 79, y: 79), with: nil) === front)
    #expect(root.hitTest(Point(x: 190, y: 190), with: nil) === root)
    root.bringSubviewToFront(back)
    #expect(root.hitTest(Point(x: 40, y: 40), with: nil) === back)
  }

  @Test func pointsOutsideTheBoundsMissAndMaxEdgesAreExclusive() {
    let root = makeRoot()
    let view = add(Rect(x: 10, y: 10, width: 50, height: 50), to: root)
    #expect(root.hitTest(Point(x: -1, y: 5), with: nil) == nil)
    #expect(root.hitTest(Point(x: 200, y: 0), with: nil) == nil)
    #expect(root.hitTest(Point(x: 0, y: 0), with: nil) === root)
    #expect(root.hitTest(Point(x: 10, y: 10), with: nil) === view)
    #expect(root.hitTest(Point(x: 60, y: 30), with: nil) === root)
    #expect(root.hitTest(Point(x: 59.5, y: 59.5), with: nil) === view)
    #expect(root.point(inside: Point(x: 199.9, y: 0), with: nil))
    #expect(!root.point(inside: Point(x: 200, y: 0), with: nil))
  }

  @Test func deepestViewWins() {
    let root = makeRoot()
    let parent = add(Rect(x: 10, y: 10, width: 100, height: 100), to: root)
    let child = add(Rect(x: 10, y: 10, width: 50, height: 50), to: parent)
    let grandchild = add(Rect(x: 10, y: 10, width: 10, height: 10), to: child)
    #expect(root.hitTest(Point(x: 35, y: 35), with: nil) === grandchild)
    #expect(root.hitTest(Point(x: 45, y: 45), with: nil) === child)
    #expect(root.hitTest(Point(x: 100, y: 100), with: nil) === parent)
    // The point is in the receiver's coordinates.
    #expect(parent.hitTest(Point(x: 25, y: 25), with: nil) === grandchild)
  }

  @Test func hiddenViewsAndTheirSubviewsAreSkipped() {
    let root = makeRoot()
    let back = add(Rect(x: 10, y: 10, width: 50, height: 50), to: root)
    let front = add(Rect(x: 10, y: 10, width: 50, height: 50), to: root)
    let inner = add(Rect(x: 0, y: 0, width: 50, height: 50), to: front)
    #expect(root.hitTest(Point(x: 20, y: 20), with: nil) === inner)
    front.isHidden = true
    #expect(root.hitTest(Point(x: 20, y: 20), with: nil) === back)
    front.isHidden = false
    inner.isHidden = true
    #expect(root.hitTest(Point(x: 20, y: 20), with: nil) === front)
    root.isHidden = true
    #expect(root.hitTest(Point(x: 20, y: 20), with: nil) == nil)
  }

  @Test(arguments: [
    (0.0, false), (0.005, false), (0.0099, false), (0.01, true), (0.02, true),
    (1.0, true),
  ])
  func alphaBelowOneHundredthIsSkipped(alpha: Double, hits: Bool) {
    let root = makeRoot()
    let back = add(Rect(x: 10, y: 10, width: 50, height: 50), to: root)
    let front = add(Rect(x: 10, y: 10, width: 50, height: 50), to: root)
    let inner = add(Rect(x: 0, y: 0, width: 20, height: 20), to: front)
    front.alpha = alpha
    #expect(root.hitTest(Point(x: 40, y: 40), with: nil) === (hits ? front : back))
    // The subviews of a view that is skipped are skipped too, whatever their own alpha.
    #expect(root.hitTest(Point(x: 15, y: 15), with: nil) === (hits ? inner : back))
  }

  @Test func userInteractionDisabledSkipsTheSubtree() {
    let root = makeRoot()
    let back = add(Rect(x: 10, y: 10, width: 50, height: 50), to: root)
    let front = add(Rect(x: 10, y: 10, width: 50, height: 50), to: root)
    let inner = add(Rect(x: 0, y: 0, width: 20, height: 20), to: front)
    front.isUserInteractionEnabled = false
    #expect(root.hitTest(Point(x: 15, y: 15), with: nil) === back)
    #expect(root.hitTest(Point(x: 40, y: 40), with: nil) === back)
    front.isUserInteractionEnabled = true
    inner.isUserInteractionEnabled = false
    #expect(root.hitTest(Point(x: 15, y: 15), with: nil) === front)
    back.isUserInteractionEnabled = false
    front.isUserInteractionEnabled = false
    #expect(root.hitTest(Point(x: 15, y: 15), with: nil) === root)
  }

  @Test func subviewOutsideItsSuperviewsBoundsIsNotHitThere() {
    let root = makeRoot()
    let parent = add(Rect(x: 10, y: 10, width: 50, height: 50), to: root)
    let child = add(Rect(x: 40, y: 40, width: 40, height: 40), to: parent)
    #expect(!parent.clipsToBounds)
    #expect(root.hitTest(Point(x: 55, y: 55), with: nil) === child)
    // The child is drawn at (70, 70) but that is outside its superview's bounds.
    #expect(root.hitTest(Point(x: 70, y: 70), with: nil) === root)
    #expect(root.hitTest(Point(x: 60, y: 55), with: nil) === root)
    parent.clipsToBounds = true
    #expect(root.hitTest(Point(x: 70, y: 70), with: nil) === root)
    #expect(root.hitTest(Point(x: 55, y: 55), with: nil) === child)
  }

  @Test func subviewOutsideItsSuperviewIsDrawnButNotHit() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 100))
    let parent = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    let child = View(frame: Rect(x: 30, y: 30, width: 20, height: 20))
    child.backgroundColor = .red
    parent.addSubview(child)
    app.window.addSubview(parent)
    #expect(app.snapshot().pixel(x: 45, y: 45) == .red)
    #expect(app.window.hitTest(Point(x: 45, y: 45), with: nil) === app.window)
  }

  @Test func pointInsideOverrideEnlargesTheTouchArea() {
    let root = makeRoot()
    let view = GenerousHitView(frame: Rect(x: 50, y: 50, width: 20, height: 20))
    root.addSubview(view)
    #expect(root.hitTest(Point(x: 45, y: 45), with: nil) === view)
    #expect(root.hitTest(Point(x: 40, y: 79.5), with: nil) === view)
    #expect(root.hitTest(Point(x: 39.5, y: 60), with: nil) === root)
    #expect(root.hitTest(Point(x: 80, y: 60), with: nil) === root)
    view.margin = 0
    #expect(root.hitTest(Point(x: 45, y: 45), with: nil) === root)
  }

  @Test func pointInsideOverrideReachesSubviewsOutsideTheBounds() {
    let root = makeRoot()
    let parent = GenerousHitView(frame: Rect(x: 50, y: 50, width: 20, height: 20))
    let child = View(frame: Rect(x: -10, y: 0, width: 10, height: 10))
    parent.addSubview(child)
    root.addSubview(parent)
    #expect(root.hitTest(Point(x: 45, y: 55), with: nil) === child)
    parent.margin = 0
    #expect(root.hitTest(Point(x: 45, y: 55), with: nil) === root)
  }

  @Test func hitTestingFollowsARotation() {
    let root = makeRoot()
    let view = add(Rect(x: 50, y: 50, width: 40, height: 20), to: root)
    view.transform = Transform(rotationAngle: .pi / 2)
    // Turned about (70, 60): it now covers x 60..<80, y 40..<80.
    #expect(root.hitTest(Point(x: 70, y: 45), with: nil) === view)
    #expect(root.hitTest(Point(x: 75, y: 78), with: nil) === view)
    #expect(root.hitTest(Point(x: 55, y: 60), with: nil) === root)
    #expect(root.hitTest(Point(x: 85, y: 60), with: nil) === root)
  }

  @Test func hitTestingFollowsAnEighthTurn() {
    let root = makeRoot()
    let view = add(Rect(x: 80, y: 80, width: 40, height: 40), to: root)
    view.transform = Transform(rotationAngle: .pi / 4)
    // A diamond about (100, 100) with corners 28.28 points away.
    #expect(root.hitTest(Point(x: 100, y: 73), with: nil) === view)
    #expect(root.hitTest(Point(x: 127, y: 100), with: nil) === view)
    #expect(root.hitTest(Point(x: 83, y: 83), with: nil) === root)
    #expect(root.hitTest(Point(x: 117, y: 117), with: nil) === root)
  }

  @Test func hitTestingFollowsAScaleIntoSubviews() {
    let root = makeRoot()
    let view = add(Rect(x: 50, y: 50, width: 20, height: 20), to: root)
    let child = add(Rect(x: 15, y: 15, width: 5, height: 5), to: view)
    view.transform = Transform(scaleX: 2, y: 2)
    // The view covers 40..<80 and the child 70..<80.
    #expect(root.hitTest(Point(x: 42, y: 42), with: nil) === view)
    #expect(root.hitTest(Point(x: 75, y: 75), with: nil) === child)
    #expect(root.hitTest(Point(x: 69, y: 69), with: nil) === view)
    #expect(root.hitTest(Point(x: 39, y: 60), with: nil) === root)
    view.transform = Transform(scaleX: 0.5, y: 0.5)
    // Now 55..<65; the child 62.5..<65.
    #expect(root.hitTest(Point(x: 52, y: 60), with: nil) === root)
    #expect(root.hitTest(Point(x: 64, y: 64), with: nil) === child)
    #expect(root.hitTest(Point(x: 56, y: 56), with: nil) === view)
  }

  @Test func viewScaledToNothingIsNotHit() {
    let root = makeRoot()
    let back = add(Rect(x: 0, y: 0, width: 40, height: 40), to: root)
    let front = add(Rect(x: 0, y: 0, width: 40, height: 40), to: root)
    for transform in [
      Transform(scaleX: 0, y: 0), Transform(scaleX: 0, y: 1),
      Transform(scaleX: 1, y: 0),
    ] {
      front.transform = transform
      for point in [Point(x: 20, y: 20), Point(x: 5, y: 5), Point(x: 35, y: 10)] {
        #expect(root.hitTest(point, with: nil) === back, "\(transform) at \(point)")
      }
    }
    front.transform = .identity
    #expect(root.hitTest(Point(x: 5, y: 5), with: nil) === front)
  }

  @Test func hitTestingFollowsTheBoundsOrigin() {
    let root = makeRoot()
    let parent = add(Rect(x: 0, y: 0, width: 100, height: 100), to: root)
    let child = add(Rect(x: 50, y: 0, width: 20, height: 20), to: parent)
    #expect(root.hitTest(Point(x: 60, y: 10), with: nil) === child)
    parent.bounds.origin = Point(x: 50, y: 0)
    #expect(root.hitTest(Point(x: 10, y: 10), with: nil) === child)
    #expect(root.hitTest(Point(x: 60, y: 10), with: nil) === parent)
    // The parent's own area does not move.
    #expect(root.hitTest(Point(x: 99, y: 99), with: nil) === parent)
    #expect(root.hitTest(Point(x: 101, y: 99), with: nil) === root)
  }

  @Test func windowHitTestingInATestApplication() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 100))
    let button = View(frame: Rect(x: 20, y: 20, width: 30, height: 30))
    app.window.addSubview(button)
    #expect(app.window.hitTest(Point(x: 25, y: 25), with: nil) === button)
    #expect(app.window.hitTest(Point(x: 5, y: 5), with: nil) === app.window)
    #expect(app.window.hitTest(Point(x: 100, y: 5), with: nil) == nil)
  }
}
