import KioskGraphics
import KioskTesting
import KioskUI
import Testing

@MainActor
struct CollectionViewTests {
  @Test func theDataSourceIsAskedForCountsAndOnlyTheCellsInView() throws {
    let scene = try CollectionScene(source: ItemSource(sections: [Array(0..<30), [30, 31]]))
    let source = scene.source
    #expect(source.entries("sections").count == 1)
    #expect(source.entries("items") == ["items 0", "items 1"])
    // 480 high: lines at 0, 110, 220, 330, 440: fifteen cells.
    #expect(source.entries("cell").count == 15)
    #expect(source.entries("cell").first == "cell 0.0")
    #expect(scene.collectionView.visibleCells.count == 15)
    #expect(scene.collectionView.numberOfSections == 2)
    #expect(scene.collectionView.numberOfItems(inSection: 1) == 2)
    #expect(scene.cell(4)?.tag == 4)
    #expect(scene.cell(4)?.frame == Rect(x: 110, y: 110, width: 100, height: 100))
    let cell = try #require(scene.cell(7))
    #expect(scene.collectionView.indexPath(for: cell) == IndexPath(item: 7, section: 0))
    #expect(source.displayed == 15)
    // Nothing changes: nothing is asked again.
    source.log.removeAll()
    scene.app.advance(by: 1)
    #expect(source.log.isEmpty)
    // reloadData asks for everything again, and gets the same cells back.
    let made = scene.collectionView.cellsMadeForTesting
    scene.collectionView.reloadData()
    scene.app.runUntilIdle()
    #expect(source.entries("sections").count == 1)
    #expect(source.entries("cell").count == 15)
    #expect(scene.collectionView.cellsMadeForTesting == made)
  }

  @Test func tenThousandItemsScrollWithAFewDozenCells() throws {
    let scene = try CollectionScene(source: ItemSource(items: 10_000))
    let cv = scene.collectionView
    for _ in 0..<3 {
      scene.app.drag(from: Point(x: 160, y: 450), to: Point(x: 160, y: 50), duration: 0.08)
      scene.app.advance(by: 0.5)
    }
    #expect(cv.contentOffset.y > 2000)
    scene.app.advance(by: 6)
    // End to end, a screen and a bit at a time.
    let end = cv.contentSize.height - cv.bounds.height
    #expect(end > 360_000)
    var y = cv.contentOffset.y
    while y < end {
      y = min(end, y + 517)
      cv.contentOffset = Point(x: 0, y: y)
      scene.app.runUntilIdle()
    }
    scene.app.advance(by: 2)
    // Every cell ever made (at most 18 show at once: six lines of three).
    let made = scene.source.distinctCells.count
    #expect(made <= 24)
    #expect(cv.cellsMadeForTesting == made)
    #expect(cv.visibleCells.count <= 18)
    #expect(cv.subviews.count <= 18)
    #expect(cv.queuedCellsForTesting + cv.visibleCells.count == made)
    // The last cells show the last items, where the layout puts them.
    let items = cv.indexPathsForVisibleItems
    #expect(items.last == IndexPath(item: 9_999, section: 0))
    for indexPath in items {
      #expect(cv.cellForItem(at: indexPath)?.tag == indexPath.item)
      #expect(
        cv.cellForItem(at: indexPath)?.frame == cv.layoutAttributesForItem(at: indexPath)?.frame)
    }
    let reuses = cv.visibleCells.compactMap { $0 as? CountingCell }.map(\.reuses)
    #expect(reuses.reduce(0, +) > 1000)
    #expect(scene.source.ended > 9000)
  }

  @Test func aTapHighlightsThenSelects() throws {
    let scene = try CollectionScene(source: ItemSource(items: 30), scale: 2)
    let source = scene.source
    source.log.removeAll()
    scene.app.touch(.began, at: Point(x: 150, y: 160))
    #expect(scene.cell(4)?.isHighlighted == false)  // the scroll view's delay
    scene.app.advance(by: 0.2)
    #expect(scene.cell(4)?.isHighlighted == true)
    #expect(source.log == ["highlight 0.4"])
    #expect(scene.app.snapshot().pixel(x: 300, y: 320) == Color(hex: 0x333333))
    scene.app.touch(.ended, at: Point(x: 150, y: 160))
    #expect(source.log == ["highlight 0.4", "unhighlight 0.4", "select 0.4"])
    #expect(scene.cell(4)?.isSelected == true)
    #expect(scene.cell(4)?.isHighlighted == false)
    #expect(scene.collectionView.indexPathsForSelectedItems == [IndexPath(item: 4, section: 0)])
    // Another tap selects another item and deselects the first.
    scene.app.tap(at: Point(x: 50, y: 50))
    #expect(source.entries("select").last == "select 0.0")
    #expect(source.entries("deselect") == ["deselect 0.4"])
    #expect(scene.cell(4)?.isSelected == false)
    #expect(scene.app.snapshot().pixel(x: 300, y: 320) == ItemSource.color(4))
    // Between items, nothing happens.
    scene.app.tap(at: Point(x: 105, y: 50))
    #expect(scene.collectionView.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
  }

  @Test func multipleSelectionTogglesAndTheDelegateCanRefuse() throws {
    let scene = try CollectionScene(source: ItemSource(items: 30))
    let cv = scene.collectionView
    cv.allowsMultipleSelection = true
    scene.app.tap(at: Point(x: 50, y: 50))
    scene.app.tap(at: Point(x: 160, y: 50))
    #expect(cv.indexPathsForSelectedItems?.map(\.item) == [0, 1])
    scene.app.tap(at: Point(x: 50, y: 50))
    #expect(cv.indexPathsForSelectedItems?.map(\.item) == [1])
    #expect(scene.source.entries("deselect") == ["deselect 0.0"])
    scene.source.selectable = { $0.item != 2 }
    scene.app.tap(at: Point(x: 270, y: 50))
    #expect(cv.indexPathsForSelectedItems?.map(\.item) == [1])
    cv.allowsSelection = false
    scene.app.tap(at: Point(x: 50, y: 160))
    #expect(cv.indexPathsForSelectedItems?.map(\.item) == [1])
    #expect(scene.source.entries("highlight").count == 4)  // item 2 highlights, unselected
    // From code: the delegate is not told; out of view, the cell shows it when it comes.
    cv.allowsSelection = true
    cv.allowsMultipleSelection = false
    scene.source.log.removeAll()
    cv.selectItem(
      at: IndexPath(item: 25, section: 0), animated: false, scrollPosition: .centeredVertically)
    scene.app.runUntilIdle()
    #expect(scene.source.log.filter { $0.contains("select") }.isEmpty)
    #expect(cv.indexPathsForSelectedItems?.map(\.item) == [25])
    #expect(scene.cell(25)?.isSelected == true)
    #expect(scene.cell(1)?.isSelected != true)
    cv.deselectItem(at: IndexPath(item: 25, section: 0), animated: true)
    #expect(scene.cell(25)?.isSelected == false)
    #expect(cv.indexPathsForSelectedItems == [])
  }

  @Test func aDragScrollsAndSelectsNothing() throws {
    let scene = try CollectionScene(source: ItemSource(items: 300))
    let cv = scene.collectionView
    scene.app.drag(from: Point(x: 160, y: 400), to: Point(x: 160, y: 100), duration: 0.3)
    scene.app.advance(by: 3)
    #expect(cv.contentOffset.y > 250)
    #expect(cv.indexPathsForSelectedItems == [])
    #expect(scene.source.entries("highlight").isEmpty)
    // Held past the delay it highlights; then the drag takes the highlight back.
    scene.app.touch(.began, at: Point(x: 160, y: 300))
    scene.app.advance(by: 0.2)
    let held = cv.visibleCells.first { $0.isHighlighted }
    #expect(held != nil)
    for step in 1...6 {
      scene.app.advance(by: 1.0 / 60)
      scene.app.touch(.moved, at: Point(x: 160, y: 300 - Double(step) * 12))
    }
    scene.app.touch(.ended, at: Point(x: 160, y: 228))
    #expect(held?.isHighlighted == false)
    #expect(scene.source.entries("unhighlight").count == 1)
    #expect(cv.indexPathsForSelectedItems == [])
  }

  @Test func scrollToItemPutsTheItemWhereAsked() throws {
    let scene = try CollectionScene(source: ItemSource(items: 300))
    let cv = scene.collectionView
    let item = IndexPath(item: 60, section: 0)  // line 20: y 2200
    cv.scrollToItem(at: item, at: .top, animated: false)
    #expect(cv.contentOffset.y == 2200)
    cv.scrollToItem(at: item, at: .bottom, animated: false)
    #expect(cv.contentOffset.y == 2300 - 480)
    cv.scrollToItem(at: item, at: .centeredVertically, animated: false)
    #expect(cv.contentOffset.y == 2250 - 240)
    cv.scrollToItem(at: IndexPath(item: 299, section: 0), at: .top, animated: true)
    scene.app.advance(by: 0.1)
    let midway = cv.contentOffset.y
    scene.app.advance(by: 1)
    #expect(midway > 2010 && midway < cv.contentSize.height - 480)
    #expect(cv.contentOffset.y == cv.contentSize.height - 480)  // clamped at the end
    #expect(cv.cellForItem(at: IndexPath(item: 299, section: 0))?.tag == 299)
    cv.scrollToItem(at: IndexPath(item: 3, section: 0), at: [], animated: false)
    #expect(cv.contentOffset.y == 110)
  }

  @Test func aControllerOwnsItsCollectionViewAndClearsTheSelection() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 480))
    let layout = CollectionViewFlowLayout()
    let wall = Wall(collectionViewLayout: layout)
    let navigation = NavigationController(rootViewController: wall)
    app.window.rootViewController = navigation
    app.runUntilIdle()
    let cv = wall.collectionView
    #expect(wall.view === cv)
    #expect(cv.collectionViewLayout === layout)
    #expect(wall.collectionViewLayout === layout)
    #expect(cv.dataSource === wall)
    #expect(cv.visibleCells.count == 40)
    cv.selectItem(at: IndexPath(item: 3, section: 0), animated: false, scrollPosition: [])
    navigation.pushViewController(ViewController(), animated: false)
    app.runUntilIdle()
    navigation.popViewController(animated: false)
    app.runUntilIdle()
    #expect(cv.indexPathsForSelectedItems == [])
    wall.clearsSelectionOnViewWillAppear = false
    cv.selectItem(at: IndexPath(item: 3, section: 0), animated: false, scrollPosition: [])
    navigation.pushViewController(ViewController(), animated: false)
    app.runUntilIdle()
    navigation.popViewController(animated: false)
    app.runUntilIdle()
    #expect(cv.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
    // A new layout, animated: the cells move to their new places.
    let wide = CollectionViewFlowLayout()
    wide.itemSize = Size(width: 300, height: 40)
    var finished: [Bool] = []
    cv.setCollectionViewLayout(wide, animated: true) { finished.append($0) }
    let cell = try #require(cv.cellForItem(at: IndexPath(item: 1, section: 0)))
    #expect(cell.frame == Rect(x: 10, y: 50, width: 300, height: 40))
    // Item 1 is on its way from the first line's second square to the full-width bar.
    let probe = cv.convert(Point(x: 300, y: 70), to: app.window)
    app.advance(by: 0.15)
    #expect(app.snapshot().pixel(x: Int(probe.x), y: Int(probe.y)) == .white)
    app.advance(by: 0.5)
    #expect(finished == [true])
    #expect(app.snapshot().pixel(x: Int(probe.x), y: Int(probe.y)) == .systemBlue)
    #expect(wall.collectionViewLayout === wide)
    #expect(wide.collectionView === cv && layout.collectionView == nil)
  }
}

/// A controller showing 40 items in a flow layout's default 50-point squares.
@MainActor
private final class Wall: CollectionViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "item")
  }

  override func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int { 40 }

  override func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: IndexPath
  ) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
    cell.backgroundColor = .systemBlue
    return cell
  }
}
