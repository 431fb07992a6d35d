import ArgumentParser
import FoundationEssentials

extension KioskConfiguration {
  /// The options an app runs with: `commandLine` over the environment over the file over the
  /// defaults. Throws ArgumentParser's error for a bad command line.
  public func options(commandLine: [String]) throws -> RuntimeOptions {
    try parse(commandLine: commandLine, with: .current).options
  }

  /// `commandLine` parsed with the environment's and the file's settings under it: those
  /// of most keys as options in front of it (`arguments(under:)`), the lists set in the
  /// parsed options afterwards (`assignLists(under:to:)`).
  func parse(commandLine: [String], with parser: CommandLineParser) throws -> (
    options: RuntimeOptions, app: (any ParsableArguments)?
  ) {
    var (options, app) = try parser.parse(arguments(under: commandLine))
    assignLists(under: commandLine, to: &options)
    return (options, app)
  }

  /// Sets the lists the environment and the file give (the keys with `assign`) in `options`
  /// parsed from `commandLine`, except those the command line gives itself. Their values
  /// were checked by the keys' rules when the file was loaded, as the options' would be.
  func assignLists(under commandLine: [String], to options: inout RuntimeOptions) {
    for key in catalog.keys where key.assign != nil && !key.isSet(in: commandLine) {
      if let setting = environmentSettings[key.path] ?? fileSettings[key.path] {
        key.assign?(&options, setting.values)
      }
    }
  }

  /// The command line with the settings of the environment and the file in front of it, each
  /// as its option, but for the lists `assignLists(under:to:)` sets; options the command line
  /// gives itself are left out, so a list (`--input-device`) on the command line replaces the
  /// file's instead of adding to it.
  func arguments(under commandLine: [String]) -> [String] {
    var arguments: [String] = []
    for key in catalog.keys where key.assign == nil && !key.isSet(in: commandLine) {
      guard let setting = environmentSettings[key.path] ?? fileSettings[key.path] else {
        continue
      }
      // ArgumentParser takes no empty value (`--keyboard-variant=`); the keys that allow ""
      // have it as their default, so leaving the option out gives the same.
      if setting.values == [""], let defaults = Self.defaults, key.current(defaults) == [""] {
        continue
      }
      arguments += key.arguments(for: setting.values)
    }
    return arguments + commandLine
  }

  /// The options with nothing given. (`RuntimeOptions()` cannot be read: ArgumentParser
  /// fills its properties only when parsing.)
  static let defaults = try? AppCommand.parse([]).options

  /// Where `table.key` was set: `file:line` or `environment KIOSK_…` (nil: not set).
  public func location(of key: String) -> String? {
    (environmentSettings[key] ?? fileSettings[key])?.location
  }
}

/// A key whose value changes when a configuration is loaded again (`reload-config`).
public struct ConfigurationChange: Sendable, Equatable, CustomStringConvertible {
  /// The key, `table.key`.
  public var key: String
  /// The running value, in its command-line form (`""`: not set).
  public var oldValue: String
  /// The new value (`""`: not set).
  public var newValue: String
  /// Whether the running app takes it now; others need a restart.
  public var isLive: Bool

  /// `display.blank-after: 60 -> 120 (live)`.
  public var description: String {
    valueChange + (isLive ? " (live)" : " (needs a restart)")
  }

  /// `display.blank-after: 60 -> 120`; a value not set reads `(not set)`.
  public var valueChange: String {
    let shown = { (value: String) in value.isEmpty ? "(not set)" : value }
    return "\(key): \(shown(oldValue)) -> \(shown(newValue))"
  }
}

/// A configuration loaded again while the app runs: the options it gives and the keys that
/// differ from the running ones.
public struct ConfigurationReload: Sendable {
  /// The options with the new file and environment (under the same command line).
  public var options: RuntimeOptions
  /// Every key whose value differs, in the order of the reference.
  public var changes: [ConfigurationChange]

  /// The changes the running app can take now.
  public var live: [ConfigurationChange] { changes.filter(\.isLive) }
  /// The changes that only a restart brings in.
  public var needingRestart: [ConfigurationChange] { changes.filter { !$0.isLive } }

  /// `running` with the new values of the live keys; every other key keeps its running
  /// value, since the app takes it only at the next start.
  public func applyingLiveChanges(to running: RuntimeOptions) -> RuntimeOptions {
    var result = running
    for key in ConfigurationKey.all {
      key.adopt?(&result, options)
    }
    return result
  }
}

extension KioskConfiguration {
  /// The keys a running app takes a new value of on `reload-config` (those whose catalog
  /// entry adopts a new value: `log.level`, the `[display]` blanking and schedule keys, the
  /// `[memory]` keys and others). All others need a restart.
  public static var liveKeys: [String] { ConfigurationKey.all.filter(\.isLive).map(\.path) }

  /// Loads `file` and the environment again, under the app's own `commandLine` (which still
  /// wins), and compares the result with `running`. `appMainStoryboard` is the app's own
  /// main storyboard (`Application.main(_:mainStoryboard:)`), used as at start-up when
  /// neither the file nor the command line names one. Throws a `ConfigurationError` for a
  /// bad file; the running options are then untouched.
  public static func reload(
    file: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
    commandLine: [String], appMainStoryboard: String? = nil, running: RuntimeOptions
  ) throws -> ConfigurationReload {
    let configuration = try load(file: file, environment: environment)
    var options = try configuration.options(commandLine: commandLine)
    if options.mainStoryboard == nil { options.mainStoryboard = appMainStoryboard }
    return ConfigurationReload(options: options, changes: changes(from: running, to: options))
  }

  /// The keys whose values differ between two sets of options.
  public static func changes(
    from old: RuntimeOptions, to new: RuntimeOptions
  ) -> [ConfigurationChange] {
    ConfigurationKey.all.compactMap { key in
      let before = key.current(old)
      let after = key.current(new)
      guard before != after else { return nil }
      return ConfigurationChange(
        key: key.path, oldValue: before.joined(separator: ", "),
        newValue: after.joined(separator: ", "), isLive: key.isLive)
    }
  }
}

/// A reload with the app's own table: what `KioskConfiguration.reload` gives, and the app's
/// options parsed again with the values of its keys.
struct AppReload {
  /// KioskKit's keys, and the changed keys of the app's table (all live).
  var reload: ConfigurationReload
  /// The app's options, parsed again (nil when the app has none).
  var appOptions: (any ParsableArguments)?
  /// The app's keys as the new file and environment set them (`appKeyValues(under:)`).
  var appKeyValues: [String: [String]]
  /// Whether a key of the app's table changed.
  var appKeysChanged: Bool
}

extension KioskConfiguration {
  /// The values the file and environment give the app's own keys, in their command-line
  /// form, by `table.key`; keys the command line sets are left out (it wins over both).
  func appKeyValues(under commandLine: [String]) -> [String: [String]] {
    var values: [String: [String]] = [:]
    for key in catalog.keys
    where catalog.appKeyPaths.contains(key.path) && !key.isSet(in: commandLine) {
      if let setting = environmentSettings[key.path] ?? fileSettings[key.path] {
        values[key.path] = setting.values
      }
    }
    return values
  }

  /// `reload(file:environment:commandLine:appMainStoryboard:running:)` for a running app
  /// with its own options: its keys are compared by their settings (`running` has the values
  /// it started or last reloaded with) and its options are parsed again. A bad file throws
  /// and nothing changes.
  static func reloadWithAppTable(
    file: String?, environment: [String: String] = ProcessInfo.processInfo.environment,
    commandLine: [String], appMainStoryboard: String?, running: RuntimeOptions,
    runningAppKeyValues: [String: [String]], parser: CommandLineParser = .current
  ) throws -> AppReload {
    let configuration = try load(file: file, environment: environment, catalog: parser.catalog)
    var (options, appOptions) = try configuration.parse(commandLine: commandLine, with: parser)
    if options.mainStoryboard == nil { options.mainStoryboard = appMainStoryboard }
    let appValues = configuration.appKeyValues(under: commandLine)
    let appChanges = parser.catalog.keys.compactMap { key -> ConfigurationChange? in
      guard parser.catalog.appKeyPaths.contains(key.path) else { return nil }
      let before = (runningAppKeyValues[key.path] ?? []).joined(separator: ", ")
      let after = (appValues[key.path] ?? []).joined(separator: ", ")
      guard before != after else { return nil }
      return ConfigurationChange(key: key.path, oldValue: before, newValue: after, isLive: true)
    }
    return AppReload(
      reload: ConfigurationReload(
        options: options, changes: changes(from: running, to: options) + appChanges),
      appOptions: appOptions, appKeyValues: appValues, appKeysChanged: !appChanges.isEmpty)
  }
}
