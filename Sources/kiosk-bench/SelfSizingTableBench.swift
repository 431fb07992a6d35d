import KioskGraphics
import KioskKit

/// A row of a news list: a bold title and a wrapping body, both pinned by
/// constraints to the content view, so the row is as tall as its text at the table's width.
final class NewsCell: TableViewCell {
  let title = Label()
  let body = Label()

  override init(style: CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    title.font = .boldSystemFont(ofSize: 17)
    body.font = .systemFont(ofSize: 15)
    body.numberOfLines = 0
    for label in [title, body] {
      label.translatesAutoresizingMaskIntoConstraints = false
      contentView.addSubview(label)
    }
    let margins = contentView.layoutMarginsGuide
    LayoutConstraint.activate([
      title.topAnchor.constraint(equalTo: margins.topAnchor),
      title.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
      title.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
      body.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
      body.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
      body.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
      body.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
    ])
  }
}

/// 10,000 news rows whose bodies are one of three sentences, short to long.
final class NewsRows: TableViewDataSource {
  let count: Int
  private let sentences = [
    "The ferry leaves from the north pier.",
    "Platform changes are shown on the departure boards and announced in the hall; "
      + "please allow five minutes to change platforms.",
    "The museum is open late on Thursdays, with guided tours at six and at eight in the "
      + "evening; tickets are sold at the desk and at this kiosk, and members enter free "
      + "of charge on presenting their card.",
  ]

  init(count: Int) { self.count = count }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "news", for: indexPath)
    if let cell = cell as? NewsCell {
      cell.title.text = "Notice \(indexPath.row + 1)"
      cell.body.text = sentences[indexPath.row % sentences.count]
    }
    return cell
  }
}

/// (ab) and (ac): a table of 10,000 self-sizing rows scrolling 7 pt a frame (rows come in
/// and are measured from their constraints) and 0.25 pt a frame (none comes or goes).
struct SelfSizingTableFigures {
  var fullFrameMs = 0.0
  var scrollFrameMs = 0.0
  var steadyFrameMs = 0.0
  var allocationsPerSteadyFrame = 0.0
  var allocationsPerScrollFrame = 0.0
  var rowsMeasured = 0
  var contentHeight = 0.0

  var dictionary: [String: Any] {
    [
      "self_sizing_table_scroll_frame_over_full_frame": scrollFrameMs / fullFrameMs,
      "self_sizing_table_steady_frame_over_full_frame": steadyFrameMs / fullFrameMs,
      "self_sizing_table_allocations_per_steady_frame": allocationsPerSteadyFrame,
      "self_sizing_table_allocations_per_scroll_frame": allocationsPerScrollFrame,
    ]
  }

  func printTable() {
    func ms(_ v: Double) -> String { String(format: "%.3f ms", v) }
    section("self-sizing table: 10,000 rows of a title and a wrapping body, sized by constraints")
    row(
      "(ab) scrolling frame / full frame", String(format: "%.4f", scrollFrameMs / fullFrameMs),
      "7 pt a frame, rows measured as they come in (\(ms(scrollFrameMs)); "
        + "\(rowsMeasured) rows measured, \(Int(contentHeight)) pt long by then)")
    row(
      "    … no row coming or going", String(format: "%.4f", steadyFrameMs / fullFrameMs),
      "0.25 pt a frame (\(ms(steadyFrameMs)))")
    row(
      "(ac) allocations per steady scroll frame",
      String(format: "%.1f", allocationsPerSteadyFrame),
      String(format: "7 pt a frame: %.1f", allocationsPerScrollFrame),
      measured: allocationsPerSteadyFrame)
  }
}

/// Measures `SelfSizingTableFigures`.
@MainActor
struct SelfSizingTableMeasurements {
  let frames: Int
  let fullFrameMs: Double

  func run() throws -> SelfSizingTableFigures {
    var figures = SelfSizingTableFigures()
    figures.fullFrameMs = fullFrameMs
    let (screen, _, loop) = try makeBenchScreen()
    let window = Window(screen: screen)
    let table = TableView(frame: window.bounds, style: .plain)
    table.register(NewsCell.self, forCellReuseIdentifier: "news")
    let rows = NewsRows(count: 10_000)
    table.dataSource = rows
    window.addSubview(table)
    window.makeKeyAndVisible()
    loop.runUntilIdle()
    var scroller = BenchScroller(table, loop: loop)
    scroller.warm()
    figures.scrollFrameMs = scroller.medianFrame(of: frames, step: 7)
    figures.steadyFrameMs = scroller.medianFrame(of: frames, step: 0.25)
    figures.allocationsPerSteadyFrame = scroller.allocations(perFrameOver: frames, step: 0.25)
    figures.allocationsPerScrollFrame = scroller.allocations(
      perFrameOver: max(frames, 60), step: 7)
    figures.rowsMeasured = (table.indexPathsForVisibleRows?.last?.row ?? 0) + 1
    figures.contentHeight = table.contentSize.height
    screen.detachOutput()
    return figures
  }
}
