import Glibc
import KioskUI
import Logging

extension DRMOutput {
  // MARK: Hotplug

  /// Looks at the connector again after a hotplug event. Unplugged: no more frames (and no
  /// busy loop) until it is back. Plugged in again: the mode is set again with the next
  /// frame and the whole screen is repainted. Ignored once the card is gone (its return is
  /// `cardMayBeBack`) or the output shut down.
  package func connectorsChanged() {
    guard state.isLive else { return }
    let connectors: [DRMConnector]
    do {
      connectors = try device.connectors()
    } catch {
      logger.warning("re-reading connectors after a hotplug event: \(error)")
      return
    }
    let connector = connectors.first { $0.id == connectorID }
    let connected = connector?.isConnected ?? false
    if connected, isConnected, let connector {
      displayMayHaveChanged(connector)
      return
    }
    guard connected != isConnected else { return }
    if connected, let connector {
      guard adoptMode(of: connector) else { return }
      displayConnected()
    } else {
      displayDisconnected()
    }
  }

  /// A display was plugged in and its mode taken: set it with the next frame and repaint.
  private func displayConnected() {
    guard state.connected() else { return }
    logger.notice(
      "\(name) is connected again; setting \(mode) and repainting",
      metadata: JournalMessageID.displayFound.metadata(["KIOSK_OUTPUT": name]))
    swapchain.invalidate()
    connectionHandler?(true)
    repaintHandler?()
  }

  /// The display was unplugged: a flip in flight on a vanished connector may never complete,
  /// so it is forgotten with the frame queued behind it.
  private func displayDisconnected() {
    guard state.disconnected() else { return }
    logger.notice(
      "\(name) was disconnected; no frames until it is back",
      metadata: JournalMessageID.displayLost.metadata(["KIOSK_OUTPUT": name]))
    stopTimers()
    connectionHandler?(false)
  }

  /// Still connected after a hotplug event, but perhaps to another display (swapped faster
  /// than the kernel saw it unplugged) or one that changed its modes: when the mode this
  /// output would choose now differs from the one in use, it is set (new buffers for a new
  /// size, and the screen follows) and the screen repainted.
  private func displayMayHaveChanged(_ connector: DRMConnector) {
    guard !connector.modes.isEmpty else { return }
    let wanted =
      (try? DRMPipeSelector.chooseMode(of: connector, configured: configuredMode))
      ?? connector.modes.first(where: \.isPreferred) ?? connector.modes[0]
    guard wanted != mode else { return }
    // Whatever is in flight belongs to the old mode; a blanking that waited for it is
    // applied now, on the old mode's buffers.
    let blankWaited = state.forgetFlight()
    stopTimers()
    if blankWaited { applyBlanking(true) }
    let old = mode
    guard adoptMode(of: connector) else { return }
    logger.notice(
      "\(name): the display now asks for \(mode) (was \(old)); setting it and repainting",
      metadata: JournalMessageID.displayFound.metadata(["KIOSK_OUTPUT": name]))
    state.relight()
    swapchain.invalidate()
    repaintHandler?()
  }

  /// Takes the mode of a newly connected display: the configured one if it offers it, else
  /// its preferred one. A mode of another size gets new buffers, and the screen is told to
  /// take the new size (`sizeChangeHandler`); without memory for them it stays dark and
  /// says why.
  private func adoptMode(of connector: DRMConnector) -> Bool {
    var chosen: DRMMode
    do {
      chosen = try DRMPipeSelector.chooseMode(of: connector, configured: configuredMode)
    } catch {
      guard configuredMode != nil,
        let preferred = connector.modes.first(where: \.isPreferred) ?? connector.modes.first
      else {
        logger.error("\(name) was connected but \(error); staying dark")
        return false
      }
      logger.warning("\(name): \(error); using its preferred mode \(preferred)")
      chosen = preferred
    }
    if chosen.width != mode.width || chosen.height != mode.height {
      do {
        try resizeBuffers(for: chosen)
      } catch {
        logger.error(
          "\(name) was connected but has no buffers for \(chosen): \(error); staying dark")
        return false
      }
    }
    if chosen != mode {
      mode = chosen
      committer.use(chosen)
    }
    if mode.refresh > 0, Double(mode.refresh) != refreshRate {
      refreshRate = Double(mode.refresh)
      // The timers' intervals follow the refresh rate.
      remakeTimers()
    }
    return true
  }

  /// New buffers for `newMode`'s size; the old ones are freed first (nothing is in flight
  /// on a connector that was disconnected), and the screen hears of the new size.
  private func resizeBuffers(for newMode: DRMMode) throws {
    freeBuffers()
    do {
      (framebuffers, dumbBuffers, swapchain) = try Self.makeBuffers(
        on: device, for: newMode, planeRotation: planeRotation, count: bufferCount)
    } catch {
      // Keep the old size's buffers if they can be made again, so that the state stays whole.
      if let old = try? Self.makeBuffers(
        on: device, for: mode, planeRotation: planeRotation, count: bufferCount)
      {
        (framebuffers, dumbBuffers, swapchain) = old
      }
      throw error
    }
    logger.notice(
      "\(name): the display's mode \(newMode) has another size than \(pixelWidth)x\(pixelHeight); the screen follows"
    )
    pixelWidth = newMode.width
    pixelHeight = newMode.height
    sizeChangeHandler?(pixelWidth, pixelHeight)
  }

  /// Follows DRM hotplug events from udev for as long as the output lives.
  func followHotplug() {
    do {
      let monitor = try UdevMonitor(subsystem: "drm")
      monitor.start { [weak self] event in
        guard let self else { return }
        self.logger.debug("udev: \(event.action) \(event.sysname) hotplug=\(event.isHotplug)")
        if self.isCardGone {
          if event.action == "add" || event.action == "change" { self.cardMayBeBack() }
        } else if event.action == "remove", "/dev/dri/\(event.sysname)" == self.device.path {
          // Unbound or unplugged: known at once, not at the next frame.
          self.cardRemoved(DRMError(call: "udev", code: ENODEV, context: "card removed"))
        } else if event.isHotplug || event.action == "change" {
          self.connectorsChanged()
        }
      }
      hotplugMonitor = monitor
    } catch {
      logger.info("no udev monitor (\(error)); display hotplug is not followed")
    }
  }
}
