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
  private var nextID: UInt32 = 100
  private var memory: [UnsafeMutableRawPointer] = []

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

  static func connector(name: String, connected: Bool, id: UInt32 = 30) -> DRMConnector {
    DRMConnector(
      id: id, name: name, isConnected: connected,
      modes: [mode(64, 48, preferred: true), mode(32, 24, 75)], possibleCRTCIndexes: [0])
  }

  private func check(_ call: String) throws {
    calls.append(call)
    if let code = failures.removeValue(forKey: call) { throw DRMError(call: call, code: code) }
  }

  private func makeID() -> UInt32 {
    nextID += 1
    return nextID
  }

  func setClientCapability(_ capability: DRMClientCapability) -> Bool {
    calls.append("setClientCapability(\(capability))")
    return capability == .atomic ? supportsAtomic : true
  }

  func crtcIDs() throws -> [UInt32] { [Self.crtc] }

  func connectors() throws -> [DRMConnector] {
    try check("connectors")
    return connectorList
  }

  func planes() throws -> [DRMPlane] {
    hasPrimaryPlane
      ? [
        DRMPlane(
          id: Self.plane, kind: .primary, possibleCRTCIndexes: [0], formats: [DRMFormat.xrgb8888])
      ]
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
    return DumbBuffer(handle: makeID(), pitch: width * 4, size: width * height * 4)
  }

  func map(_ buffer: DumbBuffer) throws -> UnsafeMutableRawPointer {
    try check("map")
    guard let block = calloc(1, buffer.size) else { throw DRMError(call: "map", code: ENOMEM) }
    memory.append(block)
    if buffer.handle == 99 { consoleMemory = block }
    return block
  }

  func unmap(_ memory: UnsafeMutableRawPointer, size: Int) {}
  func destroy(_ buffer: DumbBuffer) { calls.append("destroy") }

  func addFramebuffer(width: Int, height: Int, format: UInt32, buffer: DumbBuffer) throws -> UInt32
  {
    try check("addFramebuffer")
    return makeID()
  }

  func removeFramebuffer(_ id: UInt32) { calls.append("removeFramebuffer") }

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
  }

  func dirtyFramebuffer(_ id: UInt32, clips: [PixelRect]) throws {
    try check("dirtyFramebuffer")
  }

  func createBlob(_ bytes: [UInt8]) throws -> UInt32 {
    try check("createBlob")
    let id = makeID()
    blobs[id] = bytes
    return id
  }

  func destroyBlob(_ id: UInt32) { calls.append("destroyBlob") }

  func atomicCommit(_ properties: [AtomicProperty], flags: AtomicCommitFlags) throws {
    try check("atomicCommit")
    commits.append((properties, flags))
  }

  func readFlipEvents() throws -> [DRMFlipEvent] {
    defer { pendingEvents.removeAll() }
    return pendingEvents
  }

  func dropMaster() { calls.append("dropMaster") }

  func setMaster() -> Bool {
    calls.append("setMaster")
    return true
  }

  /// The kernel finished the flip.
  func completeFlip() {
    pendingEvents.append(DRMFlipEvent(crtc: Self.crtc, sequence: 0, time: 0))
  }
}
