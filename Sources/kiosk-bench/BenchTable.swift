/// How the figures are printed: columns of text, or a Markdown table (`--markdown`, the
/// table in Performance.md).
enum BenchTable {
  /// Set once, before anything is measured.
  nonisolated(unsafe) static var isMarkdown = false

  static func printMarkdownHeader() {
    print("| figure | value | goal | note |")
    print("|---|---|---|---|")
  }
}

/// A part of the table: what its figures measure.
func section(_ title: String) {
  if BenchTable.isMarkdown {
    print("| **\(title)** | | | |")
  } else {
    print(title)
  }
}

/// One line of the table: the figure, its value, its goal (whether `measured` met it) when
/// an issue set one (`BenchGoals`), and what else the reader needs to weigh it.
func row(_ name: String, _ value: String, _ note: String = "", measured: Double? = nil) {
  let goal = BenchGoals.goal(forRow: name)
  let goalColumn = goal.map { goal in measured.map { goal.column(for: $0) } ?? goal.text } ?? ""
  if BenchTable.isMarkdown {
    // A sub-figure loses its indent; a "|" would end the cell.
    let figure = String(name.drop { $0 == " " })
    let cells = [figure, value, goalColumn, note].map {
      $0.trimmingTrailingSpaces.replacingPipes
    }
    print("| " + cells.joined(separator: " | ") + " |")
    return
  }
  print(
    name.padding(toLength: 46, withPad: " ", startingAt: 0)
      + value.padding(toLength: 14, withPad: " ", startingAt: 0)
      + goalColumn.padding(toLength: 16, withPad: " ", startingAt: 0) + note)
}

extension StringProtocol {
  fileprivate var trimmingTrailingSpaces: String {
    String(self[..<(lastIndex { $0 != " " }.map { index(after: $0) } ?? startIndex)])
  }
  fileprivate var replacingPipes: String {
    String(map { $0 == "|" ? "/" : $0 })
  }
}
