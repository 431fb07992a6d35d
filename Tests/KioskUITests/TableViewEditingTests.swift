import KioskGraphics
import KioskTesting
import KioskUI
import Testing

@MainActor
struct TableViewEditingTests {
  static let deleteRed = Color.destructiveRed

  private func scene() throws -> TableScene {
    let source = RowSource(rows: 30)
    source.editable = true
    return try TableScene(source: source)
  }

  /// Swipes row 1 leftward until its Delete button is open.
  private func reveal(_ scene: TableScene) {
    scene.app.drag(from: Point(x: 300, y: 66), to: Point(x: 120, y: 70), duration: 0.2)
    scene.app.advance(by: 0.5)
  }

  private func deleteButton(_ scene: TableScene, row: Int) -> Button? {
    scene.cell(row)?.subviews.lazy.compactMap { $0 as? Button }.first {
      $0.currentTitle == "Delete"
    }
  }

  @Test func aLeftwardSwipeRevealsDeleteAndTappingItDeletesTheRow() throws {
    let scene = try scene()
    reveal(scene)
    #expect(scene.table.contentOffset.y == 0)  // sideways: the table did not scroll
    #expect(deleteButton(scene, row: 1) != nil)
    let open = scene.app.snapshot()
    #expect(open.pixel(x: 315, y: 66) == Self.deleteRed)
    #expect(open.pixel(x: 300, y: 22) == .white)
    #expect(scene.cell(1)?.contentView.frame.minX == -88)
    scene.app.tap(at: Point(x: 280, y: 66))
    #expect(scene.source.committed == [IndexPath(row: 1, section: 0)])
    #expect(scene.source.selected.isEmpty)
    scene.app.advance(by: 0.5)
    #expect(scene.table.numberOfRows(inSection: 0) == 29)
    #expect(scene.text(1) == "Row 2")
    #expect(scene.app.snapshot().pixel(x: 300, y: 66) == .white)
    #expect(!scene.table.subviews.contains { ($0 as? TableViewCell)?.textLabel?.text == "Row 1" })
  }

  @Test func theRowFollowsTheFingerAndClosesIfReleasedEarly() throws {
    let scene = try scene()
    scene.app.touch(.began, at: Point(x: 300, y: 66))
    for step in 1...6 {
      scene.app.advance(by: 1.0 / 60)
      scene.app.touch(.moved, at: Point(x: 300 - Double(step) * 5, y: 66))
    }
    let offset = scene.cell(1)?.contentView.frame.minX ?? 0
    #expect(offset < -10 && offset > -30)  // the row moved with the finger
    #expect(scene.app.snapshot().pixel(x: 315, y: 66) == Self.deleteRed)
    scene.app.advance(by: 0.3)  // rests, then lifts: not far enough to stay open
    scene.app.touch(.ended, at: Point(x: 270, y: 66))
    scene.app.advance(by: 0.5)
    #expect(scene.cell(1)?.contentView.frame.minX == 0)
    #expect(deleteButton(scene, row: 1) == nil)
    #expect(scene.source.committed.isEmpty)
  }

  @Test func aTapElsewhereClosesItAndSelectsNothing() throws {
    let scene = try scene()
    reveal(scene)
    scene.app.tap(at: Point(x: 100, y: 5 * 44 + 22))
    scene.app.advance(by: 0.5)
    #expect(scene.source.selected.isEmpty)
    #expect(scene.source.committed.isEmpty)
    #expect(deleteButton(scene, row: 1) == nil)
    #expect(scene.app.snapshot().pixel(x: 300, y: 66) == .white)
    scene.app.tap(at: Point(x: 100, y: 5 * 44 + 22))  // now it selects
    #expect(scene.source.selected == [IndexPath(row: 5, section: 0)])
  }

  @Test func aScrollClosesIt() throws {
    let scene = try scene()
    reveal(scene)
    scene.app.advance(by: 1)
    scene.app.drag(from: Point(x: 160, y: 400), to: Point(x: 160, y: 300), duration: 0.3)
    scene.app.advance(by: 2)
    #expect(scene.table.contentOffset.y > 50)
    #expect(
      scene.cell(1).map { deleteButton(scene, row: 1) == nil && $0.contentView.frame.minX == 0 }
        ?? true)
    #expect(scene.source.committed.isEmpty)
  }

  @Test func rowsThatCannotBeEditedDoNotSwipe() throws {
    let scene = try scene()
    scene.source.editable = false
    scene.app.drag(from: Point(x: 300, y: 66), to: Point(x: 120, y: 70), duration: 0.1)
    scene.app.advance(by: 0.5)
    #expect(deleteButton(scene, row: 1) == nil)
    #expect(scene.app.snapshot().pixel(x: 300, y: 66) != Self.deleteRed)
  }

  @Test func aCommitThatKeepsTheRowClosesTheButton() throws {
    let scene = try scene()
    scene.source.deletesOnCommit = false
    reveal(scene)
    scene.app.tap(at: Point(x: 280, y: 66))
    scene.app.advance(by: 0.5)
    #expect(scene.source.committed == [IndexPath(row: 1, section: 0)])
    #expect(scene.text(1) == "Row 1")
    #expect(deleteButton(scene, row: 1) == nil)
  }

  @Test func editingModeShowsDeleteControls() throws {
    let scene = try scene()
    scene.table.setEditing(true, animated: true)
    scene.app.advance(by: 0.5)
    #expect(scene.table.isEditing)
    #expect(scene.cell(1)?.isEditing == true)
    #expect(scene.cell(1)?.contentView.frame.minX == 38)
    // The red disc of the delete control, left of its white bar.
    #expect(scene.app.snapshot().pixel(x: 13, y: 66) == Self.deleteRed)
    // Rows do not select while editing; the control opens the Delete button.
    scene.app.tap(at: Point(x: 200, y: 66))
    #expect(scene.source.selected.isEmpty)
    scene.app.tap(at: Point(x: 20, y: 66))
    scene.app.advance(by: 0.5)
    #expect(scene.app.snapshot().pixel(x: 315, y: 66) == Self.deleteRed)
    scene.app.tap(at: Point(x: 280, y: 66))
    #expect(scene.source.committed == [IndexPath(row: 1, section: 0)])
    scene.app.advance(by: 0.5)
    scene.table.isEditing = false
    scene.app.runUntilIdle()
    #expect(scene.cell(1)?.isEditing == false)
    #expect(scene.cell(1)?.contentView.frame.minX == 0)
  }
}
