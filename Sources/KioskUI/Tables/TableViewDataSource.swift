/// Tells a table what it shows: how many sections and rows, the cell of each row, the
/// section titles, and what deleting a row means. Only the row count and the cells are
/// required.
///
/// ```swift
/// extension FruitList: TableViewDataSource {
///   func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
///     fruits.count
///   }
///   func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
///     let cell = tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
///     cell.textLabel?.text = fruits[indexPath.row]
///     return cell
///   }
/// }
/// ```
@MainActor
public protocol TableViewDataSource: AnyObject {
  /// How many sections the table has. The default is 1.
  func numberOfSections(in tableView: TableView) -> Int
  /// How many rows `section` has.
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
  /// The cell showing the row at `indexPath`: usually one from
  /// `dequeueReusableCell(withIdentifier:for:)`, filled in for this row.
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
  /// The title of `section`'s header, or `nil` for none. The default is `nil`.
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
  /// Whether the row can be edited (deleted by a leftward swipe, or in editing mode). The
  /// default is `false`: unlike UIKit, which offers deletion once the data source
  /// implements `tableView(_:commit:forRowAt:)`, Swift cannot tell, so say which rows.
  func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool
  /// The person asked to delete (or insert) the row at `indexPath`: update your model,
  /// then call `deleteRows(at:with:)` (or `insertRows(at:with:)`). The default does
  /// nothing.
  ///
  /// ```swift
  /// func tableView(
  ///   _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
  ///   forRowAt indexPath: IndexPath
  /// ) {
  ///   guard editingStyle == .delete else { return }
  ///   fruits.remove(at: indexPath.row)
  ///   tableView.deleteRows(at: [indexPath], with: .automatic)
  /// }
  /// ```
  func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath)
}

extension TableViewDataSource {
  /// One section.
  public func numberOfSections(in tableView: TableView) -> Int { 1 }
  /// No title.
  public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    nil
  }
  /// No row can be edited.
  public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
    false
  }
  /// Does nothing.
  public func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {}
}
