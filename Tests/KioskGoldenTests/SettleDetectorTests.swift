import Testing

@testable import KioskKit

/// The `--handshake` quiet period: measured by the clock, whatever the timer's ticks do.
struct SettleDetectorTests {
  /// The ticks (frame count, pending work, time) in turn; the times a report came.
  private func reports(_ ticks: [(frames: Int, busy: Bool, time: Double)]) -> [Double] {
    var detector = SettleDetector()
    return ticks.filter { detector.hasSettled(frames: $0.frames, busy: $0.busy, at: $0.time) }
      .map(\.time)
  }

  @Test func settlesAfterAQuietPeriodWithoutFrames() {
    let ticks = [0, 0.1, 0.2, 0.39, 0.45, 1].map {
      (frames: $0 == 0 ? 0 : 1, busy: false, time: $0)
    }
    // Reported once, 0.3 s or more after the frame was first seen; no new frame, no new
    // report.
    #expect(reports(ticks) == [0.45])
  }

  /// A slow first frame held the main queue past several ticks: the late tick and the next
  /// one come milliseconds apart. Two ticks that saw the same count are not enough.
  @Test func ticksThatComeCloseTogetherDoNotShortenTheQuietPeriod() {
    let ticks = [
      (frames: 0, busy: false, time: 0.1), (1, false, 1.79), (1, false, 1.8), (1, false, 1.9),
      (1, false, 2.1),
    ]
    #expect(reports(ticks) == [2.1])
  }

  @Test func pendingWorkOrNewFramesRestartTheQuietPeriod() {
    let ticks = [
      (frames: 1, busy: false, time: 0.0), (1, true, 0.3), (1, false, 0.5), (2, false, 0.6),
      (2, false, 0.8), (2, false, 0.95), (3, false, 1.0), (3, false, 1.35),
    ]
    #expect(reports(ticks) == [0.95, 1.35])
  }
}
