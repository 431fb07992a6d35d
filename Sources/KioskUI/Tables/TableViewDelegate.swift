import KioskGraphics

/// Shapes a table and hears what happens in it: row and header heights, header views,
/// selection, the editing style of rows, cells coming and going. It is a
/// `ScrollViewDelegate` too; every method has a default, so implement only what you need.
///
/// Assign it to the table's `delegate`.
///
/// ```swift
/// extension FruitList: TableViewDelegate {
///   func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
///     show(fruits[indexPath.row])
///     tableView.deselectRow(at: indexPath, animated: true)
///   }
/// }
/// ```
@MainActor
public protocol TableViewDelegate: ScrollViewDelegate {
  /// The height of the row at `indexPath`. The default, `TableView.automaticDimension`,
  /// uses the table's `rowHeight`.
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double
  /// A guess at the height of the row at `indexPath` until it is measured (self-sizing
  /// rows). The default, `TableView.automaticDimension`, uses the table's
  /// `estimatedRowHeight`.
  func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> Double
  /// The height of `section`'s header. The default, `TableView.automaticDimension`, uses
  /// `sectionHeaderHeight` when the section has a title or a header view.
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double
  /// A view to show as `section`'s header instead of its title. The default is `nil`.
  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View?
  /// Whether touching the row highlights it. The default is `true`.
  func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
  /// The row a person is about to select: return it, another row to select instead, or
  /// `nil` to select nothing. The default returns `indexPath`.
  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?
  /// A person selected the row.
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
  /// The row a person is about to deselect (or `nil` to keep it). The default returns
  /// `indexPath`.
  func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath) -> IndexPath?
  /// A person deselected the row (by tapping it in a multiple-selection table, or by
  /// selecting another).
  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
  /// How the row can be edited. The default is `.delete` for rows the data source lets
  /// edit.
  func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath)
    -> TableViewCell.EditingStyle
  /// The title of the button that deletes the row. The default is "Delete".
  func tableView(
    _ tableView: TableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath
  ) -> String?
  /// `cell` is about to show the row at `indexPath`.
  func tableView(
    _ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
  /// `cell`, which showed the row at `indexPath`, left the table.
  func tableView(
    _ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)
}

extension TableViewDelegate {
  /// The table's `rowHeight`.
  public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    TableView.automaticDimension
  }
  /// The table's `estimatedRowHeight`.
  public func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath)
    -> Double
  {
    TableView.automaticDimension
  }
  /// The table's `sectionHeaderHeight` for a section with a header.
  public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double {
    TableView.automaticDimension
  }
  /// No view: the title, if any, shows.
  public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
    nil
  }
  /// Every row highlights.
  public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath)
    -> Bool
  { true }
  /// Selects the row touched.
  public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath)
    -> IndexPath?
  { indexPath }
  /// Does nothing.
  public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
  /// Deselects the row.
  public func tableView(_ tableView: TableView, willDeselectRowAt indexPath: IndexPath)
    -> IndexPath?
  { indexPath }
  /// Does nothing.
  public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
  /// Rows delete.
  public func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath)
    -> TableViewCell.EditingStyle
  { .delete }
  /// "Delete".
  public func tableView(
    _ tableView: TableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath
  ) -> String? { nil }
  /// Does nothing.
  public func tableView(
    _ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func tableView(
    _ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath
  ) {}
}
