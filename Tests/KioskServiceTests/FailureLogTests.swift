import Foundation
import KioskLinux
import Logging
import Testing

@testable import KioskKit

/// What the journal gets besides plain lines: failed presents reported at a bounded rate, and
/// journal fields kept out of plain log lines.
@MainActor
struct FailureLogTests {
  /// Collects what a logger is given.
  final class Recorder: @unchecked Sendable {
    var entries: [(message: String, metadata: Logger.Metadata)] = []
  }

  struct RecordingHandler: LogHandler {
    let recorder: Recorder
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {
      recorder.entries.append(("\(event.message)", event.metadata ?? [:]))
    }
  }

  /// An output whose every present fails, as a panel that went away.
  final class FailingOutput: DisplayOutput {
    struct Gone: Error, CustomStringConvertible {
      var description: String { "the connector is gone" }
    }
    let name = "HDMI-A-1"
    let pixelWidth = 4
    let pixelHeight = 4
    let refreshRate = 60.0
    let isActive = true
    var frameHandler: (@MainActor (Double) -> Void)?
    func present(_ frame: PixelBuffer, damage: Region, rotation: Rotation) throws { throw Gone() }
    func requestFrameEvent() {}
  }

  @Test func failedPresentsAreLoggedAtMostEveryTenSecondsWithACount() throws {
    let recorder = Recorder()
    let logger = Logger(label: "kiosk") { _ in RecordingHandler(recorder: recorder) }
    var now = 100.0
    let output = FrameRecordingOutput(
      FailingOutput(), statistics: FrameStatistics(), logger: logger, clock: { now })
    let frame = try PixelBuffer(width: 4, height: 4)
    for time in [100.0, 100.1, 103, 109.9, 110.2, 111, 125] {
      now = time
      #expect(throws: FailingOutput.Gone.self) {
        try output.present(frame, damage: Region(frame.bounds), rotation: .degrees0)
      }
    }
    #expect(
      recorder.entries.map(\.message) == [
        "present: a frame did not reach HDMI-A-1: the connector is gone",
        "present: a frame did not reach HDMI-A-1: the connector is gone (4 failures since the last report)",
        "present: a frame did not reach HDMI-A-1: the connector is gone (2 failures since the last report)",
      ])
    #expect(
      recorder.entries.last?.metadata["MESSAGE_ID"]
        == .string(JournalMessageID.presentFailed.rawValue))
    #expect(recorder.entries.last?.metadata["KIOSK_FAILURES"] == .string("2"))
  }

  @Test func plainLinesLeaveJournalFieldsOut() {
    let recorder = Recorder()
    let logger = Logger(label: "kiosk") { _ in
      SharedLevelLogHandler(
        base: RecordingHandler(recorder: recorder), shared: SharedLogLevel(.info))
    }
    var metadata = JournalMessageID.seatPaused.metadata(["KIOSK_SEAT": "seat0"])
    metadata["backend"] = "seatd"
    logger.notice("seat: disabled", metadata: metadata)
    #expect(recorder.entries.first?.metadata == ["backend": "seatd"])
  }
}
