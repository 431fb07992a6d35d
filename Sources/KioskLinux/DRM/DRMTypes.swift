import Glibc
import KioskGraphics

/// An error from a DRM call (libdrm or an ioctl): which call, and its errno.
package typealias DRMError = SystemCallError

/// A display mode of a connector.
package struct DRMMode: Equatable, Sendable, CustomStringConvertible {
  /// Active width in pixels.
  package var width: Int
  /// Active height in pixels.
  package var height: Int
  /// Refresh rate in Hz.
  package var refresh: Int
  /// Whether the connector prefers this mode.
  package var isPreferred: Bool
  /// The kernel's mode, passed back unchanged when setting it.
  package var raw: RawMode

  /// The kernel's description of a mode (`drmModeModeInfo`), kept opaque.
  package struct RawMode: Equatable, Sendable {
    /// The bytes of the C struct.
    package var bytes: [UInt8]
    /// Creates it from bytes.
    package init(bytes: [UInt8]) { self.bytes = bytes }
  }

  /// Creates a mode.
  package init(width: Int, height: Int, refresh: Int, isPreferred: Bool, raw: RawMode) {
    self.width = width
    self.height = height
    self.refresh = refresh
    self.isPreferred = isPreferred
    self.raw = raw
  }

  package var description: String {
    "\(width)x\(height)@\(refresh)" + (isPreferred ? " (preferred)" : "")
  }

  /// A stand-in for the mode of a display that is not connected yet: only its size is
  /// known (from configuration), so it cannot be set until the real mode is.
  package static func assumed(width: Int, height: Int) -> DRMMode {
    DRMMode(
      width: width, height: height, refresh: 60, isPreferred: false, raw: RawMode(bytes: []))
  }

  /// Whether this is a stand-in (see `assumed(width:height:)`).
  package var isAssumed: Bool { raw.bytes.isEmpty }

  /// The width and height of `WxH` or `WxH@Hz`, if that is what `text` is.
  package static func size(of text: String) -> (width: Int, height: Int)? {
    let size = text.lowercased().split(separator: "@")[0].split(separator: "x")
    guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]), w > 0, h > 0 else {
      return nil
    }
    return (w, h)
  }

  /// Whether the mode matches `WxH` or `WxH@Hz`.
  package func matches(_ text: String) -> Bool {
    let parts = text.lowercased().split(separator: "@")
    guard parts.count <= 2 else { return false }
    let size = parts[0].split(separator: "x")
    guard size.count == 2, Int(size[0]) == width, Int(size[1]) == height else { return false }
    return parts.count == 1 || Int(parts[1]) == refresh
  }
}

/// A connector as the kernel reports it.
package struct DRMConnector: Equatable, Sendable {
  /// The object id.
  package var id: UInt32
  /// The name in the kernel's form, e.g. `HDMI-A-1`, `DSI-1`, `Virtual-1`.
  package var name: String
  /// Whether something is plugged in.
  package var isConnected: Bool
  /// The modes it offers.
  package var modes: [DRMMode]
  /// The CRTCs it can be driven by (indexes into the resources' CRTC list).
  package var possibleCRTCIndexes: [Int]

  /// Creates a connector description.
  package init(
    id: UInt32, name: String, isConnected: Bool, modes: [DRMMode], possibleCRTCIndexes: [Int]
  ) {
    self.id = id
    self.name = name
    self.isConnected = isConnected
    self.modes = modes
    self.possibleCRTCIndexes = possibleCRTCIndexes
  }
}

/// A plane as the kernel reports it.
package struct DRMPlane: Equatable, Sendable {
  /// The kinds of plane.
  package enum Kind: Sendable { case primary, overlay, cursor }
  /// The object id.
  package var id: UInt32
  /// What it is for.
  package var kind: Kind
  /// The CRTCs it can be used with (indexes).
  package var possibleCRTCIndexes: [Int]
  /// Pixel formats it scans out.
  package var formats: [UInt32]

  /// Creates a plane description.
  package init(id: UInt32, kind: Kind, possibleCRTCIndexes: [Int], formats: [UInt32]) {
    self.id = id
    self.kind = kind
    self.possibleCRTCIndexes = possibleCRTCIndexes
    self.formats = formats
  }
}

/// A dumb buffer: kernel memory the CPU maps and the display scans out.
package struct DumbBuffer: Equatable, Sendable {
  /// The GEM handle.
  package var handle: UInt32
  /// Bytes per row.
  package var pitch: Int
  /// Size in bytes.
  package var size: Int
}

/// A page flip (or atomic commit) completed: the new buffer is on screen.
package struct DRMFlipEvent: Equatable, Sendable {
  /// The CRTC that flipped.
  package var crtc: UInt32
  /// The vblank sequence (0 on drivers without vblank, such as bochs).
  package var sequence: UInt32
  /// The kernel's timestamp of the flip, in seconds.
  package var time: Double
}

/// DRM fourcc pixel formats used here.
enum DRMFormat {
  /// 'XR24': 32-bit, 8 bits per channel, top byte ignored.
  static let xrgb8888: UInt32 = 0x3432_5258
}
