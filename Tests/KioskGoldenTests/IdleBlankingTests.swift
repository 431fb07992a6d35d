import KioskTesting
import Logging
import Testing

@testable import KioskKit

@MainActor
struct IdleBlankingTests {
  @Test func theDisplayGoesDarkWhenIdleAndTheWakingTouchIsSwallowed() throws {
    let app = try TestApplication(pointSize: Size(width: 20, height: 10))
    let blanker = IdleBlanker(output: app.output, timeout: 5, logger: Logger(label: "test"))
    blanker.start()
    app.advance(by: 4.9)
    #expect(app.output.isActive)
    #expect(blanker.userActivity() == false)  // a touch while awake is delivered
    app.advance(by: 4.9)
    #expect(app.output.isActive)
    app.advance(by: 0.2)
    #expect(!app.output.isActive)
    let frames = app.framesPresented
    app.window.backgroundColor = .red
    app.runUntilIdle()
    #expect(app.framesPresented == frames)  // nothing is shown while dark
    #expect(blanker.userActivity() == true)  // the waking touch is swallowed
    #expect(app.output.isActive)
    app.window.backgroundColor = .green
    app.runUntilIdle()
    #expect(app.framesPresented > frames)
  }

  /// Every screen's display goes dark together and wakes together; a display that refuses
  /// does not keep the others from following.
  @Test func everyScreenGoesDarkAndWakesTogether() throws {
    let app = try TestApplication(pointSize: Size(width: 20, height: 10))
    let (second, secondOutput) = try app.connectScreen(pointSize: Size(width: 30, height: 10))
    defer { app.disconnectScreen(second) }
    let refusing = RefusingOutput()
    let blanker = IdleBlanker(
      output: app.output, others: [secondOutput, refusing], timeout: 5,
      logger: Logger(label: "test"))
    blanker.start()
    app.advance(by: 5.1)
    #expect(!app.output.isActive && !secondOutput.isActive && blanker.isBlanked)
    #expect(blanker.userActivity() == true)
    #expect(app.output.isActive && secondOutput.isActive && !blanker.isBlanked)
  }

  @Test func blankAndUnblankOnRequestWithoutATimeout() throws {
    let app = try TestApplication(pointSize: Size(width: 20, height: 10))
    let blanker = IdleBlanker(output: app.output, timeout: nil, logger: Logger(label: "test"))
    blanker.start()
    app.advance(by: 3600)
    #expect(app.output.isActive)  // no timeout: never blanks by itself
    app.application.blankingHandler = { blanker.setBlanked($0) }
    defer { app.application.blankingHandler = nil }
    app.application.setDisplayBlanked(true)
    #expect(!app.output.isActive)
    app.application.setDisplayBlanked(false)
    #expect(app.output.isActive)
  }
}

/// An output whose panel cannot be switched off.
@MainActor
private final class RefusingOutput: DisplayOutput {
  struct Refused: Error {}
  let name = "refusing"
  let pixelWidth = 1
  let pixelHeight = 1
  let refreshRate = 60.0
  let isActive = true
  var frameHandler: (@MainActor (Double) -> Void)?
  func present(_ frame: PixelBuffer, damage: Region, rotation: Rotation) throws {}
  func requestFrameEvent() {}
  func setBlanked(_ blanked: Bool) throws { throw Refused() }
}
