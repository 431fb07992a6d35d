import Glibc
import KioskGraphics
import KioskUI
import Logging
import Testing

@testable import KioskLinux

@MainActor
struct DRMOutputTests {
  let logger = Logger(label: "test")

  private func frame(_ color: Color = .red) throws -> PixelBuffer {
    let buffer = try PixelBuffer(width: 64, height: 48)
    buffer.fill(color)
    return buffer
  }

  private func open(_ device: FakeDRMDevice, legacy: Bool = false) throws -> DRMOutput {
    try DRMOutput.open(
      device: device, configuration: DRMConfiguration(forceLegacy: legacy), logger: logger)
  }

  @Test func atomicIsChosenAndTheFirstModesetIsTestedFirst() throws {
    let device = FakeDRMDevice()
    let output = try open(device)
    #expect(output.commitAPI == "atomic")
    #expect(output.pixelWidth == 64 && output.pixelHeight == 48)  // the preferred mode
    try output.present(
      try frame(), damage: Region(PixelRect(x: 0, y: 0, width: 64, height: 48)), rotation: .degrees0
    )
    #expect(device.commits.map(\.flags) == [[.testOnly, .allowModeset], [.allowModeset]])
    #expect(output.framesPresented == 1)
  }

  @Test func flipsCarryDamageClipsInPanelPixels() throws {
    let device = FakeDRMDevice()
    let output = try open(device)
    let full = Region(PixelRect(x: 0, y: 0, width: 64, height: 48))
    try output.present(try frame(), damage: full, rotation: .degrees0)
    try output.present(
      try frame(.green), damage: Region(PixelRect(x: 2, y: 3, width: 4, height: 5)),
      rotation: .degrees0)
    let flip = try #require(device.commits.last)
    #expect(flip.flags == [.nonblock, .pageFlipEvent])
    let clipsID = try #require(
      device.propertyID("FB_DAMAGE_CLIPS", of: FakeDRMDevice.plane, kind: .plane))
    let blobID = try #require(flip.properties.first { $0.property == clipsID }?.value)
    let bytes = try #require(device.blobs[UInt32(blobID)])
    #expect(bytes == AtomicCommitter.clipBytes([PixelRect(x: 2, y: 3, width: 4, height: 5)]))
    #expect(device.calls.contains("destroyBlob"))
  }

  @Test func legacyWhenAtomicIsMissingOrRefused() throws {
    let noAtomic = FakeDRMDevice()
    noAtomic.supportsAtomic = false
    #expect(try open(noAtomic).commitAPI == "legacy")
    let forced = FakeDRMDevice()
    let output = try open(forced, legacy: true)
    #expect(output.commitAPI == "legacy")
    #expect(!forced.calls.contains("setClientCapability(atomic)"))
    try output.present(
      try frame(), damage: Region(PixelRect(x: 0, y: 0, width: 64, height: 48)), rotation: .degrees0
    )
    try output.present(
      try frame(), damage: Region(PixelRect(x: 0, y: 0, width: 8, height: 8)), rotation: .degrees0)
    #expect(
      forced.calls.filter { ["setCRTC", "pageFlip"].contains($0) } == ["setCRTC", "pageFlip"])
    let noPlane = FakeDRMDevice()
    noPlane.hasPrimaryPlane = false
    #expect(try open(noPlane).commitAPI == "legacy")
  }

  /// Legacy flips tell the driver which parts changed (DirtyFB, for panels that scan out a
  /// shadow copy); a driver without it answers ENOSYS once and is not asked again, and a
  /// failed hint never fails the frame.
  @Test func legacyFlipsReportTheDamageWithDirtyFB() throws {
    let device = FakeDRMDevice()
    let output = try open(device, legacy: true)
    let full = Region(PixelRect(x: 0, y: 0, width: 64, height: 48))
    try output.present(try frame(), damage: full, rotation: .degrees0)
    func flip(_ rect: PixelRect) throws {
      try output.present(try frame(), damage: Region(rect), rotation: .degrees0)
      device.completeFlip()
      output.handleDeviceEvents()
    }
    try flip(PixelRect(x: 2, y: 3, width: 4, height: 5))
    #expect(device.dirtyClips == [[PixelRect(x: 2, y: 3, width: 4, height: 5)]])
    device.failures["dirtyFramebuffer"] = EIO
    try flip(PixelRect(x: 0, y: 0, width: 1, height: 1))
    #expect(output.framesPresented == 3, "a failed hint does not fail the frame")
    device.failures["dirtyFramebuffer"] = ENOSYS
    try flip(PixelRect(x: 0, y: 0, width: 2, height: 2))
    let asked = device.calls.filter { $0 == "dirtyFramebuffer" }.count
    try flip(PixelRect(x: 0, y: 0, width: 3, height: 3))
    #expect(device.calls.filter { $0 == "dirtyFramebuffer" }.count == asked, "not asked again")
    #expect(output.framesPresented == 5)
  }

  @Test func neverMoreThanOneCommitInFlight() throws {
    let device = FakeDRMDevice()
    let output = try open(device)
    let full = Region(PixelRect(x: 0, y: 0, width: 64, height: 48))
    try output.present(try frame(), damage: full, rotation: .degrees0)
    try output.present(
      try frame(), damage: Region(PixelRect(x: 0, y: 0, width: 4, height: 4)), rotation: .degrees0)
    try output.present(
      try frame(), damage: Region(PixelRect(x: 10, y: 10, width: 4, height: 4)), rotation: .degrees0
    )
    try output.present(
      try frame(), damage: Region(PixelRect(x: 20, y: 20, width: 4, height: 4)), rotation: .degrees0
    )
    #expect(device.commits.count == 3)  // test, modeset, one flip
    device.completeFlip()
    output.handleDeviceEvents()
    #expect(device.commits.count == 4)  // the two waiting frames went out as one
    #expect(output.framesPresented == 2)
    device.completeFlip()
    output.handleDeviceEvents()
    #expect(output.framesPresented == 3)
  }

  @Test func eachBufferReceivesOnlyTheDamageItMissed() throws {
    let device = FakeDRMDevice()
    let output = try open(device)
    let full = Region(PixelRect(x: 0, y: 0, width: 64, height: 48))
    try output.present(try frame(), damage: full, rotation: .degrees0)
    #expect(output.lastCopiedPixels == 64 * 48)
    let small = Region(PixelRect(x: 0, y: 0, width: 4, height: 4))
    for _ in 0..<2 {
      try output.present(try frame(), damage: small, rotation: .degrees0)
      device.completeFlip()
      output.handleDeviceEvents()
    }
    // Buffers 2 and 3 were new: copied whole. Buffer 1 comes round again, three frames old.
    try output.present(try frame(), damage: small, rotation: .degrees0)
    #expect(output.lastCopiedPixels == 16)
  }

  @Test func frameEventsArriveWithFlips() throws {
    let device = FakeDRMDevice()
    let output = try open(device)
    var ticks = 0
    output.frameHandler = { _ in ticks += 1 }
    try output.present(
      try frame(), damage: Region(PixelRect(x: 0, y: 0, width: 64, height: 48)), rotation: .degrees0
    )
    try output.present(
      try frame(), damage: Region(PixelRect(x: 0, y: 0, width: 4, height: 4)), rotation: .degrees0)
    output.requestFrameEvent()
    #expect(ticks == 0)
    device.completeFlip()
    output.handleDeviceEvents()
    #expect(ticks == 1)
  }

  @Test func kernelErrorsSurfaceWithTheCallAndErrno() throws {
    let device = FakeDRMDevice()
    let output = try open(device)
    try output.present(
      try frame(), damage: Region(PixelRect(x: 0, y: 0, width: 64, height: 48)), rotation: .degrees0
    )
    device.failures["atomicCommit"] = EBUSY
    #expect(throws: DRMError(call: "atomicCommit", code: EBUSY)) {
      try output.present(
        try frame(), damage: Region(PixelRect(x: 0, y: 0, width: 4, height: 4)), rotation: .degrees0
      )
    }
    let denied = FakeDRMDevice()
    denied.failures["createDumbBuffer"] = EACCES
    #expect(throws: DRMError(call: "createDumbBuffer", code: EACCES)) { try open(denied) }
  }

  @Test func aCardWithoutConnectorsIsAClearError() {
    let device = FakeDRMDevice(connectors: [])
    #expect(throws: DRMSetupError.self) { try open(device) }
  }

  @Test func shuttingDownPutsTheConsoleBackAndFreesEverything() throws {
    let device = FakeDRMDevice()
    let output = try open(device)
    let full = Region(PixelRect(x: 0, y: 0, width: 64, height: 48))
    try output.present(try frame(), damage: full, rotation: .degrees0)
    output.shutDown()
    #expect(device.lastSetCRTC?.framebuffer == device.consoleFramebuffer)
    #expect(device.calls.filter { $0 == "removeFramebuffer" }.count == 3)
    #expect(device.calls.filter { $0 == "destroy" }.count == 3)
    #expect(device.calls.last == "dropMaster")
    let keeping = FakeDRMDevice()
    let other = try open(keeping)
    other.shutDown(restoreConsole: false)
    #expect(keeping.lastSetCRTC == nil)
  }

  @Test func unpluggedDisplaysGetNoFramesAndComeBackWhole() throws {
    let device = FakeDRMDevice()
    let output = try open(device)
    var repaints = 0
    output.repaintHandler = { repaints += 1 }
    let full = Region(PixelRect(x: 0, y: 0, width: 64, height: 48))
    try output.present(try frame(), damage: full, rotation: .degrees0)
    device.connectorList = [FakeDRMDevice.connector(name: "Virtual-1", connected: false)]
    output.connectorsChanged()
    #expect(!output.isActive)
    #expect(repaints == 0)
    output.connectorsChanged()  // still unplugged: nothing happens
    device.connectorList = [FakeDRMDevice.connector(name: "Virtual-1", connected: true)]
    let commitsBefore = device.commits.count
    output.connectorsChanged()
    #expect(output.isActive)
    #expect(repaints == 1)
    // The screen repaints everything; the output sets the mode again and copies it whole.
    try output.present(try frame(), damage: full, rotation: .degrees0)
    #expect(device.commits.count == commitsBefore + 2)
    #expect(device.commits.last?.flags == [.allowModeset])
    #expect(output.lastCopiedPixels == 64 * 48)
  }

  @Test func startsWithoutADisplayAndLightsUpWhenOneIsConnected() throws {
    let device = FakeDRMDevice(connectors: [
      DRMConnector(
        id: 30, name: "HDMI-A-1", isConnected: false, modes: [], possibleCRTCIndexes: [0])
    ])
    let output = try DRMOutput.open(
      device: device, configuration: DRMConfiguration(mode: "64x48"), logger: logger)
    #expect(!output.isActive && output.pixelWidth == 64 && output.pixelHeight == 48)
    #expect(output.mode.isAssumed)
    let full = Region(PixelRect(x: 0, y: 0, width: 64, height: 48))
    try output.present(try frame(), damage: full, rotation: .degrees0)
    #expect(device.commits.isEmpty)
    var repaints = 0
    output.repaintHandler = { repaints += 1 }
    device.connectorList = [FakeDRMDevice.connector(name: "HDMI-A-1", connected: true)]
    output.connectorsChanged()
    #expect(output.isActive && repaints == 1 && !output.mode.isAssumed)
    try output.present(try frame(), damage: full, rotation: .degrees0)
    #expect(device.commits.map(\.flags) == [[.testOnly, .allowModeset], [.allowModeset]])
  }

  @Test func withNothingConnectedAndNoModeItWaitsAtAStandInSize() throws {
    let device = FakeDRMDevice(connectors: [
      DRMConnector(
        id: 30, name: "HDMI-A-1", isConnected: false, modes: [], possibleCRTCIndexes: [0])
    ])
    var configuration = DRMConfiguration()
    configuration.provisionalSize = (100, 50)
    let output = try DRMOutput.open(device: device, configuration: configuration, logger: logger)
    #expect(!output.isActive && output.mode.isAssumed)
    #expect(output.pixelWidth == 100 && output.pixelHeight == 50)
    var sizes: [[Int]] = []
    output.sizeChangeHandler = { sizes.append([$0, $1]) }
    // The display arrives: its preferred mode, new buffers, and the screen is told.
    device.connectorList = [FakeDRMDevice.connector(name: "HDMI-A-1", connected: true)]
    output.connectorsChanged()
    #expect(output.isActive && sizes == [[64, 48]])
    #expect(output.pixelWidth == 64 && output.pixelHeight == 48)
    #expect(device.liveDumbBuffers.count == 3, "the stand-in size's buffers were freed")
    #expect(device.dumbSizes.suffix(3).allSatisfy { $0 == (64, 48) })
    // A frame still of the old size is refused, not copied out of bounds.
    #expect(throws: DRMError.self) {
      try output.present(
        try PixelBuffer(width: 100, height: 50),
        damage: Region(PixelRect(x: 0, y: 0, width: 100, height: 50)),
        rotation: .degrees0)
    }
    let full = Region(PixelRect(x: 0, y: 0, width: 64, height: 48))
    try output.present(try frame(.green), damage: full, rotation: .degrees0)
    #expect(output.framesPresented == 1)
    #expect(device.screenPixels()?.first.map { $0 & 0x00ff_ffff } == 0x00_ff00)
    output.shutDown()
    #expect(device.liveDumbBuffers.isEmpty && device.liveFramebuffers.isEmpty)
  }

  /// Another display on the connector without an unplug the kernel saw (a fast swap, or a
  /// display that changed its EDID): the new preferred mode is set, the screen follows its
  /// size and is repainted whole; the same modes again change nothing.
  @Test func aModeChangeWhileConnectedIsFollowed() throws {
    let device = FakeDRMDevice()
    let output = try DRMOutput.open(
      device: device, configuration: DRMConfiguration(), logger: logger)
    var sizes: [[Int]] = []
    var repaints = 0
    output.sizeChangeHandler = { sizes.append([$0, $1]) }
    output.repaintHandler = { repaints += 1 }
    let full = Region(PixelRect(x: 0, y: 0, width: 64, height: 48))
    try output.present(try frame(.red), damage: full, rotation: .degrees0)
    try output.present(try frame(.green), damage: full, rotation: .degrees0)  // in flight
    output.connectorsChanged()
    #expect(sizes.isEmpty && repaints == 0)
    device.connectorList[0].modes = [
      FakeDRMDevice.mode(64, 48), FakeDRMDevice.mode(32, 24, 75, preferred: true),
    ]
    output.connectorsChanged()
    #expect(sizes == [[32, 24]] && repaints == 1)
    #expect(output.mode.width == 32 && output.refreshRate == 75)
    #expect(
      device.liveDumbBuffers.count == 3 && device.dumbSizes.suffix(3).allSatisfy { $0 == (32, 24) })
    // The next frame sets the new mode (a modeset, not a flip onto the old one).
    let small = try PixelBuffer(width: 32, height: 24)
    small.fill(.blue)
    try output.present(
      small, damage: Region(PixelRect(x: 0, y: 0, width: 32, height: 24)), rotation: .degrees0)
    #expect(device.commits.last?.flags == [.allowModeset])
    #expect(
      device.screenPixels(width: 32, height: 24)?.allSatisfy { $0 & 0x00ff_ffff == 0x0000ff }
        == true)
    output.shutDown()
  }

  @Test func aDisplayWithoutTheConfiguredModeGetsItsPreferredOne() throws {
    let device = FakeDRMDevice(connectors: [
      DRMConnector(
        id: 30, name: "HDMI-A-1", isConnected: false, modes: [], possibleCRTCIndexes: [0])
    ])
    let output = try DRMOutput.open(
      device: device, configuration: DRMConfiguration(mode: "800x480"), logger: logger)
    #expect(output.pixelWidth == 800)
    var sizes: [[Int]] = []
    output.sizeChangeHandler = { sizes.append([$0, $1]) }
    device.connectorList = [FakeDRMDevice.connector(name: "HDMI-A-1", connected: true)]
    output.connectorsChanged()
    #expect(output.isActive && sizes == [[64, 48]])
    // The configured mode is taken when the display offers it, with its refresh rate.
    device.connectorList = [FakeDRMDevice.connector(name: "HDMI-A-1", connected: false)]
    output.connectorsChanged()
    let picky = try DRMOutput.open(
      device: FakeDRMDevice(connectors: [
        DRMConnector(
          id: 30, name: "HDMI-A-1", isConnected: false, modes: [], possibleCRTCIndexes: [0])
      ]), configuration: DRMConfiguration(mode: "32x24"), logger: logger)
    #expect(picky.refreshRate == 60)
    var pickySizes: [[Int]] = []
    picky.sizeChangeHandler = { pickySizes.append([$0, $1]) }
    (picky.device as? FakeDRMDevice)?.connectorList = [
      FakeDRMDevice.connector(name: "HDMI-A-1", connected: true)
    ]
    picky.connectorsChanged()
    #expect(picky.isActive && pickySizes.isEmpty && picky.refreshRate == 75)
  }

  @Test func blankingSwitchesTheCRTCOffAndBackOn() throws {
    let device = FakeDRMDevice()
    let output = try open(device)
    var repaints = 0
    output.repaintHandler = { repaints += 1 }
    let full = Region(PixelRect(x: 0, y: 0, width: 64, height: 48))
    try output.present(try frame(), damage: full, rotation: .degrees0)
    try output.setBlanked(true)
    let active = try #require(device.propertyID("ACTIVE", of: FakeDRMDevice.crtc, kind: .crtc))
    #expect(
      device.commits.last?.properties == [
        AtomicProperty(object: FakeDRMDevice.crtc, property: active, value: 0)
      ])
    #expect(!output.isActive)
    let commits = device.commits.count
    try output.present(try frame(), damage: full, rotation: .degrees0)
    #expect(device.commits.count == commits)
    try output.setBlanked(false)
    #expect(output.isActive && repaints == 1)
    #expect(device.commits.last?.flags == [.allowModeset])
  }

  @Test func legacyBlankingUsesDPMS() throws {
    let device = FakeDRMDevice()
    let output = try open(device, legacy: true)
    let full = Region(PixelRect(x: 0, y: 0, width: 64, height: 48))
    try output.present(try frame(), damage: full, rotation: .degrees0)
    try output.setBlanked(true)
    try output.setBlanked(false)
    #expect(device.dpmsValues == [3, 0])
  }

  @Test func blankingWaitsForTheFlipInFlight() throws {
    let device = FakeDRMDevice()
    let output = try open(device)
    let full = Region(PixelRect(x: 0, y: 0, width: 64, height: 48))
    try output.present(try frame(), damage: full, rotation: .degrees0)
    try output.present(try frame(), damage: full, rotation: .degrees0)
    try output.setBlanked(true)
    #expect(output.isActive)  // not yet: a flip is in flight
    device.completeFlip()
    output.handleDeviceEvents()
    #expect(!output.isActive)
  }

  /// An output with a flip in flight, a frame queued behind it and a blanking waiting for it.
  private func blankingBehindAFlip(on device: FakeDRMDevice) throws -> DRMOutput {
    let output = try open(device)
    let frames = [try frame(), try frame()]
    for next in frames {
      try output.present(next, damage: Region(next.bounds), rotation: .degrees0)
    }
    try output.setBlanked(true)
    return output
  }

  @Test func anUnblankBehindTheFlipCancelsTheBlankingThatWaited() throws {
    let device = FakeDRMDevice()
    let output = try blankingBehindAFlip(on: device)
    try output.setBlanked(false)  // the last request wins
    device.completeFlip()
    output.handleDeviceEvents()
    #expect(output.isActive)
  }

  @Test func aBlankingBehindAFlipTheSeatTookAwayHoldsWhenTheSeatComesBack() throws {
    let output = try blankingBehindAFlip(on: FakeDRMDevice())
    output.seatDisabled()
    output.seatEnabled()
    #expect(!output.isActive)  // still blanked, as asked
    try output.setBlanked(false)
    #expect(output.isActive)
  }

  @Test func thePlaneTurnsFramesWhenAskedAndAble() throws {
    let device = FakeDRMDevice()
    device.planeCanRotate = true
    var configuration = DRMConfiguration()
    configuration.planeRotation = .degrees90
    let output = try DRMOutput.open(device: device, configuration: configuration, logger: logger)
    #expect(output.planeRotation == .degrees90)
    #expect(device.dumbSizes.allSatisfy { $0 == (48, 64) })  // the logical screen's shape
    let logical = try PixelBuffer(width: 48, height: 64)
    logical.fill(.red)
    try output.present(logical, damage: Region(logical.bounds), rotation: .degrees90)
    let modeset = try #require(device.commits.last)
    let rotation = try #require(
      device.propertyID("rotation", of: FakeDRMDevice.plane, kind: .plane))
    let srcW = try #require(device.propertyID("SRC_W", of: FakeDRMDevice.plane, kind: .plane))
    // Clockwise 90° on the panel is DRM's rotate-270 (DRM turns counter-clockwise).
    #expect(
      modeset.properties.contains(
        AtomicProperty(object: FakeDRMDevice.plane, property: rotation, value: 1 << 3)))
    #expect(
      modeset.properties.contains(
        AtomicProperty(object: FakeDRMDevice.plane, property: srcW, value: 48 << 16)))
    #expect(output.lastCopiedPixels == 48 * 64)
  }

  /// The screen turned at run time away from the plane's angle (`kioskctl rotate 0` on a
  /// plane set up at 90°): the copy turns frames by the rest, so they still fill the
  /// plane's buffers.
  @Test func aScreenTurnedAwayFromThePlanesAngleIsTurnedByTheRest() throws {
    let device = FakeDRMDevice()
    device.planeCanRotate = true
    var configuration = DRMConfiguration()
    configuration.planeRotation = .degrees90
    let output = try DRMOutput.open(device: device, configuration: configuration, logger: logger)
    let portrait = try PixelBuffer(width: 48, height: 64)
    try output.present(portrait, damage: Region(portrait.bounds), rotation: .degrees90)
    let landscape = try PixelBuffer(width: 64, height: 48)
    try output.present(landscape, damage: Region(landscape.bounds), rotation: .degrees0)
    #expect(output.lastCopiedPixels == 64 * 48)
    #expect(device.commits.last?.flags == [.nonblock, .pageFlipEvent])
  }

  @Test func withoutPlaneRotationTheCompositorTurnsFrames() throws {
    let device = FakeDRMDevice()
    var configuration = DRMConfiguration()
    configuration.planeRotation = .degrees90
    let output = try DRMOutput.open(device: device, configuration: configuration, logger: logger)
    #expect(output.planeRotation == .degrees0)
    #expect(device.dumbSizes.allSatisfy { $0 == (64, 48) })
  }

  @Test func theLastFrameCanOutliveTheApp() throws {
    let device = FakeDRMDevice()
    let output = try open(device)
    let full = Region(PixelRect(x: 0, y: 0, width: 64, height: 48))
    try output.present(try frame(.red), damage: full, rotation: .degrees0)
    output.shutDown(keepLastFrame: true)
    let console = try #require(device.consoleMemory)
    #expect(console.load(as: UInt32.self) & 0xff_ffff == 0xff_0000)  // red, in the console's buffer
    #expect(device.lastSetCRTC?.framebuffer == device.consoleFramebuffer)
  }
}

@MainActor
struct DRMPipeSelectorTests {
  let connectors = [
    FakeDRMDevice.connector(name: "HDMI-A-1", connected: false, id: 1),
    FakeDRMDevice.connector(name: "DSI-1", connected: true, id: 2),
  ]

  @Test func picksTheFirstConnectedConnectorAndItsPreferredMode() throws {
    let pipe = try DRMPipeSelector.select(
      connectors: connectors, crtcs: [7], planes: [], configuration: DRMConfiguration())
    #expect(pipe.connector.name == "DSI-1" && pipe.mode.width == 64 && pipe.crtc == 7)
    #expect(pipe.plane == nil)
  }

  @Test func honoursConnectorAndModeFromConfiguration() throws {
    let pipe = try DRMPipeSelector.select(
      connectors: connectors, crtcs: [7], planes: [],
      configuration: DRMConfiguration(connector: "DSI-1", mode: "32x24@75"))
    #expect(pipe.mode.width == 32 && pipe.mode.refresh == 75)
  }

  @Test func explainsWhatIsMissing() {
    func message(_ configuration: DRMConfiguration) -> String {
      do {
        _ = try DRMPipeSelector.select(
          connectors: connectors, crtcs: [7], planes: [], configuration: configuration)
        return ""
      } catch { return "\(error)" }
    }
    #expect(message(DRMConfiguration(connector: "DP-3")).contains("HDMI-A-1, DSI-1"))
    // Nothing connected and no mode: a stand-in size, not an error.
    #expect(message(DRMConfiguration(connector: "HDMI-A-1")) == "")
    #expect(message(DRMConfiguration(mode: "800x600")).contains("64x48@60"))
  }

  @Test func modeStrings() {
    let mode = FakeDRMDevice.mode(1920, 1080, 60)
    #expect(mode.matches("1920x1080") && mode.matches("1920x1080@60"))
    #expect(!mode.matches("1920x1080@50") && !mode.matches("1280x720") && !mode.matches("garbage"))
  }
}
