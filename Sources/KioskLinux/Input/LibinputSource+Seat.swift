extension LibinputSource {
  /// Whether input is paused because the seat was disabled.
  package var isSuspended: Bool { suspended }

  /// The seat was disabled: libinput closes every device (fingers down are cancelled as
  /// their devices go), and nothing is read until `seatEnabled`.
  package func seatDisabled() {
    guard !suspended else { return }
    suspended = true
    backend.suspend()
    processEvents()
    logger.info("input: paused (seat disabled)")
  }

  /// The seat is back: libinput opens the devices again, which arrive as added.
  package func seatEnabled() {
    guard suspended else { return }
    suspended = false
    do {
      try backend.resume()
    } catch {
      logger.error("input: \(error)")
    }
    processEvents()
    logger.info("input: resumed (seat enabled)")
  }
}
