import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor
struct SwitchTests {
  /// A switch at (20, 20): 51×31 points, its middle at (45.5, 35.5).
  private func makeApp() throws -> (TestApplication, Switch, ControlEventLog) {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100), scale: 2)
    let toggle = Switch(frame: Rect(x: 20, y: 20, width: 0, height: 0))
    app.window.addSubview(toggle)
    app.runUntilIdle()
    return (app, toggle, ControlEventLog(toggle))
  }

  @Test func aSwitchHasUIKitsSize() throws {
    let (_, toggle, _) = try makeApp()
    #expect(toggle.frame == Rect(x: 20, y: 20, width: 51, height: 31))
    #expect(!toggle.isOn)
  }

  @Test func aTapTogglesItAndSendsValueChangedOnce() throws {
    let (app, toggle, log) = try makeApp()
    app.tap(at: Point(x: 45, y: 35))
    #expect(toggle.isOn)
    #expect(log.count("valueChanged") == 1)
    #expect(log.count("primaryActionTriggered") == 1)
    #expect(log.count("touchUpInside") == 1)
    app.advance(by: 1)
    app.tap(at: Point(x: 45, y: 35))
    #expect(!toggle.isOn)
    #expect(log.count("valueChanged") == 2)
  }

  @Test func settingTheValueFromCodeSendsNothing() throws {
    let (app, toggle, log) = try makeApp()
    toggle.setOn(true, animated: false)
    #expect(toggle.isOn)
    toggle.isOn = false
    toggle.setOn(true, animated: true)
    app.advance(by: 1)
    #expect(toggle.isOn)
    #expect(log.events.isEmpty)
  }

  @Test func draggingTheThumbAcrossTogglesIt() throws {
    let (app, toggle, log) = try makeApp()
    app.drag(from: Point(x: 35, y: 35), to: Point(x: 68, y: 35), duration: 0.2)
    #expect(toggle.isOn)
    #expect(log.count("valueChanged") == 1)
    app.advance(by: 1)
    // A drag that ends on the side the thumb is already on changes nothing.
    app.drag(from: Point(x: 55, y: 35), to: Point(x: 68, y: 35), duration: 0.2)
    #expect(toggle.isOn)
    #expect(log.count("valueChanged") == 1)
    app.advance(by: 1)
    app.drag(from: Point(x: 56, y: 35), to: Point(x: 10, y: 40), duration: 0.2)
    #expect(!toggle.isOn)
    #expect(log.count("valueChanged") == 2)
  }

  @Test func theThumbSlidesWhenAnimated() throws {
    let (app, toggle, _) = try makeApp()
    let start = toggle.thumb.layer.presented.position.x
    toggle.setOn(true, animated: true)
    let end = toggle.thumb.center.x
    #expect(end > start + 15)
    app.advance(by: 0.1)
    let midway = toggle.thumb.layer.presented.position.x
    #expect(midway > start + 1 && midway < end - 1)
    #expect(
      toggle.onTrack.layer.presented.opacity > 0 && toggle.onTrack.layer.presented.opacity < 1)
    app.advance(by: 0.3)
    #expect(toggle.thumb.layer.presented.position.x == end)
    toggle.setOn(false, animated: false)
    #expect(toggle.thumb.layer.presented.position.x == start)
  }

  @Test func aDisabledSwitchIgnoresTaps() throws {
    let (app, toggle, log) = try makeApp()
    toggle.isEnabled = false
    app.tap(at: Point(x: 45, y: 35))
    #expect(!toggle.isOn && log.events.isEmpty)
  }

  @Test func aTapJustOutsideTheSmallSwitchStillCounts() throws {
    let (app, toggle, _) = try makeApp()
    app.tap(at: Point(x: 45, y: 16))  // 4 points above it: inside the 44-point target
    #expect(toggle.isOn)
  }
}
