/// A DRM output's life as one value: what it is doing and what each phase owns. The output
/// (`DRMOutput`) asks it every question (`isActive`, is a flip in flight…) and changes it
/// only through its transitions (`DRMOutputState+Transitions.swift`), pure functions that a
/// test drives without a device; the output does the device work each transition asks for.
///
/// ```
///            present (modeset)        present (flip)
/// lightingUp ───────────────▶ showing ──────────────▶ flipPending
///     ▲                          ▲ ◀─────────────────────┘ flip completed
///     │ connected, seat enabled, │
///     │ unblanked (mode dropped) │ unblanked (mode stands)
///     └──────── dark ◀───────────┘ blanked, seat disabled, disconnected
/// any but shutDown ── card removed ──▶ cardGone ── card back ──▶ lightingUp or dark
/// any ── shutDown ──▶ shutDown (for good)
/// ```
enum DRMOutputState: Equatable {
  /// Frames are shown, and the next one sets the mode: the first frame, or the first after
  /// the display, the seat or the card came back, or after the kernel refused a commit.
  case lightingUp
  /// The mode is set and nothing is in flight: the next frame is flipped to.
  case showing
  /// A flip is in flight; what waits for it rides along.
  case flipPending(DRMFlip)
  /// Nothing is shown (blanked, seat paused or display unplugged), on a card still there.
  case dark(DRMOutputHold)
  /// The card went away (unbound, unplugged): no buffers, no device; what the output was
  /// holds for when the card comes back.
  case cardGone(DRMOutputHold)
  /// Stopped for good: the buffers are freed and the CRTC handed back.
  case shutDown(wasConnected: Bool)

  /// The state an output with `hold` is in when no flip is in flight and its card is there.
  static func settled(_ hold: DRMOutputHold) -> DRMOutputState {
    if hold.isDark { return .dark(hold) }
    return hold.isLit ? .showing : .lightingUp
  }

  /// What the output holds in any state (in a running one: not dark, connected).
  var hold: DRMOutputHold {
    switch self {
    case .lightingUp: DRMOutputHold(isLit: false)
    case .showing: DRMOutputHold(isLit: true)
    case .flipPending(let flip): DRMOutputHold(isLit: flip.isLit)
    case .dark(let hold), .cardGone(let hold): hold
    case .shutDown(let wasConnected): DRMOutputHold(isConnected: wasConnected)
    }
  }

  /// Whether frames reach the screen: on its card, lit or lighting up, not dark.
  var isActive: Bool {
    switch self {
    case .lightingUp, .showing, .flipPending: true
    case .dark, .cardGone, .shutDown: false
    }
  }

  /// The buffer of the flip in flight, if one is.
  var flipInFlight: Int? {
    if case .flipPending(let flip) = self { return flip.buffer }
    return nil
  }

  /// Whether the card went away (and has not come back).
  var isCardGone: Bool {
    if case .cardGone = self { return true }
    return false
  }

  /// Whether the output was shut down.
  var isShutDown: Bool {
    if case .shutDown = self { return true }
    return false
  }

  /// Whether the output still drives its CRTC (not shut down, card not gone).
  var isLive: Bool { !isShutDown && !isCardGone }
}
