import Logging

extension DRMOutput {
  // MARK: Seat

  /// The seat was disabled (a VT switch away): forget frames in flight, stop ticking and
  /// give up DRM master so the other session can show its own.
  package func seatDisabled() {
    guard state.seatDisabled() else { return }
    stopTimers()
    device.dropMaster()
    logger.info("\(name): seat disabled; no frames until it is back")
  }

  /// The seat is back: take DRM master again, set the mode with the next frame (the other
  /// session may have changed it) and repaint the whole screen.
  package func seatEnabled() {
    guard state.seatEnabled() else { return }
    if !device.setMaster() {
      logger.warning("\(name): could not become DRM master again; frames may not show")
    }
    swapchain.invalidate()
    logger.info("\(name): seat enabled; setting \(mode) and repainting")
    repaintHandler?()
  }
}
