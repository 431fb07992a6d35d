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
