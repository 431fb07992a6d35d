import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A tag: a label pinned 8 pt inside its content view, so the cell is as large as its text.
private final class TagCell: CollectionViewCell {
  let name = Label()

  override init(frame: Rect) {
    super.init(frame: frame)
    name.translatesAutoresizingMaskIntoConstraints = false
    contentView.addSubview(name)
    LayoutConstraint.activate([
      name.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
      name.bottomAnchor.constraint(equalTo: contentView.bottomAnchor, constant: -8),
      name.leadingAnchor.constraint(equalTo: contentView.leadingAnchor, constant: 8),
      name.trailingAnchor.constraint(equalTo: contentView.trailingAnchor, constant: -8),
    ])
  }
}

/// A cell that asks for a size of its own by overriding the fitting method.
private final class SquareCell: CollectionViewCell {
  override func preferredLayoutAttributesFitting(
    _ layoutAttributes: CollectionViewLayoutAttributes
  ) -> CollectionViewLayoutAttributes {
    let preferred = super.preferredLayoutAttributesFitting(layoutAttributes)
    preferred.size = Size(width: 30 + Double(layoutAttributes.indexPath.item), height: 30)
    return preferred
  }
}

@MainActor
private final class Tags: CollectionViewDataSource {
  var names: [String]
  var cellsAsked = 0
  init(_ names: [String]) { self.names = names }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  { names.count }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    cellsAsked += 1
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tag", for: indexPath)
    (cell as? TagCell)?.name.text = names[indexPath.item]
    return cell
  }
}

/// Self-sizing collection cells: `estimatedItemSize` on a flow layout, sizes from the cells'
/// `preferredLayoutAttributesFitting(_:)` (their constraints by default).
@MainActor @Suite struct SelfSizingCollectionTests {
  private func grid(
    _ tags: Tags, cell: CollectionViewCell.Type = TagCell.self, in app: TestApplication,
    estimate: Size = Size(width: 60, height: 40)
  ) -> (CollectionView, CollectionViewFlowLayout) {
    let layout = CollectionViewFlowLayout()
    layout.estimatedItemSize = estimate
    layout.minimumInteritemSpacing = 10
    layout.minimumLineSpacing = 10
    let grid = CollectionView(frame: app.window.bounds, collectionViewLayout: layout)
    grid.register(cell, forCellWithReuseIdentifier: "tag")
    grid.dataSource = tags
    app.window.addSubview(grid)
    app.runUntilIdle()
    return (grid, layout)
  }

  @Test func cellsTakeTheSizeTheirConstraintsGiveAndTheLinesFollow() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 480))
    let tags = Tags(["Tea", "Flat white", "Hot chocolate with cream", "Water"])
    let (grid, _) = grid(tags, in: app)
    let cells = try (0..<4).map {
      try #require(grid.cellForItem(at: IndexPath(item: $0, section: 0)) as? TagCell)
    }
    for cell in cells {
      let text = cell.name.intrinsicContentSize
      #expect(cell.frame.size == Size(width: text.width + 16, height: text.height + 16))
      #expect(cell.name.frame == Rect(x: 8, y: 8, width: text.width, height: text.height))
    }
    // Laid out in lines by their real sizes: side by side while they fit (a full line
    // spreads its items, as UIKit's flow layout does), then on the next line.
    #expect(cells[1].frame.minX >= cells[0].frame.maxX + 10)
    #expect(cells[1].frame.minY == cells[0].frame.minY)
    #expect(cells[0].frame.width + cells[1].frame.width + cells[2].frame.width + 20 > 320)
    #expect(cells[2].frame.minY == cells[0].frame.maxY + 10)
    let content = grid.collectionViewLayout.collectionViewContentSize
    #expect(content.height == cells.map(\.frame.maxY).max())
  }

  @Test func itemsOutOfViewKeepTheEstimateUntilTheyAreShown() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 200))
    let tags = Tags((0..<400).map { "Item \($0)" })
    let (grid, layout) = grid(tags, in: app)
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 399, section: 0))?.size
        == Size(width: 60, height: 40))
    let shownBefore = tags.cellsAsked
    #expect(shownBefore < 60)
    grid.contentOffset = Point(x: 0, y: grid.contentSize.height - 200)
    app.runUntilIdle()
    let last = try #require(grid.cellForItem(at: IndexPath(item: 399, section: 0)) as? TagCell)
    #expect(last.frame.width == last.name.intrinsicContentSize.width + 16)
  }

  @Test func anOverriddenFittingMethodAndTheAutomaticEstimateAreHonoured() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 480))
    let tags = Tags(["a", "b", "c"])
    let layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 70, height: 70)
    layout.estimatedItemSize = CollectionViewFlowLayout.automaticSize
    let grid = CollectionView(frame: app.window.bounds, collectionViewLayout: layout)
    grid.register(SquareCell.self, forCellWithReuseIdentifier: "tag")
    grid.dataSource = tags
    app.window.addSubview(grid)
    app.runUntilIdle()
    #expect(
      (0..<3).map { grid.cellForItem(at: IndexPath(item: $0, section: 0))?.frame.size }
        == [Size(width: 30, height: 30), Size(width: 31, height: 30), Size(width: 32, height: 30)])
    // Without an estimate the cells' wishes are not asked: itemSize holds.
    layout.estimatedItemSize = .zero
    app.runUntilIdle()
    #expect(grid.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.size == layout.itemSize)
  }

  @Test func aReloadedItemIsMeasuredAgainAndMovedOnesKeepTheirSize() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 480))
    let tags = Tags(["One", "Two", "Three"])
    let (grid, _) = grid(tags, in: app)
    let before = try #require(grid.cellForItem(at: IndexPath(item: 1, section: 0))).frame.size
    tags.names[1] = "Two, and a good deal more"
    grid.reloadItems(at: [IndexPath(item: 1, section: 0)])
    app.advance(by: 1)
    let after = try #require(grid.cellForItem(at: IndexPath(item: 1, section: 0))).frame.size
    #expect(after.width > before.width)
    let asked = tags.cellsAsked
    tags.names.insert("Zero", at: 0)
    grid.insertItems(at: [IndexPath(item: 0, section: 0)])
    app.advance(by: 1)
    #expect(grid.cellForItem(at: IndexPath(item: 2, section: 0))?.frame.size == after)
    #expect(tags.cellsAsked == asked + 1)
  }
}
