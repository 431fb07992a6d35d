import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor
struct CollectionViewUpdateTests {
  /// 30 items, three a line, on a white screen.
  private func scene() throws -> CollectionScene {
    try CollectionScene(source: ItemSource(items: 30))
  }

  private func tags(_ scene: CollectionScene, _ items: Range<Int>, section: Int = 0) -> [Int?] {
    items.map { scene.cell($0, section)?.tag }
  }

  @Test func insertedItemsFadeAndGrowInAndTheOthersMoveOn() throws {
    let scene = try scene()
    var completions: [Bool] = []
    scene.source.sections[0].insert(100, at: 1)
    scene.collectionView.performBatchUpdates(
      { scene.collectionView.insertItems(at: [IndexPath(item: 1, section: 0)]) },
      completion: { completions.append($0) })
    #expect(tags(scene, 0..<4) == [0, 100, 1, 2])
    #expect(scene.cell(2)?.frame == Rect(x: 220, y: 0, width: 100, height: 100))
    #expect(scene.cell(3)?.frame == Rect(x: 0, y: 110, width: 100, height: 100))
    #expect(completions.isEmpty)
    scene.app.advance(by: 0.15)
    let midway = scene.app.snapshot()
    // The new item is half faded in and smaller than it will be; item 1 (orange) is on its
    // way from the second place to the third.
    #expect(midway.pixel(x: 160, y: 50) != ItemSource.color(100))
    #expect(midway.pixel(x: 160, y: 50) != .white)
    #expect(midway.pixel(x: 112, y: 2) == .white)
    #expect(midway.pixel(x: 240, y: 20) == ItemSource.color(1))
    scene.app.advance(by: 0.3)
    #expect(completions == [true])
    let done = scene.app.snapshot()
    #expect(done.pixel(x: 160, y: 50) == ItemSource.color(100))
    #expect(done.pixel(x: 112, y: 2) == ItemSource.color(100))
    #expect(done.pixel(x: 270, y: 50) == ItemSource.color(1))
    #expect(scene.collectionView.numberOfItems(inSection: 0) == 31)
  }

  @Test func deletedItemsFadeOutAndTheOthersCloseUp() throws {
    let scene = try scene()
    let deleted = try #require(scene.cell(1))
    scene.source.sections[0].removeSubrange(1...2)
    scene.collectionView.deleteItems(
      at: [IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0)])
    #expect(tags(scene, 0..<3) == [0, 3, 4])
    #expect(deleted.superview === scene.collectionView)  // still fading
    scene.app.advance(by: 0.15)
    let fading = scene.app.snapshot().pixel(x: 160, y: 50)
    #expect(fading != ItemSource.color(1) && fading != ItemSource.color(3))
    scene.app.advance(by: 0.3)
    #expect(deleted.superview == nil)
    let done = scene.app.snapshot()
    #expect(done.pixel(x: 160, y: 50) == ItemSource.color(3))
    #expect(done.pixel(x: 270, y: 50) == ItemSource.color(4))
    // Ten items of 110 pt less the last spacing; one item went and one came.
    let height: Double = 10 * 110 - 10 - 110 + 110
    #expect(scene.collectionView.contentSize.height == height)
    #expect(scene.collectionView.queuedCellsForTesting >= 1)
  }

  @Test func movesReloadsAndSelectionInOneBatch() throws {
    let scene = try scene()
    let cv = scene.collectionView
    cv.selectItem(at: IndexPath(item: 4, section: 0), animated: false, scrollPosition: [])
    let moving = try #require(scene.cell(0))
    let reloaded = try #require(scene.cell(2))
    scene.source.sections[0].remove(at: 0)
    scene.source.sections[0].insert(0, at: 5)
    scene.source.sections[0][1] = 200  // item 2 before, 1 after
    cv.performBatchUpdates {
      cv.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 5, section: 0))
      cv.reloadItems(at: [IndexPath(item: 2, section: 0)])
    }
    #expect(tags(scene, 0..<6) == [1, 200, 3, 4, 5, 0])
    #expect(scene.cell(5) === moving)
    #expect(scene.cell(1) !== reloaded)
    // Item 4 moved to 3: it is still selected.
    #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
    #expect(scene.cell(3)?.isSelected == true)
    scene.app.advance(by: 0.5)
    #expect(moving.frame == Rect(x: 220, y: 110, width: 100, height: 100))
    #expect(reloaded.superview == nil)
  }

  @Test func sectionsComeAndGo() throws {
    let scene = try CollectionScene(source: ItemSource(sections: [[0, 1], [2, 3], [4]])) {
      layout in
      layout.headerReferenceSize = Size(width: 0, height: 20)
    }
    let cv = scene.collectionView
    let header = CollectionView.elementKindSectionHeader
    let oldSecond = cv.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 1))
    scene.source.sections.remove(at: 0)
    scene.source.sections.insert([7, 8, 9], at: 1)
    cv.performBatchUpdates {
      cv.deleteSections([0])
      cv.insertSections([1])
    }
    #expect(cv.numberOfSections == 3)
    #expect(tags(scene, 0..<2, section: 0) == [2, 3])
    #expect(tags(scene, 0..<3, section: 1) == [7, 8, 9])
    #expect(scene.cell(0, 2)?.tag == 4)
    #expect(
      cv.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 0)) === oldSecond
    )
    #expect(scene.cell(0, 1)?.alpha == 1)  // where it goes: the screen fades it in
    scene.app.advance(by: 0.15)
    #expect(scene.app.snapshot().pixel(x: 50, y: 170) != ItemSource.color(7))
    scene.app.advance(by: 0.3)
    #expect(scene.app.snapshot().pixel(x: 50, y: 170) == ItemSource.color(7))
    #expect(scene.frame(0, 1) == Rect(x: 0, y: 140, width: 100, height: 100))
  }

  /// A reloaded section is asked for again, whatever its new count; its old items fade
  /// out, the new ones come in, and the sections around it keep their cells. Reloading a
  /// section that is also deleted is refused, as in UIKit.
  @Test func aReloadedSectionIsAskedForAgain() throws {
    let scene = try CollectionScene(source: ItemSource(sections: [[0, 1], [2, 3], [4]]))
    let cv = scene.collectionView
    let first = scene.cell(0, 0)
    let last = scene.cell(0, 2)
    scene.source.sections[1] = [5, 6, 7, 8]
    cv.reloadSections([1])
    #expect(cv.numberOfItems(inSection: 1) == 4)
    #expect(tags(scene, 0..<4, section: 1) == [5, 6, 7, 8])
    #expect(scene.cell(0, 0) === first && scene.cell(0, 2) === last)
    scene.app.advance(by: 0.5)
    #expect(scene.cell(0, 2)?.tag == 4)
    // Where a collection view made with the new sections puts it.
    let fresh = try CollectionScene(source: ItemSource(sections: [[0, 1], [5, 6, 7, 8], [4]]))
    #expect(scene.frame(0, 2) == fresh.frame(0, 2))
    #expect(scene.frame(3, 1) == fresh.frame(3, 1))

    var both = CollectionBatch()
    both.deletedSections = [1]
    both.reloadedSections = [1]
    #expect(throws: CollectionUpdateError.self) {
      try CollectionUpdateMap(batch: both, old: [2, 2], new: [2])
    }
    var missing = CollectionBatch()
    missing.reloadedSections = [2]
    do {
      _ = try CollectionUpdateMap(batch: missing, old: [2, 2], new: [2, 2])
      Issue.record("reloading a section that does not exist was accepted")
    } catch {
      #expect(error.message.contains("attempt to reload section 2"), "\(error.message)")
    }
  }

  @Test func countsThatDoNotAddUpAreNamed() throws {
    func message(_ batch: CollectionBatch, old: [Int], new: [Int]) -> String? {
      do {
        _ = try CollectionUpdateMap(batch: batch, old: old, new: new)
        return nil
      } catch {
        return error.message
      }
    }
    var batch = CollectionBatch()
    batch.insertedItems = [IndexPath(item: 0, section: 0)]
    #expect(
      message(batch, old: [3], new: [5])
        == "Invalid update: invalid number of items in section 0. The number of items "
        + "contained in an existing section after the update (5) must be equal to the number "
        + "of items contained in that section before the update (3), plus or minus the number "
        + "of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or "
        + "minus the number of items moved into or out of that section (0 moved in, 0 moved "
        + "out).")
    #expect(message(batch, old: [3], new: [4]) == nil)
    batch.insertedSections = [1]
    #expect(
      message(batch, old: [3], new: [4])?.hasPrefix(
        "Invalid update: invalid number of sections. The number of sections contained in the "
          + "collection view after the update (1) must be equal to the number of sections "
          + "contained in the collection view before the update (1), plus or minus the number "
          + "of sections inserted or deleted (1 inserted, 0 deleted).") == true)
    var moves = CollectionBatch()
    moves.moves = [(IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 1))]
    #expect(message(moves, old: [2, 2], new: [1, 3]) == nil)
    #expect(
      message(moves, old: [2, 2], new: [2, 2])?.contains("(0 moved in, 1 moved out)") == true)
    var outOfRange = CollectionBatch()
    outOfRange.deletedItems = [IndexPath(item: 9, section: 0)]
    #expect(message(outOfRange, old: [3], new: [2])?.contains("[0, 9]") == true)
  }

  @Test func anUpdateWhoseCountsDoNotAddUpStopsTheApp() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run {
        guard let scene = try? CollectionScene(source: ItemSource(items: 3)) else { return }
        scene.source.sections[0] += [3, 4]
        scene.collectionView.insertItems(at: [IndexPath(item: 3, section: 0)])
      }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(output.contains("after the update (5)"))
    #expect(output.contains("(1 inserted, 0 deleted)"))
  }
}
