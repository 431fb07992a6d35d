import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor
struct SliderTests {
  /// A 200-point slider at (20, 50): the thumb's centre travels from x 34 to 206, on y 65.5.
  private func makeApp() throws -> (TestApplication, Slider, ControlEventLog) {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let slider = Slider(frame: Rect(x: 20, y: 50, width: 200, height: 0))
    app.window.addSubview(slider)
    app.runUntilIdle()
    return (app, slider, ControlEventLog(slider))
  }

  @Test func aSliderHasUIKitsHeightAndRange() throws {
    let (_, slider, _) = try makeApp()
    #expect(slider.frame.height == 31)
    #expect(slider.value == 0 && slider.minimumValue == 0 && slider.maximumValue == 1)
    #expect(slider.isContinuous)
  }

  @Test func draggingTheThumbToTheMiddleGivesAHalf() throws {
    let (app, slider, log) = try makeApp()
    let parts = [slider.thumb, slider.minimumTrack, slider.maximumTrack]
    let draws = parts.map(\.drawCount)
    app.drag(from: Point(x: 34, y: 65), to: Point(x: 120, y: 65), duration: 0.2)
    #expect(parts.map(\.drawCount) == draws)  // moving the thumb redraws nothing
    #expect(abs(slider.value - 0.5) < 0.01)
    #expect(log.count("valueChanged") >= 2)  // continuous: at every move
    #expect(log.count("touchUpInside") == 1)
    // In the slider's coordinates, x 120 on the screen is 100.
    #expect(abs(slider.thumb.center.x - 100) < 0.5)
    #expect(abs(slider.minimumTrackClip.frame.maxX - 100) < 0.5)
  }

  @Test func theThumbDoesNotJumpUnderTheFinger() throws {
    let (app, slider, _) = try makeApp()
    // Taking hold 10 points right of the thumb's centre and moving 43 points: a quarter.
    app.drag(from: Point(x: 44, y: 70), to: Point(x: 87, y: 70), duration: 0.1)
    #expect(abs(slider.value - 0.25) < 0.01)
  }

  @Test func theValueIsClampedAtTheEnds() throws {
    let (app, slider, _) = try makeApp()
    app.drag(from: Point(x: 34, y: 65), to: Point(x: 299, y: 65), duration: 0.1)
    #expect(slider.value == 1)
    app.drag(from: Point(x: 206, y: 65), to: Point(x: 0, y: 120), duration: 0.1)
    #expect(slider.value == 0)
    slider.value = 7
    #expect(slider.value == 1)
    slider.value = -3
    #expect(slider.value == 0)
    slider.minimumValue = 0.5
    #expect(slider.value == 0.5)
  }

  @Test func withoutContinuousOneValueChangedComesAtTheEnd() throws {
    let (app, slider, log) = try makeApp()
    slider.isContinuous = false
    app.touch(.began, at: Point(x: 34, y: 65))
    for x in stride(from: 50.0, through: 120, by: 10) {
      app.advance(by: 0.016)
      app.touch(.moved, at: Point(x: x, y: 65))
    }
    #expect(abs(slider.value - 0.5) < 0.01)
    #expect(log.count("valueChanged") == 0)
    app.touch(.ended, at: Point(x: 120, y: 65))
    #expect(log.count("valueChanged") == 1)
  }

  @Test func aTouchOnTheTrackAwayFromTheThumbDoesNothing() throws {
    let (app, slider, log) = try makeApp()
    app.drag(from: Point(x: 150, y: 65), to: Point(x: 180, y: 65), duration: 0.1)
    #expect(slider.value == 0)
    #expect(log.events.isEmpty)
  }

  @Test func aCustomRangeMapsTheTrack() throws {
    let (app, slider, _) = try makeApp()
    slider.minimumValue = 10
    slider.maximumValue = 20
    #expect(slider.value == 10)
    app.drag(from: Point(x: 34, y: 65), to: Point(x: 163, y: 65), duration: 0.1)
    #expect(abs(slider.value - 17.5) < 0.1)
  }

  @Test func settingTheValueFromCodeSendsNothingAndMovesTheThumb() throws {
    let (app, slider, log) = try makeApp()
    slider.setValue(0.5, animated: true)
    app.advance(by: 0.1)
    let midway = slider.thumb.layer.presented.position.x
    #expect(midway > 15 && midway < 99)
    app.advance(by: 0.3)
    #expect(slider.thumb.layer.presented.position.x == 100)
    #expect(log.events.isEmpty)
  }
}
