import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// Any finite geometry an app or a touch stream can produce composites (clipped) or is
/// skipped; nothing traps. (A replay of random touches once dragged a view to about −1e9
/// points and stopped the demo with "Double value cannot be converted to Int32".)
@MainActor @Suite struct FarGeometryTests {
  /// A view that draws (a backing store, composited with a transform) and one with only a
  /// colour, at `origin`, turned by `angle`, `scale` times larger.
  func place(in app: TestApplication, at origin: Point, angle: Double, scale: Double) {
    for draws in [true, false] {
      let view: View = draws ? ImageView(image: Self.image) : View()
      view.frame = Rect(origin: origin, size: Size(width: 40, height: 30))
      view.backgroundColor = draws ? nil : .red
      view.transform = Transform(rotationAngle: angle).scaledBy(x: scale, y: scale)
      app.window.addSubview(view)
    }
  }

  static let image: Image? = try? Image.render(size: Size(width: 40, height: 30), scale: 2) {
    $0.setFillColor(.blue)
    $0.fill(Rect(x: 0, y: 0, width: 40, height: 30))
  }

  @Test(arguments: [-1e9, 1e9, -1e12, 3e15, -1e300, 1e300])
  func farAwayViewsAreSkippedOrClipped(distance: Double) throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 80), scale: 2)
    for angle in [0, 0.3] {
      for scale in [1, 3.5] {
        place(in: app, at: Point(x: distance, y: distance / 2), angle: angle, scale: scale)
        place(in: app, at: Point(x: 10, y: distance), angle: angle, scale: scale)
      }
    }
    app.runUntilIdle()
    // Nothing of them lands on the screen.
    #expect(app.snapshot().pixel(x: 100, y: 80) == .white)
  }

  @Test func hugeViewsReachingTheScreenAreClipped() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 80), scale: 2)
    // Centred far away but so large that they cover the screen: drawn clipped, or skipped
    // where pixman's 16.16 fixed point cannot hold the transform; never a trap.
    for angle in [0, 0.3] {
      let view = View(frame: Rect(x: -1e9, y: -1e9, width: 2e9 + 100, height: 2e9 + 80))
      view.backgroundColor = .green
      view.transform = Transform(rotationAngle: angle)
      app.window.addSubview(view)
      app.runUntilIdle()
      // Its middle (two billion points away) is far off; the screen lies inside it.
      #expect(app.snapshot().pixel(x: 100, y: 80) == .green, "turned \(angle)")
      view.removeFromSuperview()
    }
    let image = ImageView(image: Self.image)
    image.frame = Rect(x: -1e7, y: -1e7, width: 2e7, height: 2e7)
    app.window.addSubview(image)
    app.runUntilIdle()
    _ = app.snapshot()
  }

  @Test(arguments: [1e6, 1e-9, 1e300, 1e-300])
  func viewsScaledFarUpOrDownAreDrawnClippedOrSkipped(scale: Double) throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 80), scale: 2)
    for angle in [0, 0.3] {
      place(in: app, at: Point(x: 20, y: 20), angle: angle, scale: scale)
    }
    app.runUntilIdle()
    _ = app.snapshot()
    // A small view in the corner still shows.
    let marker = View(frame: Rect(x: 90, y: 70, width: 10, height: 10))
    marker.backgroundColor = .black
    app.window.addSubview(marker)
    #expect(app.snapshot().pixel(x: 195, y: 155) == .black)
  }

  @Test func geometryThatIsNotANumberIsRefusedAndLogged() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 80), scale: 2)
    var logged: [String] = []
    GeometryGuard.logHandler = { logged.append($0) }
    defer { GeometryGuard.logHandler = nil }
    let view = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    view.backgroundColor = .red
    app.window.addSubview(view)
    app.runUntilIdle()
    let nan = Double.nan
    view.frame = Rect(x: nan, y: 0, width: 20, height: 20)
    view.center = Point(x: 5, y: .infinity)
    view.bounds = Rect(x: 0, y: 0, width: -.infinity, height: 3)
    view.transform = Transform(scaleX: nan, y: 1)
    view.alpha = nan
    view.layer.position = Point(x: nan, y: nan)
    // Every one refused: the view is where it was, as it was.
    #expect(view.frame == Rect(x: 10, y: 10, width: 20, height: 20))
    #expect(view.transform.isIdentity && view.alpha == 1)
    #expect(app.snapshot().pixel(x: 40, y: 40) == .red)
    #expect(logged.count == 6, "\(logged)")
    #expect(logged.first == "geometry: frame = (nan, 0) 20×20 refused; the old value stays")
    // The same mistake every frame is counted, and logged at 10, 100, 1000… times.
    for _ in 0..<99 { view.center = Point(x: nan, y: 0) }
    #expect(logged.count == 8)
    #expect(logged.last?.hasSuffix("(100 times so far)") == true)
  }
}
