import Dispatch
import Glibc
import KioskGraphics
import KioskUI
import Logging

/// A DRM/KMS connector as a `DisplayOutput`: three dumb buffers (XRGB8888) that receive only
/// the damage they missed, page flips paced by flip events with never more than one commit
/// in flight, and the display link ticking on those events.
///
/// Its life is one value, `state` (`DRMOutputState`): lighting up, showing, a flip pending,
/// dark, card gone, shut down. Each event (a frame, a flip event, a fault, hotplug, the
/// seat, blanking) is a transition of that state; this class does the device work the
/// transition asks for. Faults, hotplug, the seat and blanking are in their own files.
@MainActor
package final class DRMOutput: DisplayOutput {
  /// The connector's name (another when a card that came back names it otherwise).
  package internal(set) var name: String
  /// The mode's width in pixels; it changes when a display of another size is connected.
  package internal(set) var pixelWidth: Int
  /// The mode's height in pixels.
  package internal(set) var pixelHeight: Int
  package internal(set) var refreshRate: Double
  package var frameHandler: (@MainActor (Double) -> Void)?
  package var repaintHandler: (@MainActor () -> Void)?
  package var sizeChangeHandler: (@MainActor (Int, Int) -> Void)?
  package var isActive: Bool { state.isActive }
  /// Whether the connector has a display plugged in (false after it was unplugged, or
  /// until one is plugged in when the app started without).
  package var isConnected: Bool { state.hold.isConnected }

  /// What the output is doing: every question about its life is asked of this value, and
  /// only its transitions change it.
  var state: DRMOutputState
  /// The device this output scans out on (a new one when a removed card comes back).
  package internal(set) var device: DRMDevice
  /// Opens the card again after it was removed (`nil`: it is not looked for); set by
  /// `open(configuration:logger:)` to look through the cards for this connector.
  package var reopenCard: (@MainActor () -> DRMDevice?)?
  /// Whether commits stay legacy (`KIOSK_DRM_NO_ATOMIC`), for a card that comes back.
  var forceLegacy = false
  /// `atomic` or `legacy`.
  package var commitAPI: String { committer.name }
  /// The mode in use (an assumed one, `isAssumed`, until a display is connected).
  package internal(set) var mode: DRMMode
  let configuredMode: String?
  /// Frames that reached the screen (modeset or completed flip).
  package private(set) var framesPresented = 0
  /// Pixels copied into the scanout buffer for the last frame (damage the buffer missed).
  package var lastCopiedPixels: Int { swapchain.lastCopiedPixels }

  var committer: ScanoutCommitter
  var swapchain: Swapchain
  var framebuffers: [UInt32]
  var dumbBuffers: [DumbBuffer]
  let bufferCount: Int
  let logger: Logger
  /// Reads the device's events for every output on it and hands this one its CRTC's.
  var events: DRMEventRouter
  lazy var tickTimer = makeTickTimer()
  /// Fires when a flip's event is two refreshes late: drivers and kernels have lost them
  /// (and a vanished connector never sends one), and waiting for ever would freeze the screen.
  lazy var flipWatchdog = makeFlipWatchdog()
  /// How long a flip's event may take before the output goes on without it: two refreshes.
  package var flipEventDeadline: Double { 2 / refreshRate }
  /// Set when a call failed with ENODEV: the card was removed, nothing more is shown.
  package var isCardGone: Bool { state.isCardGone }
  /// How often each (call, errno) failure of the asynchronous paths has been logged.
  var failureThrottles: [String: FailureThrottle] = [:]
  /// Whether the display link asked for a frame event. Not part of `state`: the request
  /// outlives every phase (while dark, the tick timer answers it).
  private var frameRequested = false
  var hotplugMonitor: UdevMonitor?
  /// Between a seat's disable (VT switched away) and enable: no frames, no DRM master.
  package var isSeatDisabled: Bool { state.hold.isSeatPaused }
  /// The CRTC this output drives.
  package internal(set) var crtc: UInt32
  /// The connector this output drives.
  package internal(set) var connectorID: UInt32
  /// Whether the output still drives its CRTC (not shut down, card not gone).
  var isLive: Bool { state.isLive }
  /// Called when the display is connected (`true`) or disconnected, and with `false` when
  /// the card goes away; the runtime adds and removes the screen (`Screen.screens`).
  package var connectionHandler: (@MainActor (Bool) -> Void)?
  /// What the CRTC showed when this output took it over.
  var previousState: (framebuffer: UInt32, mode: DRMMode?)?

  /// The rotation the plane applies; frames then reach the buffers unturned.
  package let planeRotation: Rotation

  init(
    device: DRMDevice, pipe: DRMPipe, committer: ScanoutCommitter, bufferCount: Int = 3,
    configuredMode: String? = nil, planeRotation: Rotation = .degrees0,
    sharingEventsWith router: DRMEventRouter? = nil, logger: Logger
  ) throws {
    self.planeRotation = planeRotation
    self.configuredMode = configuredMode
    self.state = .settled(
      DRMOutputHold(isConnected: pipe.connector.isConnected && !pipe.mode.isAssumed))
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
  static func makeBuffers(
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
  func freeBuffers() {
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
    let wasCardGone = state.isCardGone
    guard state.shutDown() else { return }
    let othersOnCard = events.hasLiveOutput(besides: self)
    if !othersOnCard { events.stop() }
    tickTimer.cancel()
    flipWatchdog.cancel()
    if restoreConsole, !wasCardGone, let previous = previousState, previous.framebuffer != 0,
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
    // One commit in flight at most: a frame presented meanwhile waits (`.queued`).
    switch state.present(DRMQueuedFrame(frame: frame, damage: damage, rotation: rotation)) {
    case .drop, .queued: return
    case .modeset, .flip: break
    }
    do {
      try submit(frame, damage: damage, rotation: rotation)
    } catch {
      // The caller logs it (rate-limited) and counts it; here the output recovers.
      recover(from: error)
      throw error
    }
  }

  /// Copies `frame` into the next buffer and sets the mode with it (lighting up) or flips
  /// to it (showing).
  func submit(_ frame: PixelBuffer, damage: Region, rotation: Rotation) throws {
    // What the plane turns, the copy must not turn again: it turns by the rest (the screen
    // may have been turned at run time away from the angle the plane was set up with).
    let rotation = Rotation(degrees: rotation.degrees - planeRotation.degrees) ?? rotation
    guard let buffer = swapchain.buffers.first,
      rotation.panelSize(forLogical: frame.width, frame.height) == (buffer.width, buffer.height)
    else {
      // A frame made before the screen took a new display's size: the next one fits.
      throw DRMError(
        call: "present", code: EINVAL,
        context: "a \(frame.width)x\(frame.height) frame for \(pixelWidth)x\(pixelHeight) buffers")
    }
    let index = swapchain.prepareNext(from: frame, damage: damage, rotation: rotation)
    if case .lightingUp = state {
      try committer.modeset(framebuffer: framebuffers[index])
      state.litUp()
      logger.info(
        "lit up \(name) \(mode) with \(committer.name) commits on \(device.path) (\(device.driverName))"
      )
      swapchain.didShow(index)
      frameShown(at: monotonicSeconds())
      return
    }
    let clips = rotation.panelRects(of: damage, width: frame.width, height: frame.height)
    try committer.flip(to: framebuffers[index], damage: clips)
    state.flipStarted(buffer: index)
    flipWatchdog.arm()
  }

  /// Cancels both timers (nothing in flight, no ticks until a frame is asked for again).
  func stopTimers() {
    tickTimer.cancel()
    flipWatchdog.cancel()
  }

  /// Timers for the current refresh rate (after a mode with another one was taken).
  func remakeTimers() {
    stopTimers()
    tickTimer = makeTickTimer()
    flipWatchdog = makeFlipWatchdog()
  }

  /// Ticks at the refresh rate when a frame is asked for and no flip will deliver it.
  private func makeTickTimer() -> RefreshTimer {
    RefreshTimer(interval: 1 / refreshRate, paces: true) { [weak self] time in
      guard let self, self.frameRequested, self.state.flipInFlight == nil else { return }
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

  /// A flip event of this output's CRTC arrived (the latest, when several were waiting).
  func flipEventArrived(_ event: DRMFlipEvent) {
    guard state.flipInFlight != nil else { return }
    // bochs and other drivers without vblank stamp 0: use our clock then.
    flipCompleted(at: event.time > 0 ? event.time : monotonicSeconds())
  }

  /// The buffer in flight is on screen: blanking or a queued frame that waited for it goes
  /// next.
  func flipCompleted(at time: Double) {
    guard let flip = state.flipCompleted() else { return }
    flipWatchdog.cancel()
    swapchain.didShow(flip.buffer)
    if flip.blankAfter { applyBlanking(true) }
    if let queued = flip.queued, state.isActive {
      do {
        try submit(queued.frame, damage: queued.damage, rotation: queued.rotation)
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
    guard state.flipInFlight == nil else { return }
    tickTimer.arm()
  }
}
