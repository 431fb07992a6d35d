internal import CSystemd
import Glibc
import Logging

/// Log entries for the systemd journal, with no timestamp (the journal keeps its own).
///
/// With `native`, each entry goes to journald through `sd_journal_sendv` with its fields:
/// `MESSAGE`, `PRIORITY`, `SYSLOG_IDENTIFIER`, and the metadata whose keys are journal field
/// names (`MESSAGE_ID`, `KIOSK_OUTPUT`…; see `JournalMessageID`), so `journalctl
/// MESSAGE_ID=…` finds them. Otherwise, or when journald does not take the entry, it is a
/// line on standard error starting with its sd-daemon priority (`<3>` error … `<7>` debug),
/// which journald reads as the entry's priority and strips. Other metadata is appended to
/// the message as `key=value`.
package struct JournalLogHandler: LogHandler {
  package var logLevel: Logger.Level = .info
  package var metadata: Logger.Metadata = [:]
  private let label: String
  private let write: @Sendable (String) -> Void
  private let send: (@Sendable ([String]) -> Bool)?

  /// Writes lines to standard error unless `write` is given, and sends entries with their
  /// fields to journald when `native` (through `send`, for tests).
  package init(
    label: String, native: Bool = false, write: (@Sendable (String) -> Void)? = nil,
    send: (@Sendable ([String]) -> Bool)? = nil
  ) {
    self.label = label
    self.write =
      write ?? { line in
        var bytes = Array(line.utf8)
        _ = Glibc.write(2, &bytes, bytes.count)
      }
    self.send = native ? (send ?? Self.sendToJournal) : nil
  }

  /// Sends one entry of `fields` (`NAME=value` each) to journald; false if it refused.
  @Sendable package static func sendToJournal(_ fields: [String]) -> Bool {
    let copies = fields.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    var vectors = copies.map { iovec(iov_base: $0, iov_len: $0.map { strlen($0) } ?? 0) }
    return sd_journal_sendv(&vectors, Int32(vectors.count)) >= 0
  }

  package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  package func log(event: LogEvent) {
    var merged = metadata
    if let extra = event.metadata { merged.merge(extra) { $1 } }
    let shown = merged.withoutJournalFields
    let details =
      shown.isEmpty
      ? "" : " " + shown.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ")
    // One entry per line: journald would split a message with newlines into several.
    var text = "\(event.message)\(details)"
    text = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ⏎ ")
    let priority = Self.priority(of: event.level)
    if let send {
      let fields =
        ["MESSAGE=\(label): \(text)", "PRIORITY=\(priority)", "SYSLOG_IDENTIFIER=\(identifier)"]
        + merged.filter { Logger.Metadata.isJournalField($0.key) }.sorted { $0.key < $1.key }
        .map { "\($0.key)=\($0.value)" }
      if send(fields) { return }
    }
    write("<\(priority)>\(label): \(text)\n")
  }

  /// The program's name, as journald shows it for lines on standard error.
  private var identifier: String {
    CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? label
  }

  /// The syslog priority of a level, as sd-daemon.h numbers them.
  package static func priority(of level: Logger.Level) -> Int {
    switch level {
    case .critical: 2
    case .error: 3
    case .warning: 4
    case .notice: 5
    case .info: 6
    case .debug, .trace: 7
    }
  }

  /// Whether standard error is connected to the journal: systemd sets `JOURNAL_STREAM` to
  /// the device and inode of that stream (`dev:ino`), which a redirected stderr no longer
  /// matches.
  package static func standardErrorIsJournal(
    journalStream: String? = getenv("JOURNAL_STREAM").map { String(cString: $0) },
    fd: Int32 = 2
  ) -> Bool {
    guard let journalStream else { return false }
    let parts = journalStream.split(separator: ":")
    guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else {
      return false
    }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return false }
    return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
  }
}
