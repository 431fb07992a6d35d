import FoundationEssentials

/// A configuration file (TOML) and the `KIOSK_*` environment, checked against the keys
/// KioskKit knows, ready to lie under an app's command line.
///
/// Precedence, highest first: the command line, `KIOSK_*` variables, the drop-ins, the file,
/// the defaults. Drop-ins are the `*.toml` files in a folder named after the file with `.d`
/// added (`/etc/kiosk/kiosk.toml.d/`), read after it in the byte order of their names, a
/// later one winning (as systemd's drop-ins): a package ships the file with every key
/// commented out, and a device's own settings live in drop-ins that updates never touch.
/// Each key stands for a standard option (`[output] rotation` is `--rotation`); its variable
/// is `KIOSK_`, the table, `_`, the key, in capitals with `-` written `_`
/// (`KIOSK_OUTPUT_ROTATION=90`, `KIOSK_INPUT_KEYBOARD_LAYOUT=de`). List values in a variable
/// are separated by commas, a calibration matrix's six numbers by spaces.
///
/// A value is checked by its key's one set of rules whichever of the three gives it: a
/// number is decimal everywhere (`WrittenValue(decimal:)`: TOML's `0x1F`, `0o17`, `0b1` and
/// `1_000` are refused in the file, since the command line and the variables cannot take
/// them), nothing is trimmed (`" 1"` is no number), and no string holds a NUL.
///
/// ```swift
/// let configuration = try KioskConfiguration.load(file: "/etc/kiosk/kiosk.toml")
/// let options = try configuration.options(commandLine: ["--log-level", "debug"])
/// ```
public struct KioskConfiguration: Sendable {
  /// A key's value and where it was written.
  struct Setting: Sendable, Equatable {
    /// The command-line form of the value (several for a list).
    var values: [String]
    /// `file:line` or `environment KIOSK_…`.
    var location: String
  }

  /// The file read, if any.
  public let file: String?
  /// The keys it was read against: KioskKit's, and the app's own table if it has one.
  var catalog = ConfigurationCatalog.standard
  /// The drop-ins read after it, in the order they were read.
  public private(set) var dropIns: [String] = []
  /// The file's settings by `table.key`.
  var fileSettings: [String: Setting] = [:]
  /// The environment's settings by `table.key`.
  var environmentSettings: [String: Setting] = [:]

  /// The keys set by the file or the environment, as `table.key`, sorted.
  public var keysSet: [String] {
    Set(fileSettings.keys).union(environmentSettings.keys).sorted()
  }

  /// Reads and checks `file` (none: only the environment) and the `KIOSK_*` variables of
  /// `environment`. Throws a `ConfigurationError` naming every problem: a file that cannot be
  /// read or is not TOML, unknown tables and keys, wrong types, values out of range.
  public static func load(
    file: String?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(ConfigurationError) -> KioskConfiguration {
    try load(file: file, environment: environment, catalog: CommandLineParser.current.catalog)
  }

  /// `load(file:environment:)` against `catalog`'s keys.
  static func load(
    file: String?, environment: [String: String], catalog: ConfigurationCatalog
  ) throws(ConfigurationError) -> KioskConfiguration {
    var configuration = KioskConfiguration(file: file, catalog: catalog)
    var problems: [ConfigurationError.Problem] = []
    if let file {
      configuration.dropIns = dropInFiles(of: file)
      // The file, then each drop-in over what came before.
      for path in [file] + configuration.dropIns {
        do {
          let text = try TextFile.read(path, limit: maximumFileSize)
          configuration.fileSettings.merge(try parse(text, file: path, catalog: catalog)) {
            _, later in later
          }
        } catch let error as ConfigurationError {
          problems += error.problems
        } catch let refusal as TextFile.Refusal {
          problems.append(
            .init(
              location: refusal.line.map { "\(path):\($0)" } ?? path, line: refusal.line,
              message: "cannot read the configuration file: \(refusal)"))
        } catch {
          problems.append(
            .init(location: path, message: "cannot read the configuration file: \(error)"))
        }
      }
    }
    do {
      configuration.environmentSettings = try readEnvironment(environment, catalog: catalog)
    } catch {
      problems += error.problems
    }
    guard problems.isEmpty else { throw ConfigurationError(problems: problems) }
    return configuration
  }

  /// The largest configuration file (or drop-in) read, in bytes: a kiosk's is a few
  /// kilobytes, and a huge one would hold up start-up or a reload.
  static let maximumFileSize = 1 << 20

  /// The `*.toml` files of `file`'s drop-in folder (`file` + `.d`), in the byte order of
  /// their names; none when there is no such folder.
  static func dropInFiles(of file: String) -> [String] {
    let folder = file + ".d"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      return []
    }
    return names.filter { $0.hasSuffix(".toml") && !$0.hasPrefix(".") }
      .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
      .map { folder + "/" + $0 }
  }

  /// The settings of a TOML text; `file` names it in messages. toml++ (through the
  /// `CTOMLParser` bridge) is the only parser: it refuses what is not TOML or nests too deep,
  /// and gives each node the line its problems name (`ConfigurationFileReader`).
  static func parse(
    _ text: String, file: String, catalog: ConfigurationCatalog = .standard
  ) throws(ConfigurationError) -> [String: Setting] {
    let root: TOMLTable
    do {
      root = try TOMLDocument(parsing: text).root
    } catch {
      throw refusal(error, file: file)
    }
    var reader = ConfigurationFileReader(file: file, catalog: catalog)
    reader.read(root)
    return try reader.result()
  }

  /// A failure of toml++ or of the bridge's checks, as a problem of `file`.
  private static func refusal(_ error: TOMLDocument.Failure, file: String) -> ConfigurationError {
    ConfigurationError(problems: [
      .init(
        location: error.line.map { "\(file):\($0)" } ?? file, line: error.line,
        message: error.isSyntaxError
          ? "not valid TOML" + (error.column.map { " (column \($0))" } ?? "")
            + ": \(error.message)"
          : error.message)
    ])
  }

  /// The most problems one file reports; the rest are counted.
  static let maximumProblemsShown = 100

  /// The settings of the `KIOSK_<TABLE>_<KEY>` variables. Other `KIOSK_` variables (such as
  /// `KIOSK_DRM_NO_ATOMIC`) are not configuration and are left alone, but one that starts
  /// with a table's prefix and names no key is an error, as a misspelt key in the file is.
  static func readEnvironment(
    _ environment: [String: String], catalog: ConfigurationCatalog = .standard
  ) throws(ConfigurationError) -> [String: Setting] {
    var settings: [String: Setting] = [:]
    var problems: [ConfigurationError.Problem] = []
    let prefixes = catalog.tables.map { "KIOSK_\($0.uppercased())_" }
    for (name, text) in environment.sorted(by: { $0.key < $1.key })
    where prefixes.contains(where: name.hasPrefix) {
      let location = "environment \(name)"
      guard let key = catalog.keys.first(where: { $0.environmentName == name }) else {
        let table = catalog.tables.first { name.hasPrefix("KIOSK_\($0.uppercased())_") }
        let known = catalog.keys.filter { $0.table == table }.map(\.environmentName)
        problems.append(
          .init(
            location: location,
            message:
              "unknown variable \(name)=\"\(text)\"; the variables of its table are \(known.joined(separator: ", "))"
          ))
        continue
      }
      let written = key.writtenValue(fromEnvironment: text)
      switch key.values(for: written) {
      case .success(let values):
        settings[key.path] = Setting(values: values, location: location)
      case .failure(let refusal):
        // A variable is always text: "not allowed" (or why), never "wrong type".
        let shown: ConfigurationKey.Refusal =
          if case .explained = refusal { refusal } else { .notAllowed }
        problems.append(
          .init(location: location, key: key.path, message: shown.message(key, .string(text))))
      }
    }
    guard problems.isEmpty else { throw ConfigurationError(problems: problems) }
    return settings
  }
}

extension ConfigurationKey.Refusal {
  /// `output.rotation = 45 is not allowed; allowed: 0, 90, 180 or 270`.
  func message(_ key: ConfigurationKey, _ value: WrittenValue) -> String {
    switch self {
    case .wrongType(let type):
      return "\(key.path) = \(value.shown) is \(type); allowed: \(key.allowed)"
    case .notAllowed:
      return "\(key.path) = \(value.shown) is not allowed; allowed: \(key.allowed)"
    case .notDecimal:
      return
        "\(key.path) = \(value.shown) is not a decimal number (write it as on the command line, e.g. 1000, not 1_000 or 0x3E8); allowed: \(key.allowed)"
    case .containsNUL:
      return
        "\(key.path) = \(value.shown) holds a NUL character (\\u0000), which would cut it short; allowed: \(key.allowed)"
    case .explained(let reason, _):
      return "\(key.path): \(reason); allowed: \(key.allowed)"
    }
  }
}
