/// Checks one configuration file's parsed tables against a catalog's keys: the settings
/// they make, and each problem at the line toml++ found its node on (the bridge passes
/// every node's line on, so nothing reads the text a second time to find them).
///
/// A problem names the line of its key's value, else of the table around it, else none.
struct ConfigurationFileReader {
  /// The file read, as messages name it.
  let file: String
  /// The keys it is read against.
  let catalog: ConfigurationCatalog
  /// The settings read so far, by `table.key`.
  private(set) var settings: [String: KioskConfiguration.Setting] = [:]
  /// The problems found so far, up to `KioskConfiguration.maximumProblemsShown`.
  private(set) var problems: [ConfigurationError.Problem] = []
  /// A file of 90,000 misspelt keys took 2.75 s to check, building a message for each:
  /// past `maximumProblemsShown` they are only counted.
  private var problemsNotShown = 0

  init(file: String, catalog: ConfigurationCatalog) {
    self.file = file
    self.catalog = catalog
  }

  /// The tables of a parsed file, each checked against the catalog.
  mutating func read(_ root: TOMLTable) {
    let tableList = catalog.tables.joined(separator: ", ")
    for (tableName, node) in root {
      guard catalog.tables.contains(tableName) else {
        problem(
          line: node.line, key: nil, "unknown table [\(tableName)]; the tables are \(tableList)")
        continue
      }
      if tableName == "output", let array = node.array, catalog.key("output", "screens") != nil {
        readScreens(array, line: node.line)
        continue
      }
      guard let table = node.table else {
        problem(
          line: node.line, key: tableName,
          "\(tableName) = \(WrittenValue(node).shown) is not a table; write [\(tableName)] and its keys under it"
        )
        continue
      }
      read(table, named: tableName, skipping: [])
    }
  }

  /// The settings read, or every problem found, sorted by line.
  func result() throws(ConfigurationError) -> [String: KioskConfiguration.Setting] {
    guard problems.isEmpty else {
      var shown = problems.sorted { ($0.line ?? 0) < ($1.line ?? 0) }
      if problemsNotShown > 0 {
        shown.append(
          .init(location: file, message: "\(problemsNotShown) more problems not shown"))
      }
      throw ConfigurationError(problems: shown)
    }
    return settings
  }

  /// `file:line`, or the file alone when the line is not known.
  func location(_ line: Int?) -> String { line.map { "\(file):\($0)" } ?? file }

  private mutating func problem(line: Int?, key: String?, _ message: @autoclosure () -> String) {
    guard problems.count < KioskConfiguration.maximumProblemsShown else {
      problemsNotShown += 1
      return
    }
    problems.append(.init(location: location(line), line: line, key: key, message: message()))
  }

  /// The keys of `table`, as `tableName`'s keys.
  private mutating func read(_ table: TOMLTable, named tableName: String, skipping: Set<String>) {
    for (name, value) in table where !skipping.contains(name) {
      let path = "\(tableName).\(name)"
      let line = value.line ?? table.line
      guard let key = catalog.key(tableName, name) else {
        let known = catalog.keys.filter { $0.table == tableName }.map(\.name)
        problem(
          line: line, key: path,
          "unknown key \(path) = \(WrittenValue(value).shown); the keys of [\(tableName)] are \(known.joined(separator: ", "))"
        )
        continue
      }
      let written = WrittenValue(value)
      switch key.values(for: written) {
      case .success(let values):
        settings[path] = KioskConfiguration.Setting(values: values, location: location(line))
      case .failure(let refusal):
        // A list's value at fault is named at its own line.
        var at = line
        if case .explained(_, let index) = refusal, let elements = value.array,
          elements.indices.contains(index)
        {
          at = elements[index].line ?? line
        }
        problem(line: at, key: path, refusal.message(key, written))
      }
    }
  }

  /// `[[output]]` tables: the main screen's keys as `[output]`'s, the others as
  /// `output.screens`.
  private mutating func readScreens(_ array: [TOMLNode], line: Int?) {
    let screens = OutputTables.read(array, line: line, file: file, catalog: catalog)
    problems += screens.problems
    if let main = screens.main {
      read(main, named: "output", skipping: ["role"])
    }
    if !screens.secondary.isEmpty {
      settings["output.screens"] = KioskConfiguration.Setting(
        values: screens.secondary.map(\.argument), location: screens.location)
    }
  }
}
