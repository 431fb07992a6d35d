import KioskGraphics

/// Atomic KMS: one request per frame setting the primary plane's framebuffer (and damage
/// clips, where the plane has FB_DAMAGE_CLIPS), non-blocking with a flip event. The first
/// modeset is checked with TEST_ONLY before it is committed.
@MainActor
final class AtomicCommitter: ScanoutCommitter {
  let name = "atomic"
  private let device: DRMDevice
  private var pipe: DRMPipe
  private let plane: UInt32
  private var connectorProps: [String: (id: UInt32, value: UInt64)] = [:]
  private var crtcProps: [String: (id: UInt32, value: UInt64)] = [:]
  private var planeProps: [String: (id: UInt32, value: UInt64)] = [:]
  private var modeBlob: UInt32 = 0
  /// The plane's `rotation` value when the plane turns frames, else `nil`.
  private var rotationValue: UInt64?
  /// The rotation the plane applies (`.degrees0` when the compositor does it).
  private(set) var planeRotation = Rotation.degrees0

  init(device: DRMDevice, pipe: DRMPipe) throws {
    guard let plane = pipe.plane else {
      throw DRMError(call: "atomic setup", code: ENODEV, context: "no primary plane for the CRTC")
    }
    self.device = device
    self.pipe = pipe
    self.plane = plane
    connectorProps = try device.properties(of: pipe.connector.id, kind: .connector)
    crtcProps = try device.properties(of: pipe.crtc, kind: .crtc)
    planeProps = try device.properties(of: plane, kind: .plane)
  }

  /// Asks the plane to turn frames by `rotation`; returns whether it can. DRM rotates
  /// counter-clockwise, so the screen's clockwise turn is the plane's opposite one.
  func rotateOnPlane(_ rotation: Rotation) -> Bool {
    guard rotation != .degrees0, let property = planeProps["rotation"],
      let names = try? device.bitNames(of: property.id)
    else { return false }
    let counterClockwise = (360 - rotation.degrees) % 360
    guard let bit = names["rotate-\(counterClockwise)"] else { return false }
    rotationValue = 1 << UInt64(bit)
    planeRotation = rotation
    return true
  }

  private func property(
    _ table: [String: (id: UInt32, value: UInt64)], _ name: String, of object: UInt32,
    _ value: UInt64
  ) throws -> AtomicProperty {
    guard let id = table[name]?.id else {
      throw DRMError(call: "atomic setup", code: ENOENT, context: "object \(object) has no \(name)")
    }
    return AtomicProperty(object: object, property: id, value: value)
  }

  private func planeState(_ framebuffer: UInt32) throws -> [AtomicProperty] {
    let w = UInt64(pipe.mode.width)
    let h = UInt64(pipe.mode.height)
    // A turned plane reads a framebuffer of the logical screen's shape.
    let (sourceW, sourceH) = planeRotation.swapsAxes ? (h, w) : (w, h)
    var rotation: [AtomicProperty] = []
    if let value = rotationValue {
      rotation = [try property(planeProps, "rotation", of: plane, value)]
    }
    return rotation + [
      try property(planeProps, "FB_ID", of: plane, UInt64(framebuffer)),
      try property(planeProps, "CRTC_ID", of: plane, UInt64(pipe.crtc)),
      // Source rectangle in 16.16 fixed point, destination in pixels.
      try property(planeProps, "SRC_X", of: plane, 0),
      try property(planeProps, "SRC_Y", of: plane, 0),
      try property(planeProps, "SRC_W", of: plane, sourceW << 16),
      try property(planeProps, "SRC_H", of: plane, sourceH << 16),
      try property(planeProps, "CRTC_X", of: plane, 0),
      try property(planeProps, "CRTC_Y", of: plane, 0),
      try property(planeProps, "CRTC_W", of: plane, w),
      try property(planeProps, "CRTC_H", of: plane, h),
    ]
  }

  func modeset(framebuffer: UInt32) throws {
    if modeBlob == 0 { modeBlob = try device.createBlob(pipe.mode.raw.bytes) }
    let state =
      [
        try property(connectorProps, "CRTC_ID", of: pipe.connector.id, UInt64(pipe.crtc)),
        try property(crtcProps, "MODE_ID", of: pipe.crtc, UInt64(modeBlob)),
        try property(crtcProps, "ACTIVE", of: pipe.crtc, 1),
      ] + (try planeState(framebuffer))
    try device.atomicCommit(state, flags: [.testOnly, .allowModeset])
    try device.atomicCommit(state, flags: [.allowModeset])
  }

  func flip(to framebuffer: UInt32, damage: [PixelRect]) throws {
    var state = [try property(planeProps, "FB_ID", of: plane, UInt64(framebuffer))]
    var blob: UInt32 = 0
    if let clips = planeProps["FB_DAMAGE_CLIPS"], !damage.isEmpty {
      blob = try device.createBlob(Self.clipBytes(damage))
      state.append(AtomicProperty(object: plane, property: clips.id, value: UInt64(blob)))
    }
    defer { if blob != 0 { device.destroyBlob(blob) } }
    try device.atomicCommit(state, flags: [.nonblock, .pageFlipEvent])
  }

  func use(_ mode: DRMMode) {
    pipe.mode = mode
    releaseResources()
  }

  func releaseResources() {
    if modeBlob != 0 { device.destroyBlob(modeBlob) }
    modeBlob = 0
  }

  func setActive(_ active: Bool, framebuffer: UInt32) throws {
    if active {
      try modeset(framebuffer: framebuffer)
    } else {
      try device.atomicCommit(
        [try property(crtcProps, "ACTIVE", of: pipe.crtc, 0)], flags: [.allowModeset])
    }
  }

  /// Damage clips as the kernel's `struct drm_mode_rect` array (four int32: x1 y1 x2 y2).
  static func clipBytes(_ rects: [PixelRect]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(rects.count * 16)
    for r in rects {
      for v in [Int32(r.x), Int32(r.y), Int32(r.maxX), Int32(r.maxY)] {
        withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) }
      }
    }
    return bytes
  }
}

#if canImport(Glibc)
  import Glibc
#endif
