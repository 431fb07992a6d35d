import KioskGraphics
import KioskTesting
import KioskUI
import Testing

@MainActor
struct CollectionFlowLayoutTests {
  @Test func verticalLinesAreJustifiedAndTheLastKeepsTheMinimumSpacing() throws {
    let scene = try CollectionScene(source: ItemSource(items: 11)) { layout in
      layout.sectionInset = EdgeInsets(top: 8, left: 5, bottom: 12, right: 5)
    }
    // 310 points across: two 100-point items a line, 110 points apart (justified).
    #expect(scene.frame(0) == Rect(x: 5, y: 8, width: 100, height: 100))
    #expect(scene.frame(1) == Rect(x: 215, y: 8, width: 100, height: 100))
    #expect(scene.frame(2) == Rect(x: 5, y: 118, width: 100, height: 100))
    // The last line: one item, centred.
    #expect(scene.frame(10) == Rect(x: 110, y: 558, width: 100, height: 100))
    #expect(scene.collectionView.contentSize == Size(width: 320, height: 558 + 100 + 12))
    // Three in the last line of 10 + 3: the minimum spacing from the leading edge.
    scene.source.sections = [Array(0..<9)]
    scene.layout.sectionInset = .zero
    scene.layout.itemSize = Size(width: 90, height: 40)
    scene.layout.minimumInteritemSpacing = 5
    scene.layout.minimumLineSpacing = 20
    scene.collectionView.reloadData()
    scene.app.runUntilIdle()
    // 320 across: three 90-point items (280 with spacing; four need 375), 25 apart.
    #expect(scene.frame(1)?.minX == 115)
    #expect(scene.frame(2)?.minX == 230)
    #expect(scene.frame(3) == Rect(x: 0, y: 60, width: 90, height: 40))
    scene.source.sections = [Array(0..<8)]
    scene.collectionView.reloadData()
    #expect(scene.frame(7) == Rect(x: 95, y: 120, width: 90, height: 40))
  }

  @Test func horizontalLayoutFillsColumns() throws {
    let scene = try CollectionScene(
      source: ItemSource(items: 7), size: Size(width: 320, height: 240)
    ) { layout in
      layout.scrollDirection = .horizontal
      layout.minimumLineSpacing = 20
    }
    // 240 points down: two items a column, spread to the edges.
    #expect(scene.frame(0) == Rect(x: 0, y: 0, width: 100, height: 100))
    #expect(scene.frame(1) == Rect(x: 0, y: 140, width: 100, height: 100))
    #expect(scene.frame(2) == Rect(x: 120, y: 0, width: 100, height: 100))
    #expect(scene.frame(6) == Rect(x: 360, y: 70, width: 100, height: 100))
    #expect(scene.collectionView.contentSize == Size(width: 460, height: 240))
    // It scrolls sideways, and the cells in view are those of the first columns.
    #expect(scene.collectionView.indexPathsForVisibleItems.count == 6)
    scene.collectionView.contentOffset = Point(x: 140, y: 0)
    scene.app.runUntilIdle()
    #expect(scene.collectionView.indexPathsForVisibleItems.map(\.item) == [2, 3, 4, 5, 6])
  }

  @Test func headersFootersAndSectionsStackUp() throws {
    let scene = try CollectionScene(source: ItemSource(sections: [[0, 1, 2, 3], [4, 5]])) {
      layout in
      layout.headerReferenceSize = Size(width: 0, height: 30)
      layout.footerReferenceSize = Size(width: 0, height: 16)
      layout.sectionInset = EdgeInsets(top: 10, left: 0, bottom: 10, right: 0)
    }
    let cv = scene.collectionView
    let header = CollectionView.elementKindSectionHeader
    let footer = CollectionView.elementKindSectionFooter
    let first = IndexPath(item: 0, section: 0)
    let second = IndexPath(item: 0, section: 1)
    #expect(
      cv.layoutAttributesForSupplementaryElement(ofKind: header, at: first)?.frame
        == Rect(x: 0, y: 0, width: 320, height: 30))
    #expect(scene.frame(0) == Rect(x: 0, y: 40, width: 100, height: 100))
    #expect(scene.frame(3) == Rect(x: 110, y: 150, width: 100, height: 100))
    #expect(
      cv.layoutAttributesForSupplementaryElement(ofKind: footer, at: first)?.frame
        == Rect(x: 0, y: 260, width: 320, height: 16))
    #expect(
      cv.layoutAttributesForSupplementaryElement(ofKind: header, at: second)?.frame.minY == 276)
    #expect(scene.frame(0, 1)?.minY == 316)
    #expect(cv.contentSize.height == 316 + 100 + 10 + 16)
    // The views in view: both headers, a footer, in front of the cells.
    #expect(cv.supplementaryView(forElementKind: header, at: second)?.tag == 1)
    #expect(cv.visibleSupplementaryViews(ofKind: footer).count == 2)
    let headerView = cv.supplementaryView(forElementKind: header, at: first)
    let cellIndex = cv.subviews.firstIndex { $0 === scene.cell(0) } ?? .max
    #expect((cv.subviews.firstIndex { $0 === headerView } ?? -1) > cellIndex)
    #expect(cv.layoutAttributesForSupplementaryElement(ofKind: "badge", at: first) == nil)
  }

  @Test func pinnedHeadersStickUntilTheirSectionEnds() throws {
    let scene = try CollectionScene(
      source: ItemSource(sections: [Array(0..<12), Array(0..<12)])
    ) { layout in
      layout.headerReferenceSize = Size(width: 0, height: 30)
      layout.sectionHeadersPinToVisibleBounds = true
    }
    let cv = scene.collectionView
    let header = CollectionView.elementKindSectionHeader
    // Section 0: header 30, four lines of 100 with 10 between: it ends at 460.
    cv.contentOffset = Point(x: 0, y: 200)
    scene.app.runUntilIdle()
    #expect(
      cv.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 0))?.frame.minY
        == 200)
    cv.contentOffset = Point(x: 0, y: 450)
    scene.app.runUntilIdle()
    #expect(
      cv.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 0))?.frame.maxY
        == 460)
    #expect(
      cv.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 1))?.frame.minY
        == 460)
  }

  @Test func theDelegateSizesItemsAndInsetsSections() throws {
    let source = ItemSource(sections: [[0, 1, 2, 3], [4, 5]])
    source.sizes[IndexPath(item: 0, section: 0)] = Size(width: 320, height: 50)
    source.sizes[IndexPath(item: 2, section: 0)] = Size(width: 100, height: 60)
    source.insets[1] = EdgeInsets(top: 20, left: 30, bottom: 0, right: 30)
    let scene = try CollectionScene(source: source)
    #expect(scene.frame(0) == Rect(x: 0, y: 0, width: 320, height: 50))
    // A line of items 100, 60 and 100 high: each centred in the line's 100 points.
    #expect(scene.frame(1) == Rect(x: 0, y: 60, width: 100, height: 100))
    #expect(scene.frame(2) == Rect(x: 110, y: 80, width: 100, height: 60))
    #expect(scene.frame(3) == Rect(x: 220, y: 60, width: 100, height: 100))
    #expect(scene.frame(0, 1) == Rect(x: 30, y: 180, width: 100, height: 100))
    #expect(scene.frame(1, 1) == Rect(x: 140, y: 180, width: 100, height: 100))
    // Sizes that make no sense count as zero.
    source.sizes[IndexPath(item: 1, section: 0)] = Size(width: -5, height: .nan)
    scene.collectionView.reloadData()
    #expect(scene.frame(1)?.size == .zero)
  }

  @Test func elementsInARectAreFoundAmongTenThousand() throws {
    let scene = try CollectionScene(source: ItemSource(items: 10_000))
    let layout = scene.layout
    let attributes =
      layout.layoutAttributesForElements(
        in: Rect(x: 0, y: 110 * 2000, width: 320, height: 200)) ?? []
    // Lines 2000 and 2001 (and 1999's bottom edge does not reach).
    #expect(attributes.map(\.indexPath.item) == Array(6000..<6006))
    #expect(attributes.allSatisfy { $0.representedElementCategory == .cell })
    #expect(
      scene.collectionView.indexPathForItem(at: Point(x: 150, y: 110 * 2000 + 50))
        == IndexPath(item: 6001, section: 0))
    #expect(scene.collectionView.indexPathForItem(at: Point(x: 105, y: 50)) == nil)
  }
}
