import KioskGraphics
import KioskTesting
import KioskUI
import Testing

/// `ScreenEdgePanGestureRecognizer`: only touches that land by one of its edges of the
/// screen, moving away from it.
@MainActor
struct ScreenEdgePanTests {
  /// Drags one finger from `start` by `delta` and returns the states the recognizer went
  /// through.
  private func states(
    of edges: RectEdge, on app: TestApplication, in view: View, from start: Point, by delta: Point
  ) -> [GestureRecognizer.State] {
    var states: [GestureRecognizer.State] = []
    let pan = ScreenEdgePanGestureRecognizer { states.append($0.state) }
    pan.edges = edges
    view.addGestureRecognizer(pan)
    defer { view.removeGestureRecognizer(pan) }
    app.drag(from: start, to: start.offsetBy(dx: delta.x, dy: delta.y), duration: 0.2)
    app.advance(by: 1)
    return states
  }

  @Test(arguments: [
    // edges, start, movement, begins
    (RectEdge.left, Point(x: 10, y: 150), Point(x: 80, y: 0), true),
    (RectEdge.left, Point(x: 30, y: 150), Point(x: 80, y: 0), false),  // too far in
    (RectEdge.left, Point(x: 21, y: 150), Point(x: 80, y: 0), false),  // just too far in
    (RectEdge.left, Point(x: 19, y: 150), Point(x: 80, y: 0), true),
    (RectEdge.left, Point(x: 10, y: 150), Point(x: 0, y: 80), false),  // along the edge
    (RectEdge.right, Point(x: 10, y: 150), Point(x: 80, y: 0), false),  // the other edge
    (RectEdge.right, Point(x: 392, y: 150), Point(x: -80, y: 10), true),
    (RectEdge.bottom, Point(x: 200, y: 295), Point(x: 5, y: -80), true),
    (RectEdge.top, Point(x: 200, y: 5), Point(x: 0, y: 80), true),
    (RectEdge.top, Point(x: 200, y: 5), Point(x: 80, y: 5), false),  // along the edge
    (RectEdge([.left, .bottom]), Point(x: 10, y: 295), Point(x: 0, y: -80), true),
    (RectEdge(), Point(x: 10, y: 150), Point(x: 80, y: 0), false),  // no edges
  ])
  func aPanBeginsOnlyFromItsEdgesAndAwayFromThem(
    edges: RectEdge, start: Point, movement: Point, begins: Bool
  ) throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let view = View(frame: app.window.bounds)
    app.window.addSubview(view)
    app.runUntilIdle()
    let states = states(of: edges, on: app, in: view, from: start, by: movement)
    #expect(states.first == (begins ? .began : nil))
    #expect(states.last == (begins ? .ended : nil))
  }

  /// The screen's edges, not the view's: a view in the middle sees a swipe only when it
  /// reaches the screen's edge.
  @Test func theEdgesAreTheScreensNotTheViews() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let inner = View(frame: Rect(x: 100, y: 50, width: 300, height: 200))
    app.window.addSubview(inner)
    app.runUntilIdle()
    // By the inner view's left edge, far from the screen's.
    #expect(
      states(of: .left, on: app, in: inner, from: Point(x: 105, y: 150), by: Point(x: 80, y: 0))
        .isEmpty)
    // By the screen's right edge, which is also the inner view's.
    let fromRight = states(
      of: .right, on: app, in: inner, from: Point(x: 395, y: 150), by: Point(x: -80, y: 0))
    #expect(fromRight.first == .began)
  }

  /// On a turned screen the edges are those of the picture as people see it.
  @Test func aTurnedScreenHasItsOwnEdges() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let view = View(frame: app.window.bounds)
    view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    app.window.addSubview(view)
    app.runUntilIdle()
    // 290 is in the middle of the 400-point-wide screen…
    #expect(
      states(of: .right, on: app, in: view, from: Point(x: 290, y: 150), by: Point(x: -80, y: 0))
        .isEmpty)
    app.screen.rotation = .degrees90
    app.runUntilIdle()
    #expect(app.screen.bounds.size == Size(width: 300, height: 400))
    // …and by the right edge of the turned 300-point-wide one.
    let turned = states(
      of: .right, on: app, in: view, from: Point(x: 290, y: 200), by: Point(x: -80, y: 0))
    #expect(turned.first == .began)
    let bottom = states(
      of: .bottom, on: app, in: view, from: Point(x: 150, y: 392), by: Point(x: 0, y: -80))
    #expect(bottom.first == .began)
  }

  /// The navigation controller's swipe back is a screen-edge pan from the left of its view.
  @Test func theInteractivePopIsAScreenEdgePanFromTheLeft() throws {
    let navigation = NavigationController(rootViewController: ViewController())
    let recognizer: ScreenEdgePanGestureRecognizer = navigation.interactivePopGestureRecognizer
    #expect(recognizer.edges == .left)
  }
}
