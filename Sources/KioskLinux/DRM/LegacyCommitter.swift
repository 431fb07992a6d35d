import KioskGraphics

/// Legacy KMS: `drmModeSetCrtc` to light up, `drmModePageFlip` with an event per frame, and
/// `drmModeDirtyFB` for drivers that scan out from a shadow copy and need to be told what
/// changed (those without it answer ENOSYS once and are not asked again).
@MainActor
final class LegacyCommitter: ScanoutCommitter {
  let name = "legacy"
  private let device: DRMDevice
  private var pipe: DRMPipe
  private var driverWantsDirty = true

  init(device: DRMDevice, pipe: DRMPipe) {
    self.device = device
    self.pipe = pipe
  }

  func modeset(framebuffer: UInt32) throws {
    try device.setCRTC(
      pipe.crtc, framebuffer: framebuffer, connector: pipe.connector.id, mode: pipe.mode)
  }

  func flip(to framebuffer: UInt32, damage: [PixelRect]) throws {
    try device.pageFlip(pipe.crtc, framebuffer: framebuffer)
    reportDirty(framebuffer, damage)
  }

  private func reportDirty(_ framebuffer: UInt32, _ damage: [PixelRect]) {
    guard driverWantsDirty, !damage.isEmpty else { return }
    do {
      try device.dirtyFramebuffer(framebuffer, clips: damage)
    } catch let error as DRMError where error.code == ENOSYS || error.code == EOPNOTSUPP {
      driverWantsDirty = false
    } catch {
      // A failed hint costs at most a stale region on manual-update panels; keep going.
    }
  }

  func use(_ mode: DRMMode) {
    pipe.mode = mode
  }

  func releaseResources() {}  // legacy calls make nothing that outlives them

  func setActive(_ active: Bool, framebuffer: UInt32) throws {
    // The connector's DPMS property (0 on, 3 off) keeps the mode and framebuffer.
    guard let dpms = try device.properties(of: pipe.connector.id, kind: .connector)["DPMS"] else {
      // No DPMS: switch the CRTC off, and light it up again with a full modeset.
      if active {
        try modeset(framebuffer: framebuffer)
      } else {
        try device.disableCRTC(pipe.crtc)
      }
      return
    }
    try device.setConnectorProperty(pipe.connector.id, property: dpms.id, value: active ? 0 : 3)
  }
}

#if canImport(Glibc)
  import Glibc
#endif
