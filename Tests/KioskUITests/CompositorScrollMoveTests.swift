import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A scroll view's content moving by whole pixels is moved in the frame rather than
/// repainted (`Compositor+ScrollMove.swift`): after every step the frame must equal a full
/// repaint of the same layers, at every scale and turned, and only what comes into view
/// (and what changed) is painted.
@MainActor
struct CompositorScrollMoveTests {
  /// A card as the menu grids draw them: a rounded white plate with a shadow, a rounded
  /// swatch, a name.
  final class Card: CollectionViewCell {
    let swatch = View(frame: .zero)
    let name = Label(frame: .zero)

    override init(frame: Rect) {
      super.init(frame: frame)
      contentView.backgroundColor = .white
      contentView.layer.cornerRadius = 8
      layer.shadowOpacity = 0.25
      layer.shadowRadius = 4
      layer.shadowOffset = Size(width: 0, height: 2)
      swatch.layer.cornerRadius = 5
      name.font = .systemFont(ofSize: 11)
      contentView.addSubview(swatch)
      contentView.addSubview(name)
    }

    override func layoutSubviews() {
      super.layoutSubviews()
      layer.shadowPath = Path(roundedRect: bounds, cornerRadius: 8)
      swatch.frame = Rect(x: 6, y: 6, width: bounds.width - 12, height: bounds.height - 30)
      name.frame = Rect(x: 6, y: bounds.height - 20, width: bounds.width - 12, height: 14)
    }
  }

  final class Source: CollectionViewDataSource {
    let colours: [Color] = [Color(hex: 0xffcc80), Color(hex: 0xa5d6a7), Color(hex: 0x90caf9)]

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
      -> Int
    { 300 }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      -> CollectionViewCell
    {
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "card", for: indexPath)
      if let card = cell as? Card {
        card.swatch.backgroundColor = colours[indexPath.item % colours.count]
        card.name.text = "Item \(indexPath.item + 1)"
      }
      return cell
    }
  }

  /// A grid of cards under a half-transparent bar that overlaps it (a layer in front).
  private func makeGrid(scale: Double, rotation: Rotation) throws
    -> (TestApplication, CollectionView, Source)
  {
    let app = try TestApplication(
      pointSize: Size(width: 180, height: 150), scale: scale, rotation: rotation)
    app.window.backgroundColor = Color(hex: 0xdddddd)
    let layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 74, height: 60)
    layout.minimumLineSpacing = 9
    layout.minimumInteritemSpacing = 8
    layout.sectionInset = EdgeInsets(top: 8, left: 8, bottom: 8, right: 8)
    let grid = CollectionView(
      frame: Rect(x: 5, y: 20, width: 170, height: 125), collectionViewLayout: layout)
    grid.backgroundColor = Color(hex: 0xf2f2f7)
    grid.register(Card.self, forCellWithReuseIdentifier: "card")
    let source = Source()
    grid.dataSource = source
    app.window.addSubview(grid)
    let bar = View(frame: Rect(x: 0, y: 10, width: 180, height: 22))
    bar.backgroundColor = Color(red: 0.2, green: 0.3, blue: 0.8, alpha: 0.5)
    app.window.addSubview(bar)
    app.runUntilIdle()
    return (app, grid, source)
  }

  /// Down and back up, by whole and fractional points, with the indicators showing and
  /// cards coming and going: each frame equals a full repaint.
  @Test(arguments: [
    (1.0, Rotation.degrees0), (1.5, .degrees0), (2.0, .degrees0), (1.0, .degrees90),
    (1.5, .degrees90), (2.0, .degrees90),
  ])
  func everyScrollStepEqualsAFullRepaint(scale: Double, rotation: Rotation) throws {
    let (app, grid, source) = try makeGrid(scale: scale, rotation: rotation)
    _ = source
    let compositor = app.screen.compositor
    let steps: [Double] = [7, 7, 0.25, 0.5, 13.3, 40, 7, -3, -0.5, -7, 69, 2, -20, 1]
    var moves = 0
    var offset = 0.0
    for (index, step) in steps.enumerated() {
      if index == 4 { grid.flashScrollIndicators() }
      offset += step
      let movesBefore = compositor.scrollMovesPerformed
      grid.contentOffset = Point(x: 0, y: offset)
      let differing = pixelsDifferingFromAFullRepaint(app)
      #expect(differing == 0, "step \(index) (\(step) pt) at scale \(scale), \(rotation)")
      moves += compositor.scrollMovesPerformed - movesBefore
    }
    // Most steps were moves (a step that brings a new line of cards, or happens while the
    // indicators fade, may not be).
    #expect(moves >= steps.count / 2)
  }

  /// Offsets far beyond the content and back (as a buggy app might set them): nothing traps,
  /// and each frame still equals a full repaint.
  @Test func farOffsetsAndBackEqualAFullRepaint() throws {
    let (app, grid, source) = try makeGrid(scale: 1.5, rotation: .degrees0)
    _ = source
    for offset in [1e12, 1e12 + 7, -1e12, 1e18, -3.5, 10, 17] {
      grid.contentOffset = Point(x: 0, y: offset)
      #expect(pixelsDifferingFromAFullRepaint(app) == 0, "offset \(offset)")
    }
  }

  final class Rows: TableViewDataSource {
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
      1_000_000
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      cell.textLabel?.text = "Row \(indexPath.row + 1)"
      return cell
    }
  }

  /// A table of a million rows scrolled near and far, to its end and past any offset it
  /// has: each frame equals a full repaint, and it holds cells for what shows only.
  @Test func aMillionRowsScrollAnywhereWithFewCells() throws {
    let app = try TestApplication(pointSize: Size(width: 180, height: 150), scale: 1.5)
    let table = TableView(frame: app.window.bounds)
    table.rowHeight = 44
    table.register(TableViewCell.self, forCellReuseIdentifier: "row")
    let rows = Rows()
    table.dataSource = rows
    app.window.addSubview(table)
    app.runUntilIdle()
    let end = 44_000_000 - 150.0
    for offset in [7, 14, 22_000_000, 22_000_007, end - 10, end, 1e12, -1e12, 7] {
      table.contentOffset = Point(x: 0, y: offset)
      #expect(pixelsDifferingFromAFullRepaint(app) == 0, "offset \(offset)")
      #expect(table.subviews.filter { $0 is TableViewCell }.count <= 12)
    }
  }

  /// Every card with a shadow of its own (radius, offset, opacity): each step equals a full
  /// repaint.
  @Test func cardsWithShadowsAllDifferentScroll() throws {
    let (app, grid, source) = try makeGrid(scale: 2, rotation: .degrees0)
    _ = source
    var offset = 0.0
    for step in [7.0, 30, 7, 61, -14, 0.5] {
      for case let card as Card in grid.subviews {
        let n = Double(card.name.text?.count ?? 0) + offset.truncatingRemainder(dividingBy: 5)
        card.layer.shadowRadius = 2 + n
        card.layer.shadowOpacity = 0.1 + n / 20
        card.layer.shadowOffset = Size(width: n / 3, height: n / 2)
      }
      offset += step
      grid.contentOffset = Point(x: 0, y: offset)
      #expect(pixelsDifferingFromAFullRepaint(app) == 0, "offset \(offset)")
    }
  }

  /// A step moves the pixels and paints only the strip that enters: a small part of the
  /// grid, while the damage reported to the output covers all the grid's pixels that
  /// changed.
  @Test func aScrollStepPaintsOnlyWhatEnters() throws {
    let (app, grid, source) = try makeGrid(scale: 2, rotation: .degrees0)
    _ = source
    let compositor = app.screen.compositor
    grid.contentOffset = Point(x: 0, y: 3)
    app.runUntilIdle()
    compositor.setNeedsFullRepaint()
    Transaction.setNeedsCommit()
    app.runUntilIdle()
    let fullRepaint = compositor.lastPaintedArea
    // Steps after the full repaint, so that each of the panel's three buffers has missed
    // only the grid's moves since (the next ones missed the repaint).
    for offset in [4.0, 5, 6] {
      grid.contentOffset = Point(x: 0, y: offset)
      app.runUntilIdle()
    }
    let moves = compositor.scrollMovesPerformed
    grid.contentOffset = Point(x: 0, y: 8)
    app.runUntilIdle()
    #expect(compositor.scrollMovesPerformed == moves + 1)
    let gridPixels = PixelRect(x: 10, y: 40, width: 340, height: 250)
    #expect(compositor.lastDamage.contains(gridPixels))
    // Painted (summed over the layers, overdraw included): the strip of 2 pt at the bottom
    // (4 px × 340) and the bar's part over the grid twice (where it is, and where the move
    // put its old pixels), against the whole screen.
    #expect(compositor.lastPaintedArea * 4 < fullRepaint)
    #expect(pixelsDifferingFromAFullRepaint(app) == 0)
  }
}
