import KioskGraphics
import KioskLinux
import KioskUI
import Logging
#if compiler(>=6.3)
  import FoundationEssentials
#else
  // Swift 6.2 (the arm64 package's): NotificationCenter is Foundation's there
  // (KioskBase/NotificationMessages.swift).
  import Foundation
  import KioskBase
#endif

/// The settings a running app takes a new value of on `reload-config`
/// (`KioskConfiguration.liveKeys`): the main screen's rotation, the log level, the idle
/// blanking timeout and the display schedule, the memory warning sources, the typing keys
/// of `[input]` (on-screen keyboard, languages, repeat), its scanners and the looks and
/// screen reader mode of `[accessibility]`. Other keys that changed are reported as waiting
/// for the next restart.
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
  /// The screen reader and the looks, which take the live `[accessibility]` changes.
  var accessibility: AccessibilityService?
  /// The display schedule, which takes live `display.schedule` and
  /// `display.wake-outside-schedule` changes.
  var scheduler: DisplayScheduler?
  /// Takes new `[input] scanners` or `scan-gap` values (the input source's
  /// `updateScanners`); `nil` without input.
  var scannersDidChange: (@MainActor (RuntimeOptions) -> Void)?
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
    take(
      try KioskConfiguration.reloadWithAppTable(
        file: file, commandLine: commandLine, appMainStoryboard: appMainStoryboard,
        running: options, runningAppKeyValues: appKeyValues))
  }

  /// As `reload`, with the file read and checked on `reader`'s thread, so the main queue
  /// goes on drawing, handling touches and answering the watchdog meanwhile. A read that
  /// takes longer than `limit` fails the reload ("… was given up") and changes nothing;
  /// while it is still running, further reloads fail at once.
  func reloadOffMainQueue(
    file: String?, commandLine: [String], appMainStoryboard: String? = nil,
    limit: Duration = LiveSettings.reloadTimeLimit
  ) async throws -> [String] {
    let (running, runningAppKeyValues) = (options, appKeyValues)
    let appReload: AppReload
    do {
      appReload = try await reader.run(limit: limit) {
        try KioskConfiguration.reloadWithAppTable(
          file: file, commandLine: commandLine, appMainStoryboard: appMainStoryboard,
          running: running, runningAppKeyValues: runningAppKeyValues)
      }
    } catch let error as DeadlineWorker.TimedOut {
      throw ReloadNotDone(reason: "reading the configuration: \(error)")
    } catch let error as DeadlineWorker.Busy {
      throw ReloadNotDone(reason: "the previous reload's reading: \(error)")
    }
    // Nothing else changed the options meanwhile: the reader takes one reload at a time,
    // and a reload it gave up on is dropped.
    return take(appReload)
  }

  /// How long a reload may spend reading and checking the file: well inside systemd's
  /// watchdog (10 s in kiosk.service), far beyond the milliseconds a real file takes.
  static let reloadTimeLimit = Duration.seconds(5)

  /// Why an off-main-queue reload did nothing.
  struct ReloadNotDone: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
  }

  /// The thread configuration files are read on during reloads.
  private let reader = DeadlineWorker(label: "kiosk.configuration-reader")

  /// Applies a reload that was read and checked: its live changes, the app's keys; a line
  /// per change.
  private func take(_ appReload: AppReload) -> [String] {
    let reload = appReload.reload
    apply(reload)
    if appReload.appKeysChanged {
      // The app's keys are all live: it reads its options again on the notification.
      appKeyValues = appReload.appKeyValues
      AppOptionsStore.parsed = appReload.appOptions
      NotificationCenter.default.post(
        Application.OptionsDidChangeMessage(application: .shared), subject: Application.shared)
    }
    return reload.changes.map {
      $0.valueChange + ($0.isLive ? " (applied)" : " (at the next restart)")
    }
  }

  /// Sets the idle blanking timeout: `display.blank-after`, times
  /// `accessibility.idle-multiplier` while the screen reader runs (someone listening
  /// explores the screen far more slowly than someone looking at it).
  func updateBlankTimeout() {
    guard let blanker else { return }
    let multiplier =
      accessibility.map { $0.isReaderRunning ? $0.options.screenReaderIdleMultiplier : 1 } ?? 1
    blanker.timeout = options.blankAfter.map { $0 * multiplier }
  }

  /// Takes the live changes of `reload` into the running app.
  func apply(_ reload: ConfigurationReload) {
    let old = options
    options = reload.applyingLiveChanges(to: old)
    if options.rotation != old.rotation, let rotation = Rotation(degrees: options.rotation) {
      // As `kioskctl rotate` turns it; a turn taken since with kioskctl or by the app is
      // replaced only when the file's value changes.
      Screen.main.turnAsOperatorAsks(to: rotation)
    }
    if options.logLevel != old.logLevel {
      Runtime.logLevel.value = Logger.Level(rawValue: options.logLevel) ?? .info
    }
    let accessibilityChanges = Set(
      reload.live.map(\.key).filter { $0.hasPrefix("accessibility.") })
    if let accessibility, !accessibilityChanges.isEmpty {
      // Only the keys the file changed: a value set with kioskctl stays until then.
      var merged = accessibility.options
      for key in ConfigurationKey.accessibility where accessibilityChanges.contains(key.path) {
        key.adopt?(&merged, options)
      }
      accessibility.apply(merged)
    }
    if options.blankAfter != old.blankAfter
      || accessibilityChanges.contains("accessibility.idle-multiplier")
    {
      updateBlankTimeout()
    }
    if options.schedule != old.schedule || options.wakeOutsideSchedule != old.wakeOutsideSchedule
      || options.blankAfter != old.blankAfter
    {
      scheduler?.apply(options)
    }
    if options.keyboardSettings != old.keyboardSettings {
      Application.shared.keyboardSettings = options.keyboardSettings
    }
    if options.scanners != old.scanners || options.scanGap != old.scanGap {
      scannersDidChange?(options)
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
