import KioskGraphics

/// How frames reach the CRTC: atomic modesetting or the legacy SetCrtc/PageFlip calls. One
/// is chosen at start-up (atomic when the driver offers it, unless `KIOSK_DRM_NO_ATOMIC=1`);
/// the output does not care which.
@MainActor
protocol ScanoutCommitter: AnyObject {
  /// A name for logs: `atomic` or `legacy`.
  var name: String { get }
  /// Lights up the pipe showing `framebuffer` (blocking; no flip event follows).
  func modeset(framebuffer: UInt32) throws
  /// Queues `framebuffer` for the next refresh; a flip event reports when it is shown.
  /// `damage` is what changed since the previous framebuffer, in panel pixels.
  func flip(to framebuffer: UInt32, damage: [PixelRect]) throws
  /// Turns the display off (`false`) or on (`true`) without forgetting the mode.
  func setActive(_ active: Bool, framebuffer: UInt32) throws
  /// Uses `mode` from the next modeset on (a display connected after start-up).
  func use(_ mode: DRMMode)
  /// Frees what the committer made on the device (the atomic mode blob) when the output
  /// shuts down.
  func releaseResources()
}

/// The objects a scanout pipe is made of.
struct DRMPipe {
  var connector: DRMConnector
  var mode: DRMMode
  var crtc: UInt32
  /// The primary plane (atomic only).
  var plane: UInt32?
}
