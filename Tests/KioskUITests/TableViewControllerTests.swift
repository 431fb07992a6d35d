import KioskGraphics
import KioskTesting
import KioskUI
import Testing

@MainActor
final class FruitList: TableViewController {
  var fruits = (1...40).map { "Fruit \($0)" }
  var selected: [IndexPath] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(TableViewCell.self, forCellReuseIdentifier: "fruit")
    tableView.rowHeight = 44
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    fruits.count
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let cell = tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
    cell.textLabel?.text = fruits[indexPath.row]
    return cell
  }

  override func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
    true
  }

  override func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {
    fruits.remove(at: indexPath.row)
    tableView.deleteRows(at: [indexPath], with: .automatic)
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    selected.append(indexPath)
    let detail = ViewController()
    detail.title = fruits[indexPath.row]
    navigationController?.pushViewController(detail, animated: false)
  }
}

/// A collection view controller whose `viewDidLoad` uses its collection view, as most do.
@MainActor
final class SwatchGrid: CollectionViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "swatch")
  }
}

@MainActor
@Suite struct TableViewControllerTests {
  /// Asking for `tableView` (or `collectionView`) first loads the view, whose
  /// `viewDidLoad` asks for it again: one table, and no exclusivity trap (the demo's
  /// Library list hit it when a tour step asked for its table first).
  @Test func theTableFirstAskedForLoadsTheViewThatAsksForItToo() throws {
    _ = try TestApplication(pointSize: Size(width: 320, height: 480))
    let list = FruitList()
    #expect(list.tableView === list.view)
    let grid = SwatchGrid()
    #expect(grid.collectionView === grid.view)
  }

  @Test func theControllerIsTheTablesViewDataSourceAndDelegate() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 480))
    let list = FruitList()
    app.window.rootViewController = list
    app.runUntilIdle()
    #expect(list.view === list.tableView)
    #expect(list.tableView.dataSource === list)
    #expect(list.tableView.visibleCells.count >= 10)
    #expect(
      list.tableView.cellForRow(at: IndexPath(row: 2, section: 0))?.textLabel?.text == "Fruit 3")
  }

  @Test func aTappedRowPushesItsDetailAndTheSelectionClearsOnTheWayBack() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 480))
    let list = FruitList()
    let nav = NavigationController(rootViewController: list)
    app.window.rootViewController = nav
    app.runUntilIdle()
    let row = try #require(list.tableView.cellForRow(at: IndexPath(row: 1, section: 0)))
    let center = row.convert(Point(x: row.bounds.midX, y: row.bounds.midY), to: nil)
    app.tap(at: center)
    app.advance(by: 0.5)
    #expect(list.selected == [IndexPath(row: 1, section: 0)])
    #expect(nav.topViewController?.title == "Fruit 2")
    #expect(list.tableView.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
    nav.popViewController(animated: false)
    app.advance(by: 0.5)
    #expect(list.tableView.indexPathForSelectedRow == nil)
  }

  @Test func keepingTheSelectionCanBeAsked() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 480))
    let list = FruitList()
    list.clearsSelectionOnViewWillAppear = false
    let nav = NavigationController(rootViewController: list)
    app.window.rootViewController = nav
    app.runUntilIdle()
    list.tableView.selectRow(
      at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .none)
    nav.pushViewController(ViewController(), animated: false)
    nav.popViewController(animated: false)
    app.advance(by: 0.5)
    #expect(list.tableView.indexPathForSelectedRow == IndexPath(row: 3, section: 0))
  }

  @Test func aSubclassThatLoadsAnotherViewStillHasATable() throws {
    final class Framed: TableViewController {
      override func loadView() { view = View(frame: Rect(x: 0, y: 0, width: 200, height: 200)) }
    }
    let app = try TestApplication(pointSize: Size(width: 200, height: 200))
    let framed = Framed()
    app.window.rootViewController = framed
    app.runUntilIdle()
    let table = framed.tableView
    #expect(table.superview === framed.view)
    #expect(framed.tableView === table)
  }
}
