import Foundation
import KioskUI
import Logging
import Testing

@testable import KioskKit

@MainActor
struct StopPathTests {
  /// A signal arriving while `--duration`'s stop runs must not let go of the display twice.
  @Test func theStepsRunOnceWhoeverAsks() {
    let stopPath = StopPath(logger: Logger(label: "test"))
    var releases = 0
    stopPath.releaseDisplay = { releases += 1 }
    #expect(!stopPath.hasStopped)
    stopPath.runSteps(reason: "stopped after 2 s", code: .success)
    stopPath.runSteps(reason: "stopped by SIGTERM", code: .success)
    #expect(stopPath.hasStopped)
    #expect(releases == 1)
  }

  /// librime deploying on its thread when the app stops: `exit` would run its C++
  /// destructors under it (the demo aborted on SIGTERM under emulation), so the stop path
  /// notes it and exits without them.
  @Test func anInputMethodStillPreparingIsNoted() {
    struct NotNeeded: Error {}
    InputMethodRegistry.preparesOnThreads = true
    defer { InputMethodRegistry.preparesOnThreads = nil }
    let release = DispatchSemaphore(value: 0)
    InputMethodRegistry.register(
      language: "zz-slow", prepare: { release.wait() }, make: { throw NotNeeded() })
    defer { InputMethodRegistry.removeAll() }
    InputMethodRegistry.prepare(languages: ["zz-slow"])
    let stopping = StopPath(logger: Logger(label: "test"))
    stopping.preparationTimeout = 0.05
    stopping.runSteps(reason: "stopped by SIGTERM", code: .success)
    #expect(stopping.leftAPreparationRunning)
    release.signal()
    let later = StopPath(logger: Logger(label: "test"))
    later.runSteps(reason: "stopped by SIGTERM", code: .success)
    #expect(!later.leftAPreparationRunning)
  }
}
