import KioskGraphics
import KioskTesting
import KioskUI
import Testing

@testable import KioskLinux

/// Touch after the screen is turned at run time (`kioskctl rotate`, a reload of
/// `output.rotation`, `Screen.setRotation`): the next touch from the digitizer goes through
/// the new transform, so a finger presses what is drawn under it.
@MainActor
struct LiveRotationTouchTests {
  /// Where the screen point (50, 30) lies on a 1024×600 panel at each rotation, worked out
  /// by hand from `Rotation`'s description (90°: the screen's top edge runs down the panel's
  /// right edge), as fractions of the panel.
  static let cases: [(rotation: Rotation, panel: Point)] = [
    (.degrees90, Point(x: 994, y: 50)),
    (.degrees180, Point(x: 974, y: 570)),
    (.degrees270, Point(x: 30, y: 550)),
    (.degrees0, Point(x: 50, y: 30)),
  ]

  @Test func aTapAfterEachLiveTurnPressesTheButtonDrawnUnderIt() throws {
    let app = try TestApplication(pointSize: Size(width: 1024, height: 600))
    let button = Button(frame: Rect(x: 0, y: 0, width: 100, height: 60))
    let presses = PressCounter()
    button.addTarget(presses, action: { $0.count += 1 }, for: .touchUpInside)
    app.window.addSubview(button)
    let harness = LibinputHarness(screen: app.screen, deliver: true)
    let touch = harness.backend.plug("Panel touch", .touch)
    func tap(panel point: Point) {
      let fraction = Point(x: point.x / 1024, y: point.y / 600)
      harness.backend.down(touch, slot: 0, at: fraction)
      harness.backend.frame(touch)
      harness.run()
      app.runUntilIdle()
      harness.backend.up(touch, slot: 0)
      harness.backend.frame(touch)
      harness.run()
      app.runUntilIdle()
    }
    var previous = Point(x: 50, y: 30)
    for (rotation, panel) in Self.cases {
      app.screen.setRotation(rotation, animated: true)
      // Where the button was before the turn no longer presses it…
      let before = presses.count
      tap(panel: previous)
      #expect(presses.count == before, "at \(rotation), the old place")
      // …where it is drawn now does, from the first touch after the turn.
      tap(panel: panel)
      #expect(presses.count == before + 1, "at \(rotation)")
      previous = panel
      app.advance(by: 1)
    }
  }
}

@MainActor
private final class PressCounter {
  var count = 0
}
