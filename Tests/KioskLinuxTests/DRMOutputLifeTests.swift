import KioskGraphics
import Testing

@testable import KioskLinux

/// The DRM output's life without a device, continued: the seat, hotplug, the card going and
/// coming back, and shutting down; each from the states where it matters, and ignored
/// where it does not.
struct DRMOutputLifeTests {
  private let lit = DRMOutputHold(isLit: true)
  private let blankedLit = DRMOutputHold(isBlanked: true, isLit: true)
  private let pausedLit = DRMOutputHold(isSeatPaused: true, isLit: true)
  private let unplugged = DRMOutputHold(isConnected: false, isLit: true)

  private func pendingWithQueueAndBlank() throws -> DRMOutputState {
    let frame = DRMQueuedFrame(
      frame: try PixelBuffer(width: 4, height: 4),
      damage: Region(PixelRect(x: 0, y: 0, width: 4, height: 4)), rotation: .degrees0)
    return .flipPending(DRMFlip(buffer: 1, queued: frame, blankAfter: true))
  }

  // MARK: Seat

  @Test func disablingTheSeatDarkensAndKeepsTheMode() {
    var state = DRMOutputState.showing
    #expect(state.seatDisabled() == true)
    #expect(state == .dark(pausedLit))
    #expect(!state.isActive)
  }

  @Test func disablingTheSeatForgetsTheFlightButNotItsBlanking() throws {
    var state = try pendingWithQueueAndBlank()
    #expect(state.seatDisabled() == true)
    #expect(state == .dark(DRMOutputHold(isBlanked: true, isSeatPaused: true, isLit: true)))
  }

  @Test func disablingTheSeatTwiceOrAfterShutDownIsIgnored() {
    var paused = DRMOutputState.dark(pausedLit)
    #expect(paused.seatDisabled() == false)
    #expect(paused == .dark(pausedLit))
    var over = DRMOutputState.shutDown(wasConnected: true)
    #expect(over.seatDisabled() == false)
    #expect(over == .shutDown(wasConnected: true))
  }

  @Test func theSeatPausesAGoneCardToo() {
    var state = DRMOutputState.cardGone(lit)
    #expect(state.seatDisabled() == true)
    #expect(state == .cardGone(pausedLit))
    #expect(state.seatEnabled() == true)
    #expect(state == .cardGone(DRMOutputHold()))
  }

  @Test func enablingTheSeatLightsUpAgain() {
    var state = DRMOutputState.dark(pausedLit)
    #expect(state.seatEnabled() == true)
    #expect(state == .lightingUp)
  }

  @Test func enablingTheSeatOfABlankedOutputKeepsItDark() {
    var state = DRMOutputState.dark(DRMOutputHold(isBlanked: true, isSeatPaused: true))
    #expect(state.seatEnabled() == true)
    #expect(state == .dark(DRMOutputHold(isBlanked: true)))
  }

  @Test func enablingASeatNeverDisabledOrAfterShutDownIsIgnored() {
    var showing = DRMOutputState.showing
    #expect(showing.seatEnabled() == false)
    #expect(showing == .showing)
    var over = DRMOutputState.shutDown(wasConnected: true)
    #expect(over.seatEnabled() == false)
  }

  // MARK: Hotplug

  @Test func unpluggingDarkensAndKeepsTheMode() {
    var state = DRMOutputState.showing
    #expect(state.disconnected() == true)
    #expect(state == .dark(unplugged))
    #expect(!state.hold.isConnected)
  }

  @Test func unpluggingForgetsTheFlightAndItsQueue() throws {
    var state = try pendingWithQueueAndBlank()
    #expect(state.disconnected() == true)
    #expect(state == .dark(DRMOutputHold(isBlanked: true, isConnected: false, isLit: true)))
    #expect(state.flipInFlight == nil)
  }

  @Test func unpluggingABlankedOutputKeepsItsBlanking() {
    var state = DRMOutputState.dark(blankedLit)
    #expect(state.disconnected() == true)
    #expect(state == .dark(DRMOutputHold(isBlanked: true, isConnected: false, isLit: true)))
  }

  @Test func pluggingInLightsUpWithTheNextFrame() {
    var state = DRMOutputState.dark(unplugged)
    #expect(state.connected() == true)
    #expect(state == .lightingUp)
    var blanked = DRMOutputState.dark(
      DRMOutputHold(isBlanked: true, isConnected: false, isLit: true))
    #expect(blanked.connected() == true)
    #expect(blanked == .dark(DRMOutputHold(isBlanked: true)))
  }

  @Test func hotplugThatChangesNothingIsIgnored() {
    var plugged = DRMOutputState.showing
    #expect(plugged.connected() == false)
    #expect(plugged == .showing)
    var unpluggedState = DRMOutputState.dark(unplugged)
    #expect(unpluggedState.disconnected() == false)
    #expect(unpluggedState == .dark(unplugged))
  }

  @Test func hotplugWhileTheCardIsGoneOrShutDownIsIgnored() {
    for start in [
      DRMOutputState.cardGone(lit), .cardGone(unplugged), .shutDown(wasConnected: true),
      .shutDown(wasConnected: false),
    ] {
      var state = start
      #expect(state.connected() == false)
      #expect(state.disconnected() == false)
      #expect(state == start)
    }
  }

  // MARK: The card

  @Test func aRemovedCardKeepsWhatTheOutputHeld() throws {
    var showing = DRMOutputState.showing
    #expect(showing.cardRemoved() == true)
    #expect(showing == .cardGone(lit))
    var paused = DRMOutputState.dark(pausedLit)
    #expect(paused.cardRemoved() == true)
    #expect(paused == .cardGone(pausedLit))
    var pending = try pendingWithQueueAndBlank()
    #expect(pending.cardRemoved() == true)
    #expect(pending == .cardGone(blankedLit))
  }

  @Test func aCardRemovedTwiceOrAfterShutDownIsIgnored() {
    var gone = DRMOutputState.cardGone(lit)
    #expect(gone.cardRemoved() == false)
    #expect(gone == .cardGone(lit))
    var over = DRMOutputState.shutDown(wasConnected: true)
    #expect(over.cardRemoved() == false)
    #expect(over == .shutDown(wasConnected: true))
  }

  @Test func aReturningCardLightsUpOrStaysDark() {
    var state = DRMOutputState.cardGone(lit)
    #expect(state.cardReturned(connected: true) == true)
    #expect(state == .lightingUp)
    var noDisplay = DRMOutputState.cardGone(lit)
    #expect(noDisplay.cardReturned(connected: false) == true)
    #expect(noDisplay == .dark(DRMOutputHold(isConnected: false)))
    var blanked = DRMOutputState.cardGone(blankedLit)
    #expect(blanked.cardReturned(connected: true) == true)
    #expect(blanked == .dark(DRMOutputHold(isBlanked: true)))
  }

  @Test func aCardReturningThatWasNeverGoneIsIgnored() {
    var state = DRMOutputState.showing
    #expect(state.cardReturned(connected: true) == false)
    #expect(state == .showing)
    var over = DRMOutputState.shutDown(wasConnected: true)
    #expect(over.cardReturned(connected: true) == false)
  }

  // MARK: Shutting down

  @Test func shuttingDownEndsEveryStateAndRemembersTheDisplay() throws {
    for start in [
      DRMOutputState.lightingUp, .showing, try pendingWithQueueAndBlank(), .dark(blankedLit),
      .cardGone(lit),
    ] {
      var state = start
      #expect(state.shutDown() == true)
      #expect(state == .shutDown(wasConnected: true))
      #expect(!state.isLive && !state.isActive)
    }
    var unpluggedState = DRMOutputState.dark(unplugged)
    #expect(unpluggedState.shutDown() == true)
    #expect(unpluggedState == .shutDown(wasConnected: false))
  }

  @Test func shuttingDownTwiceIsIgnored() {
    var state = DRMOutputState.shutDown(wasConnected: true)
    #expect(state.shutDown() == false)
    #expect(state == .shutDown(wasConnected: true))
  }
}
