import KioskGraphics
import KioskTesting
import KioskUI
import Testing

/// Controls under a superview's gesture recognizers, as in UIKit: the control's own
/// tracking wins where a finger is on it.
@MainActor
@Suite struct ControlGestureTests {
  @Test func aButtonBeatsItsSuperviewsSingleTap() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let panel = View(frame: app.window.bounds)
    app.window.addSubview(panel)
    var panelTaps = 0
    panel.addGestureRecognizer(TapGestureRecognizer { _ in panelTaps += 1 })
    let button = Button(frame: Rect(x: 20, y: 20, width: 120, height: 44))
    var buttonTaps = 0
    button.addAction(Action { _ in buttonTaps += 1 }, for: .touchUpInside)
    panel.addSubview(button)
    app.runUntilIdle()

    app.tap(at: Point(x: 60, y: 40))
    #expect(buttonTaps == 1)
    #expect(panelTaps == 0)

    app.advance(by: 1)
    app.tap(at: Point(x: 250, y: 150))
    #expect(buttonTaps == 1)
    #expect(panelTaps == 1)
  }

  @Test func aDoubleTapOfTheSuperviewStillWorksOnAButton() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    var doubleTaps = 0
    let doubleTap = TapGestureRecognizer { _ in doubleTaps += 1 }
    doubleTap.numberOfTapsRequired = 2
    app.window.addGestureRecognizer(doubleTap)
    let button = Button(frame: Rect(x: 20, y: 20, width: 120, height: 44))
    app.window.addSubview(button)
    app.runUntilIdle()
    app.tap(at: Point(x: 60, y: 40))
    app.advance(by: 0.1)
    app.tap(at: Point(x: 60, y: 40))
    #expect(doubleTaps == 1)
  }

  @Test func theSlidersThumbIsNotTakenByASuperviewsPan() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 200))
    var pans = 0
    app.window.addGestureRecognizer(
      PanGestureRecognizer { pan in if pan.state == .began { pans += 1 } })
    let slider = Slider(frame: Rect(x: 50, y: 80, width: 200, height: 44))
    slider.value = 0
    app.window.addSubview(slider)
    app.runUntilIdle()

    // From the thumb (at the track's start) to the middle: the slider moves, no pan.
    app.drag(from: Point(x: 64, y: 102), to: Point(x: 150, y: 102), duration: 0.3)
    #expect(pans == 0)
    #expect(abs(slider.value - 0.5) < 0.05, "value \(slider.value)")

    // Far from the thumb: the pan has it and the slider stays.
    app.drag(from: Point(x: 60, y: 20), to: Point(x: 300, y: 20), duration: 0.3)
    #expect(pans == 1)
    #expect(abs(slider.value - 0.5) < 0.05)
  }
}
