import KioskKit
import KioskTesting
import Testing

/// A screen turned while the app runs draws what a start at that angle draws: the same
/// golden images as `GoldenTests.rotatedScreen` (a start at 90°, 180° or 270°), after the
/// panel showed the screen at 0° and several quick turns ended at the angle.
@MainActor
struct LiveRotationGoldenTests {
  @Test(arguments: [Rotation.degrees90, .degrees180, .degrees270])
  func aLiveTurnDrawsWhatAStartAtTheAngleDraws(rotation: Rotation) throws {
    // The panel of `rotatedScreen` at this angle, shown unturned first: 240×135 px
    // (160×90 points at 1.5) turned back to how it is mounted.
    let panel = rotation.swapsAxes ? Size(width: 90, height: 160) : Size(width: 160, height: 90)
    let app = try TestApplication(pointSize: panel, scale: 1.5)
    GoldenTests.addRotationScene(to: app, labelled: rotation)
    app.runUntilIdle()
    #expect(app.framesPresented > 0)
    // Quick turns in a row, animated as kioskctl's: the last one holds.
    for step in [Rotation.degrees90, .degrees180, .degrees270, rotation] {
      app.screen.setRotation(step, animated: true)
      app.advance(by: 0.05)
    }
    app.advance(by: 1)
    #expect(app.screen.bounds.size == Size(width: 160, height: 90))
    try assertSnapshot(of: app, named: "rotated-\(rotation.degrees)")
  }
}
