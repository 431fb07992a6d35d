import Glibc
import KioskGraphics
import KioskUI
import Logging

extension DRMOutput {
  // MARK: Faults

  /// Puts the output in a state from which the next frame can succeed after `error`: the
  /// buffers' contents are forgotten (the next frame is copied whole, so what reaches the
  /// screen matches a run without the fault), a refused flip or lost DRM master sets the
  /// mode again once commits work, and a removed card stops the output (`DRMFaultRecovery`).
  func recover(from error: any Error) {
    swapchain.invalidate()
    switch DRMFaultRecovery(error) {
    case .cardRemoved:
      // Only a DRMError maps to this.
      if let error = error as? DRMError { cardRemoved(error) }
    case .relight: state.relight()
    case .retry: break
    }
  }

  /// A failure outside a `present` call (a queued frame, a late flip event): logged here,
  /// once per call and errno and then at most every ten seconds with a count, and followed
  /// by a repaint, since no caller will try again otherwise.
  func failedOutsidePresent(_ error: any Error, while doing: String) {
    recover(from: error)
    let key = (error as? DRMError).map { "\($0.call) \($0.code)" } ?? "\(error)"
    var throttle = failureThrottles[key] ?? FailureThrottle()
    let count = throttle.note(at: monotonicSeconds())
    failureThrottles[key] = throttle
    if let count {
      let repeats = count > 1 ? " (\(count) times since the last report)" : ""
      logger.error(
        "\(name): \(doing) failed: \(error)\(repeats)",
        metadata: JournalMessageID.presentFailed.metadata(["KIOSK_OUTPUT": name]))
    }
    if state.isActive { repaintHandler?() }
  }

  /// No flip event came within two refreshes of the commit: carry on as if it had, with
  /// the next frame copied whole (whichever buffer the kernel shows, the next one is right).
  func flipEventOverdue() {
    guard state.flipInFlight != nil else { return }
    failedOutsidePresent(
      DRMError(call: "page-flip event", code: ETIMEDOUT, context: "none within two refreshes"),
      while: "waiting for a flip")
    flipCompleted(at: monotonicSeconds())
  }

  /// Reading the device's events failed.
  func eventsFailed(_ error: any Error) {
    guard isLive else { return }
    failedOutsidePresent(error, while: "reading DRM events")
  }

  /// The card went away (unbound, unplugged, its driver unloaded): stop, say so once, and
  /// keep the app running; the service stays ready.
  func cardRemoved(_ error: DRMError) {
    guard state.cardRemoved() else { return }
    stopTimers()
    // The kernel objects went with the card; the mappings are ours to give back. Closing
    // the device lets the kernel release the card, so that it can come back as itself.
    for (dumb, buffer) in zip(dumbBuffers, swapchain.buffers) {
      device.unmap(buffer.baseAddress, size: dumb.size)
    }
    framebuffers = []
    dumbBuffers = []
    swapchain = Swapchain(buffers: [])
    if !events.hasLiveOutput(besides: self) {
      events.stop()
      device.close()
    }
    let back = reopenCard == nil ? "" : " until it comes back"
    logger.error(
      "\(name): the card \(device.path) is gone (\(error)); no frames\(back)",
      metadata: JournalMessageID.displayLost.metadata(["KIOSK_OUTPUT": name]))
    connectionHandler?(false)
  }

  /// A DRM device appeared after the card was removed: if it is this output's card come
  /// back (`reopenCard` finds the connector), the output starts again on it — new device,
  /// pipe, buffers, a modeset with the next frame and a full repaint; a size that differs
  /// goes to the screen as a display of another size would.
  func cardMayBeBack() {
    guard state.isCardGone, let newDevice = reopenCard?() else { return }
    do {
      try start(on: newDevice)
    } catch {
      newDevice.close()
      logger.error("\(name): a card appeared at \(newDevice.path) but cannot be used: \(error)")
    }
  }

  private func start(on newDevice: DRMDevice) throws {
    let atomic = !forceLegacy && newDevice.setClientCapability(.atomic)
    if !atomic { _ = newDevice.setClientCapability(.universalPlanes) }
    var configuration = DRMConfiguration(
      connector: name, mode: configuredMode, forceLegacy: forceLegacy)
    configuration.provisionalSize = (pixelWidth, pixelHeight)
    let connectors = try newDevice.connectors()
    if !connectors.contains(where: { $0.name == name }) { configuration.connector = nil }
    let pipe = try DRMPipeSelector.select(
      connectors: connectors, crtcs: try newDevice.crtcIDs(),
      planes: atomic ? try newDevice.planes() : [], configuration: configuration)
    let made = Self.makeCommitter(
      device: newDevice, pipe: pipe, atomic: atomic, planeRotation: planeRotation,
      logger: logger)
    guard made.planeRotation == planeRotation else {
      throw DRMSetupError(description: "its plane cannot turn frames by \(planeRotation)")
    }
    (framebuffers, dumbBuffers, swapchain) = try Self.makeBuffers(
      on: newDevice, for: pipe.mode, planeRotation: planeRotation, count: bufferCount)
    device = newDevice
    committer = made.committer
    crtc = pipe.crtc
    connectorID = pipe.connector.id
    name = pipe.connector.name
    previousState = try? newDevice.currentState(of: pipe.crtc)
    events = DRMEventRouter(device: newDevice)
    events.add(self, pipe: pipe)
    mode = pipe.mode
    _ = state.cardReturned(connected: pipe.connector.isConnected && !pipe.mode.isAssumed)
    failureThrottles.removeAll()
    refreshRate = pipe.mode.refresh > 0 ? Double(pipe.mode.refresh) : 60
    remakeTimers()
    logger.notice(
      "\(name): the card is back at \(newDevice.path); setting \(mode) and repainting",
      metadata: JournalMessageID.displayFound.metadata(["KIOSK_OUTPUT": name]))
    if pipe.mode.width != pixelWidth || pipe.mode.height != pixelHeight {
      pixelWidth = pipe.mode.width
      pixelHeight = pipe.mode.height
      sizeChangeHandler?(pixelWidth, pixelHeight)
    }
    connectionHandler?(isConnected)
    repaintHandler?()
  }
}
