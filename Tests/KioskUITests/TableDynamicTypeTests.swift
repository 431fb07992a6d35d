import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// The standard cells follow the text size, and the automatic rows grow with it, so that a
/// table stays readable and uncut at the accessibility sizes.
@MainActor @Suite struct TableDynamicTypeTests {
  private func table(
    style: TableViewCell.CellStyle = .default, rowHeight: Double? = nil
  ) throws -> (TestApplication, TableView, RowSource) {
    // The table holds its data source weakly: the caller keeps it.
    let app = try TestApplication(pointSize: Size(width: 600, height: 800))
    let source = RowSource(sections: [(nil, ["Tea", "Coffee", "Cocoa"])])
    let table = TableView(frame: app.window.bounds, style: .plain)
    table.register(StyledCell.self, forCellReuseIdentifier: "row")
    StyledCell.style = style
    if let rowHeight { table.rowHeight = rowHeight }
    table.dataSource = source
    table.delegate = source
    app.window.addSubview(table)
    app.runUntilIdle()
    return (app, table, source)
  }

  private func setTextSize(_ category: ContentSizeCategory, in app: TestApplication) {
    var settings = app.application.accessibilitySettings
    settings.contentSizeCategory = category
    app.application.accessibilitySettings = settings
    app.runUntilIdle()
  }

  private func firstCell(_ table: TableView) throws -> TableViewCell {
    try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
  }

  @Test func automaticRowsAre44PointsAtTheDefaultSizeAndGrowWithTheText() throws {
    let (app, table, source) = try table()
    defer { withExtendedLifetime(source) {} }
    #expect(table.rowHeight == TableView.automaticDimension)
    #expect(try firstCell(table).frame.height == 44)
    #expect(try firstCell(table).textLabel?.font.pointSize == 17)
    setTextSize(.accessibilityExtraExtraExtraLarge, in: app)
    let cell = try firstCell(table)
    #expect(cell.textLabel?.font.pointSize == 53)
    #expect(cell.frame.height == 138)
    #expect(app.auditAccessibility(kinds: .textClipped).isEmpty)
    setTextSize(.large, in: app)
    #expect(try firstCell(table).frame.height == 44)
  }

  @Test func subtitleCellsKeepBothLinesUncutAtTheLargestSize() throws {
    let (app, table, source) = try table(style: .subtitle)
    defer { withExtendedLifetime(source) {} }
    #expect(try firstCell(table).detailTextLabel?.font.pointSize == 13)
    setTextSize(.accessibilityExtraExtraExtraLarge, in: app)
    #expect(try firstCell(table).detailTextLabel?.font.pointSize == 44)
    let clipped = app.auditAccessibility(kinds: .textClipped)
    #expect(clipped.isEmpty, "\(clipped.map(\.message))")
  }

  /// A height the app chose stays: the app then sizes its rows for the text itself.
  @Test func aRowHeightTheAppSetStays() throws {
    let (app, table, source) = try table(rowHeight: 60)
    defer { withExtendedLifetime(source) {} }
    setTextSize(.accessibilityExtraExtraExtraLarge, in: app)
    #expect(try firstCell(table).frame.height == 60)
    #expect(!app.auditAccessibility(kinds: .textClipped).isEmpty)
  }
}

/// A standard cell of the style the test chose, with a detail text.
@MainActor
final class StyledCell: TableViewCell {
  static var style = TableViewCell.CellStyle.default

  override init(style: TableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: Self.style, reuseIdentifier: reuseIdentifier)
    detailTextLabel?.text = "Hot, with milk"
  }
}
