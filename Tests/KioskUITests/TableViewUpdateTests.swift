import KioskGraphics
import KioskTesting
import KioskUI
import Testing

@MainActor
struct TableViewUpdateTests {
  static let red = Color(hex: 0xff0000)
  static let green = Color(hex: 0x00ff00)

  private func scene(rows: Int = 30) throws -> TableScene {
    let source = RowSource(rows: rows)
    source.colors = ["Row 1": Self.red, "New": Self.green]
    return try TableScene(source: source)
  }

  private func texts(_ scene: TableScene, _ rows: Range<Int>) -> [String?] {
    rows.map { scene.text($0) }
  }

  @Test func reloadDataAsksAgainAndReusesTheCells() throws {
    let scene = try scene()
    scene.app.tap(at: Point(x: 100, y: 22))
    #expect(scene.table.indexPathForSelectedRow != nil)
    let made = scene.table.cellsMadeForTesting
    scene.source.sections[0].rows = (0..<5).map { "Fruit \($0)" }
    scene.table.reloadData()
    scene.app.runUntilIdle()
    #expect(texts(scene, 0..<5) == (0..<5).map { "Fruit \($0)" })
    #expect(scene.table.numberOfRows(inSection: 0) == 5)
    #expect(scene.table.visibleCells.count == 5)
    #expect(scene.table.contentSize.height == 5 * 44)
    #expect(scene.table.indexPathForSelectedRow == nil)
    #expect(scene.table.cellsMadeForTesting == made)
    #expect(scene.table.visibleCells.allSatisfy { !$0.isSelected })
  }

  @Test func insertedRowsFadeInAndTheRowsBelowSlideDown() throws {
    let scene = try scene()
    var completions: [Bool] = []
    scene.source.sections[0].rows.insert("New", at: 1)
    scene.table.performBatchUpdates(
      { scene.table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .fade) },
      completion: { completions.append($0) })
    scene.app.runUntilIdle()
    #expect(texts(scene, 0..<4) == ["Row 0", "New", "Row 1", "Row 2"])
    #expect(scene.cell(2)?.frame.minY == 88)  // where it goes; the screen catches up
    #expect(completions.isEmpty)
    scene.app.advance(by: 0.15)
    let midway = scene.app.snapshot()
    // Row 1 (red) is between its old and new places, the new row half faded in above it.
    #expect(midway.pixel(x: 300, y: 46) != Self.green && midway.pixel(x: 300, y: 46) != .white)
    #expect(midway.pixel(x: 300, y: 84) == Self.red)
    scene.app.advance(by: 0.3)
    #expect(completions == [true])
    let done = scene.app.snapshot()
    #expect(done.pixel(x: 300, y: 66) == Self.green)
    #expect(done.pixel(x: 300, y: 110) == Self.red)
    #expect(scene.table.numberOfRows(inSection: 0) == 31)
  }

  @Test func aDeletedRowFadesAndTheRowsBelowSlideUp() throws {
    let scene = try scene()
    scene.source.sections[0].rows.remove(at: 1)
    scene.table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
    scene.app.runUntilIdle()
    #expect(texts(scene, 0..<3) == ["Row 0", "Row 2", "Row 3"])
    #expect(scene.table.subviews.contains { ($0 as? TableViewCell)?.textLabel?.text == "Row 1" })
    scene.app.advance(by: 0.15)
    let midway = scene.app.snapshot()
    let fading = midway.pixel(x: 300, y: 50)
    #expect(fading != Self.red && fading != .white)  // half transparent red
    scene.app.advance(by: 0.3)
    #expect(!scene.table.subviews.contains { ($0 as? TableViewCell)?.textLabel?.text == "Row 1" })
    let done = scene.app.snapshot()
    #expect(done.pixel(x: 300, y: 50) == .white)
    #expect(scene.table.numberOfRows(inSection: 0) == 29)
    #expect(scene.table.contentSize.height == 29 * 44)
  }

  @Test func aBatchOfDeletionsAndInsertionsIsOneChange() throws {
    let scene = try scene()
    var completions = 0
    scene.source.sections[0].rows.remove(at: 2)
    scene.source.sections[0].rows.remove(at: 0)
    scene.source.sections[0].rows.insert("New", at: 0)
    scene.source.sections[0].rows.insert("Newer", at: 3)
    scene.table.performBatchUpdates(
      {
        scene.table.deleteRows(
          at: [IndexPath(row: 0, section: 0), IndexPath(row: 2, section: 0)], with: .left)
        scene.table.insertRows(
          at: [IndexPath(row: 0, section: 0), IndexPath(row: 3, section: 0)], with: .right)
      }, completion: { _ in completions += 1 })
    scene.app.advance(by: 0.5)
    #expect(texts(scene, 0..<5) == ["New", "Row 1", "Row 3", "Newer", "Row 4"])
    #expect(completions == 1)
    for indexPath in scene.table.indexPathsForVisibleRows ?? [] {
      #expect(scene.table.cellForRow(at: indexPath)?.frame == scene.table.rect(forRowAt: indexPath))
      #expect(scene.table.cellForRow(at: indexPath)?.alpha == 1)
    }
  }

  @Test func selectionFollowsTheRowsThatMove() throws {
    let scene = try scene()
    scene.table.selectRow(
      at: IndexPath(row: 5, section: 0), animated: false, scrollPosition: .none)
    scene.source.sections[0].rows.remove(at: 2)
    scene.table.deleteRows(at: [IndexPath(row: 2, section: 0)], with: .automatic)
    #expect(scene.table.indexPathForSelectedRow == IndexPath(row: 4, section: 0))
    scene.app.advance(by: 0.5)
    #expect(scene.cell(4)?.isSelected == true)
    #expect(scene.cell(5)?.isSelected == false)
    // Deleting the selected row leaves nothing selected.
    scene.source.sections[0].rows.remove(at: 4)
    scene.table.deleteRows(at: [IndexPath(row: 4, section: 0)], with: .none)
    #expect(scene.table.indexPathForSelectedRow == nil)
  }

  @Test func countsThatDoNotAddUpReloadInstead() throws {
    let scene = try scene()
    scene.source.sections[0].rows.removeLast(3)
    scene.table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
    scene.app.advance(by: 0.5)
    #expect(scene.table.numberOfRows(inSection: 0) == 27)
    #expect(texts(scene, 0..<2) == ["Row 0", "Row 1"])
  }

  @Test func rowsDeletedAtTheEndOfAScrolledTableSettle() throws {
    let scene = try scene(rows: 20)
    scene.table.contentOffset = Point(x: 0, y: 20 * 44 - 480)
    scene.app.runUntilIdle()
    let removed = (10..<20).map { IndexPath(row: $0, section: 0) }
    scene.source.sections[0].rows.removeLast(10)
    scene.table.deleteRows(at: removed, with: .fade)
    scene.app.advance(by: 0.5)
    #expect(scene.table.contentOffset.y == 0)
    #expect(scene.table.visibleCells.count == 10)
  }
}
