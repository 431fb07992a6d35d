import Glibc
import KioskGraphics

@testable import KioskLinux

/// A DRM device in memory: records every call, keeps dumb buffers in ordinary memory, and
/// fails on request, so the output's logic is tested without a kernel.
@MainActor
final class FakeDRMDevice: DRMDevice {
  let path = "/dev/dri/fake0"
  let driverName = "fake"
  let fileDescriptor: Int32 = -1
  var supportsAtomic = true
  var hasPrimaryPlane = true
  var planeCanRotate = false
  var dumbSizes: [(Int, Int)] = []
  var connectorList: [DRMConnector]
  var calls: [String] = []
  var commits: [(properties: [AtomicProperty], flags: AtomicCommitFlags)] = []
  var blobs: [UInt32: [UInt8]] = [:]
  var pendingEvents: [DRMFlipEvent] = []
  /// The next call with this name fails with this errno.
  var failures: [String: Int32] = [:]
  /// Calls that fail with an errno a number of times (`inject`), by call name.
  private var injected: [String: (code: Int32, remaining: Int, skip: Int)] = [:]
  /// Flips complete (`completeFlip`) but send no event, as drivers have been seen to do.
  var dropsFlipEvents = false
  private var nextID: UInt32 = 100
  private var memory: [UnsafeMutableRawPointer] = []

  // What the client holds on the device, to check that everything made is freed.
  private(set) var liveFramebuffers: Set<UInt32> = []
  private(set) var liveDumbBuffers: Set<UInt32> = []
  private(set) var liveMappings = 0
  /// Blobs made and not yet destroyed (`blobs` keeps every blob's bytes for inspection).
  private(set) var liveBlobs: Set<UInt32> = []
  /// Dumb buffer handle → its memory, and framebuffer → its dumb buffer, to read the screen.
  private var dumbMemory: [UInt32: UnsafeMutableRawPointer] = [:]
  private var framebufferDumb: [UInt32: UInt32] = [:]
  /// The framebuffer each CRTC scans out now, and one a flip will show when it completes.
  private(set) var scannedOut: [UInt32: UInt32] = [:]
  private var flipping: [UInt32: UInt32] = [:]
  /// The framebuffer the first CRTC scans out now.
  var onScreen: UInt32? { scannedOut[Self.crtc] }
  /// How many CRTCs (40, 41…), each with its primary plane (50, 51…).
  var crtcCount = 1

  static let crtc: UInt32 = 40
  static let plane: UInt32 = 50

  init(connectors: [DRMConnector]? = nil) {
    connectorList = connectors ?? [Self.connector(name: "Virtual-1", connected: true)]
  }

  isolated deinit {
    for block in memory { free(block) }
  }

  static func mode(_ width: Int, _ height: Int, _ refresh: Int = 60, preferred: Bool = false)
    -> DRMMode
  {
    DRMMode(
      width: width, height: height, refresh: refresh, isPreferred: preferred,
      raw: DRMMode.RawMode(bytes: Array(repeating: UInt8(width & 0xff), count: 68)))
  }

  static func connector(
    name: String, connected: Bool, id: UInt32 = 30, crtcIndexes: [Int] = [0]
  ) -> DRMConnector {
    DRMConnector(
      id: id, name: name, isConnected: connected,
      modes: [mode(64, 48, preferred: true), mode(32, 24, 75)], possibleCRTCIndexes: crtcIndexes)
  }

  private func check(_ call: String) throws {
    calls.append(call)
    if let code = failures.removeValue(forKey: call) { throw DRMError(call: call, code: code) }
    guard let fault = injected[call] else { return }
    if fault.skip > 0 {
      injected[call] = (fault.code, fault.remaining, fault.skip - 1)
      return
    }
    injected[call] = fault.remaining > 1 ? (fault.code, fault.remaining - 1, 0) : nil
    throw DRMError(call: call, code: fault.code)
  }

  /// After `after` calls that succeed, the next `times` calls named `call` (`atomicCommit`,
  /// `atomicTestCommit`, `pageFlip`, `setCRTC`, `createDumbBuffer`, `map`,
  /// `addFramebuffer`, `createBlob`, `connectors`…) fail with `code`.
  func inject(_ code: Int32, into call: String, times: Int = 1, after: Int = 0) {
    injected[call] = (code, times, after)
  }

  /// Every injected fault is gone.
  func clearFaults() {
    injected.removeAll()
    failures.removeAll()
  }

  /// The pixels a CRTC scans out now (XRGB8888, 64×48 unless the mode says otherwise).
  func screenPixels(width: Int = 64, height: Int = 48, crtc: UInt32 = crtc) -> [UInt32]? {
    guard let id = scannedOut[crtc], let handle = framebufferDumb[id],
      let block = dumbMemory[handle]
    else { return nil }
    return Array(
      UnsafeBufferPointer(start: block.assumingMemoryBound(to: UInt32.self), count: width * height))
  }

  private func makeID() -> UInt32 {
    nextID += 1
    return nextID
  }

  func setClientCapability(_ capability: DRMClientCapability) -> Bool {
    calls.append("setClientCapability(\(capability))")
    return capability == .atomic ? supportsAtomic : true
  }

  func crtcIDs() throws -> [UInt32] { (0..<crtcCount).map { Self.crtc + UInt32($0) } }

  func connectors() throws -> [DRMConnector] {
    try check("connectors")
    return connectorList
  }

  func planes() throws -> [DRMPlane] {
    hasPrimaryPlane
      ? (0..<crtcCount).map {
        DRMPlane(
          id: Self.plane + UInt32($0), kind: .primary, possibleCRTCIndexes: [$0],
          formats: [DRMFormat.xrgb8888])
      }
      : []
  }

  func properties(of object: UInt32, kind: DRMObjectKind) throws -> [String: (
    id: UInt32, value: UInt64
  )] {
    let names: [String] =
      switch kind {
      case .connector: ["CRTC_ID", "DPMS"]
      case .crtc: ["MODE_ID", "ACTIVE"]
      case .plane:
        [
          "FB_ID", "CRTC_ID", "SRC_X", "SRC_Y", "SRC_W", "SRC_H", "CRTC_X", "CRTC_Y", "CRTC_W",
          "CRTC_H", "FB_DAMAGE_CLIPS", "type",
        ] + (planeCanRotate ? ["rotation"] : [])
      }
    var result: [String: (id: UInt32, value: UInt64)] = [:]
    for (index, name) in names.enumerated() { result[name] = (object * 100 + UInt32(index), 0) }
    return result
  }

  /// The property id the fake gives `name` on `object`.
  func propertyID(_ name: String, of object: UInt32, kind: DRMObjectKind) -> UInt32? {
    (try? properties(of: object, kind: kind))?[name]?.id
  }

  func bitNames(of property: UInt32) throws -> [String: Int] {
    ["rotate-0": 0, "rotate-90": 1, "rotate-180": 2, "rotate-270": 3, "reflect-x": 4]
  }

  func createDumbBuffer(width: Int, height: Int, bitsPerPixel: Int) throws -> DumbBuffer {
    try check("createDumbBuffer")
    dumbSizes.append((width, height))
    let handle = makeID()
    liveDumbBuffers.insert(handle)
    return DumbBuffer(handle: handle, pitch: width * 4, size: width * height * 4)
  }

  func map(_ buffer: DumbBuffer) throws -> UnsafeMutableRawPointer {
    try check("map")
    guard let block = calloc(1, buffer.size) else { throw DRMError(call: "map", code: ENOMEM) }
    memory.append(block)
    liveMappings += 1
    dumbMemory[buffer.handle] = block
    if buffer.handle == 99 { consoleMemory = block }
    return block
  }

  func unmap(_ memory: UnsafeMutableRawPointer, size: Int) { liveMappings -= 1 }
  func destroy(_ buffer: DumbBuffer) {
    calls.append("destroy")
    liveDumbBuffers.remove(buffer.handle)
  }

  func addFramebuffer(width: Int, height: Int, format: UInt32, buffer: DumbBuffer) throws -> UInt32
  {
    try check("addFramebuffer")
    let id = makeID()
    liveFramebuffers.insert(id)
    framebufferDumb[id] = buffer.handle
    return id
  }

  func removeFramebuffer(_ id: UInt32) {
    calls.append("removeFramebuffer")
    liveFramebuffers.remove(id)
  }

  /// What the CRTC showed before the output took it (the console, say).
  var consoleFramebuffer: UInt32 = 7
  var lastSetCRTC: (framebuffer: UInt32, mode: DRMMode)?

  func currentState(of crtc: UInt32) throws -> (framebuffer: UInt32, mode: DRMMode?) {
    try check("currentState")
    return (consoleFramebuffer, Self.mode(64, 48))
  }

  func setCRTC(_ crtc: UInt32, framebuffer: UInt32, connector: UInt32, mode: DRMMode) throws {
    try check("setCRTC")
    lastSetCRTC = (framebuffer, mode)
    scannedOut[crtc] = framebuffer
  }

  var dpmsValues: [UInt64] = []

  func setConnectorProperty(_ connector: UInt32, property: UInt32, value: UInt64) throws {
    try check("setConnectorProperty")
    dpmsValues.append(value)
  }

  /// The console's framebuffer memory, when the output borrows it at exit.
  var consoleMemory: UnsafeMutableRawPointer?

  func borrowFramebuffer(_ id: UInt32) throws -> (buffer: DumbBuffer, width: Int, height: Int) {
    try check("borrowFramebuffer")
    return (DumbBuffer(handle: 99, pitch: 64 * 4, size: 64 * 48 * 4), 64, 48)
  }

  func disableCRTC(_ crtc: UInt32) throws {
    try check("disableCRTC")
  }

  func pageFlip(_ crtc: UInt32, framebuffer: UInt32) throws {
    try check("pageFlip")
    flipping[crtc] = framebuffer
  }

  /// The clips of each DirtyFB call, in order.
  var dirtyClips: [[PixelRect]] = []

  func dirtyFramebuffer(_ id: UInt32, clips: [PixelRect]) throws {
    try check("dirtyFramebuffer")
    dirtyClips.append(clips)
  }

  func createBlob(_ bytes: [UInt8]) throws -> UInt32 {
    try check("createBlob")
    let id = makeID()
    blobs[id] = bytes
    liveBlobs.insert(id)
    return id
  }

  func destroyBlob(_ id: UInt32) {
    calls.append("destroyBlob")
    liveBlobs.remove(id)
  }

  func atomicCommit(_ properties: [AtomicProperty], flags: AtomicCommitFlags) throws {
    try check(flags.contains(.testOnly) ? "atomicTestCommit" : "atomicCommit")
    commits.append((properties, flags))
    guard !flags.contains(.testOnly) else { return }
    for index in 0..<crtcCount {
      let plane = Self.plane + UInt32(index)
      guard let fbProperty = propertyID("FB_ID", of: plane, kind: .plane),
        let framebuffer = properties.first(where: {
          $0.object == plane && $0.property == fbProperty
        })?.value
      else { continue }
      let crtc = Self.crtc + UInt32(index)
      if flags.contains(.pageFlipEvent) {
        flipping[crtc] = UInt32(framebuffer)
      } else {
        scannedOut[crtc] = UInt32(framebuffer)
      }
    }
  }

  func readFlipEvents() throws -> [DRMFlipEvent] {
    defer { pendingEvents.removeAll() }
    return pendingEvents
  }

  func dropMaster() { calls.append("dropMaster") }

  /// Set by `close()`.
  private(set) var isClosed = false

  func close() {
    calls.append("close")
    isClosed = true
  }

  func setMaster() -> Bool {
    calls.append("setMaster")
    return true
  }

  /// The kernel finished the flip: its framebuffer is on screen, and an event says so
  /// (unless `dropsFlipEvents`).
  func completeFlip(crtc: UInt32 = crtc) {
    if let framebuffer = flipping.removeValue(forKey: crtc) { scannedOut[crtc] = framebuffer }
    if !dropsFlipEvents {
      pendingEvents.append(DRMFlipEvent(crtc: crtc, sequence: 0, time: 0))
    }
  }
}
