import Glibc
import Logging

/// Log lines for the systemd journal: each line starts with its sd-daemon priority
/// (`<3>` error … `<7>` debug), which journald reads as the entry's priority and strips,
/// and carries no timestamp (the journal keeps its own).
package struct JournalLogHandler: LogHandler {
  package var logLevel: Logger.Level = .info
  package var metadata: Logger.Metadata = [:]
  private let label: String
  private let write: @Sendable (String) -> Void

  /// Writes to standard error unless `write` is given (tests).
  package init(label: String, write: (@Sendable (String) -> Void)? = nil) {
    self.label = label
    self.write =
      write ?? { line in
        var bytes = Array(line.utf8)
        _ = Glibc.write(2, &bytes, bytes.count)
      }
  }

  package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  package func log(event: LogEvent) {
    var merged = metadata
    if let extra = event.metadata { merged.merge(extra) { $1 } }
    let details =
      merged.isEmpty
      ? "" : " " + merged.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: " ")
    // One entry per line: journald would split a message with newlines into several.
    var text = "\(event.message)\(details)"
    text = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ⏎ ")
    write("<\(Self.priority(of: event.level))>\(label): \(text)\n")
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
