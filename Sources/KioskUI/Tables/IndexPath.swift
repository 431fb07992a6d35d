/// The place of a row in a table: its section and its row within the section, as UIKit's
/// `IndexPath` for tables. Index paths sort by section, then row.
///
/// ```swift
/// let first = IndexPath(row: 0, section: 0)
/// tableView.selectRow(at: first, animated: false, scrollPosition: .none)
/// ```
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The section.
  public var section: Int
  /// The row within the section.
  public var row: Int

  /// Creates the index path of `row` in `section`.
  public init(row: Int, section: Int) {
    self.row = row
    self.section = section
  }

  /// Sorts by section, then by row.
  public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
    (lhs.section, lhs.row) < (rhs.section, rhs.row)
  }

  /// `[section, row]`, as Foundation prints an index path.
  public var description: String { "[\(section), \(row)]" }
}
