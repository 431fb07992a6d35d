/// The events of a DRM output's life. Each one changes the state and says what the output
/// must do about it; an event that does not apply to the state changes nothing (and says
/// so), which is how a late flip event after blanking, or a hotplug while the card is gone,
/// is ignored.
extension DRMOutputState {
  /// What to do with a frame presented in some state.
  enum PresentStep: Equatable {
    /// Nothing is shown now (dark, card gone, shut down): drop it.
    case drop
    /// A flip is in flight: the frame was queued behind it (merged with one queued before).
    case queued
    /// Set the mode with this frame, then report `litUp()`.
    case modeset
    /// Flip to this frame, then report `flipStarted(buffer:)`.
    case flip
  }

  /// What to do about a request to turn the panel off or on.
  enum BlankingStep: Equatable {
    /// Already so, or shut down, or an unblank that cancelled a blank waiting for a flip.
    case none
    /// A flip is in flight: the panel goes off when it completes.
    case afterFlip
    /// Change it now, turning the CRTC off or on first when `deviceCall` is set (a lit,
    /// connected output on its card), then report `blankingChanged(to:)`.
    case now(deviceCall: Bool)
  }

  /// A frame is presented.
  mutating func present(_ frame: DRMQueuedFrame) -> PresentStep {
    switch self {
    case .lightingUp: return .modeset
    case .showing: return .flip
    case .flipPending(var flip):
      if flip.queued == nil { flip.queued = frame } else { flip.queued?.merge(frame) }
      self = .flipPending(flip)
      return .queued
    case .dark, .cardGone, .shutDown: return .drop
    }
  }

  /// The mode was set with a frame: it is on screen, nothing in flight.
  mutating func litUp() {
    guard case .lightingUp = self else { return }
    self = .showing
  }

  /// A flip to `buffer` was committed; its event (or the watchdog) completes it.
  mutating func flipStarted(buffer: Int) {
    guard case .showing = self else { return }
    self = .flipPending(DRMFlip(buffer: buffer))
  }

  /// The flip in flight completed (its event came, or the watchdog gave up on it). Returns
  /// the flip, with the frame and blanking that waited for it; `nil` when none was in
  /// flight (a late event after a disconnect, a blank, a seat switch), and nothing changes.
  mutating func flipCompleted() -> DRMFlip? {
    guard case .flipPending(let flip) = self else { return nil }
    self = flip.isLit ? .showing : .lightingUp
    return flip
  }

  /// Forgets the flip in flight (its connector vanished, its mode was replaced, the seat
  /// went): returns whether a blanking waited for it, which the caller applies now.
  mutating func forgetFlight() -> Bool {
    guard case .flipPending(let flip) = self else { return false }
    self = flip.isLit ? .showing : .lightingUp
    return flip.blankAfter
  }

  /// The mode no longer stands (a refused commit, lost DRM master, a new mode): the next
  /// frame sets it again.
  mutating func relight() {
    switch self {
    case .showing: self = .lightingUp
    case .flipPending(var flip):
      flip.isLit = false
      self = .flipPending(flip)
    case .dark(var hold):
      hold.isLit = false
      self = .dark(hold)
    case .cardGone(var hold):
      hold.isLit = false
      self = .cardGone(hold)
    case .lightingUp, .shutDown: break
    }
  }

  /// The panel is asked to go off (`true`) or on.
  mutating func requestBlanking(_ blanked: Bool) -> BlankingStep {
    switch self {
    case .shutDown: return .none
    case .flipPending(var flip):
      // The last request wins: an unblank cancels a blank that waited for the flip.
      flip.blankAfter = blanked
      self = .flipPending(flip)
      return blanked ? .afterFlip : .none
    default:
      let hold = self.hold
      guard hold.isBlanked != blanked else { return .none }
      // A gone card has no CRTC to turn off: the panel's state is only remembered.
      return .now(deviceCall: hold.isLit && hold.isConnected && !isCardGone)
    }
  }

  /// The panel went off (`true`) or on.
  mutating func blankingChanged(to blanked: Bool) {
    var hold = self.hold
    hold.isBlanked = blanked
    switch self {
    case .shutDown: break
    case .cardGone: self = .cardGone(hold)
    case .flipPending(let flip): self = blanked ? .dark(hold) : .flipPending(flip)
    case .lightingUp, .showing, .dark: self = .settled(hold)
    }
  }

  /// The seat was disabled (a VT switch away); returns whether that changed anything. A
  /// flip in flight is forgotten, and a blanking that waited for it is kept as asked.
  mutating func seatDisabled() -> Bool {
    guard !isShutDown, !hold.isSeatPaused else { return false }
    var hold = self.hold
    hold.isSeatPaused = true
    if case .flipPending(let flip) = self { hold.isBlanked = flip.blankAfter }
    self = isCardGone ? .cardGone(hold) : .dark(hold)
    return true
  }

  /// The seat is back; returns whether it had been disabled. The other session may have
  /// changed the mode: the next frame sets it again.
  mutating func seatEnabled() -> Bool {
    guard !isShutDown, hold.isSeatPaused else { return false }
    var hold = self.hold
    hold.isSeatPaused = false
    hold.isLit = false
    self = isCardGone ? .cardGone(hold) : .settled(hold)
    return true
  }

  /// The display was unplugged; returns whether it had been connected (on a card still
  /// there). A flip in flight is forgotten: on a vanished connector it may never complete.
  mutating func disconnected() -> Bool {
    guard isLive, hold.isConnected else { return false }
    var hold = self.hold
    hold.isConnected = false
    if case .flipPending(let flip) = self { hold.isBlanked = flip.blankAfter }
    self = .dark(hold)
    return true
  }

  /// A display was plugged in and its mode taken; returns whether it had been unplugged.
  /// The mode is set with the next frame.
  mutating func connected() -> Bool {
    guard isLive, !hold.isConnected else { return false }
    var hold = self.hold
    hold.isConnected = true
    hold.isLit = false
    self = .settled(hold)
    return true
  }

  /// The card went away; returns whether it had been there. What the output holds stays
  /// (a blanking that waited for a flip included) for when it comes back.
  mutating func cardRemoved() -> Bool {
    guard isLive else { return false }
    var hold = self.hold
    if case .flipPending(let flip) = self { hold.isBlanked = flip.blankAfter }
    self = .cardGone(hold)
    return true
  }

  /// The card came back, its display `connected` or not: the mode is set with the next
  /// frame (unless the output is still blanked or its seat paused). Returns whether the
  /// card had been gone.
  mutating func cardReturned(connected: Bool) -> Bool {
    guard case .cardGone(var hold) = self else { return false }
    hold.isConnected = connected
    hold.isLit = false
    self = .settled(hold)
    return true
  }

  /// The output stops for good; returns whether it was still running.
  mutating func shutDown() -> Bool {
    guard !isShutDown else { return false }
    self = .shutDown(wasConnected: hold.isConnected)
    return true
  }
}
