import Glibc
import KioskGraphics
import Testing

@testable import KioskLinux

/// The DRM output's life without a device: each transition from each state where it matters,
/// the new state and what the output is told to do; and the events a state ignores.
struct DRMOutputStateTests {
  private func queued(_ x: Int = 0) throws -> DRMQueuedFrame {
    DRMQueuedFrame(
      frame: try PixelBuffer(width: 4, height: 4),
      damage: Region(PixelRect(x: x, y: 0, width: 1, height: 1)), rotation: .degrees0)
  }

  private let blankedLit = DRMOutputHold(isBlanked: true, isLit: true)
  private let pausedLit = DRMOutputHold(isSeatPaused: true, isLit: true)
  private let unplugged = DRMOutputHold(isConnected: false, isLit: true)

  // MARK: Questions

  @Test func onlyRunningStatesAreActive() {
    #expect(DRMOutputState.lightingUp.isActive)
    #expect(DRMOutputState.showing.isActive)
    #expect(DRMOutputState.flipPending(DRMFlip(buffer: 1)).isActive)
    #expect(!DRMOutputState.dark(blankedLit).isActive)
    #expect(!DRMOutputState.cardGone(DRMOutputHold()).isActive)
    #expect(!DRMOutputState.shutDown(wasConnected: true).isActive)
  }

  @Test func liveMeansOnItsCardAndNotShutDown() {
    #expect(DRMOutputState.dark(pausedLit).isLive)
    #expect(!DRMOutputState.cardGone(DRMOutputHold()).isLive)
    #expect(!DRMOutputState.shutDown(wasConnected: true).isLive)
    #expect(DRMOutputState.flipPending(DRMFlip(buffer: 2)).flipInFlight == 2)
    #expect(DRMOutputState.showing.flipInFlight == nil)
  }

  @Test func settlingPicksDarkLitOrLightingUp() {
    #expect(DRMOutputState.settled(DRMOutputHold(isLit: true)) == .showing)
    #expect(DRMOutputState.settled(DRMOutputHold()) == .lightingUp)
    #expect(DRMOutputState.settled(unplugged) == .dark(unplugged))
  }

  // MARK: Presenting

  @Test func aFrameWhileLightingUpSetsTheMode() throws {
    var state = DRMOutputState.lightingUp
    #expect(state.present(try queued()) == .modeset)
    state.litUp()
    #expect(state == .showing)
  }

  @Test func aFrameWhileShowingFlips() throws {
    var state = DRMOutputState.showing
    #expect(state.present(try queued()) == .flip)
    state.flipStarted(buffer: 1)
    #expect(state == .flipPending(DRMFlip(buffer: 1)))
  }

  @Test func framesBehindAFlipAreQueuedAndMerged() throws {
    var state = DRMOutputState.flipPending(DRMFlip(buffer: 0))
    let first = try queued(0)
    let second = try queued(2)
    #expect(state.present(first) == .queued)
    #expect(state.present(second) == .queued)
    guard case .flipPending(let flip) = state, let waiting = flip.queued else {
      Issue.record("no frame queued: \(state)")
      return
    }
    #expect(waiting.frame === second.frame)
    #expect(waiting.damage == first.damage.union(second.damage))
  }

  @Test func framesWhileDarkGoneOrShutDownAreDropped() throws {
    for start in [
      DRMOutputState.dark(blankedLit), .cardGone(DRMOutputHold()), .shutDown(wasConnected: true),
    ] {
      var state = start
      #expect(state.present(try queued()) == .drop)
      #expect(state == start)
    }
  }

  @Test func litUpAndFlipStartedOnlyFollowTheirOwnStep() {
    var state = DRMOutputState.dark(blankedLit)
    state.litUp()
    state.flipStarted(buffer: 1)
    #expect(state == .dark(blankedLit))
    var lighting = DRMOutputState.lightingUp
    lighting.flipStarted(buffer: 1)
    #expect(lighting == .lightingUp)
  }

  // MARK: Flip completion

  @Test func aCompletedFlipShowsAndHandsOverWhatWaited() throws {
    let frame = try queued()
    var state = DRMOutputState.flipPending(DRMFlip(buffer: 2, queued: frame, blankAfter: true))
    let flip = state.flipCompleted()
    #expect(flip == DRMFlip(buffer: 2, queued: frame, blankAfter: true))
    #expect(state == .showing)
  }

  @Test func aFlipCompletedAfterAFaultLightsUpAgain() {
    var state = DRMOutputState.flipPending(DRMFlip(buffer: 1, isLit: false))
    #expect(state.flipCompleted()?.buffer == 1)
    #expect(state == .lightingUp)
  }

  @Test func aFlipCompletionWithNoFlipInFlightIsIgnored() {
    for start in [
      DRMOutputState.showing, .lightingUp, .dark(blankedLit), .dark(pausedLit),
      .cardGone(DRMOutputHold()), .shutDown(wasConnected: true),
    ] {
      var state = start
      #expect(state.flipCompleted() == nil)
      #expect(state == start)
    }
  }

  @Test func forgettingAFlightDropsTheQueueAndReturnsTheBlanking() throws {
    var state = DRMOutputState.flipPending(
      DRMFlip(buffer: 1, queued: try queued(), blankAfter: true))
    #expect(state.forgetFlight() == true)
    #expect(state == .showing)
    var idle = DRMOutputState.showing
    #expect(idle.forgetFlight() == false)
  }

  // MARK: Faults

  @Test func relightingDropsTheModeWherever() {
    var showing = DRMOutputState.showing
    showing.relight()
    #expect(showing == .lightingUp)
    var pending = DRMOutputState.flipPending(DRMFlip(buffer: 1))
    pending.relight()
    #expect(pending == .flipPending(DRMFlip(buffer: 1, isLit: false)))
    var dark = DRMOutputState.dark(blankedLit)
    dark.relight()
    #expect(dark == .dark(DRMOutputHold(isBlanked: true)))
    var over = DRMOutputState.shutDown(wasConnected: false)
    over.relight()
    #expect(over == .shutDown(wasConnected: false))
  }

  @Test func faultsRecoverByTheirErrno() {
    func recovery(_ code: Int32) -> DRMFaultRecovery {
      DRMFaultRecovery(DRMError(call: "test", code: code, context: ""))
    }
    #expect(recovery(ENODEV) == .cardRemoved)
    #expect(recovery(EACCES) == .relight)
    #expect(recovery(EPERM) == .relight)
    #expect(recovery(EINVAL) == .relight)
    #expect(recovery(ENOSPC) == .relight)
    for code in [EBUSY, ENOMEM, EINTR, EAGAIN] { #expect(recovery(code) == .retry) }
    #expect(DRMFaultRecovery(DRMSetupError(description: "other")) == .relight)
  }

  // MARK: Blanking

  @Test func blankingALitOutputTurnsTheCRTCOff() {
    var state = DRMOutputState.showing
    #expect(state.requestBlanking(true) == .now(deviceCall: true))
    #expect(state == .showing)  // until the device call worked
    state.blankingChanged(to: true)
    #expect(state == .dark(blankedLit))
  }

  @Test func blankingBeforeTheFirstFrameOrUnpluggedNeedsNoDeviceCall() {
    var lighting = DRMOutputState.lightingUp
    #expect(lighting.requestBlanking(true) == .now(deviceCall: false))
    var dark = DRMOutputState.dark(unplugged)
    #expect(dark.requestBlanking(true) == .now(deviceCall: false))
    dark.blankingChanged(to: true)
    #expect(dark == .dark(DRMOutputHold(isBlanked: true, isConnected: false, isLit: true)))
  }

  @Test func unblankingComesBackLitOrLightingUpOrStaysDark() {
    var lit = DRMOutputState.dark(blankedLit)
    #expect(lit.requestBlanking(false) == .now(deviceCall: true))
    lit.blankingChanged(to: false)
    #expect(lit == .showing)
    var unlit = DRMOutputState.dark(DRMOutputHold(isBlanked: true))
    unlit.blankingChanged(to: false)
    #expect(unlit == .lightingUp)
    var paused = DRMOutputState.dark(DRMOutputHold(isBlanked: true, isSeatPaused: true))
    paused.blankingChanged(to: false)
    #expect(paused == .dark(DRMOutputHold(isSeatPaused: true)))
  }

  @Test func blankingAsItAlreadyIsOrAfterShutDownDoesNothing() {
    var blanked = DRMOutputState.dark(blankedLit)
    #expect(blanked.requestBlanking(true) == .none)
    var showing = DRMOutputState.showing
    #expect(showing.requestBlanking(false) == .none)
    var over = DRMOutputState.shutDown(wasConnected: true)
    #expect(over.requestBlanking(true) == .none)
    over.blankingChanged(to: true)
    #expect(over == .shutDown(wasConnected: true))
  }

  @Test func blankingBehindAFlipWaitsAndAnUnblankCancelsIt() {
    var state = DRMOutputState.flipPending(DRMFlip(buffer: 1))
    #expect(state.requestBlanking(true) == .afterFlip)
    #expect(state == .flipPending(DRMFlip(buffer: 1, blankAfter: true)))
    #expect(state.requestBlanking(false) == .none)
    #expect(state == .flipPending(DRMFlip(buffer: 1)))
  }

  @Test func blankingWhileTheCardIsGoneIsHeldForItsReturn() {
    var state = DRMOutputState.cardGone(DRMOutputHold(isLit: true))
    #expect(state.requestBlanking(true) == .now(deviceCall: false))
    state.blankingChanged(to: true)
    #expect(state == .cardGone(blankedLit))
  }
}
