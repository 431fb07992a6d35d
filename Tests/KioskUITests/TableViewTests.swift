import KioskGraphics
import KioskTesting
import KioskUI
import Testing

/// A cell that writes down when it is highlighted and reused.
@MainActor
final class LoggingCell: TableViewCell {
  var highlights = 0
  var reuses = 0

  override func setHighlighted(_ highlighted: Bool, animated: Bool) {
    super.setHighlighted(highlighted, animated: animated)
    if highlighted { highlights += 1 }
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    reuses += 1
  }
}

/// A table's data source and delegate over sections of named rows.
@MainActor
final class RowSource: TableViewDataSource, TableViewDelegate {
  var sections: [(title: String?, rows: [String])]
  var colors: [String: Color] = [:]
  var heights: [IndexPath: Double] = [:]
  var selected: [IndexPath] = []
  var deselected: [IndexPath] = []
  var committed: [IndexPath] = []
  var log: [String] = []
  var editable = false
  var deletesOnCommit = true
  var redirect: ((IndexPath) -> IndexPath?)?

  init(sections: [(title: String?, rows: [String])]) {
    self.sections = sections
  }

  convenience init(rows: Int) {
    self.init(sections: [(nil, (0..<rows).map { "Row \($0)" })])
  }

  func numberOfSections(in tableView: TableView) -> Int { sections.count }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    sections[section].rows.count
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
    let name = sections[indexPath.section].rows[indexPath.row]
    cell.textLabel?.text = name
    cell.backgroundColor = colors[name] ?? .white
    return cell
  }

  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    sections[section].title
  }

  func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { editable }

  func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {
    committed.append(indexPath)
    guard deletesOnCommit, editingStyle == .delete else { return }
    sections[indexPath.section].rows.remove(at: indexPath.row)
    tableView.deleteRows(at: [indexPath], with: .fade)
  }

  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
    heights[indexPath] ?? TableView.automaticDimension
  }

  func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
    redirect.map { $0(indexPath) } ?? indexPath
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    selected.append(indexPath)
  }

  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
    deselected.append(indexPath)
  }

  func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { log.append("didEndDecelerating") }
}

/// A 320×480 screen filled by a table.
@MainActor
struct TableScene {
  let app: TestApplication
  let table: TableView
  let source: RowSource

  init(source: RowSource, style: TableView.Style = .plain, scale: Double = 1) throws {
    app = try TestApplication(pointSize: Size(width: 320, height: 480), scale: scale)
    table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 480), style: style)
    table.register(LoggingCell.self, forCellReuseIdentifier: "row")
    self.source = source
    table.dataSource = source
    table.delegate = source
    app.window.addSubview(table)
    app.runUntilIdle()
  }

  func cell(_ row: Int, _ section: Int = 0) -> TableViewCell? {
    table.cellForRow(at: IndexPath(row: row, section: section))
  }

  func text(_ row: Int, _ section: Int = 0) -> String? {
    cell(row, section)?.textLabel?.text
  }
}

@MainActor
struct TableViewTests {
  @Test func aTableScrollsWithMomentum() throws {
    let scene = try TableScene(source: RowSource(rows: 200))
    scene.app.drag(from: Point(x: 160, y: 400), to: Point(x: 160, y: 200), duration: 0.1)
    let atLift = scene.table.contentOffset.y
    scene.app.advance(by: 0.2)
    let soon = scene.table.contentOffset.y
    scene.app.advance(by: 0.2)
    let later = scene.table.contentOffset.y
    #expect(soon > atLift && later > soon)
    #expect(later - soon < soon - atLift)  // slowing down
    scene.app.advance(by: 6)
    let rest = scene.table.contentOffset.y
    #expect(rest > later && !scene.table.isDecelerating)
    scene.app.advance(by: 1)
    #expect(scene.table.contentOffset.y == rest)
    #expect(scene.source.log == ["didEndDecelerating"])
    // The rows in view have cells showing them.
    let first = Int(rest / 44)
    #expect(scene.text(first) == "Row \(first)")
    #expect(scene.source.selected.isEmpty)
  }

  @Test func aTapSelectsTheRow() throws {
    let scene = try TableScene(source: RowSource(rows: 30), scale: 2)
    scene.app.tap(at: Point(x: 200, y: 2 * 44 + 20))
    #expect(scene.source.selected == [IndexPath(row: 2, section: 0)])
    #expect(scene.table.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    #expect(scene.cell(2)?.isSelected == true)
    #expect(scene.cell(2)?.isHighlighted == false)
    let frame = scene.app.snapshot()
    #expect(frame.pixel(x: 600, y: 2 * 88 + 40) == Color(hex: 0xd1d1d6))  // grey
    #expect(frame.pixel(x: 600, y: 3 * 88 + 40) == .white)
    // Selecting another row deselects the first.
    scene.app.tap(at: Point(x: 200, y: 5 * 44 + 20))
    #expect(scene.source.selected.last == IndexPath(row: 5, section: 0))
    #expect(scene.source.deselected == [IndexPath(row: 2, section: 0)])
    #expect(scene.cell(2)?.isSelected == false)
    #expect(scene.table.indexPathsForSelectedRows == [IndexPath(row: 5, section: 0)])
  }

  @Test func aRowHighlightsOnlyAfterTheScrollViewsDelay() throws {
    let scene = try TableScene(source: RowSource(rows: 30))
    scene.app.touch(.began, at: Point(x: 100, y: 70))
    #expect(scene.cell(1)?.isHighlighted == false)
    scene.app.advance(by: 0.2)
    #expect(scene.cell(1)?.isHighlighted == true)
    #expect(scene.source.selected.isEmpty)
    scene.app.touch(.ended, at: Point(x: 100, y: 70))
    #expect(scene.source.selected == [IndexPath(row: 1, section: 0)])
  }

  @Test func aDragAcrossRowsScrollsAndSelectsNothing() throws {
    let scene = try TableScene(source: RowSource(rows: 100))
    let touched = scene.table.visibleCells.compactMap { $0 as? LoggingCell }
    scene.app.drag(from: Point(x: 160, y: 300), to: Point(x: 160, y: 100), duration: 0.3)
    scene.app.advance(by: 3)
    #expect(scene.table.contentOffset.y > 150)
    #expect(scene.source.selected.isEmpty)
    #expect(scene.table.indexPathForSelectedRow == nil)
    #expect(touched.allSatisfy { $0.highlights == 0 })
    // Held still past the delay the row highlights, then the drag takes it back.
    scene.app.touch(.began, at: Point(x: 160, y: 300))
    scene.app.advance(by: 0.2)
    let held = scene.table.visibleCells.first { $0.isHighlighted }
    #expect(held != nil)
    for step in 1...5 {
      scene.app.advance(by: 1.0 / 60)
      scene.app.touch(.moved, at: Point(x: 160, y: 300 - Double(step) * 12))
    }
    scene.app.touch(.ended, at: Point(x: 160, y: 240))
    #expect(held?.isHighlighted == false)
    #expect(scene.source.selected.isEmpty)
  }

  @Test func scrollingTenThousandRowsKeepsAFewCells() throws {
    let scene = try TableScene(source: RowSource(rows: 10_000))
    let visibleRows = 12  // 480 / 44 rows, and one more when they do not line up
    #expect(scene.table.visibleCells.count == 11)
    // Flicks, then jumps all the way down.
    for _ in 0..<3 {
      scene.app.drag(from: Point(x: 160, y: 450), to: Point(x: 160, y: 50), duration: 0.08)
      scene.app.advance(by: 0.5)
    }
    #expect(scene.table.contentOffset.y > 2000)
    scene.app.advance(by: 6)
    for step in 1...50 {
      scene.table.contentOffset = Point(x: 0, y: Double(step) * 8000 + 13)
      scene.app.runUntilIdle()
    }
    scene.app.advance(by: 5)
    #expect(scene.table.cellsMadeForTesting <= visibleRows + 2)
    #expect(scene.table.visibleCells.count <= visibleRows)
    #expect(scene.table.subviews.count <= visibleRows)
    #expect(scene.table.pooledCellsForTesting <= 2)
    // Each cell shows its own row.
    let rows = scene.table.indexPathsForVisibleRows ?? []
    #expect(rows.first == IndexPath(row: (400_013 / 44), section: 0))
    for indexPath in rows {
      #expect(scene.table.cellForRow(at: indexPath)?.textLabel?.text == "Row \(indexPath.row)")
      #expect(scene.table.cellForRow(at: indexPath)?.frame == scene.table.rect(forRowAt: indexPath))
    }
    let reused = scene.table.visibleCells.compactMap { $0 as? LoggingCell }.map(\.reuses)
    #expect(reused.reduce(0, +) > 100)
  }

  @Test func geometryQueriesAndRowHeightsFromTheDelegate() throws {
    let source = RowSource(rows: 50)
    source.heights[IndexPath(row: 1, section: 0)] = 100
    let scene = try TableScene(source: source)
    #expect(
      scene.table.rect(forRowAt: IndexPath(row: 1, section: 0))
        == Rect(x: 0, y: 44, width: 320, height: 100))
    #expect(scene.table.rect(forRowAt: IndexPath(row: 2, section: 0)).minY == 144)
    #expect(scene.table.indexPathForRow(at: Point(x: 10, y: 143)) == IndexPath(row: 1, section: 0))
    #expect(scene.table.indexPathForRow(at: Point(x: 10, y: 144)) == IndexPath(row: 2, section: 0))
    #expect(scene.table.indexPathForRow(at: Point(x: 10, y: 100_000)) == nil)
    #expect(scene.table.contentSize.height == 49 * 44 + 100)
    #expect(scene.table.numberOfRows(inSection: 0) == 50)
    scene.table.scrollToRow(at: IndexPath(row: 30, section: 0), at: .top, animated: false)
    #expect(scene.table.contentOffset.y == 29 * 44 + 100)
    scene.table.scrollToRow(at: IndexPath(row: 40, section: 0), at: .bottom, animated: false)
    #expect(scene.table.contentOffset.y == 39 * 44 + 100 + 44 - 480)
    scene.table.scrollToRow(at: IndexPath(row: 20, section: 0), at: .none, animated: true)
    scene.app.advance(by: 0.5)
    #expect(scene.table.contentOffset.y == 19 * 44 + 100)
    #expect(scene.text(20) == "Row 20")
  }

  @Test func selectionFromCodeAndMultipleSelection() throws {
    let scene = try TableScene(source: RowSource(rows: 100))
    scene.table.selectRow(
      at: IndexPath(row: 60, section: 0), animated: false, scrollPosition: .middle)
    scene.app.runUntilIdle()
    #expect(scene.cell(60)?.isSelected == true)
    #expect(scene.source.selected.isEmpty)  // code does not tell the delegate
    let y = scene.table.rect(forRowAt: IndexPath(row: 60, section: 0)).midY
    #expect(abs(y - scene.table.contentOffset.y - 240) < 1)
    scene.table.deselectRow(at: IndexPath(row: 60, section: 0), animated: true)
    #expect(scene.table.indexPathForSelectedRow == nil)
    scene.table.contentOffset = .zero
    scene.app.runUntilIdle()
    scene.table.allowsMultipleSelection = true
    scene.app.tap(at: Point(x: 100, y: 22))
    scene.app.tap(at: Point(x: 100, y: 66))
    #expect(
      scene.table.indexPathsForSelectedRows == [
        IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0),
      ])
    scene.app.tap(at: Point(x: 100, y: 22))  // toggles off
    #expect(scene.table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
    #expect(scene.source.deselected == [IndexPath(row: 0, section: 0)])
    // The delegate can redirect or refuse a selection; without allowsSelection, none.
    scene.table.allowsMultipleSelection = false
    scene.source.redirect = { $0.row == 3 ? IndexPath(row: 4, section: 0) : nil }
    scene.app.tap(at: Point(x: 100, y: 3 * 44 + 22))
    #expect(scene.table.indexPathForSelectedRow == IndexPath(row: 4, section: 0))
    scene.app.tap(at: Point(x: 100, y: 6 * 44 + 22))
    #expect(scene.table.indexPathForSelectedRow == IndexPath(row: 4, section: 0))
    scene.source.redirect = nil
    scene.table.allowsSelection = false
    scene.app.tap(at: Point(x: 100, y: 7 * 44 + 22))
    #expect(scene.table.indexPathForSelectedRow == IndexPath(row: 4, section: 0))
  }

  @Test func plainSectionHeadersStickToTheTop() throws {
    let source = RowSource(
      sections: (0..<3).map { section in
        ("Section \(section)", (0..<20).map { "Row \(section).\($0)" })
      })
    let scene = try TableScene(source: source)
    let table = scene.table
    let sectionHeight = 28.0 + 20 * 44
    #expect(table.contentSize.height == 3 * sectionHeight)
    #expect(table.headerView(forSection: 0)?.frame.minY == 0)
    #expect(table.rect(forRowAt: IndexPath(row: 0, section: 1)).minY == sectionHeight + 28)
    // Scrolled into section 0, its header stays at the top edge.
    table.contentOffset = Point(x: 0, y: 300)
    scene.app.runUntilIdle()
    #expect(table.headerView(forSection: 0)?.frame.minY == 300)
    let frame = scene.app.snapshot()
    #expect(frame.pixel(x: 300, y: 2) == Color(hex: 0xf7f7f7))
    // The next header pushes it off.
    table.contentOffset = Point(x: 0, y: sectionHeight - 10)
    scene.app.runUntilIdle()
    #expect(table.headerView(forSection: 0)?.frame.maxY == sectionHeight)
    #expect(table.headerView(forSection: 1)?.frame.minY == sectionHeight)
    table.contentOffset = Point(x: 0, y: sectionHeight + 100)
    scene.app.runUntilIdle()
    #expect(
      table.headerView(forSection: 0) == nil || table.headerView(forSection: 0)?.superview == nil)
    #expect(table.headerView(forSection: 1)?.frame.minY == sectionHeight + 100)
    // The row under the header is where a tap goes past it.
    #expect(
      table.indexPathForRow(at: Point(x: 10, y: sectionHeight + 28 + 44 * 3 + 1))
        == IndexPath(row: 3, section: 1))
  }

  @Test func groupedHeadersScrollWithTheirSections() throws {
    let source = RowSource(sections: [("Fruit", ["Apple", "Pear"]), ("Vegetables", ["Leek"])])
    let scene = try TableScene(source: source, style: .grouped)
    let table = scene.table
    #expect(table.backgroundColor == Color(hex: 0xf2f2f7))
    #expect(table.rect(forRowAt: IndexPath(row: 0, section: 0)).minY == 38)
    #expect(table.rect(forRowAt: IndexPath(row: 0, section: 1)).minY == 38 + 88 + 18 + 38)
    table.contentOffset = Point(x: 0, y: 20)
    scene.app.runUntilIdle()
    #expect(table.headerView(forSection: 0)?.frame.minY == 0)
  }
}
