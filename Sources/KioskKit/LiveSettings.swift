import Foundation
import KioskLinux
import Logging

/// The settings a running app takes a new value of on `reload-config`
/// (`KioskConfiguration.liveKeys`): the log level, the idle blanking timeout, the memory
/// warning sources and the typing keys of `[input]` (on-screen keyboard, languages, repeat). Other keys that changed are reported as waiting for the next restart.
@MainActor
final class LiveSettings {
  /// The options the app runs with now: those it started with, with every live change
  /// taken since. Reloads compare against these, so a change already taken is not listed
  /// again, and one that needs a restart is listed until the restart.
  private(set) var options: RuntimeOptions
  /// The values of the app's own configuration keys the app runs with (`table.key` to their
  /// command-line form); a reload compares with these.
  private(set) var appKeyValues: [String: [String]]
  private let blanker: IdleBlanker?
  /// The memory warning source; a reload with new `[memory]` values replaces it.
  private(set) var memory: MemoryPressureSource?
  private let startMemory: (MemoryPressureConfiguration) -> MemoryPressureSource
  private let logger: Logger

  /// `startMemory` starts a memory warning source for a configuration (the runtime's
  /// `startMemoryWarnings`); it is called once now and again after each `[memory]` change.
  init(
    options: RuntimeOptions, appKeyValues: [String: [String]] = [:], blanker: IdleBlanker?,
    logger: Logger, startMemory: @escaping (MemoryPressureConfiguration) -> MemoryPressureSource
  ) {
    self.options = options
    self.appKeyValues = appKeyValues
    self.blanker = blanker
    self.logger = logger
    self.startMemory = startMemory
    self.memory = startMemory(options.memoryPressureConfiguration)
  }

  /// Loads `file` and the environment again under the app's `commandLine` (and its own main
  /// storyboard, as at start-up), takes the live
  /// changes at once and returns one line per change: `key: old -> new (applied)` or
  /// `(at the next restart)`. A bad file throws, and nothing changes.
  func reload(file: String?, commandLine: [String], appMainStoryboard: String? = nil) throws
    -> [String]
  {
    let appReload = try KioskConfiguration.reloadWithAppTable(
      file: file, commandLine: commandLine, appMainStoryboard: appMainStoryboard,
      running: options, runningAppKeyValues: appKeyValues)
    let reload = appReload.reload
    apply(reload)
    if appReload.appKeysChanged {
      // The app's keys are all live: it reads its options again on the notification.
      appKeyValues = appReload.appKeyValues
      AppOptionsStore.parsed = appReload.appOptions
      NotificationCenter.default.post(
        name: Application.optionsDidChangeNotification, object: Application.shared)
    }
    return reload.changes.map {
      $0.valueChange + ($0.isLive ? " (applied)" : " (at the next restart)")
    }
  }

  /// Takes the live changes of `reload` into the running app.
  func apply(_ reload: ConfigurationReload) {
    let old = options
    options = reload.applyingLiveChanges(to: old)
    if options.logLevel != old.logLevel {
      Runtime.logLevel.value = Logger.Level(rawValue: options.logLevel) ?? .info
    }
    if options.blankAfter != old.blankAfter {
      blanker?.timeout = options.blankAfter
    }
    if options.keyboardSettings != old.keyboardSettings {
      Application.shared.keyboardSettings = options.keyboardSettings
    }
    let memoryConfiguration = options.memoryPressureConfiguration
    if memoryConfiguration != old.memoryPressureConfiguration {
      memory?.stop()
      memory = startMemory(memoryConfiguration)
    }
    if !reload.live.isEmpty {
      logger.notice(
        "configuration: applied \(reload.live.map(\.description).joined(separator: "; "))")
    }
    if !reload.needingRestart.isEmpty {
      logger.notice(
        "configuration: at the next restart: \(reload.needingRestart.map(\.key).joined(separator: ", "))"
      )
    }
  }
}
