import Dispatch
import Glibc
import KioskGraphics
import KioskUI
import Logging

/// What to open: which card, connector and mode, and how.
package struct DRMConfiguration: Sendable {
  /// A card node (`/dev/dri/card1`), or `nil` for the first card with a connected connector.
  package var card: String?
  /// A connector name (`HDMI-A-1`, `DSI-1`), or `nil` for the first connected one.
  package var connector: String?
  /// A mode `WxH` or `WxH@Hz`, or `nil` for the connector's preferred mode.
  package var mode: String?
  /// Whether to use the legacy API even where atomic is offered (`KIOSK_DRM_NO_ATOMIC=1`).
  package var forceLegacy: Bool
  /// How long to wait for a card at boot before giving up, in seconds.
  package var waitForCard: Double
  /// The panel size (pixels) to run at while no display is connected and no `mode` is
  /// given; the display's own mode replaces it when one is connected.
  package var provisionalSize: (width: Int, height: Int) = (1024, 600)
  /// Turn frames with the plane's `rotation` property (where the driver offers it) instead
  /// of in the compositor; `nil` or `.degrees0`: the compositor turns them, as usual.
  package var planeRotation: Rotation?

  /// Creates a configuration; `forceLegacy` defaults to the `KIOSK_DRM_NO_ATOMIC` variable.
  package init(
    card: String? = nil, connector: String? = nil, mode: String? = nil, forceLegacy: Bool? = nil,
    waitForCard: Double = 10
  ) {
    self.card = card
    self.connector = connector
    self.mode = mode
    self.forceLegacy =
      forceLegacy ?? (getenv("KIOSK_DRM_NO_ATOMIC").map { String(cString: $0) } == "1")
    self.waitForCard = waitForCard
    self.planeRotation = nil
  }
}

/// A DRM/KMS connector as a `DisplayOutput`: three dumb buffers (XRGB8888) that receive only
/// the damage they missed, page flips paced by flip events with never more than one commit
/// in flight, and the display link ticking on those events.
@MainActor
package final class DRMOutput: DisplayOutput {
  /// The connector's name (another when a card that came back names it otherwise).
  package private(set) var name: String
  /// The mode's width in pixels; it changes when a display of another size is connected.
  package private(set) var pixelWidth: Int
  /// The mode's height in pixels.
  package private(set) var pixelHeight: Int
  package private(set) var refreshRate: Double
  package var frameHandler: (@MainActor (Double) -> Void)?
  package var repaintHandler: (@MainActor () -> Void)?
  package var sizeChangeHandler: (@MainActor (Int, Int) -> Void)?
  package var isActive: Bool {
    !isBlanked && !isShutDown && isConnected && !isSeatDisabled && !isCardGone
  }
  /// Whether the connector has a display plugged in (false after it was unplugged, or
  /// until one is plugged in when the app started without).
  package private(set) var isConnected: Bool

  /// The device this output scans out on (a new one when a removed card comes back).
  package private(set) var device: DRMDevice
  /// Opens the card again after it was removed (`nil`: it is not looked for); set by
  /// `open(configuration:logger:)` to look through the cards for this connector.
  package var reopenCard: (@MainActor () -> DRMDevice?)?
  /// Whether commits stay legacy (`KIOSK_DRM_NO_ATOMIC`), for a card that comes back.
  var forceLegacy = false
  /// `atomic` or `legacy`.
  package var commitAPI: String { committer.name }
  /// The mode in use (an assumed one, `isAssumed`, until a display is connected).
  package private(set) var mode: DRMMode
  private let configuredMode: String?
  /// Frames that reached the screen (modeset or completed flip).
  package private(set) var framesPresented = 0
  /// Pixels copied into the scanout buffer for the last frame (damage the buffer missed).
  package var lastCopiedPixels: Int { swapchain.lastCopiedPixels }

  private var committer: ScanoutCommitter
  private var swapchain: Swapchain
  private var framebuffers: [UInt32]
  private var dumbBuffers: [DumbBuffer]
  private let bufferCount: Int
  private let logger: Logger
  /// Reads the device's events for every output on it and hands this one its CRTC's.
  private(set) var events: DRMEventRouter
  private lazy var tickTimer = makeTickTimer()
  private var hasLitUp = false
  private var flipInFlight: Int?
  /// Fires when a flip's event is two refreshes late: drivers and kernels have lost them
  /// (and a vanished connector never sends one), and waiting for ever would freeze the screen.
  private lazy var flipWatchdog = makeFlipWatchdog()
  /// How long a flip's event may take before the output goes on without it: two refreshes.
  package var flipEventDeadline: Double { 2 / refreshRate }
  /// Set when a call failed with ENODEV: the card was removed, nothing more is shown.
  package private(set) var isCardGone = false
  /// How often each (call, errno) failure of the asynchronous paths has been logged.
  private var failureThrottles: [String: FailureThrottle] = [:]
  private var waiting: (frame: PixelBuffer, damage: Region, rotation: Rotation)?
  private var frameRequested = false
  private var isBlanked = false
  /// A blanking change that waits for the flip in flight.
  private var blankingAfterFlip: Bool?
  private var hotplugMonitor: UdevMonitor?
  /// Set by `shutDown`: the buffers are gone, nothing more is shown.
  private var isShutDown = false
  /// Between a seat's disable (VT switched away) and enable: no frames, no DRM master.
  package private(set) var isSeatDisabled = false
  /// The CRTC this output drives.
  package private(set) var crtc: UInt32
  /// The connector this output drives.
  package private(set) var connectorID: UInt32
  /// Whether the output still drives its CRTC (not shut down, card not gone).
  var isLive: Bool { !isShutDown && !isCardGone }
  /// Called when the display is connected (`true`) or disconnected, and with `false` when
  /// the card goes away; the runtime adds and removes the screen (`Screen.screens`).
  package var connectionHandler: (@MainActor (Bool) -> Void)?
  /// What the CRTC showed when this output took it over.
  private var previousState: (framebuffer: UInt32, mode: DRMMode?)?

  /// The rotation the plane applies; frames then reach the buffers unturned.
  package let planeRotation: Rotation

  init(
    device: DRMDevice, pipe: DRMPipe, committer: ScanoutCommitter, bufferCount: Int = 3,
    configuredMode: String? = nil, planeRotation: Rotation = .degrees0,
    sharingEventsWith router: DRMEventRouter? = nil, logger: Logger
  ) throws {
    self.planeRotation = planeRotation
    self.configuredMode = configuredMode
    self.isConnected = pipe.connector.isConnected && !pipe.mode.isAssumed
    self.device = device
    self.name = pipe.connector.name
    self.mode = pipe.mode
    self.pixelWidth = pipe.mode.width
    self.pixelHeight = pipe.mode.height
    self.refreshRate = pipe.mode.refresh > 0 ? Double(pipe.mode.refresh) : 60
    self.committer = committer
    self.logger = logger
    self.crtc = pipe.crtc
    self.connectorID = pipe.connector.id
    self.previousState = try? device.currentState(of: pipe.crtc)
    self.bufferCount = max(bufferCount, 1)
    self.events = router ?? DRMEventRouter(device: device)
    (framebuffers, dumbBuffers, swapchain) = try Self.makeBuffers(
      on: device, for: pipe.mode, planeRotation: planeRotation, count: self.bufferCount)
    events.add(self, pipe: pipe)
  }

  /// Makes `count` dumb buffers of `mode`'s size (turned when the plane turns frames), their
  /// framebuffers and mappings; on failure, frees what it made and throws.
  private static func makeBuffers(
    on device: DRMDevice, for mode: DRMMode, planeRotation: Rotation, count: Int
  ) throws -> (framebuffers: [UInt32], dumbs: [DumbBuffer], swapchain: Swapchain) {
    var buffers: [PixelBuffer] = []
    var framebuffers: [UInt32] = []
    var dumbs: [DumbBuffer] = []
    var mapped: [(memory: UnsafeMutableRawPointer, size: Int)] = []
    // Buffers have the panel's shape, or the logical screen's when the plane turns them.
    let (width, height) = planeRotation.panelSize(forLogical: mode.width, mode.height)
    do {
      for _ in 0..<count {
        let dumb = try device.createDumbBuffer(width: width, height: height, bitsPerPixel: 32)
        dumbs.append(dumb)
        framebuffers.append(
          try device.addFramebuffer(
            width: width, height: height, format: DRMFormat.xrgb8888, buffer: dumb))
        let memory = try device.map(dumb)
        mapped.append((memory, dumb.size))
        buffers.append(
          try PixelBuffer(
            wrapping: memory, width: width, height: height, stride: dumb.pitch,
            format: .xrgb8888, release: nil))
      }
    } catch {
      // Whatever was made before the failure (ENOMEM on the third buffer, say) is freed.
      for block in mapped { device.unmap(block.memory, size: block.size) }
      for id in framebuffers { device.removeFramebuffer(id) }
      for dumb in dumbs { device.destroy(dumb) }
      throw error
    }
    return (framebuffers, dumbs, Swapchain(buffers: buffers))
  }

  /// Frees the buffers, their framebuffers and mappings.
  private func freeBuffers() {
    for id in framebuffers { device.removeFramebuffer(id) }
    for (dumb, buffer) in zip(dumbBuffers, swapchain.buffers) {
      device.unmap(buffer.baseAddress, size: dumb.size)
      device.destroy(dumb)
    }
    framebuffers = []
    dumbBuffers = []
  }

  /// Stops showing frames for good: stops listening, puts back what the CRTC showed before
  /// (the console) when `restoreConsole` is set, frees the buffers and drops DRM master.
  /// Without restoring, the kernel falls back to the console when the device is closed.
  package func shutDown(restoreConsole: Bool = true, keepLastFrame: Bool = false) {
    guard !isShutDown else { return }
    isShutDown = true
    let othersOnCard = events.hasLiveOutput(besides: self)
    if !othersOnCard { events.stop() }
    tickTimer.cancel()
    flipWatchdog.cancel()
    if restoreConsole, !isCardGone, let previous = previousState, previous.framebuffer != 0,
      let mode = previous.mode
    {
      if keepLastFrame { copyLastFrame(into: previous.framebuffer) }
      do {
        try device.setCRTC(
          crtc, framebuffer: previous.framebuffer, connector: connectorID, mode: mode)
      } catch {
        logger.warning("could not restore the console on \(name): \(error)")
      }
    }
    freeBuffers()
    committer.releaseResources()
    // Another screen on the card still needs DRM master.
    if !othersOnCard { device.dropMaster() }
  }

  /// Our framebuffers vanish with this process, and the CRTC with them: to leave the last
  /// frame on screen, copy it into the console's framebuffer, which stays.
  private func copyLastFrame(into framebuffer: UInt32) {
    guard swapchain.front >= 0 else { return }
    let front = swapchain.buffers[swapchain.front]
    do {
      let borrowed = try device.borrowFramebuffer(framebuffer)
      let memory = try device.map(borrowed.buffer)
      defer { device.unmap(memory, size: borrowed.buffer.size) }
      let console = try PixelBuffer(
        wrapping: memory, width: borrowed.width, height: borrowed.height,
        stride: borrowed.buffer.pitch, format: .xrgb8888, release: nil)
      console.copy(console.bounds, from: front)
    } catch {
      logger.warning("cannot leave the last frame on \(name): \(error)")
    }
  }

  // MARK: Presenting

  package func present(_ frame: PixelBuffer, damage: Region, rotation: Rotation) throws {
    guard isActive else { return }
    guard flipInFlight == nil else {
      // One commit in flight at most: keep the newest frame and all damage for later.
      if var pending = waiting {
        pending.damage.formUnion(damage)
        pending.frame = frame
        pending.rotation = rotation  // the screen may have turned meanwhile
        waiting = pending
      } else {
        waiting = (frame, damage, rotation)
      }
      return
    }
    do {
      try submit(frame, damage: damage, rotation: rotation)
    } catch {
      // The caller logs it (rate-limited) and counts it; here the output recovers.
      recover(from: error)
      throw error
    }
  }

  private func submit(_ frame: PixelBuffer, damage: Region, rotation: Rotation) throws {
    // What the plane turns, the copy must not turn again.
    let rotation = planeRotation == rotation ? .degrees0 : rotation
    guard let buffer = swapchain.buffers.first,
      rotation.panelSize(forLogical: frame.width, frame.height) == (buffer.width, buffer.height)
    else {
      // A frame made before the screen took a new display's size: the next one fits.
      throw DRMError(
        call: "present", code: EINVAL,
        context: "a \(frame.width)x\(frame.height) frame for \(pixelWidth)x\(pixelHeight) buffers")
    }
    let index = swapchain.prepareNext(from: frame, damage: damage, rotation: rotation)
    if !hasLitUp {
      try committer.modeset(framebuffer: framebuffers[index])
      hasLitUp = true
      logger.info(
        "lit up \(name) \(mode) with \(committer.name) commits on \(device.path) (\(device.driverName))"
      )
      swapchain.didShow(index)
      frameShown(at: monotonicSeconds())
      return
    }
    let clips = rotation.panelRects(of: damage, width: frame.width, height: frame.height)
    try committer.flip(to: framebuffers[index], damage: clips)
    flipInFlight = index
    flipWatchdog.arm()
  }

  // MARK: Faults

  /// Puts the output in a state from which the next frame can succeed after `error`: the
  /// buffers' contents are forgotten (the next frame is copied whole, so what reaches the
  /// screen matches a run without the fault), a refused flip or lost DRM master sets the
  /// mode again once commits work, and a removed card stops the output.
  private func recover(from error: any Error) {
    swapchain.invalidate()
    guard let error = error as? DRMError else {
      hasLitUp = false
      return
    }
    switch error.code {
    case ENODEV:
      cardRemoved(error)
    case EACCES, EPERM:
      // DRM master went elsewhere (a VT switch whose seat event has not come yet, another
      // client). Taking it back here would steal the display from whoever has it: the
      // seat's enable does that (`seatEnabled`). Once commits work again, whoever held
      // the display may have changed the mode: set it again.
      hasLitUp = false
    case EBUSY, ENOMEM, EINTR, EAGAIN:
      break  // transient: the same commit may work next frame
    default:
      // EINVAL, ENOSPC, ERANGE…: the kernel refused the state; start again from a modeset.
      hasLitUp = false
    }
  }

  /// A failure outside a `present` call (a queued frame, a late flip event): logged here,
  /// once per call and errno and then at most every ten seconds with a count, and followed
  /// by a repaint, since no caller will try again otherwise.
  private func failedOutsidePresent(_ error: any Error, while doing: String) {
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
    if isActive { repaintHandler?() }
  }

  /// The card went away (unbound, unplugged, its driver unloaded): stop, say so once, and
  /// keep the app running; the service stays ready.
  func cardRemoved(_ error: DRMError) {
    guard !isCardGone else { return }
    isCardGone = true
    flipInFlight = nil
    waiting = nil
    tickTimer.cancel()
    flipWatchdog.cancel()
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
    guard isCardGone, !isShutDown, let newDevice = reopenCard?() else { return }
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
    isConnected = pipe.connector.isConnected && !pipe.mode.isAssumed
    isCardGone = false
    hasLitUp = false
    failureThrottles.removeAll()
    refreshRate = pipe.mode.refresh > 0 ? Double(pipe.mode.refresh) : 60
    tickTimer = makeTickTimer()
    flipWatchdog = makeFlipWatchdog()
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

  /// No flip event came within two refreshes of the commit: carry on as if it had, with
  /// the next frame copied whole (whichever buffer the kernel shows, the next one is right).
  func flipEventOverdue() {
    guard let index = flipInFlight else { return }
    failedOutsidePresent(
      DRMError(call: "page-flip event", code: ETIMEDOUT, context: "none within two refreshes"),
      while: "waiting for a flip")
    flipCompleted(index, at: monotonicSeconds())
  }

  /// Ticks at the refresh rate when a frame is asked for and no flip will deliver it.
  private func makeTickTimer() -> RefreshTimer {
    RefreshTimer(interval: 1 / refreshRate) { [weak self] time in
      guard let self, self.frameRequested, self.flipInFlight == nil else { return }
      self.frameRequested = false
      self.frameHandler?(time)
    }
  }

  private func makeFlipWatchdog() -> RefreshTimer {
    RefreshTimer(interval: flipEventDeadline) { [weak self] _ in self?.flipEventOverdue() }
  }

  /// Reads the device's events, for every output on the device (the router's dispatch
  /// source does this when the fd is readable; tests call it).
  func handleDeviceEvents() {
    events.readEvents()
  }

  /// Reading the device's events failed.
  func eventsFailed(_ error: any Error) {
    guard isLive else { return }
    failedOutsidePresent(error, while: "reading DRM events")
  }

  /// A flip event of this output's CRTC arrived (the latest, when several were waiting).
  func flipEventArrived(_ event: DRMFlipEvent) {
    guard let index = flipInFlight else { return }
    // bochs and other drivers without vblank stamp 0: use our clock then.
    flipCompleted(index, at: event.time > 0 ? event.time : monotonicSeconds())
  }

  /// Buffer `index` is on screen: blanking or a queued frame that waited for it goes next.
  private func flipCompleted(_ index: Int, at time: Double) {
    flipWatchdog.cancel()
    flipInFlight = nil
    swapchain.didShow(index)
    if let blank = blankingAfterFlip {
      do { try setBlanked(blank) } catch { logger.error("blanking \(name): \(error)") }
    }
    if let pending = waiting, isActive {
      waiting = nil
      do {
        try submit(pending.frame, damage: pending.damage, rotation: pending.rotation)
      } catch {
        failedOutsidePresent(error, while: "showing a queued frame")
      }
    }
    frameShown(at: time)
  }

  private func frameShown(at time: Double) {
    framesPresented += 1
    if frameRequested {
      frameRequested = false
      frameHandler?(time)
    }
  }

  // MARK: Frame events

  package func requestFrameEvent() {
    frameRequested = true
    // A flip in flight will deliver it; otherwise tick on a timer at the refresh rate (many
    // drivers have no vblank interrupt, bochs among them).
    guard flipInFlight == nil else { return }
    tickTimer.arm()
  }

  // MARK: Hotplug

  /// Looks at the connector again after a hotplug event. Unplugged: no more frames (and no
  /// busy loop) until it is back. Plugged in again: the mode is set again with the next
  /// frame and the whole screen is repainted.
  package func connectorsChanged() {
    let connectors: [DRMConnector]
    do {
      connectors = try device.connectors()
    } catch {
      logger.warning("re-reading connectors after a hotplug event: \(error)")
      return
    }
    let connected = connectors.first { $0.id == connectorID }?.isConnected ?? false
    if connected, isConnected, let connector = connectors.first(where: { $0.id == connectorID }) {
      displayMayHaveChanged(connector)
      return
    }
    guard connected != isConnected else { return }
    if connected, let connector = connectors.first(where: { $0.id == connectorID }),
      !adoptMode(of: connector)
    {
      return
    }
    isConnected = connected
    if connected {
      logger.notice(
        "\(name) is connected again; setting \(mode) and repainting",
        metadata: JournalMessageID.displayFound.metadata(["KIOSK_OUTPUT": name]))
      hasLitUp = false
      swapchain.invalidate()
      connectionHandler?(true)
      repaintHandler?()
    } else {
      logger.notice(
        "\(name) was disconnected; no frames until it is back",
        metadata: JournalMessageID.displayLost.metadata(["KIOSK_OUTPUT": name]))
      // A flip in flight on a vanished connector may never complete.
      flipInFlight = nil
      waiting = nil
      tickTimer.cancel()
      flipWatchdog.cancel()
      connectionHandler?(false)
    }
  }

  /// Still connected after a hotplug event, but perhaps to another display (swapped faster
  /// than the kernel saw it unplugged) or one that changed its modes: when the mode this
  /// output would choose now differs from the one in use, it is set (new buffers for a new
  /// size, and the screen follows) and the screen repainted.
  private func displayMayHaveChanged(_ connector: DRMConnector) {
    guard !isCardGone, !isShutDown, !connector.modes.isEmpty else { return }
    let wanted =
      (try? DRMPipeSelector.chooseMode(of: connector, configured: configuredMode))
      ?? connector.modes.first(where: \.isPreferred) ?? connector.modes[0]
    guard wanted != mode else { return }
    // Whatever is in flight belongs to the old mode.
    flipInFlight = nil
    waiting = nil
    tickTimer.cancel()
    flipWatchdog.cancel()
    let old = mode
    guard adoptMode(of: connector) else { return }
    logger.notice(
      "\(name): the display now asks for \(mode) (was \(old)); setting it and repainting",
      metadata: JournalMessageID.displayFound.metadata(["KIOSK_OUTPUT": name]))
    hasLitUp = false
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
      tickTimer.cancel()
      flipWatchdog.cancel()
      tickTimer = makeTickTimer()
      flipWatchdog = makeFlipWatchdog()
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

  // MARK: Seat

  /// The seat was disabled (a VT switch away): forget frames in flight, stop ticking and
  /// give up DRM master so the other session can show its own.
  package func seatDisabled() {
    guard !isSeatDisabled, !isShutDown else { return }
    isSeatDisabled = true
    flipInFlight = nil
    waiting = nil
    tickTimer.cancel()
    flipWatchdog.cancel()
    device.dropMaster()
    logger.info("\(name): seat disabled; no frames until it is back")
  }

  /// The seat is back: take DRM master again, set the mode with the next frame (the other
  /// session may have changed it) and repaint the whole screen.
  package func seatEnabled() {
    guard isSeatDisabled, !isShutDown else { return }
    if !device.setMaster() {
      logger.warning("\(name): could not become DRM master again; frames may not show")
    }
    isSeatDisabled = false
    hasLitUp = false
    swapchain.invalidate()
    logger.info("\(name): seat enabled; setting \(mode) and repainting")
    repaintHandler?()
  }

  // MARK: Blanking

  /// Turns the panel off (`true`) or back on; frames are not shown while it is off.
  package func setBlanked(_ blanked: Bool) throws {
    guard blanked != isBlanked, !isShutDown else { return }
    guard flipInFlight == nil else {
      // A blocking modeset would fail with EBUSY behind a pending flip: after the flip.
      blankingAfterFlip = blanked
      return
    }
    blankingAfterFlip = nil
    if hasLitUp, isConnected, swapchain.front >= 0 {
      try committer.setActive(!blanked, framebuffer: framebuffers[swapchain.front])
    }
    isBlanked = blanked
    if blanked { waiting = nil }
    logger.info("\(name) \(blanked ? "blanked" : "unblanked")")
    if !blanked { repaintHandler?() }
  }
}

/// DRM fourcc pixel formats used here.
enum DRMFormat {
  /// 'XR24': 32-bit, 8 bits per channel, top byte ignored.
  static let xrgb8888: UInt32 = 0x3432_5258
}
