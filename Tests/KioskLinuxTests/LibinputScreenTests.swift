import KioskGraphics
import KioskUI
import KioskVirtual
import Testing

@testable import KioskLinux

/// With several screens each touch device belongs to one: listed in the configuration, else
/// udev's output association, else `touch-output`, else the main screen.
@MainActor
struct LibinputScreenTests {
  /// A screen of `width`×`height` px shown on an output named `name`.
  private func screen(_ name: String, _ width: Int, _ height: Int) throws -> Screen {
    let screen = Screen(panelWidth: width, panelHeight: height, scale: 1, rotation: .degrees0)
    screen.attach(try VirtualOutput(name: name, pixelWidth: width, pixelHeight: height))
    return screen
  }

  @Test func eachDeviceLandsOnItsScreenInItsScreensPoints() throws {
    let main = try screen("DSI-1", 800, 480)
    let customer = try screen("HDMI-A-1", 1000, 500)
    let spare = try screen("HDMI-A-2", 400, 400)
    var configuration = LibinputConfiguration()
    configuration.touchDevices = ["HDMI-A-2": ["Spare touch"]]
    configuration.touchOutput = "HDMI-A-1"
    let harness = LibinputHarness(
      screen: main, otherScreens: [customer, spare], configuration: configuration)
    let builtIn = harness.backend.plug("ILITEK", .touch, outputName: "DSI-1")
    let listed = harness.backend.plug("Spare touch", .touch, outputName: "DSI-1")
    let plain = harness.backend.plug("USB touch", .touch)
    harness.run()
    #expect(harness.source.deviceScreens[builtIn] === main)  // udev's WL_OUTPUT
    #expect(harness.source.deviceScreens[listed] === spare)  // configured beats udev
    #expect(harness.source.deviceScreens[plain] === customer)  // touch-output
    #expect(
      harness.log.lines.contains {
        $0.contains("\"Spare touch\"") && $0.contains("on HDMI-A-2 (configured)")
      })

    // One finger on each in one go: a batch per screen, in that screen's points.
    harness.backend.down(builtIn, slot: 0, at: Point(x: 0.5, y: 0.5))
    harness.backend.frame(builtIn)
    harness.backend.down(plain, slot: 0, at: Point(x: 0.5, y: 0.5))
    harness.backend.down(listed, slot: 0, at: Point(x: 0.25, y: 0.25))
    harness.backend.frame(plain)
    harness.run()
    let byScreen = zip(harness.batchScreens, harness.batches).map {
      ($0.0.output?.name, $0.1.map(\.location))
    }
    #expect(byScreen.count == 3)
    #expect(byScreen[0].0 == "DSI-1" && byScreen[0].1 == [Point(x: 400, y: 240)])
    #expect(byScreen.contains { $0.0 == "HDMI-A-1" && $0.1 == [Point(x: 500, y: 250)] })
    #expect(byScreen.contains { $0.0 == "HDMI-A-2" && $0.1 == [Point(x: 100, y: 100)] })
  }

  @Test func withoutAnAssociationTouchGoesToTheMainScreen() throws {
    let main = try screen("DSI-1", 800, 480)
    let customer = try screen("HDMI-A-1", 1000, 500)
    let harness = LibinputHarness(screen: main, otherScreens: [customer])
    let touch = harness.backend.plug("USB touch", .touch, outputName: "VGA-1")
    harness.backend.down(touch, slot: 0, at: Point(x: 0.5, y: 0.5))
    harness.backend.frame(touch)
    harness.run()
    #expect(harness.batchScreens.count == 1 && harness.batchScreens[0] === main)
    #expect(harness.samples.map(\.location) == [Point(x: 400, y: 240)])
  }
}
