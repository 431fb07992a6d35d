/// `[[output]]` tables: one per screen. The table with `role = "main"` (else the first)
/// holds the main screen's keys, as `[output]` would; each other table (`role =
/// "secondary"`) is a screen besides it, read into `--screen`'s form with the rules of the
/// main screen's keys of the same names.
///
/// ```toml
/// [[output]]
/// connector = "DSI-1"
/// rotation = 90
///
/// [[output]]
/// role = "secondary"
/// connector = "HDMI-A-1"
/// mode = "1920x1080"
/// touch-devices = []
/// ```
struct OutputTables {
  /// The main screen's table.
  var main: TOMLTable?
  /// The other screens.
  var secondary: [SecondaryScreenSpec] = []
  /// Where the first secondary table is, for messages.
  var location: String
  var problems: [ConfigurationError.Problem] = []

  /// The keys a secondary table takes, as `[output]` names them (`touch-devices` aside).
  static let secondaryKeys = [
    "role", "connector", "card", "mode", "rotation", "scale", "touch-devices",
  ]

  /// The tables of `output = [...]`, whose `[` (or first header) is on `line`.
  static func read(
    _ array: [TOMLNode], line: Int?, file: String, catalog: ConfigurationCatalog
  ) -> OutputTables {
    var result = OutputTables(location: file)
    /// A problem of `table`'s `key` (or of the table), at its line.
    func problem(_ table: TOMLTable?, _ key: String?, _ message: String) {
      let line = table.flatMap { $0.line(of: key) } ?? line
      result.problems.append(
        .init(
          location: line.map { "\(file):\($0)" } ?? file, line: line,
          key: key.map { "output.\($0)" }, message: message))
    }
    var tables: [(table: TOMLTable, role: String)] = []
    for (index, element) in array.enumerated() {
      guard let table = element.table else {
        problem(nil, nil, "output = [...] must be [[output]] tables, one per screen")
        continue
      }
      var role = index == 0 ? "main" : "secondary"
      if let written = table["role"] {
        guard let text = written.string, ["main", "secondary"].contains(text) else {
          problem(
            table, "role",
            "output.role = \(WrittenValue(written).shown) is not allowed; allowed: \"main\" or \"secondary\""
          )
          continue
        }
        role = text
      }
      tables.append((table, role))
    }
    let mains = tables.filter { $0.role == "main" }
    if mains.count > 1 {
      problem(
        mains[1].table, "role",
        "two [[output]] tables have role = \"main\"; one screen is the main one")
    }
    result.main = mains.first?.table
    for entry in tables where entry.role == "secondary" {
      if result.secondary.isEmpty, let line = entry.table.line {
        result.location = "\(file):\(line)"
      }
      if let spec = secondary(entry.table, catalog: catalog, problem: problem) {
        if result.secondary.contains(where: {
          $0.connector == spec.connector && $0.card == spec.card
        })
          || result.main?["connector"]?.string == spec.connector && spec.card == nil
        {
          problem(entry.table, "connector", "two [[output]] tables name \(spec.connector)")
        } else {
          result.secondary.append(spec)
        }
      }
    }
    return result
  }

  /// A secondary screen's table as a spec, each value checked by the rules of the `[output]`
  /// key of its name; `nil` after reporting what is wrong.
  private static func secondary(
    _ table: TOMLTable, catalog: ConfigurationCatalog,
    problem: (TOMLTable?, String?, String) -> Void
  ) -> SecondaryScreenSpec? {
    var fields: [String] = []
    var connector: String?
    var ok = true
    for (name, value) in table where name != "role" {
      let written = WrittenValue(value)
      if name == "touch-devices" {
        guard case .array(let elements) = written,
          let devices = Optional(
            elements.compactMap { if case .string(let t) = $0 { t } else { nil } }),
          devices.count == elements.count,
          devices.allSatisfy({ !$0.isEmpty && !$0.contains(":") && !$0.containsNUL })
        else {
          problem(
            table, name,
            "output.touch-devices = \(written.shown) is not allowed; allowed: a list of touch device names or event nodes, e.g. [\"/dev/input/event5\"]"
          )
          ok = false
          continue
        }
        fields += devices.map { "touch=\($0)" }
        continue
      }
      guard secondaryKeys.contains(name), let key = catalog.key("output", name) else {
        problem(
          table, name,
          "unknown key output.\(name) = \(written.shown) in a secondary [[output]]; its keys are \(secondaryKeys.joined(separator: ", "))"
        )
        ok = false
        continue
      }
      switch key.values(for: written) {
      case .success(let values) where values.first != "list":
        if name == "connector" {
          connector = values.first
        } else {
          fields.append("\(name)=\(values[0])")
        }
      case .success:
        problem(table, name, "output.\(name) = \"list\" is not a screen's \(name)")
        ok = false
      case .failure(let refusal):
        problem(table, name, refusal.message(key, written))
        ok = false
      }
    }
    guard ok else { return nil }
    guard let connector else {
      problem(table, nil, "a secondary [[output]] needs connector = \"NAME\" (e.g. \"HDMI-A-2\")")
      return nil
    }
    guard let spec = SecondaryScreenSpec(parsing: ([connector] + fields).joined(separator: ":"))
    else {
      problem(table, "connector", "output.connector = \"\(connector)\" is not a connector name")
      return nil
    }
    return spec
  }
}
