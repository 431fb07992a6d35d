import KioskLinux
import Logging

/// A log handler whose level is a `SharedLogLevel`; it writes through `base`. Setting
/// `logLevel` on any one logger sets it for all of them.
struct SharedLevelLogHandler: LogHandler {
  /// The handler that formats and writes.
  var base: any LogHandler
  /// The level this handler and its copies follow.
  let shared: SharedLogLevel

  var logLevel: Logger.Level {
    get { shared.value }
    set { shared.value = newValue }
  }

  var metadata: Logger.Metadata {
    get { base.metadata }
    set { base.metadata = newValue }
  }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { base[metadataKey: key] }
    set { base[metadataKey: key] = newValue }
  }

  func log(event: LogEvent) {
    guard !(base is JournalLogHandler), let metadata = event.metadata,
      metadata.keys.contains(where: Logger.Metadata.isJournalField)
    else { return base.log(event: event) }
    // Journal fields (MESSAGE_ID…) are for the journal; a plain line says it in words.
    var plain = event
    plain.metadata = metadata.withoutJournalFields
    base.log(event: plain)
  }
}
