import KioskKit

/// A table controller whose rows are designed at `designRowHeight` points for the default
/// text size and grow with the text size (`FontMetrics`), so that the standard cells'
/// labels, which follow the text size, keep their room at the accessibility sizes.
@MainActor
class ScaledRowsTableViewController: TableViewController {
  /// The rows' height at the default text size.
  var designRowHeight = 44.0 {
    didSet { if isViewLoaded { tableView.reloadData() } }
  }

  override func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    FontMetrics.default.scaledValue(for: designRowHeight, compatibleWith: tableView.traitCollection)
  }
}
