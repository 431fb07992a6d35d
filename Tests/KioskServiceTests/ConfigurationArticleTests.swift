import Testing

@testable import KioskKit

/// The article of kiosk.toml (Configuration.md) against the configuration catalog
/// (`ConfigurationKey.all`): every key, the option it stands for, and whether it is live.
@Suite struct ConfigurationArticleTests {
  /// The keys table: rows whose first cell is a `table.key`.
  static func keyRows() throws -> [[String]] {
    let text = try DocumentationText.article("Configuration")
    return DocumentationText.tableRows(in: text, header: "key")
  }

  static func key(of row: [String]) -> String {
    DocumentationText.codeSpans(in: row[0]).first ?? row[0]
  }

  @Test func everyKeyOfTheCatalogHasARowAndNoRowNamesAnUnknownKey() throws {
    let documented = try Self.keyRows().map(Self.key)
    #expect(Set(documented) == Set(ConfigurationKey.all.map(\.path)))
    #expect(documented.count == Set(documented).count, "each key has one row")
  }

  @Test func everyRowNamesTheKeysOptionAndSaysWhetherItIsLive() throws {
    let rows = try Self.keyRows()
    for key in ConfigurationKey.all {
      guard let row = rows.first(where: { Self.key(of: $0) == key.path }), row.count >= 3
      else { continue }
      let options = DocumentationText.codeSpans(in: row[1])
      let option = "--\(key.option)"
      #expect(
        options.contains { $0 == option || $0 == "--[no-]\(key.option)" }, "\(key.path): \(option)")
      #expect(row[2].hasSuffix("; live") == key.isLive, "\(key.path): live is \(key.isLive)")
    }
  }
}
