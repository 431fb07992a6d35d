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
