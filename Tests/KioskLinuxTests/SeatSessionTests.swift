import Glibc
import KioskGraphics
import KioskUI
import Logging
import Testing

@testable import KioskLinux

/// VT switches through a fake seat: the DRM output (on the fake device) and libinput (on
/// the fake backend) pause on disable and come back, repainted, on enable.
@MainActor
struct SeatSessionTests {
  let logger = Logger(label: "test")
  let full = Region(PixelRect(x: 0, y: 0, width: 64, height: 48))

  private func frame() throws -> PixelBuffer {
    let buffer = try PixelBuffer(width: 64, height: 48)
    buffer.fill(.red)
    return buffer
  }

  @Test func disablingStopsFramesDropsMasterAndPausesInput() throws {
    let device = FakeDRMDevice()
    let output = try DRMOutput.open(
      device: device, configuration: DRMConfiguration(), logger: logger)
    let screen = Screen(panelWidth: 1000, panelHeight: 500, scale: 1, rotation: .degrees0)
    let input = LibinputHarness(screen: screen)
    let touch = input.backend.plug("Panel touch", .touch)
    input.backend.down(touch, slot: 0, at: Point(x: 0.1, y: 0.2))
    input.backend.frame(touch)
    input.run()
    let seat = FakeSeat()
    let session = SeatSession(seat: seat, logger: logger)
    session.add(output)
    session.add(input.source)
    var changes: [Bool] = []
    session.changeHandler = { changes.append($0) }
    try output.present(try frame(), damage: full, rotation: .degrees0)
    #expect(output.framesPresented == 1)

    seat.disable()
    #expect(device.calls.last == "dropMaster")
    #expect(seat.acknowledgements == 1)
    #expect(!output.isActive)
    let commits = device.commits.count
    try output.present(try frame(), damage: full, rotation: .degrees0)
    output.requestFrameEvent()
    #expect(output.framesPresented == 1)  // nothing shown while disabled
    #expect(device.commits.count == commits)
    #expect(input.backend.isSuspended && input.source.isSuspended)
    #expect(input.source.devices.isEmpty)
    #expect(input.samples.last?.phase == .cancelled)  // the finger down went with its device
    #expect(changes == [false])
  }

  @Test func enablingTakesMasterBackAndRepaintsEverything() throws {
    let device = FakeDRMDevice()
    let output = try DRMOutput.open(
      device: device, configuration: DRMConfiguration(), logger: logger)
    let screen = Screen(panelWidth: 1000, panelHeight: 500, scale: 1, rotation: .degrees0)
    let input = LibinputHarness(screen: screen)
    input.backend.plug("Panel touch", .touch)
    input.run()
    let seat = FakeSeat()
    let session = SeatSession(seat: seat, logger: logger)
    session.add(output)
    session.add(input.source)
    var repaints = 0
    output.repaintHandler = { repaints += 1 }
    try output.present(try frame(), damage: full, rotation: .degrees0)
    try output.present(
      try frame(), damage: Region(PixelRect(x: 0, y: 0, width: 4, height: 4)), rotation: .degrees0)
    // A flip was in flight when the VT switched; it must not hold frames back afterwards.
    seat.disable()
    seat.enable()
    #expect(device.calls.suffix(2) == ["dropMaster", "setMaster"])
    #expect(repaints == 1)
    #expect(output.isActive)
    #expect(!input.backend.isSuspended && !input.source.isSuspended)
    #expect(input.source.devices.count == 1)  // the touchscreen was opened again
    let commits = device.commits.count
    try output.present(try frame(), damage: full, rotation: .degrees0)
    // A full modeset (the other session may have changed the mode), then on screen at once.
    #expect(
      device.commits.dropFirst(commits).map(\.flags) == [
        [.testOnly, .allowModeset], [.allowModeset],
      ])
    #expect(output.framesPresented == 2)
    #expect(output.lastCopiedPixels == 64 * 48)  // every buffer is repainted whole
    #expect(seat.acknowledgements == 1)
  }

  @Test func devicesAreOpenedAndClosedThroughTheSeat() throws {
    let seat = FakeSeat()
    let previous = DeviceAccess.seat
    DeviceAccess.seat = seat
    defer { DeviceAccess.seat = previous }
    let device = try KernelDRMDevice(path: "/dev/dri/card9")
    device.close()
    #expect(seat.opened == ["/dev/dri/card9"])
    #expect(seat.closed == [1001])
    #expect(InputDeviceAccess.open("/dev/input/event7") == 1002)
    InputDeviceAccess.close(1002)
    #expect(seat.opened.last == "/dev/input/event7" && seat.closed.last == 1002)
    seat.openError = EACCES
    #expect(InputDeviceAccess.open("/dev/input/event8") == -EACCES)
    #expect(throws: DRMError.self) { try KernelDRMDevice(path: "/dev/dri/card8") }
  }

  @Test func theDirectSeatOpensNodesItself() {
    let seat = DirectSeat()
    let fd = seat.openDevice("/dev/null")
    #expect(fd >= 0)
    seat.closeDevice(fd)
    #expect(seat.openDevice("/nonexistent/event0") == -ENOENT)
    #expect(seat.isEnabled)
  }

  @Test func setuidRootIsRefused() {
    #expect(PrivilegeCheck.refusal(realUID: 1000, effectiveUID: 0)?.contains("setuid") == true)
    #expect(PrivilegeCheck.refusal(realUID: 0, effectiveUID: 0) == nil)
    #expect(PrivilegeCheck.refusal(realUID: 1000, effectiveUID: 1000) == nil)
  }
}
