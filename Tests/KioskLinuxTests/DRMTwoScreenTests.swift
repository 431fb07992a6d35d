import Glibc
import KioskGraphics
import KioskUI
import Logging
import Testing

@testable import KioskLinux

/// Two screens on one card (HDMI and DSI on one GPU): each its own connector, CRTC, plane,
/// buffers and flips, one event reader for both, DRM master kept while either is live.
@MainActor
struct DRMTwoScreenTests {
  let logger = Logger(label: "test")
  let full = Region(PixelRect(x: 0, y: 0, width: 64, height: 48))

  private func frame(_ color: Color) throws -> PixelBuffer {
    let buffer = try PixelBuffer(width: 64, height: 48)
    buffer.fill(color)
    return buffer
  }

  private func twoHeadedCard(legacy: Bool = false) -> FakeDRMDevice {
    let device = FakeDRMDevice(connectors: [
      FakeDRMDevice.connector(name: "HDMI-A-1", connected: true, id: 30, crtcIndexes: [0, 1]),
      FakeDRMDevice.connector(name: "HDMI-A-2", connected: true, id: 31, crtcIndexes: [0, 1]),
    ])
    device.crtcCount = 2
    device.supportsAtomic = !legacy
    return device
  }

  private func openBoth(_ device: FakeDRMDevice) throws -> (DRMOutput, DRMOutput) {
    let main = try DRMOutput.open(
      device: device, configuration: DRMConfiguration(), logger: logger)
    let second = try DRMOutput.open(
      device: device, configuration: DRMConfiguration(connector: "HDMI-A-2"), beside: main,
      logger: logger)
    return (main, second)
  }

  @Test(arguments: [false, true])
  func eachScreenHasItsOwnPipeAndFlips(legacy: Bool) throws {
    let device = twoHeadedCard(legacy: legacy)
    let (main, second) = try openBoth(device)
    #expect(main.name == "HDMI-A-1" && second.name == "HDMI-A-2")
    #expect(main.crtc == 40 && second.crtc == 41)
    #expect(main.events === second.events)
    var mainFrames = 0
    var secondFrames = 0
    main.frameHandler = { _ in mainFrames += 1 }
    second.frameHandler = { _ in secondFrames += 1 }
    // Each lights up its own CRTC with its own picture.
    try main.present(try frame(.red), damage: full, rotation: .degrees0)
    try second.present(try frame(.blue), damage: full, rotation: .degrees0)
    #expect(device.screenPixels(crtc: 40)?.first == 0xFFFF_0000)
    #expect(device.screenPixels(crtc: 41)?.first == 0xFF00_00FF)
    // Then each flips; the second's flip event completes the second's flip only.
    try main.present(try frame(.green), damage: full, rotation: .degrees0)
    try second.present(try frame(.white), damage: full, rotation: .degrees0)
    main.requestFrameEvent()
    second.requestFrameEvent()
    device.completeFlip(crtc: 41)
    main.handleDeviceEvents()
    #expect(secondFrames == 1 && mainFrames == 0)
    #expect(device.screenPixels(crtc: 41)?.first == 0xFFFF_FFFF)
    #expect(device.screenPixels(crtc: 40)?.first == 0xFFFF_0000)
    device.completeFlip(crtc: 40)
    second.handleDeviceEvents()
    #expect(mainFrames == 1 && secondFrames == 1)
    #expect(device.screenPixels(crtc: 40)?.first == 0xFF00_FF00)
    if !legacy {
      // The planes differ too.
      let fb50 = try #require(device.propertyID("FB_ID", of: 50, kind: .plane))
      let fb51 = try #require(device.propertyID("FB_ID", of: 51, kind: .plane))
      let planesCommitted = device.commits.filter { !$0.flags.contains(.testOnly) }.map {
        Set($0.properties.filter { [fb50, fb51].contains($0.property) }.map(\.object))
      }
      #expect(planesCommitted.allSatisfy { $0.count == 1 })
      #expect(Set(planesCommitted.flatMap { $0 }) == [50, 51])
    }
    main.shutDown()
    second.shutDown()
  }

  @Test func masterStaysUntilTheLastScreenOnTheCardShutsDown() throws {
    let device = twoHeadedCard()
    let (main, second) = try openBoth(device)
    try main.present(try frame(.red), damage: full, rotation: .degrees0)
    try second.present(try frame(.blue), damage: full, rotation: .degrees0)
    second.shutDown()
    #expect(!device.calls.contains("dropMaster"))
    try main.present(try frame(.green), damage: full, rotation: .degrees0)
    main.shutDown()
    #expect(device.calls.filter { $0 == "dropMaster" }.count == 1)
    #expect(device.liveFramebuffers.isEmpty && device.liveDumbBuffers.isEmpty)
    #expect(device.liveBlobs.isEmpty && device.liveMappings == 0)
  }

  @Test func aScreenTakesNoConnectorOrCRTCAnotherUses() throws {
    let device = twoHeadedCard()
    let main = try DRMOutput.open(
      device: device, configuration: DRMConfiguration(), logger: logger)
    #expect {
      try DRMOutput.open(
        device: device, configuration: DRMConfiguration(connector: "HDMI-A-1"), beside: main,
        logger: logger)
    } throws: { "\($0)".contains("HDMI-A-1 already shows another screen") }
    // A connector that only the main screen's CRTC can drive has none left.
    let narrow = FakeDRMDevice(connectors: [
      FakeDRMDevice.connector(name: "DSI-1", connected: true, id: 30, crtcIndexes: [0]),
      FakeDRMDevice.connector(name: "HDMI-A-1", connected: true, id: 31, crtcIndexes: [0]),
    ])
    narrow.crtcCount = 2
    let first = try DRMOutput.open(
      device: narrow, configuration: DRMConfiguration(), logger: logger)
    #expect {
      try DRMOutput.open(
        device: narrow, configuration: DRMConfiguration(connector: "HDMI-A-1"), beside: first,
        logger: logger)
    } throws: { "\($0)".contains("no CRTC can drive HDMI-A-1") }
    // Without a connector named, the first free connected one is taken.
    let any = try DRMOutput.open(
      device: device, configuration: DRMConfiguration(), beside: main, logger: logger)
    #expect(any.name == "HDMI-A-2" && any.crtc == 41)
  }

  @Test func connectingAndDisconnectingTellsTheRuntime() throws {
    let device = twoHeadedCard()
    device.connectorList[1].isConnected = false
    let (main, second) = try openBoth(device)
    var changes: [Bool] = []
    second.connectionHandler = { changes.append($0) }
    main.connectionHandler = { _ in Issue.record("the main screen's display did not change") }
    #expect(!second.isConnected)
    device.connectorList[1].isConnected = true
    second.connectorsChanged()
    main.connectorsChanged()
    device.connectorList[1].isConnected = false
    second.connectorsChanged()
    #expect(changes == [true, false])
    // A card gone is a disconnection too.
    device.connectorList[1].isConnected = true
    second.connectorsChanged()
    device.inject(ENODEV, into: "atomicTestCommit")
    device.inject(ENODEV, into: "atomicCommit")
    _ = try? second.present(try frame(.red), damage: full, rotation: .degrees0)
    #expect(changes == [true, false, true, false])
  }
}
