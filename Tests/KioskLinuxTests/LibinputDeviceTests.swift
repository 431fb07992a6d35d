import KioskGraphics
import KioskUI
import Testing

@testable import KioskLinux

/// Devices coming and going under `LibinputSource`, on the faked libinput seam.
@MainActor
struct LibinputDeviceTests {
  let screen = Screen(panelWidth: 1000, panelHeight: 500, scale: 1, rotation: .degrees0)

  @Test func startingNeedsNoDeviceAndDevicesComeAndGo() {
    let harness = LibinputHarness(screen: screen)
    #expect(harness.source.devices.isEmpty)
    #expect(harness.backend.dispatches == 1)  // start reads at once, without waiting

    let touch = harness.backend.plug("Panel touch", .touch, touchCount: 10)
    let keyboard = harness.backend.plug("USB keyboard", [.keyboard])
    harness.run()
    #expect(harness.source.devices.keys.sorted() == [touch, keyboard])
    #expect(
      harness.log.lines.contains("info input: added event1 \"Panel touch\" (touch, 10 fingers)"))
    #expect(harness.log.lines.contains("info input: added event2 \"USB keyboard\" (keyboard)"))

    harness.backend.unplug(touch)
    harness.run()
    #expect(harness.source.devices.keys.sorted() == [keyboard])
    #expect(harness.log.lines.contains("info input: removed event1 \"Panel touch\""))
  }

  /// Only a keyboard with letters counts as one to type on: a power button has keys too.
  @Test func aKeyboardToTypeOnTellsTheApp() {
    Application.install(Application())
    let harness = LibinputHarness(screen: screen)
    harness.backend.plug("Power Button", [.keyboard])
    harness.run()
    #expect(!Application.shared.isHardwareKeyboardAttached)
    let keyboard = harness.backend.plug("USB keyboard", [.keyboard, .typing])
    harness.run()
    #expect(Application.shared.isHardwareKeyboardAttached)
    #expect(harness.log.lines.contains("info input: a keyboard to type on is attached"))
    harness.backend.unplug(keyboard)
    harness.run()
    #expect(!Application.shared.isHardwareKeyboardAttached)
    #expect(harness.log.lines.contains("info input: no keyboard to type on"))
  }

  @Test func aDeviceRemovedWithAFingerDownCancelsIt() {
    let harness = LibinputHarness(screen: screen)
    let touch = harness.backend.plug("Panel touch", .touch)
    harness.backend.down(touch, slot: 0, at: Point(x: 0.5, y: 0.5))
    harness.backend.frame(touch)
    harness.backend.down(touch, slot: 1, at: Point(x: 0.1, y: 0.2))
    harness.backend.frame(touch)
    harness.backend.move(touch, slot: 0, to: Point(x: 0.6, y: 0.5))  // frame never comes
    harness.backend.unplug(touch)
    harness.run()
    #expect(harness.batches.count == 3)
    #expect(
      harness.batches.last == [
        TouchSample(id: 0, phase: .moved, location: Point(x: 600, y: 250)),
        TouchSample(id: 0, phase: .cancelled, location: Point(x: 600, y: 250)),
        TouchSample(id: 1, phase: .cancelled, location: Point(x: 100, y: 100)),
      ])
  }

  @Test func aTouchscreenPluggedAgainKeepsWorking() {
    let harness = LibinputHarness(screen: screen)
    let first = harness.backend.plug("Panel touch", .touch)
    harness.backend.down(first, slot: 0, at: Point(x: 0.5, y: 0.5))
    harness.backend.frame(first)
    harness.backend.unplug(first)
    harness.run()
    #expect(harness.samples.map(\.phase) == [.began, .cancelled])
    #expect(harness.log.lines.contains("info input: first touch at (500.0, 250.0) pt from event1"))

    let again = harness.backend.plug("Panel touch", .touch)
    harness.backend.down(again, slot: 0, at: Point(x: 0.2, y: 0.4))
    harness.backend.frame(again)
    harness.backend.up(again, slot: 0)
    harness.backend.frame(again)
    harness.run()
    #expect(again != first)
    #expect(
      harness.batches.suffix(2) == [
        [TouchSample(id: 0, phase: .began, location: Point(x: 200, y: 200))],
        [TouchSample(id: 0, phase: .ended, location: Point(x: 200, y: 200))],
      ])
    #expect(harness.log.lines.contains("info input: first touch at (200.0, 200.0) pt from event2"))
  }

  @Test func theConfiguredCalibrationGoesToEachTouchscreenAsItIsAdded() throws {
    var configuration = LibinputConfiguration()
    let mirror = try #require(TouchCalibration(parsing: "-1 0 1 0 1 0"))
    configuration.calibration = mirror
    let harness = LibinputHarness(screen: screen, configuration: configuration)
    let touch = harness.backend.plug("Panel touch", .touch)
    let keyboard = harness.backend.plug("USB keyboard", .keyboard)
    harness.run()
    let later = harness.backend.plug("Second touch", .touch)
    harness.run()
    #expect(harness.backend.calibrations[touch] == configuration.calibration)
    #expect(harness.backend.calibrations[later] == configuration.calibration)
    #expect(harness.backend.calibrations[keyboard] == nil)
    #expect(harness.log.lines.contains("info input: event1 calibrated with -1 0 1 0 1 0"))

    let plain = LibinputHarness(screen: screen)
    let other = plain.backend.plug("Panel touch", .touch)
    plain.run()
    #expect(plain.backend.calibrations[other] == nil)  // udev's matrix stays
  }

  @Test func calibrationMatricesParse() {
    #expect(TouchCalibration(parsing: "1 0 0 0 1 0") == .identity)
    #expect(TouchCalibration(parsing: "0,1,0, -1,0,1")?.matrix == [0, 1, 0, -1, 0, 1])
    #expect(TouchCalibration(parsing: "1 0 0 0 1") == nil)
    #expect(TouchCalibration(parsing: "1 0 0 0 1 x") == nil)
    #expect(TouchCalibration(parsing: "1 0 0 0 1 nan") == nil)
    let swap = TouchCalibration(parsing: "0 1 0 1 0 0")
    #expect(swap?.apply(to: Point(x: 0.25, y: 0.75)) == Point(x: 0.75, y: 0.25))
  }

  @Test func aTouchOutputThatIsNotOursIsReported() {
    var configuration = LibinputConfiguration()
    configuration.touchOutput = "HDMI-A-2"
    let harness = LibinputHarness(screen: screen, configuration: configuration)
    #expect(
      harness.log.lines.contains {
        $0.hasPrefix("warning input: --touch-output HDMI-A-2 is not one of this app's outputs")
      })
  }
}
