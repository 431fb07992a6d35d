import Foundation
import Testing

@testable import KioskKit

/// The article of the standard options (CommandLineOptions.md) against the options
/// ArgumentParser declares for every app: `--help`'s text, generated from `AppCommand`.
@Suite struct CommandLineOptionsArticleTests {
  /// One option as `--help` lists it: its long names and the default it prints, if any.
  struct HelpOption: Equatable {
    var names: [String]
    var defaultValue: String?
  }

  /// Every option `--help` lists (one line each: the columns are wide enough for no wrap).
  static func helpOptions() -> [HelpOption] {
    let help = AppCommand.helpMessage(columns: 100_000)
    return help.split(separator: "\n").compactMap { line in
      let text = line.trimmingCharacters(in: .whitespaces)
      guard text.hasPrefix("-") else { return nil }
      // The synopsis ends where the help starts: at the first run of two spaces.
      let synopsis = text.components(separatedBy: "  ").first ?? text
      let names = DocumentationText.matches(of: "(--[a-z0-9-]+)", in: synopsis)
      let defaults = DocumentationText.matches(of: "default: ([^)]*)\\)$", in: text)
      return names.isEmpty ? nil : HelpOption(names: names, defaultValue: defaults.last)
    }
  }

  /// The article's table: each row's options (the `--name` at the start of each code span
  /// of the first cell) and its default cell.
  static func articleRows() throws -> [(names: [String], defaultCell: String)] {
    let text = try DocumentationText.article("CommandLineOptions")
    return DocumentationText.tableRows(in: text, header: "option").map { cells in
      let names = DocumentationText.codeSpans(in: cells[0]).compactMap {
        DocumentationText.matches(of: "^(--[a-z0-9-]+)", in: $0).first
      }
      return (names, cells.count > 2 ? cells[2] : "")
    }
  }

  /// A default as the article writes it: `2` for ArgumentParser's `2.0`, `""` for nothing.
  static func normalized(_ value: String) -> String {
    if value.hasSuffix(".0"), Double(value) != nil { return String(value.dropLast(2)) }
    return value.isEmpty ? "\"\"" : value
  }

  @Test func everyOptionOfHelpHasARowAndNoRowNamesAnUnknownOption() throws {
    let help = Set(Self.helpOptions().flatMap(\.names))
    let documented = try Self.articleRows().flatMap(\.names)
    #expect(help.count > 40, "--help lists the standard options")
    #expect(Set(documented) == help)
    #expect(documented.count == Set(documented).count, "each option has one row")
  }

  @Test func everyRowGivesTheDefaultHelpPrints() throws {
    let rows = try Self.articleRows()
    for option in Self.helpOptions() {
      guard let expected = option.defaultValue.map(Self.normalized) else { continue }
      let row = rows.first { !Set($0.names).isDisjoint(with: option.names) }
      let written = row.flatMap { DocumentationText.codeSpans(in: $0.defaultCell).first }
      #expect(written == expected, "\(option.names[0]): the default is \(expected)")
    }
  }
}
