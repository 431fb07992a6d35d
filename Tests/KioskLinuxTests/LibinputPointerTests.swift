import KioskGraphics
import KioskUI
import Testing

@testable import KioskLinux

/// A mouse or an absolute pointer acts as one finger.
@MainActor
struct LibinputPointerTests {
  let finger = LibinputSource.pointerFinger

  @Test func theLeftButtonIsAFingerThatFollowsTheMouse() {
    // 1000×500 pixels at scale 2: 500×250 points, the cursor starts in the middle.
    let screen = Screen(panelWidth: 1000, panelHeight: 500, scale: 2, rotation: .degrees0)
    let harness = LibinputHarness(screen: screen)
    let mouse = harness.backend.plug("USB mouse", .pointer)
    harness.backend.mouseMove(mouse, dx: 20, dy: -10)  // button up: nothing to deliver
    harness.backend.button(mouse, pressed: true)
    harness.backend.mouseMove(mouse, dx: 40, dy: 0)
    harness.backend.button(mouse, 0x111, pressed: true)  // the right button is not a finger
    harness.backend.button(mouse, pressed: false)
    harness.backend.mouseMove(mouse, dx: 10, dy: 10)
    harness.run()
    #expect(
      harness.batches == [
        [TouchSample(id: finger, phase: .began, location: Point(x: 260, y: 120))],
        [TouchSample(id: finger, phase: .moved, location: Point(x: 280, y: 120))],
        [TouchSample(id: finger, phase: .ended, location: Point(x: 280, y: 120))],
      ])
    #expect(harness.source.cursor == Point(x: 285, y: 125))
    #expect(harness.log.lines.contains("info input: first click at (260.0, 120.0) pt from event1"))
  }

  @Test func theCursorStaysOnTheScreen() {
    let screen = Screen(panelWidth: 1000, panelHeight: 500, scale: 2, rotation: .degrees0)
    let harness = LibinputHarness(screen: screen)
    let mouse = harness.backend.plug("USB mouse", .pointer)
    harness.backend.mouseMove(mouse, dx: -5000, dy: 9000)
    harness.backend.button(mouse, pressed: true)
    harness.backend.mouseMove(mouse, dx: 99999, dy: -99999)
    harness.run()
    #expect(
      harness.samples.map(\.location) == [Point(x: 0, y: 249.5), Point(x: 499.5, y: 0)])
  }

  @Test func anAbsolutePointerUsesThePanelTransform() {
    // QEMU's tablet: absolute motion and a left button, on a panel turned a quarter.
    let screen = Screen(panelWidth: 1024, panelHeight: 600, scale: 1, rotation: .degrees90)
    let harness = LibinputHarness(screen: screen)
    let tablet = harness.backend.plug("QEMU Virtio Tablet", .pointer)
    harness.backend.mouseMove(tablet, toAbsolute: Point(x: 0.25, y: 0.1))
    harness.backend.button(tablet, pressed: true)
    harness.backend.mouseMove(tablet, toAbsolute: Point(x: 0.5, y: 0.5))
    harness.backend.button(tablet, pressed: false)
    harness.run()
    #expect(
      harness.samples == [
        TouchSample(id: finger, phase: .began, location: Point(x: 60, y: 768)),
        TouchSample(id: finger, phase: .moved, location: Point(x: 300, y: 512)),
        TouchSample(id: finger, phase: .ended, location: Point(x: 300, y: 512)),
      ])
  }

  @Test func aMouseUnpluggedWithTheButtonDownCancelsItsFinger() {
    let screen = Screen(panelWidth: 1000, panelHeight: 500, scale: 1, rotation: .degrees0)
    let harness = LibinputHarness(screen: screen)
    let mouse = harness.backend.plug("USB mouse", .pointer)
    harness.backend.button(mouse, pressed: true)
    harness.backend.unplug(mouse)
    harness.run()
    #expect(harness.samples.map(\.phase) == [.began, .cancelled])
    #expect(harness.samples.allSatisfy { $0.id == finger })
  }

  @Test func theMouseFingerAndTouchesDoNotMix() {
    let screen = Screen(panelWidth: 1000, panelHeight: 500, scale: 1, rotation: .degrees0)
    let harness = LibinputHarness(screen: screen)
    let mouse = harness.backend.plug("USB mouse", .pointer)
    let touch = harness.backend.plug("Panel touch", .touch)
    harness.backend.button(mouse, pressed: true)
    harness.backend.down(touch, slot: 0, at: Point(x: 0.1, y: 0.1))
    harness.backend.frame(touch)
    harness.run()
    #expect(Set(harness.samples.map(\.id)).count == 2)
  }
}
