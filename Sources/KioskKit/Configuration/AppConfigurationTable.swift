import ArgumentParser

/// An app's own table in `kiosk.toml`: each key stands for one of the app's own options
/// (`Application.main(_:options:)`), as KioskKit's keys stand for the standard options.
/// The file, its drop-ins and `KIOSK_<TABLE>_<KEY>` variables set them under the command
/// line, `--check-config` checks them with the same `file:line` messages, and
/// `reload-config` takes new values at once: the app reads `Application.options(_:)` again
/// when `Application.OptionsDidChangeMessage` arrives.
///
/// ```swift
/// struct CheckInOptions: AppConfigurationTable {
///   @Option(help: "The venue shown on the welcome screen.") var venue = "Main hall"
///   @Option(help: "The largest party that can check in.") var maxParty = 8
///
///   static let configurationTable = "checkin"
///   static let configurationKeys: [AppConfigurationKey] = [
///     AppConfigurationKey("venue", .text),              // [checkin] venue = "Hall B"
///     AppConfigurationKey("max-party", .integer(1...20)), // KIOSK_CHECKIN_MAX_PARTY=12
///   ]
/// }
/// ```
public protocol AppConfigurationTable: ParsableArguments {
  /// The table's name (`checkin` for `[checkin]`); it must not be one of KioskKit's.
  static var configurationTable: String { get }
  /// The table's keys; each is named as the long option it sets (`max-party` sets
  /// `--max-party`).
  static var configurationKeys: [AppConfigurationKey] { get }
}

/// A key of an app's own configuration table (`AppConfigurationTable`).
public struct AppConfigurationKey: Sendable {
  /// The values a key takes, checked when the file or the environment is read.
  public enum Values: Sendable {
    /// Any string.
    case text
    /// One string of these.
    case choice([String])
    /// An integer in the range.
    case integer(ClosedRange<Int>)
    /// A number (integer or float) in the range.
    case number(ClosedRange<Double>)
    /// `true` or `false`, for a flag declared with `inversion: .prefixedNo` (`--name` and
    /// `--no-name`).
    case flag
    /// An array of strings, for an option that may be repeated.
    case list
  }

  /// The key in its table, which is also the long name of the option it sets.
  public let name: String
  /// What it takes.
  public let values: Values
  /// What is allowed, as error messages say it.
  public let allowed: String

  /// A key `name` taking `values`; `allowed` says in words what is allowed (by default
  /// worded from `values`).
  public init(_ name: String, _ values: Values, allowed: String? = nil) {
    self.name = name
    self.values = values
    self.allowed = allowed ?? values.allowed
  }
}

extension AppConfigurationKey.Values {
  /// The default wording of what is allowed.
  var allowed: String {
    switch self {
    case .text: "a string"
    case .choice(let choices): choices.joined(separator: ", ")
    case .integer(let range): "an integer from \(range.lowerBound) to \(range.upperBound)"
    case .number(let range):
      "a number from \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound))"
    case .flag: "true or false"
    case .list: "an array of strings"
    }
  }

  var kind: ConfigurationKey.Kind {
    switch self {
    case .text: .text
    case .choice(let choices): .choice(choices)
    case .integer(let range): .integer(range)
    case .number(let range): .number(range, aboveLowerBound: false)
    case .flag: .flag
    case .list: .paths
    }
  }
}

/// The keys the configuration file may set: KioskKit's, and an app's own table when it has
/// one. `KioskConfiguration` reads files and the environment against a catalog.
struct ConfigurationCatalog: Sendable {
  /// Every key.
  let keys: [ConfigurationKey]
  /// The tables, in the order of the reference.
  let tables: [String]
  /// The app's own keys (`table.key`), which a reload compares by their settings (their
  /// values live in the app's options, not in `RuntimeOptions`).
  let appKeyPaths: Set<String>

  /// KioskKit's keys alone.
  static let standard = ConfigurationCatalog(
    keys: ConfigurationKey.all, tables: ConfigurationKey.tables, appKeyPaths: [])

  /// The key at `table.name`, if there is one.
  func key(_ table: String, _ name: String) -> ConfigurationKey? {
    keys.first { $0.table == table && $0.name == name }
  }

  /// Throws for the first value `arguments` give an option with a key (`--scale 2` or
  /// `--scale=2`) that the key refuses as written, in the words `RuntimeOptions.validate()`
  /// uses: the command line's values are read by the same rules as the file's and the
  /// environment's (`ConfigurationKey.accepts(commandLineValue:)`), before ArgumentParser
  /// turns them into numbers. Flags take no value; arguments after `--` are not options.
  func checkCommandLine(_ arguments: [String]) throws(ValidationError) {
    var index = arguments.startIndex
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      if argument == "--" { return }
      guard argument.hasPrefix("--") else { continue }
      let name = argument.dropFirst(2).prefix { $0 != "=" }
      guard let key = keys.first(where: { $0.option == name }), !key.kind.isFlag else {
        continue
      }
      let value: String
      if let equals = argument.firstIndex(of: "=") {
        value = String(argument[argument.index(after: equals)...])
      } else if index < arguments.endIndex {
        value = arguments[index]
        index += 1
      } else {
        continue  // ArgumentParser says the value is missing.
      }
      if !key.accepts(commandLineValue: value) { throw key.commandLineRefusal(of: value) }
    }
  }

  /// KioskKit's keys and the app's table `type`; throws when the table cannot be one
  /// (named like KioskKit's, or a key naming no option of the app's), naming what clashes.
  static func with<Table: AppConfigurationTable>(_ type: Table.Type) throws(AppTableError)
    -> ConfigurationCatalog
  {
    let table = Table.configurationTable
    var problems: [String] = []
    if ConfigurationKey.tables.contains(table) {
      problems.append("the table [\(table)] is one of KioskKit's own")
    }
    if table.isEmpty || !table.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" }) {
      problems.append("the table name \"\(table)\" is not lower-case letters, digits and -")
    }
    let options = CommandLineParser.optionNames(of: Table.self)
    var seen: Set<String> = []
    for key in Table.configurationKeys {
      if !seen.insert(key.name).inserted {
        problems.append("\(table).\(key.name) is declared twice")
      }
      if !options.contains("--\(key.name)") {
        problems.append(
          "\(table).\(key.name) sets --\(key.name), which \(Table.self) does not have")
      } else if case .flag = key.values, !options.contains("--no-\(key.name)") {
        problems.append(
          "\(table).\(key.name) is a flag: declare --\(key.name) with inversion: .prefixedNo, so that false can be set"
        )
      }
    }
    guard problems.isEmpty else { throw AppTableError(problems: problems) }
    let keys = Table.configurationKeys.map { key in
      ConfigurationKey(
        table: table, name: key.name, option: key.name, kind: key.values.kind,
        allowed: key.allowed, current: { _ in [] })
    }
    return ConfigurationCatalog(
      keys: ConfigurationKey.all + keys, tables: ConfigurationKey.tables + [table],
      appKeyPaths: Set(keys.map(\.path)))
  }
}

/// Why an app's configuration table cannot be used; start-up stops with it (exit code 64).
struct AppTableError: Error, CustomStringConvertible {
  let problems: [String]
  var description: String {
    "the app's configuration table cannot be used: " + problems.joined(separator: "; ")
  }
}
