import KioskGraphics
import KioskTesting
import KioskUI
import Testing

@testable import KioskLinux

/// Touch frames, slots and the mapping from the digitizer to screen points.
@MainActor
struct LibinputTouchTests {
  @Test func twoFingersInOneFrameArriveAsOneBatchWithStableIDs() {
    let screen = Screen(panelWidth: 1000, panelHeight: 500, scale: 1, rotation: .degrees0)
    let harness = LibinputHarness(screen: screen)
    let touch = harness.backend.plug("Panel touch", .touch)
    harness.backend.down(touch, slot: 0, at: Point(x: 0.1, y: 0.2))
    harness.backend.down(touch, slot: 1, at: Point(x: 0.5, y: 0.6))
    harness.run()
    #expect(harness.batches.isEmpty)  // nothing before the frame ends

    harness.backend.frame(touch)
    harness.backend.move(touch, slot: 0, to: Point(x: 0.2, y: 0.2))
    harness.backend.move(touch, slot: 1, to: Point(x: 0.5, y: 0.8))
    harness.backend.frame(touch)
    harness.backend.up(touch, slot: 0)
    harness.backend.frame(touch)
    harness.backend.move(touch, slot: 1, to: Point(x: 0.6, y: 0.8))
    harness.backend.frame(touch)
    harness.backend.up(touch, slot: 1)
    harness.backend.frame(touch)
    harness.run()
    #expect(
      harness.batches == [
        [
          TouchSample(id: 0, phase: .began, location: Point(x: 100, y: 100)),
          TouchSample(id: 1, phase: .began, location: Point(x: 500, y: 300)),
        ],
        [
          TouchSample(id: 0, phase: .moved, location: Point(x: 200, y: 100)),
          TouchSample(id: 1, phase: .moved, location: Point(x: 500, y: 400)),
        ],
        [TouchSample(id: 0, phase: .ended, location: Point(x: 200, y: 100))],
        [TouchSample(id: 1, phase: .moved, location: Point(x: 600, y: 400))],
        [TouchSample(id: 1, phase: .ended, location: Point(x: 600, y: 400))],
      ])
  }

  @Test func fingersOnTwoTouchscreensHaveDifferentIDs() {
    let screen = Screen(panelWidth: 1000, panelHeight: 500, scale: 1, rotation: .degrees0)
    let harness = LibinputHarness(screen: screen)
    let left = harness.backend.plug("Touch A", .touch)
    let right = harness.backend.plug("Touch B", .touch)
    harness.backend.down(left, slot: 0, at: Point(x: 0.1, y: 0.1))
    harness.backend.frame(left)
    harness.backend.down(right, slot: 0, at: Point(x: 0.9, y: 0.9))
    harness.backend.frame(right)
    harness.run()
    let ids = harness.samples.map(\.id)
    #expect(ids.count == 2 && Set(ids).count == 2)
  }

  @Test func twoFingersReachAViewAsOneEvent() throws {
    let app = try TestApplication(pointSize: Size(width: 500, height: 250), scale: 2)
    let view = CountingView(frame: Rect(x: 0, y: 0, width: 500, height: 250))
    view.isMultipleTouchEnabled = true
    app.window.addSubview(view)
    let harness = LibinputHarness(screen: app.screen, deliver: true)
    let touch = harness.backend.plug("Panel touch", .touch)
    harness.backend.down(touch, slot: 0, at: Point(x: 0.1, y: 0.2))
    harness.backend.down(touch, slot: 1, at: Point(x: 0.5, y: 0.6))
    harness.backend.frame(touch)
    harness.run()
    app.runUntilIdle()
    #expect(view.beganCalls == [2])
    #expect(
      view.lastLocations.sorted { $0.x < $1.x } == [Point(x: 50, y: 50), Point(x: 250, y: 150)])
  }

  /// A device that reports more fingers than its slots (a broken driver's): the ones past
  /// its count are dropped with their moves and lifts, and the frame says how many.
  @Test func fingersPastTheDevicesSlotsAreDroppedAndCounted() {
    let screen = Screen(panelWidth: 1000, panelHeight: 500, scale: 1, rotation: .degrees0)
    let harness = LibinputHarness(screen: screen)
    let touch = harness.backend.plug("Panel touch", .touch, touchCount: 2)
    for slot in 0..<5 { harness.backend.down(touch, slot: slot, at: Point(x: 0.1, y: 0.1)) }
    harness.backend.frame(touch)
    for slot in 0..<5 { harness.backend.move(touch, slot: slot, to: Point(x: 0.2, y: 0.1)) }
    harness.backend.frame(touch)
    for slot in 0..<5 { harness.backend.up(touch, slot: slot) }
    harness.backend.frame(touch)
    // With the first two lifted, a new finger comes down again.
    harness.backend.down(touch, slot: 0, at: Point(x: 0.5, y: 0.5))
    harness.backend.frame(touch)
    harness.run()
    #expect(
      harness.batches.map { $0.map(\.phase) } == [
        [.began, .began], [.moved, .moved], [.ended, .ended], [.began],
      ])
    #expect(
      harness.log.lines.filter { $0.contains("dropped") } == [
        "warning input: event1: dropped 3 touches beyond the 2 it may hold down"
      ])
  }

  /// A device that does not say how many fingers it tracks holds down 64.
  @Test func aDeviceWithoutASlotCountHolds64Fingers() {
    let screen = Screen(panelWidth: 1000, panelHeight: 500, scale: 1, rotation: .degrees0)
    let harness = LibinputHarness(screen: screen)
    let touch = harness.backend.plug("Panel touch", .touch, touchCount: 0)
    for slot in 0..<70 { harness.backend.down(touch, slot: slot, at: Point(x: 0.1, y: 0.1)) }
    harness.backend.frame(touch)
    harness.run()
    #expect(harness.samples.count == TouchLimits.defaultDeviceFingers)
    #expect(
      harness.log.lines.contains {
        $0.hasSuffix("dropped 6 touches beyond the 64 it may hold down")
      })
  }

  // MARK: Mapping

  /// A 1024×600 panel: where the screen's point (0, 0) is drawn, as a fraction of the panel,
  /// and where a touch at (0.25, 0.1) of the panel (pixel 256, 60) lands, worked out by hand.
  struct RotationCase: Sendable, CustomTestStringConvertible {
    var rotation: Rotation
    var origin: Point
    var touch: Point
    var testDescription: String { "\(rotation)" }
  }

  nonisolated static let rotations = [
    RotationCase(rotation: .degrees0, origin: Point(x: 0, y: 0), touch: Point(x: 256, y: 60)),
    RotationCase(rotation: .degrees90, origin: Point(x: 1, y: 0), touch: Point(x: 60, y: 768)),
    RotationCase(rotation: .degrees180, origin: Point(x: 1, y: 1), touch: Point(x: 768, y: 540)),
    RotationCase(rotation: .degrees270, origin: Point(x: 0, y: 1), touch: Point(x: 540, y: 256)),
  ]

  @Test(arguments: rotations)
  func touchLandsWhereRenderingDrew(_ rotationCase: RotationCase) {
    let screen = Screen(
      panelWidth: 1024, panelHeight: 600, scale: 1, rotation: rotationCase.rotation)
    let harness = LibinputHarness(screen: screen)
    let touch = harness.backend.plug("Panel touch", .touch)
    for (slot, position) in [rotationCase.origin, Point(x: 0.25, y: 0.1)].enumerated() {
      harness.backend.down(touch, slot: slot, at: position)
    }
    harness.backend.frame(touch)
    harness.run()
    #expect(harness.samples.map(\.location) == [Point(x: 0, y: 0), rotationCase.touch])
    // Both ways through the transform rendering uses: the point is drawn where the finger is.
    #expect(rotationCase.touch.applying(screen.pointsToPanel) == Point(x: 256, y: 60))
    let origin = rotationCase.origin
    #expect(
      Point.zero.applying(screen.pointsToPanel) == Point(x: origin.x * 1024, y: origin.y * 600))
  }

  @Test(arguments: rotations)
  func aCalibrationMatrixCorrectsTheDigitizerBeforeTheRotation(_ rotationCase: RotationCase)
    throws
  {
    // The digitizer is mounted mirrored left to right: x' = -x + 1.
    var configuration = LibinputConfiguration()
    let mirror = try #require(TouchCalibration(parsing: "-1 0 1 0 1 0"))
    configuration.calibration = mirror
    let screen = Screen(
      panelWidth: 1024, panelHeight: 600, scale: 1, rotation: rotationCase.rotation)
    let harness = LibinputHarness(screen: screen, configuration: configuration)
    let touch = harness.backend.plug("Panel touch", .touch)
    harness.run()
    let origin = rotationCase.origin
    harness.backend.down(touch, slot: 0, at: Point(x: 0.75, y: 0.1))
    harness.backend.down(touch, slot: 1, at: Point(x: 1 - origin.x, y: origin.y))
    harness.backend.frame(touch)
    harness.run()
    #expect(harness.samples.map(\.location) == [rotationCase.touch, Point(x: 0, y: 0)])
  }

  @Test func pointsFollowTheScale() {
    let screen = Screen(panelWidth: 1024, panelHeight: 600, scale: 2, rotation: .degrees90)
    #expect(screen.bounds.size == Size(width: 300, height: 512))
    #expect(screen.point(atPanelFraction: Point(x: 0.25, y: 0.1)) == Point(x: 30, y: 384))
    #expect(screen.point(atPanelFraction: Point(x: 0.5, y: 0.5)) == Point(x: 150, y: 256))
  }
}

/// Counts touches-began calls and where their fingers were.
@MainActor
private final class CountingView: View {
  var beganCalls: [Int] = []
  var lastLocations: [Point] = []

  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    beganCalls.append(touches.count)
    lastLocations = touches.map { $0.location(in: self) }
  }
}
