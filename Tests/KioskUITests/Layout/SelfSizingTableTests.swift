import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A block whose height is its content's, as an image's or a label's is.
private final class Block: View {
  var height = 20.0 {
    didSet { invalidateIntrinsicContentSize() }
  }
  override var intrinsicContentSize: Size { Size(width: -1, height: height) }
}

/// A cell whose content view holds a block pinned 12 pt inside its top and bottom and 16 pt
/// inside its sides: the row is as tall as the block plus 24.
private final class BlockCell: TableViewCell {
  let block = Block()

  override init(style: CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    block.translatesAutoresizingMaskIntoConstraints = false
    contentView.addSubview(block)
    LayoutConstraint.activate([
      block.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 12),
      block.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -12),
      block.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
      block.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
    ])
  }
}

/// A cell whose content view holds a multi-line label pinned to its edges.
private final class NoteCell: TableViewCell {
  let note = Label()

  override init(style: CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    note.numberOfLines = 0
    note.translatesAutoresizingMaskIntoConstraints = false
    contentView.addSubview(note)
    LayoutConstraint.activate([
      note.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
      note.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
      note.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 16),
      note.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -16),
    ])
  }
}

/// Rows whose blocks have the heights given; counts the cells asked for.
@MainActor
private final class BlockRows: TableViewDataSource, TableViewDelegate {
  var heights: [Double]
  var cellsAsked = 0
  var estimates: [Int: Double] = [:]

  init(_ heights: [Double]) { self.heights = heights }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    heights.count
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    cellsAsked += 1
    let cell = tableView.dequeueReusableCell(withIdentifier: "block", for: indexPath)
    (cell as? BlockCell)?.block.height = heights[indexPath.row]
    return cell
  }

  func tableView(_ tableView: TableView, estimatedHeightForRowAt indexPath: IndexPath) -> Double {
    estimates[indexPath.row] ?? TableView.automaticDimension
  }
}

/// Self-sizing table rows (`automaticDimension` with estimates): heights from the cells'
/// constraints, measured as rows come into view, kept while the content stays still.
@MainActor @Suite struct SelfSizingTableTests {
  private func table(
    _ rows: BlockRows, in app: TestApplication, estimate: Double = 50
  ) -> TableView {
    let table = TableView(frame: app.window.bounds, style: .plain)
    table.register(BlockCell.self, forCellReuseIdentifier: "block")
    table.estimatedRowHeight = estimate
    table.dataSource = rows
    table.delegate = rows
    app.window.addSubview(table)
    app.runUntilIdle()
    return table
  }

  @Test func rowsInViewTakeTheHeightTheirConstraintsGive() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 480))
    let rows = BlockRows([30, 76, 10, 120] + Array(repeating: 40, count: 96))
    let table = table(rows, in: app)
    #expect(
      table.rect(forRowAt: IndexPath(row: 0, section: 0))
        == Rect(x: 0, y: 0, width: 320, height: 54))
    #expect(table.rect(forRowAt: IndexPath(row: 1, section: 0)).height == 100)
    #expect(table.rect(forRowAt: IndexPath(row: 2, section: 0)).height == 34)
    #expect(table.rect(forRowAt: IndexPath(row: 3, section: 0)).minY == 188)
    let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)) as? BlockCell)
    #expect(cell.frame == Rect(x: 0, y: 54, width: 320, height: 100))
    #expect(cell.block.frame == Rect(x: 16, y: 12, width: 288, height: 76))
    // Rows out of view keep their estimate: 100 rows, those in view measured.
    let measured = (0..<100).filter {
      table.rect(forRowAt: IndexPath(row: $0, section: 0)).height != 50
    }
    #expect(measured.count == table.visibleCells.count)
    #expect(
      table.contentSize.height == 54 + 100 + 34 + 144 + Double(100 - 4 - (measured.count - 4)) * 50
        + Double(measured.count - 4) * 64)
    // Each row in view was asked for once: measuring reuses the cell it shows.
    #expect(rows.cellsAsked == table.visibleCells.count)
  }

  @Test func scrollingMeasuresRowsAsTheyComeAndTheLengthEndsExact() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 480))
    let heights = (0..<200).map { Double(10 + ($0 * 37) % 90) }
    let rows = BlockRows(heights)
    let table = table(rows, in: app, estimate: 70)
    var offset = 0.0
    while offset < table.contentSize.height - table.bounds.height {
      offset += 40
      table.contentOffset = Point(x: 0, y: offset)
      app.runUntilIdle()
    }
    #expect(table.contentSize.height == heights.reduce(0) { $0 + $1 + 24 })
    #expect(rows.cellsAsked < 200 + 20)
  }

  @Test func aRowMeasuredAboveWhatIsInViewDoesNotMoveIt() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 480))
    let rows = BlockRows(Array(repeating: 96, count: 300))
    let table = table(rows, in: app, estimate: 40)
    // Jump into the middle: the rows above are only estimated (40 against 120 measured).
    table.contentOffset = Point(x: 0, y: 4_000)
    app.runUntilIdle()
    for _ in 0..<30 {
      let first = try #require(table.indexPathsForVisibleRows?.first)
      let cell = try #require(table.cellForRow(at: first))
      let onScreen = cell.frame.minY - table.contentOffset.y
      table.contentOffset = Point(x: 0, y: table.contentOffset.y - 15)
      app.runUntilIdle()
      // The cell moved down by the 15 pt scrolled, whatever was measured above it.
      #expect(
        table.cellForRow(at: first).map { $0.frame.minY - table.contentOffset.y } == onScreen + 15)
    }
  }

  @Test func cellsWithoutConstraintsAndTablesWithoutEstimatesTakeTheStandardHeight() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 480))
    let source = RowSource(rows: 30)
    let table = TableView(frame: app.window.bounds, style: .plain)
    table.estimatedRowHeight = 90
    table.dataSource = source
    app.window.addSubview(table)
    app.runUntilIdle()
    #expect(table.rect(forRowAt: IndexPath(row: 0, section: 0)).height == 44)

    let rows = BlockRows(Array(repeating: 100, count: 30))
    let unestimated = self.table(rows, in: app, estimate: 0)
    #expect(unestimated.rect(forRowAt: IndexPath(row: 0, section: 0)).height == 44)
    // A fixed row height wins over the cells' constraints, as in UIKit.
    unestimated.estimatedRowHeight = 50
    unestimated.rowHeight = 60
    app.runUntilIdle()
    #expect(unestimated.rect(forRowAt: IndexPath(row: 0, section: 0)).height == 60)
    unestimated.rowHeight = TableView.automaticDimension
    app.runUntilIdle()
    #expect(unestimated.rect(forRowAt: IndexPath(row: 0, section: 0)).height == 124)
  }

  @Test func aReloadedRowIsMeasuredAgainAndOthersKeepTheirHeights() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 480))
    let rows = BlockRows([20, 20, 20, 20])
    let table = table(rows, in: app)
    rows.heights[1] = 80
    table.reloadRows(at: [IndexPath(row: 1, section: 0)], with: .none)
    app.runUntilIdle()
    #expect(table.rect(forRowAt: IndexPath(row: 1, section: 0)).height == 104)
    // A row inserted above moves the measured ones without measuring them again.
    rows.heights.insert(50, at: 0)
    let asked = rows.cellsAsked
    table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .none)
    app.runUntilIdle()
    #expect(rows.cellsAsked == asked + 1)
    #expect(
      (0..<5).map { table.rect(forRowAt: IndexPath(row: $0, section: 0)).height }
        == [74, 44, 104, 44, 44])
  }

  @Test func aDelegatesEstimateIsUsedUntilTheRowIsMeasured() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 200))
    let rows = BlockRows(Array(repeating: 20, count: 50))
    rows.estimates[40] = 300
    let table = table(rows, in: app)
    #expect(table.rect(forRowAt: IndexPath(row: 40, section: 0)).height == 300)
    #expect(table.rect(forRowAt: IndexPath(row: 39, section: 0)).height == 50)
  }

  @Test func aMultiLineLabelWrapsAtTheRowsWidthAndANarrowerTableMakesItTaller() throws {
    let app = try TestApplication(pointSize: Size(width: 600, height: 480))
    final class Notes: TableViewDataSource {
      func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }
      func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "note", for: indexPath)
        (cell as? NoteCell)?.note.text = String(
          repeating: "A note long enough to wrap. ", count: indexPath.row * 3 + 1)
        return cell
      }
    }
    let notes = Notes()
    let table = TableView(frame: app.window.bounds, style: .plain)
    table.register(NoteCell.self, forCellReuseIdentifier: "note")
    table.dataSource = notes
    app.window.addSubview(table)
    app.runUntilIdle()
    let wide = (0..<3).map { table.rect(forRowAt: IndexPath(row: $0, section: 0)).height }
    #expect(wide[0] < wide[1] && wide[1] < wide[2])
    let cell = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)) as? NoteCell)
    #expect(cell.note.frame.height == wide[2] - 16)
    #expect(cell.note.frame.width == 568)
    table.frame = Rect(x: 0, y: 0, width: 300, height: 480)
    app.runUntilIdle()
    let narrow = (0..<3).map { table.rect(forRowAt: IndexPath(row: $0, section: 0)).height }
    #expect(narrow[2] > wide[2])
    #expect(cell.note.frame.width == 268)
  }
}
