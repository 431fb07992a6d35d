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
}
