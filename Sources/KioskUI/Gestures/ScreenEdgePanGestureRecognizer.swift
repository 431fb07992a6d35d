import KioskGraphics

/// Recognizes a pan that starts at an edge of the screen and moves away from it (a swipe
/// in from the left edge to go back, from the bottom to show a panel): UIKit's
/// `UIScreenEdgePanGestureRecognizer`. A touch that lands more than about 20 points from
/// every edge in `edges` is not this gesture's (its view still gets it); one that lands
/// within them begins the pan once it has moved about 10 points, mostly away from that
/// edge. Then it reports translation and velocity as any pan.
///
/// The edges are the screen's as the user sees it: on a turned screen (`Screen.rotation`)
/// `.left` is the left side of the picture, wherever the panel's own left is, and a view
/// that does not touch the screen's edge never sees the gesture.
///
/// ```swift
/// let fromRight = ScreenEdgePanGestureRecognizer { pan in
///   if pan.state == .ended { drawer.open() }
/// }
/// fromRight.edges = .right
/// window.addGestureRecognizer(fromRight)
/// ```
@MainActor
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
  /// The edges the gesture may start from; none (the default, as UIKit's) recognizes
  /// nothing.
  public var edges: RectEdge = []

  /// How far (points) from an edge a touch may land and still start the gesture.
  static let edgeWidth = 20.0

  /// Measures the edges from the view's bounds instead of the screen: the navigation
  /// controller's and the split view's swipes start at their own view's left edge, as
  /// UIKit's do in a column that is not at the screen's edge.
  final var measuresFromViewEdges = false

  /// The edge the touch landed by, once the first touch has come down.
  private var startEdge: RectEdge?

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    if startEdge == nil, let first = liveTouches.first {
      guard let edge = edge(near: first) else {
        state = .failed
        return
      }
      startEdge = edge
    }
    super.touchesBegan(touches, with: event)
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    if state == .possible, !isWaitingToRecognize, let edge = startEdge, numberOfTouches > 0 {
      // Where the pan's translation goes with this move (checked before it may begin).
      var moved = translation(in: nil)
      for touch in touches {
        moved.x +=
          (touch.locationInWindow.x - touch.previousLocationInWindow.x)
          / Double(numberOfTouches)
        moved.y +=
          (touch.locationInWindow.y - touch.previousLocationInWindow.y)
          / Double(numberOfTouches)
      }
      if (moved.x * moved.x + moved.y * moved.y).squareRoot() >= Self.hysteresis,
        !isMovingAway(from: edge, by: moved)
      {
        state = .failed
        return
      }
    }
    super.touchesMoved(touches, with: event)
  }

  open override func reset() {
    super.reset()
    startEdge = nil
  }

  /// The edge of `edges` the touch landed by (the nearest, when it is by two), or `nil`.
  private func edge(near touch: Touch) -> RectEdge? {
    guard let (point, area) = placeOnScreen(of: touch) else { return nil }
    var best: (edge: RectEdge, distance: Double)?
    let candidates: [(RectEdge, Double)] = [
      (.left, point.x - area.minX), (.right, area.maxX - point.x),
      (.top, point.y - area.minY), (.bottom, area.maxY - point.y),
    ]
    for (edge, distance) in candidates where edges.contains(edge) && distance <= Self.edgeWidth {
      if best.map({ distance < $0.distance }) ?? true { best = (edge, distance) }
    }
    return best?.edge
  }

  /// Where the touch landed and the rectangle whose edges count, both in the screen's
  /// points (or in the view's bounds coordinates, for the built-in swipes).
  private func placeOnScreen(of touch: Touch) -> (Point, Rect)? {
    if measuresFromViewEdges {
      guard let view else { return nil }
      return (touch.location(in: view), view.bounds)
    }
    guard let window = touch.window else { return nil }
    return (touch.locationInWindow.applying(window.toSuperview), window.screen.bounds)
  }

  /// Whether the fingers went away from `edge`, more across it than along it (window
  /// coordinates, which are the screen's turned by the window's transform at most).
  private func isMovingAway(from edge: RectEdge, by moved: Point) -> Bool {
    let onScreen =
      measuresFromViewEdges
      ? Self.vector(moved, toCoordinatesOf: view)
      : Self.screenVector(moved, in: liveTouches.first?.window ?? view?.window)
    switch edge {
    case .left: return onScreen.x > 0 && onScreen.x >= abs(onScreen.y)
    case .right: return onScreen.x < 0 && -onScreen.x >= abs(onScreen.y)
    case .top: return onScreen.y > 0 && onScreen.y >= abs(onScreen.x)
    default: return onScreen.y < 0 && -onScreen.y >= abs(onScreen.x)
    }
  }

  /// A vector in window coordinates as seen on the screen.
  private static func screenVector(_ vector: Point, in window: Window?) -> Point {
    guard let window else { return vector }
    let origin = Point.zero.applying(window.toSuperview)
    let end = vector.applying(window.toSuperview)
    return Point(x: end.x - origin.x, y: end.y - origin.y)
  }
}
