import Foundation

/// The repository's hand-written documentation, read by the tests that check it against the
/// code: the README and the DocC catalog's articles.
enum DocumentationText {
  /// The repository's root folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The DocC catalog's folder.
  static let catalog = root.appendingPathComponent("Sources/KioskKit/KioskKit.docc")

  /// The text of a file under the root, e.g. `README.md`.
  static func file(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The text of the catalog's article `name` (`Configuration` for `Configuration.md`).
  static func article(_ name: String) throws -> String {
    try String(contentsOf: catalog.appendingPathComponent(name + ".md"), encoding: .utf8)
  }

  /// The names of the catalog's articles, without `.md`.
  static func articleNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: catalog.path)
      .filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted()
  }

  /// The body rows of every Markdown table in `text` whose header's first cell is
  /// `header`, each row as its cells, trimmed (a `\|` inside a cell is a `|`).
  static func tableRows(in text: String, header: String) -> [[String]] {
    var rows: [[String]] = []
    var inTable = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      guard line.hasPrefix("|") else {
        inTable = false
        continue
      }
      let cells = self.cells(of: String(line))
      if cells.first == header {
        inTable = true
      } else if inTable, !(cells.first ?? "").hasPrefix("---") {
        rows.append(cells)
      }
    }
    return rows
  }

  /// A table line's cells, split at unescaped `|`.
  static func cells(of line: String) -> [String] {
    let marker = "\u{0}"
    let protected = line.replacingOccurrences(of: "\\|", with: marker)
    return protected.split(separator: "|", omittingEmptySubsequences: false).dropFirst()
      .dropLast().map {
        $0.replacingOccurrences(of: marker, with: "|").trimmingCharacters(in: .whitespaces)
      }
  }

  /// The texts inside backticks in `cell`, in order.
  static func codeSpans(in cell: String) -> [String] {
    cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  /// Every match of `pattern`'s first group in `text`.
  static func matches(of pattern: String, in text: String) -> [String] {
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).compactMap {
      Range($0.range(at: 1), in: text).map { String(text[$0]) }
    }
  }
}
