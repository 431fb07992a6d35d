internal import CDRM
import Glibc
import KioskGraphics

/// A DRM card opened from `/dev/dri`: the `DRMDevice` protocol over libdrm. Each C call is
/// wrapped here once; failures throw `DRMError` with the call's name and errno.
@MainActor
package final class KernelDRMDevice: DRMDevice {
  package let path: String
  package let driverName: String
  package private(set) var fileDescriptor: Int32

  /// Opens a card node (read-write, close-on-exec) through the process's seat.
  package init(path: String) throws {
    let fd = DeviceAccess.seat.openDevice(path)
    guard fd >= 0 else { throw DRMError(call: "open", code: -fd, context: path) }
    self.path = path
    self.fileDescriptor = fd
    if let version = drmGetVersion(fd) {
      driverName = version.pointee.name.map { String(cString: $0) } ?? "unknown"
      drmFreeVersion(version)
    } else {
      driverName = "unknown"
    }
  }

  isolated deinit {
    if fileDescriptor >= 0 { DeviceAccess.seat.closeDevice(fileDescriptor) }
  }

  /// Closes the device (frees every kernel object this client made).
  package func close() {
    if fileDescriptor >= 0 { DeviceAccess.seat.closeDevice(fileDescriptor) }
    fileDescriptor = -1
  }

  package func setClientCapability(_ capability: DRMClientCapability) -> Bool {
    let cap: UInt64 =
      switch capability {
      case .universalPlanes: UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES)
      case .atomic: UInt64(DRM_CLIENT_CAP_ATOMIC)
      }
    return drmSetClientCap(fileDescriptor, cap, 1) == 0
  }

  private func withResources<T>(_ body: (drmModeRes) throws -> T) throws -> T {
    guard let resources = drmModeGetResources(fileDescriptor) else {
      throw DRMError(call: "drmModeGetResources", code: errno, context: path)
    }
    defer { drmModeFreeResources(resources) }
    return try body(resources.pointee)
  }

  package func crtcIDs() throws -> [UInt32] {
    try withResources { res in (0..<Int(res.count_crtcs)).map { res.crtcs[$0] } }
  }

  package func connectors() throws -> [DRMConnector] {
    try withResources { res in
      let crtcs = (0..<Int(res.count_crtcs)).map { res.crtcs[$0] }
      return (0..<Int(res.count_connectors)).compactMap { index in
        guard let connector = drmModeGetConnector(fileDescriptor, res.connectors[index]) else {
          return nil  // vanished between listing and asking: skip it
        }
        defer { drmModeFreeConnector(connector) }
        return describe(connector.pointee, crtcs: crtcs)
      }
    }
  }

  private func describe(_ c: drmModeConnector, crtcs: [UInt32]) -> DRMConnector {
    let typeName =
      drmModeGetConnectorTypeName(c.connector_type).map { String(cString: $0) } ?? "Unknown"
    var modes: [DRMMode] = []
    for i in 0..<Int(c.count_modes) {
      var info = c.modes[i]
      let bytes = withUnsafeBytes(of: &info) { Array($0) }
      modes.append(
        DRMMode(
          width: Int(info.hdisplay), height: Int(info.vdisplay), refresh: Int(info.vrefresh),
          isPreferred: info.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0,
          raw: DRMMode.RawMode(bytes: bytes)))
    }
    var possible = Set<Int>()
    for i in 0..<Int(c.count_encoders) {
      guard let encoder = drmModeGetEncoder(fileDescriptor, c.encoders[i]) else { continue }
      for bit in 0..<crtcs.count where encoder.pointee.possible_crtcs & (1 << UInt32(bit)) != 0 {
        possible.insert(bit)
      }
      drmModeFreeEncoder(encoder)
    }
    return DRMConnector(
      id: c.connector_id, name: "\(typeName)-\(c.connector_type_id)",
      isConnected: c.connection == DRM_MODE_CONNECTED, modes: modes,
      possibleCRTCIndexes: possible.sorted())
  }

  package func planes() throws -> [DRMPlane] {
    guard let list = drmModeGetPlaneResources(fileDescriptor) else {
      throw DRMError(call: "drmModeGetPlaneResources", code: errno, context: path)
    }
    defer { drmModeFreePlaneResources(list) }
    var result: [DRMPlane] = []
    for i in 0..<Int(list.pointee.count_planes) {
      let id = list.pointee.planes[i]
      guard let plane = drmModeGetPlane(fileDescriptor, id) else { continue }
      defer { drmModeFreePlane(plane) }
      let formats = (0..<Int(plane.pointee.count_formats)).map { plane.pointee.formats[$0] }
      let crtcs = (0..<32).filter { plane.pointee.possible_crtcs & (1 << UInt32($0)) != 0 }
      let type = try properties(of: id, kind: .plane)["type"]?.value
      let kind: DRMPlane.Kind =
        switch type {
        case UInt64(DRM_PLANE_TYPE_PRIMARY): .primary
        case UInt64(DRM_PLANE_TYPE_CURSOR): .cursor
        default: .overlay
        }
      result.append(DRMPlane(id: id, kind: kind, possibleCRTCIndexes: crtcs, formats: formats))
    }
    return result
  }

  package func properties(of object: UInt32, kind: DRMObjectKind) throws -> [String: (
    id: UInt32, value: UInt64
  )] {
    let type: UInt32 =
      switch kind {
      case .connector: UInt32(DRM_MODE_OBJECT_CONNECTOR)
      case .crtc: UInt32(DRM_MODE_OBJECT_CRTC)
      case .plane: UInt32(DRM_MODE_OBJECT_PLANE)
      }
    guard let props = drmModeObjectGetProperties(fileDescriptor, object, type) else {
      throw DRMError(call: "drmModeObjectGetProperties", code: errno, context: "object \(object)")
    }
    defer { drmModeFreeObjectProperties(props) }
    var result: [String: (id: UInt32, value: UInt64)] = [:]
    for i in 0..<Int(props.pointee.count_props) {
      guard let prop = drmModeGetProperty(fileDescriptor, props.pointee.props[i]) else { continue }
      let name = withUnsafeBytes(of: prop.pointee.name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      result[name] = (prop.pointee.prop_id, props.pointee.prop_values[i])
      drmModeFreeProperty(prop)
    }
    return result
  }

  package func bitNames(of property: UInt32) throws -> [String: Int] {
    guard let prop = drmModeGetProperty(fileDescriptor, property) else {
      throw DRMError(call: "drmModeGetProperty", code: errno, context: "property \(property)")
    }
    defer { drmModeFreeProperty(prop) }
    var names: [String: Int] = [:]
    for i in 0..<Int(prop.pointee.count_enums) {
      var entry = prop.pointee.enums[i]
      let name = withUnsafeBytes(of: &entry.name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      names[name] = Int(entry.value)
    }
    return names
  }

  package func createDumbBuffer(width: Int, height: Int, bitsPerPixel: Int) throws -> DumbBuffer {
    var request = drm_mode_create_dumb()
    request.width = UInt32(width)
    request.height = UInt32(height)
    request.bpp = UInt32(bitsPerPixel)
    guard kiosk_drm_create_dumb(fileDescriptor, &request) == 0 else {
      throw DRMError(call: "DRM_IOCTL_MODE_CREATE_DUMB", code: errno, context: "\(width)×\(height)")
    }
    return DumbBuffer(handle: request.handle, pitch: Int(request.pitch), size: Int(request.size))
  }

  package func map(_ buffer: DumbBuffer) throws -> UnsafeMutableRawPointer {
    var request = drm_mode_map_dumb()
    request.handle = buffer.handle
    guard kiosk_drm_map_dumb(fileDescriptor, &request) == 0 else {
      throw DRMError(call: "DRM_IOCTL_MODE_MAP_DUMB", code: errno)
    }
    let memory = mmap(
      nil, buffer.size, PROT_READ | PROT_WRITE, MAP_SHARED, fileDescriptor, off_t(request.offset))
    guard let memory, memory != MAP_FAILED else { throw DRMError(call: "mmap", code: errno) }
    return memory
  }

  package func unmap(_ memory: UnsafeMutableRawPointer, size: Int) {
    munmap(memory, size)
  }

  package func destroy(_ buffer: DumbBuffer) {
    _ = kiosk_drm_destroy_dumb(fileDescriptor, buffer.handle)
  }

  package func addFramebuffer(width: Int, height: Int, format: UInt32, buffer: DumbBuffer) throws
    -> UInt32
  {
    var handles: (UInt32, UInt32, UInt32, UInt32) = (buffer.handle, 0, 0, 0)
    var pitches: (UInt32, UInt32, UInt32, UInt32) = (UInt32(buffer.pitch), 0, 0, 0)
    var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
    var id: UInt32 = 0
    let result = withUnsafePointer(to: &handles) { h in
      withUnsafePointer(to: &pitches) { p in
        withUnsafePointer(to: &offsets) { o in
          h.withMemoryRebound(to: UInt32.self, capacity: 4) { h in
            p.withMemoryRebound(to: UInt32.self, capacity: 4) { p in
              o.withMemoryRebound(to: UInt32.self, capacity: 4) { o in
                drmModeAddFB2(
                  fileDescriptor, UInt32(width), UInt32(height), format, h, p, o, &id, 0)
              }
            }
          }
        }
      }
    }
    guard result == 0 else { throw DRMError(call: "drmModeAddFB2", code: errno) }
    return id
  }

  package func removeFramebuffer(_ id: UInt32) {
    drmModeRmFB(fileDescriptor, id)
  }

  package func currentState(of crtc: UInt32) throws -> (framebuffer: UInt32, mode: DRMMode?) {
    guard let state = drmModeGetCrtc(fileDescriptor, crtc) else {
      throw DRMError(call: "drmModeGetCrtc", code: errno, context: "CRTC \(crtc)")
    }
    defer { drmModeFreeCrtc(state) }
    var info = state.pointee.mode
    let mode =
      state.pointee.mode_valid != 0
      ? DRMMode(
        width: Int(info.hdisplay), height: Int(info.vdisplay), refresh: Int(info.vrefresh),
        isPreferred: false, raw: DRMMode.RawMode(bytes: withUnsafeBytes(of: &info) { Array($0) }))
      : nil
    return (state.pointee.buffer_id, mode)
  }

  package func setCRTC(_ crtc: UInt32, framebuffer: UInt32, connector: UInt32, mode: DRMMode) throws
  {
    var info = drmModeModeInfo()
    withUnsafeMutableBytes(of: &info) { raw in
      raw.copyBytes(from: mode.raw.bytes.prefix(raw.count))
    }
    var connectorID = connector
    guard drmModeSetCrtc(fileDescriptor, crtc, framebuffer, 0, 0, &connectorID, 1, &info) == 0
    else {
      throw DRMError(call: "drmModeSetCrtc", code: errno, context: "mode \(mode)")
    }
  }

  package func setConnectorProperty(_ connector: UInt32, property: UInt32, value: UInt64) throws {
    guard drmModeConnectorSetProperty(fileDescriptor, connector, property, value) == 0 else {
      throw DRMError(call: "drmModeConnectorSetProperty", code: errno)
    }
  }

  package func borrowFramebuffer(_ id: UInt32) throws -> (
    buffer: DumbBuffer, width: Int, height: Int
  ) {
    guard let fb = drmModeGetFB(fileDescriptor, id) else {
      throw DRMError(call: "drmModeGetFB", code: errno, context: "framebuffer \(id)")
    }
    defer { drmModeFreeFB(fb) }
    let info = fb.pointee
    guard info.handle != 0, info.bpp == 32 else {
      throw DRMError(
        call: "drmModeGetFB", code: EPERM, context: "framebuffer \(id) cannot be mapped")
    }
    let pitch = Int(info.pitch)
    return (
      DumbBuffer(handle: info.handle, pitch: pitch, size: pitch * Int(info.height)),
      Int(info.width), Int(info.height)
    )
  }

  package func disableCRTC(_ crtc: UInt32) throws {
    guard drmModeSetCrtc(fileDescriptor, crtc, 0, 0, 0, nil, 0, nil) == 0 else {
      throw DRMError(call: "drmModeSetCrtc", code: errno, context: "switching CRTC \(crtc) off")
    }
  }

  package func pageFlip(_ crtc: UInt32, framebuffer: UInt32) throws {
    guard
      drmModePageFlip(fileDescriptor, crtc, framebuffer, UInt32(DRM_MODE_PAGE_FLIP_EVENT), nil) == 0
    else { throw DRMError(call: "drmModePageFlip", code: errno) }
  }

  package func dirtyFramebuffer(_ id: UInt32, clips: [PixelRect]) throws {
    var boxes = clips.map {
      drmModeClip(
        x1: UInt16(clamping: $0.x), y1: UInt16(clamping: $0.y), x2: UInt16(clamping: $0.maxX),
        y2: UInt16(clamping: $0.maxY))
    }
    guard drmModeDirtyFB(fileDescriptor, id, &boxes, UInt32(boxes.count)) == 0 else {
      throw DRMError(call: "drmModeDirtyFB", code: errno)
    }
  }

  package func createBlob(_ bytes: [UInt8]) throws -> UInt32 {
    var id: UInt32 = 0
    let result = bytes.withUnsafeBytes { raw in
      drmModeCreatePropertyBlob(fileDescriptor, raw.baseAddress, raw.count, &id)
    }
    guard result == 0 else { throw DRMError(call: "drmModeCreatePropertyBlob", code: errno) }
    return id
  }

  package func destroyBlob(_ id: UInt32) {
    drmModeDestroyPropertyBlob(fileDescriptor, id)
  }

  package func atomicCommit(_ properties: [AtomicProperty], flags: AtomicCommitFlags) throws {
    guard let request = drmModeAtomicAlloc() else {
      throw DRMError(call: "drmModeAtomicAlloc", code: ENOMEM)
    }
    defer { drmModeAtomicFree(request) }
    for p in properties where drmModeAtomicAddProperty(request, p.object, p.property, p.value) < 0 {
      throw DRMError(call: "drmModeAtomicAddProperty", code: errno)
    }
    var kernelFlags: UInt32 = 0
    if flags.contains(.testOnly) { kernelFlags |= UInt32(DRM_MODE_ATOMIC_TEST_ONLY) }
    if flags.contains(.nonblock) { kernelFlags |= UInt32(DRM_MODE_ATOMIC_NONBLOCK) }
    if flags.contains(.allowModeset) { kernelFlags |= UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET) }
    if flags.contains(.pageFlipEvent) { kernelFlags |= UInt32(DRM_MODE_PAGE_FLIP_EVENT) }
    guard drmModeAtomicCommit(fileDescriptor, request, kernelFlags, nil) == 0 else {
      throw DRMError(call: "drmModeAtomicCommit", code: errno)
    }
  }

  package func readFlipEvents() throws -> [DRMFlipEvent] {
    receivedFlips.removeAll()
    var context = drmEventContext()
    context.version = 3  // the version that has page_flip_handler2 (with the CRTC)
    context.page_flip_handler2 = { _, sequence, seconds, micros, crtc, _ in
      receivedFlips.append(
        DRMFlipEvent(
          crtc: crtc, sequence: sequence, time: Double(seconds) + Double(micros) / 1_000_000))
    }
    let result = drmHandleEvent(fileDescriptor, &context)
    if result != 0 && errno != EAGAIN {
      throw DRMError(call: "drmHandleEvent", code: errno)
    }
    return receivedFlips
  }

  package func dropMaster() {
    drmDropMaster(fileDescriptor)
  }

  package func setMaster() -> Bool {
    // Under logind or seatd the manager has made us master again already; directly opened,
    // we ask (which works for root, or when nobody else holds it).
    if drmIsMaster(fileDescriptor) == 0 { _ = drmSetMaster(fileDescriptor) }
    return drmIsMaster(fileDescriptor) != 0
  }
}

/// Flip events collected by the C callback of `readFlipEvents` (which cannot capture).
/// Touched only on the main thread, during `drmHandleEvent`.
nonisolated(unsafe) private var receivedFlips: [DRMFlipEvent] = []

/// Runs `call` again while it fails with EINTR.
func retryingEINTR(_ call: () -> Int32) -> Int32 {
  var result: Int32
  repeat { result = call() } while result < 0 && errno == EINTR
  return result
}
