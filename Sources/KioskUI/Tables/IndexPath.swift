// Foundation's IndexPath, as UIKit uses it, visible to every file that imports KioskUI (or
// KioskKit): the same type as an app's `import Foundation` gives, so the two never clash.
@_exported import struct FoundationEssentials.IndexPath

/// UIKit's additions to Foundation's `IndexPath` for tables and collections: an index path
/// of two indexes, the section then the row (or item). Index paths sort by section, then
/// row, and print as `[section, row]`.
///
/// ```swift
/// let first = IndexPath(row: 0, section: 0)
/// tableView.selectRow(at: first, animated: false, scrollPosition: .none)
/// ```
extension IndexPath {
  /// The index path of `row` in `section`.
  public init(row: Int, section: Int) {
    // One index, then a second: a two-index path is stored inline (an array literal would
    // allocate).
    self.init(index: section)
    append(row)
  }

  /// The index path of `item` in `section` (collections).
  public init(item: Int, section: Int) {
    self.init(row: item, section: section)
  }

  /// The section: the first index.
  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }

  /// The row within the section: the second index.
  public var row: Int {
    get { self[1] }
    set { self[1] = newValue }
  }

  /// The item within the section (collections): the second index, as `row`.
  public var item: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
}
