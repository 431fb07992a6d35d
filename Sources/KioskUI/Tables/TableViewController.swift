import KioskGraphics

/// A controller whose view is a table, like UIKit's `UITableViewController`: it makes the
/// table (the controller is its data source and delegate), clears the selection when it
/// appears again (coming back from a detail screen), and turns the table's editing on and
/// off with its own (`setEditing(_:animated:)`, `editButtonItem`).
///
/// Override the data source and delegate methods you need; the defaults describe an empty
/// table.
///
/// ```swift
/// final class FruitList: TableViewController {
///   var fruits = ["Apple", "Pear", "Plum"]
///   override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
///     fruits.count
///   }
///   override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
///     -> TableViewCell
///   {
///     let cell = tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
///     cell.textLabel?.text = fruits[indexPath.row]
///     return cell
///   }
///   override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
///     navigationController?.pushViewController(FruitDetail(fruits[indexPath.row]), animated: true)
///   }
/// }
/// ```
@MainActor
open class TableViewController: ViewController, TableViewDataSource, TableViewDelegate {
  /// The style the table is made with.
  public let style: TableView.Style

  /// Whether the selected rows are deselected (animated) each time the controller is about
  /// to appear, as when the person comes back from the row's detail. The default is `true`.
  open var clearsSelectionOnViewWillAppear = true

  /// Creates a controller whose table has `style`.
  public init(style: TableView.Style = .plain) {
    self.style = style
    super.init()
  }

  /// Creates a controller with a plain table.
  public convenience override init() {
    self.init(style: .plain)
  }

  /// The table when the view is something else (a subclass's own `loadView`).
  private var embeddedTable: TableView?

  /// The table: the controller's view (loaded when first asked for).
  public var tableView: TableView {
    contentView(embedded: { embeddedTable }, keep: { embeddedTable = $0 }, make: makeTable)
  }

  /// Makes the table (the controller is its data source and delegate) as the view.
  open override func loadView() {
    view = makeTable()
  }

  /// A table made again after a memory warning takes on the controller's editing mode.
  private func makeTable() -> TableView {
    let table = TableView(frame: Rect(origin: .zero, size: Screen.main.bounds.size), style: style)
    table.dataSource = self
    table.delegate = self
    table.setEditing(isEditing, animated: false)
    return table
  }

  /// Turns editing mode on or off, and the table's with it (its delete controls).
  open override func setEditing(_ editing: Bool, animated: Bool) {
    super.setEditing(editing, animated: animated)
    if isViewLoaded { tableView.setEditing(editing, animated: animated) }
  }

  /// Deselects the selected rows when `clearsSelectionOnViewWillAppear` is on. Call
  /// `super` when you override it.
  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    guard clearsSelectionOnViewWillAppear, let table = viewIfLoaded as? TableView else { return }
    for indexPath in table.indexPathsForSelectedRows ?? [] {
      table.deselectRow(at: indexPath, animated: animated)
    }
  }

  // MARK: Data source (override what you need)

  /// One section.
  open func numberOfSections(in tableView: TableView) -> Int { 1 }

  /// No rows.
  open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }

  /// A plain cell (only called for rows you report).
  open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    TableViewCell(style: .default, reuseIdentifier: nil)
  }

  /// No header title.
  open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    nil
  }

  /// No row can be edited.
  open func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
    false
  }

  /// Does nothing: delete the row from your model, then call `deleteRows(at:with:)`.
  open func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {}

  // MARK: Delegate (override what you need)

  /// The table's `rowHeight`.
  open func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    TableView.automaticDimension
  }

  /// The table's `estimatedRowHeight`.
  open func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath)
    -> Double
  {
    TableView.automaticDimension
  }

  /// Nothing happens on selection.
  open func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}

  /// Nothing happens on deselection.
  open func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
}
