import KioskGraphics

/// Client capabilities a DRM client can ask for.
package enum DRMClientCapability: Sendable {
  /// Expose primary and cursor planes, not only overlays.
  case universalPlanes
  /// Allow atomic modesetting (implies universal planes).
  case atomic
}

/// The kinds of KMS object that have properties.
package enum DRMObjectKind: Sendable {
  case connector, crtc, plane
}

/// One property value in an atomic request.
package struct AtomicProperty: Equatable, Sendable {
  /// The connector, CRTC or plane.
  package var object: UInt32
  /// The property id.
  package var property: UInt32
  /// The value.
  package var value: UInt64

  /// Creates a property assignment.
  package init(object: UInt32, property: UInt32, value: UInt64) {
    self.object = object
    self.property = property
    self.value = value
  }
}

/// Flags of an atomic commit.
package struct AtomicCommitFlags: OptionSet, Sendable {
  package let rawValue: UInt32
  /// Creates flags from raw bits.
  package init(rawValue: UInt32) { self.rawValue = rawValue }
  /// Only check that the kernel would accept the state.
  package static let testOnly = AtomicCommitFlags(rawValue: 1 << 0)
  /// Return at once; completion comes as an event.
  package static let nonblock = AtomicCommitFlags(rawValue: 1 << 1)
  /// The commit may change modes (a full modeset).
  package static let allowModeset = AtomicCommitFlags(rawValue: 1 << 2)
  /// Send a page-flip event when the commit is on screen.
  package static let pageFlipEvent = AtomicCommitFlags(rawValue: 1 << 3)
}

/// Every DRM call KioskKit makes, behind one protocol: the kernel device implements it with
/// libdrm; unit tests use a fake that records calls and injects failures (EBUSY, EACCES,
/// a connector that vanished) without a kernel.
@MainActor
package protocol DRMDevice: AnyObject {
  /// The device node, e.g. `/dev/dri/card0`.
  var path: String { get }
  /// The kernel driver's name, e.g. `bochs-drm`, `i915`, `vc4`.
  var driverName: String { get }
  /// The file descriptor events arrive on (for a dispatch source), or -1.
  var fileDescriptor: Int32 { get }

  /// Asks for a client capability; `false` when the driver does not offer it.
  func setClientCapability(_ capability: DRMClientCapability) -> Bool
  /// The CRTC ids, in the kernel's order (connector and plane CRTC indexes refer to it).
  func crtcIDs() throws -> [UInt32]
  /// The connectors and their modes.
  func connectors() throws -> [DRMConnector]
  /// The planes (needs universal planes for primary planes to be listed).
  func planes() throws -> [DRMPlane]
  /// The properties of an object: name to (id, current value).
  func properties(of object: UInt32, kind: DRMObjectKind) throws -> [String: (
    id: UInt32, value: UInt64
  )]

  /// The named bits of a bitmask property (e.g. a plane's `rotation`: `rotate-90` → 1).
  func bitNames(of property: UInt32) throws -> [String: Int]
  /// Allocates a dumb buffer.
  func createDumbBuffer(width: Int, height: Int, bitsPerPixel: Int) throws -> DumbBuffer
  /// Maps a dumb buffer into memory.
  func map(_ buffer: DumbBuffer) throws -> UnsafeMutableRawPointer
  /// Unmaps memory from `map`.
  func unmap(_ memory: UnsafeMutableRawPointer, size: Int)
  /// Frees a dumb buffer.
  func destroy(_ buffer: DumbBuffer)
  /// Makes a framebuffer object of a dumb buffer.
  func addFramebuffer(width: Int, height: Int, format: UInt32, buffer: DumbBuffer) throws -> UInt32
  /// Removes a framebuffer object.
  func removeFramebuffer(_ id: UInt32)

  /// What `crtc` shows now: its framebuffer (0: off) and mode. Saved at start-up so that the
  /// console's configuration can be put back on exit.
  func currentState(of crtc: UInt32) throws -> (framebuffer: UInt32, mode: DRMMode?)
  /// Legacy modeset: shows `framebuffer` on `crtc` through `connector` in `mode`.
  func setCRTC(_ crtc: UInt32, framebuffer: UInt32, connector: UInt32, mode: DRMMode) throws
  /// Sets a property of a connector outside an atomic commit (legacy DPMS).
  func setConnectorProperty(_ connector: UInt32, property: UInt32, value: UInt64) throws
  /// A framebuffer someone else made (the console's), as a buffer this client can map:
  /// needs DRM master. Used to leave the last frame on screen at exit.
  func borrowFramebuffer(_ id: UInt32) throws -> (buffer: DumbBuffer, width: Int, height: Int)
  /// Switches a CRTC off (no framebuffer, no connectors).
  func disableCRTC(_ crtc: UInt32) throws
  /// Legacy page flip with an event on completion.
  func pageFlip(_ crtc: UInt32, framebuffer: UInt32) throws
  /// Tells drivers that need it which parts of a framebuffer changed.
  func dirtyFramebuffer(_ id: UInt32, clips: [PixelRect]) throws
  /// Makes a property blob (a mode, damage clips).
  func createBlob(_ bytes: [UInt8]) throws -> UInt32
  /// Frees a property blob.
  func destroyBlob(_ id: UInt32)
  /// An atomic commit.
  func atomicCommit(_ properties: [AtomicProperty], flags: AtomicCommitFlags) throws
  /// Reads the events waiting on the file descriptor.
  func readFlipEvents() throws -> [DRMFlipEvent]
  /// Gives up DRM master (on exit or VT switch).
  func dropMaster()
  /// Closes the device: every kernel object this client made goes with it.
  func close()
  /// Becomes DRM master again after a VT switch back; `false` when another client holds it.
  func setMaster() -> Bool
}
