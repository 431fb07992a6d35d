import ArgumentParser

/// One key of the configuration file: where it lives (`[table] name`), the command-line
/// option it stands for, what values it takes and whether a running app can take a new value
/// without a restart. The catalog (`ConfigurationKey.all`) is the one list the file, the
/// `KIOSK_*` environment, `--check-config` and `reload-config` all read.
struct ConfigurationKey: Sendable {
  /// What a key's values look like.
  enum Kind: Sendable {
    /// A string (further checked by `check`).
    case text
    /// One string of a fixed set.
    case choice([String])
    /// One integer of a fixed set.
    case integerChoice([Int])
    /// An integer in a range.
    case integer(ClosedRange<Int>)
    /// A number (integer or float) in a range; `aboveLowerBound`: the bound itself is not allowed.
    case number(ClosedRange<Double>, aboveLowerBound: Bool)
    /// `true` or `false`.
    case flag
    /// A list of strings, one option each.
    case paths
    /// Six numbers (a touch calibration matrix).
    case matrix
  }

  /// The table, e.g. `output`.
  let table: String
  /// The key in its table, e.g. `rotation`.
  let name: String
  /// The long command-line option it sets, without dashes, e.g. `rotation`.
  let option: String
  /// Its values.
  let kind: Kind
  /// What is allowed, as the error messages say it.
  let allowed: String
  /// For a key a running app takes a new value of on `reload-config` (a live key): copies
  /// the key's value from the reloaded options (second) into the running ones (first). Nil
  /// for keys that need a restart.
  var adopt: (@Sendable (inout RuntimeOptions, RuntimeOptions) -> Void)? = nil
  /// A further check on the value in its command-line form (mode strings, triggers…).
  var check: @Sendable (String) -> Bool = { _ in true }
  /// The key's value in `options`, in its command-line form (empty: not set).
  let current: @Sendable (RuntimeOptions) -> [String]
  /// For a list key: sets its values in parsed options directly. The file's and the
  /// environment's lists skip the command line this way: a list of N values given as N
  /// repeated options costs ArgumentParser time quadratic in N. An app's own list keys
  /// (`AppConfigurationTable`) have none, since the app's options are set only by parsing;
  /// like every list they hold at most `TOMLDocument.maximumArrayLength` values.
  var assign: (@Sendable (inout RuntimeOptions, [String]) -> Void)? = nil
  /// For a list key whose values have a grammar of their own and must agree with each
  /// other (`display.schedule`): the value at fault (its index) and what is wrong with it,
  /// or nil when the whole list is taken. Messages give its reason rather than only what
  /// is allowed, and the file's name the value's own line.
  var checkList: (@Sendable ([String]) -> (index: Int, reason: String)?)? = nil

  /// Whether a running app takes a new value on `reload-config` (else it needs a restart).
  var isLive: Bool { adopt != nil }

  /// `table.name`, as messages and `reload-config` name it.
  var path: String { "\(table).\(name)" }

  /// The environment variable: `KIOSK_`, the table, `_`, the key, in capitals with `-` as
  /// `_` (`KIOSK_OUTPUT_ROTATION`, `KIOSK_INPUT_KEYBOARD_LAYOUT`).
  var environmentName: String {
    let upper = "KIOSK_\(table)_\(name)".uppercased()
    return String(upper.map { $0 == "-" ? "_" : $0 })
  }

  /// The tables of the file, in the order the sample file has them.
  static let tables = [
    "output", "input", "display", "accessibility", "memory", "log", "metrics", "app",
  ]

  /// The key at `table.name`, if there is one.
  static func named(_ table: String, _ name: String) -> ConfigurationKey? {
    all.first { $0.table == table && $0.name == name }
  }
}

extension ConfigurationKey {
  /// The command-line arguments that set this key to `values` (its command-line form).
  func arguments(for values: [String]) -> [String] {
    switch kind {
    case .flag:
      return values.map { $0 == "true" ? "--\(option)" : "--no-\(option)" }
    default:
      // `--name=value`: a value starting with `-` (a calibration matrix) stays a value.
      return values.map { "--\(option)=\($0)" }
    }
  }

  /// Why the command line's `value` for this key's option is refused, in the file's words.
  func commandLineRefusal(of value: String) -> ValidationError {
    ValidationError("--\(option) must be \(allowed), not \"\(value)\"")
  }

  /// Whether `commandLine` sets this key's option.
  func isSet(in commandLine: [String]) -> Bool {
    commandLine.contains { argument in
      argument == "--\(option)" || argument.hasPrefix("--\(option)=")
        || (kind.isFlag && argument == "--no-\(option)")
    }
  }
}

extension ConfigurationKey.Kind {
  var isFlag: Bool {
    if case .flag = self { return true }
    return false
  }
}

/// A number as people write it: `2`, not `2.0`.
func formatNumber(_ value: Double) -> String {
  value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}
