import KioskKit
import KioskTesting
import Testing

/// A small settings-like list: two titled sections with the three cell styles and the
/// accessories.
@MainActor
private final class SettingsList: TableViewDataSource {
  let sections: [(title: String, rows: [(title: String, detail: String?)])] = [
    (
      "Display",
      [("Brightness", "80 %"), ("Night shift", "Off"), ("Screen saver", nil)]
    ),
    (
      "Network",
      [
        ("Ethernet", "Connected"), ("Wireless network", "Kiosk-5G, 5 GHz, strong signal"),
        ("Proxy", nil), ("Time server", nil),
      ]
    ),
  ]

  func numberOfSections(in tableView: TableView) -> Int { sections.count }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    sections[section].rows.count
  }

  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    sections[section].title
  }

  func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let row = sections[indexPath.section].rows[indexPath.row]
    let style: TableViewCell.CellStyle = indexPath.section == 0 ? .value1 : .subtitle
    let identifier = style == .value1 ? "value1" : "subtitle"
    let cell =
      tableView.dequeueReusableCell(withIdentifier: identifier)
      ?? TableViewCell(style: style, reuseIdentifier: identifier)
    cell.textLabel?.text = row.title
    cell.detailTextLabel?.text = row.detail
    cell.accessoryType =
      row.detail == nil ? .disclosureIndicator : (indexPath.row == 1 ? .checkmark : .none)
    return cell
  }
}

@MainActor
struct TableGoldenTests {
  /// A plain table with two titled sections: value-1 and subtitle cells, a chevron and a
  /// check mark, a highlighted row, and a row swiped open to its Delete button.
  @Test func sectionsHighlightAndDeleteAction() throws {
    let app = try TestApplication(pointSize: Size(width: 360, height: 400), scale: 2)
    let list = SettingsList()
    let table = TableView(frame: Rect(x: 0, y: 0, width: 360, height: 400), style: .plain)
    table.rowHeight = 52
    table.dataSource = list
    app.window.addSubview(table)
    app.runUntilIdle()
    // Swipe "Wireless network" open, then hold a finger on nothing: highlight "Night shift" in code.
    let wifi = table.rect(forRowAt: IndexPath(row: 1, section: 1))
    app.drag(
      from: Point(x: 340, y: wifi.midY), to: Point(x: 140, y: wifi.midY + 4), duration: 0.2)
    app.advance(by: 0.5)
    table.cellForRow(at: IndexPath(row: 1, section: 0))?.isHighlighted = true
    app.advance(by: 1)  // the scroll indicator, if any, has faded
    #expect(table.contentOffset == .zero)
    try assertSnapshot(of: app, named: "table-sections")
  }
}
