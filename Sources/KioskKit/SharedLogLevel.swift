import KioskLinux
import Logging
import Synchronization

/// The one log level every logger of the process follows, so `reload-config` can change
/// `log.level` while the app runs. swift-log copies a handler into each `Logger`, and each
/// copy would otherwise keep the level it was made with.
final class SharedLogLevel: Sendable {
  private let level: Mutex<Logger.Level>

  init(_ level: Logger.Level) {
    self.level = Mutex(level)
  }

  /// The level now; setting it changes it for every logger at once.
  var value: Logger.Level {
    get { level.withLock { $0 } }
    set { level.withLock { $0 = newValue } }
  }
}

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
