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
}
