import Foundation
import Glibc
import Logging
import Testing

@testable import KioskLinux

/// Log lines for journald: priority prefixes, no timestamp, one line per entry, and the
/// `JOURNAL_STREAM` check.
struct JournalLogHandlerTests {
  final class Lines: @unchecked Sendable {
    var all: [String] = []
  }

  @Test func linesCarryTheirPriorityAndNoTimestamp() {
    let lines = Lines()
    var handler = JournalLogHandler(label: "kiosk") { lines.all.append($0) }
    handler.logLevel = .trace
    let logger = Logger(label: "kiosk") { _ in handler }
    logger.critical("gone")
    logger.error("cannot open the display")
    logger.warning("w")
    logger.notice("n")
    logger.info("showing Virtual-1")
    logger.debug("d")
    logger.trace("t")
    #expect(
      lines.all == [
        "<2>kiosk: gone\n", "<3>kiosk: cannot open the display\n", "<4>kiosk: w\n",
        "<5>kiosk: n\n", "<6>kiosk: showing Virtual-1\n", "<7>kiosk: d\n", "<7>kiosk: t\n",
      ])
  }

  @Test func levelsBelowTheHandlersAreDroppedAndNewlinesFolded() {
    let lines = Lines()
    let handler = JournalLogHandler(label: "kiosk") { lines.all.append($0) }
    let logger = Logger(label: "kiosk") { _ in handler }
    logger.debug("hidden")
    logger.error("two\nlines", metadata: ["output": "DSI-1"])
    #expect(lines.all == ["<3>kiosk: two ⏎ lines output=DSI-1\n"])
  }

  /// Under systemd, entries go to journald with their fields, so `journalctl MESSAGE_ID=…`
  /// finds them; when journald refuses one, it becomes a line on standard error.
  @Test func nativeEntriesCarryTheirFields() {
    let lines = Lines()
    let sent = Lines()
    let accepts = Lines()
    let handler = JournalLogHandler(
      label: "kiosk", native: true, write: { lines.all.append($0) },
      send: { fields in
        sent.all.append(fields.joined(separator: "|"))
        return accepts.all.isEmpty
      })
    let logger = Logger(label: "kiosk") { _ in handler }
    var metadata = JournalMessageID.displayLost.metadata(["KIOSK_OUTPUT": "HDMI-A-1"])
    metadata["detail"] = "vblank"
    logger.notice("HDMI-A-1 was disconnected", metadata: metadata)
    let name = CommandLine.arguments.first.map { String($0.split(separator: "/").last!) }!
    #expect(
      sent.all == [
        "MESSAGE=kiosk: HDMI-A-1 was disconnected detail=vblank|PRIORITY=5|SYSLOG_IDENTIFIER=\(name)"
          + "|KIOSK_OUTPUT=HDMI-A-1|MESSAGE_ID=7ed2a6c0812a4f3e9f0de6b7469d771b"
      ])
    #expect(lines.all.isEmpty)
    accepts.all.append("refuse from now on")
    logger.notice("again", metadata: metadata)
    #expect(lines.all == ["<5>kiosk: again detail=vblank\n"], "no journal fields in a line")
  }

  @Test func messageIDsAreDistinct128BitNumbers() {
    let ids = JournalMessageID.allCases.map(\.rawValue)
    #expect(Set(ids).count == ids.count)
    for id in ids {
      #expect(id.count == 32 && id.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(id)")
    }
    #expect(Logger.Metadata.isJournalField("MESSAGE_ID"))
    #expect(!Logger.Metadata.isJournalField("_PID") && !Logger.Metadata.isJournalField("output"))
  }

  @Test func standardErrorIsTheJournalOnlyWhenDeviceAndInodeMatch() throws {
    let path = NSTemporaryDirectory() + "kiosk-journal-\(getpid())"
    let fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
    #expect(fd >= 0)
    defer {
      close(fd)
      unlink(path)
    }
    var info = stat()
    #expect(fstat(fd, &info) == 0)
    let stream = "\(info.st_dev):\(info.st_ino)"
    #expect(JournalLogHandler.standardErrorIsJournal(journalStream: stream, fd: fd))
    #expect(
      !JournalLogHandler.standardErrorIsJournal(
        journalStream: "\(info.st_dev):\(info.st_ino + 1)", fd: fd))
    #expect(!JournalLogHandler.standardErrorIsJournal(journalStream: nil, fd: fd))
    #expect(!JournalLogHandler.standardErrorIsJournal(journalStream: "journal", fd: fd))
  }
}
