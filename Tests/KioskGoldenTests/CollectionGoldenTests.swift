import KioskKit
import KioskTesting
import Testing

/// A tile with a name under a coloured square, and a dark veil when selected.
@MainActor
private final class TileCell: CollectionViewCell {
  let swatch = View(frame: .zero)
  let name = Label(frame: .zero)

  override init(frame: Rect) {
    super.init(frame: frame)
    backgroundColor = .white
    contentView.addSubview(swatch)
    name.font = .systemFont(ofSize: 13)
    name.textAlignment = .center
    contentView.addSubview(name)
    let veil = View(frame: .zero)
    veil.backgroundColor = Color(hex: 0x1c1c1e)
    selectedBackgroundView = veil
  }

  override var isSelected: Bool {
    didSet { name.textColor = isSelected ? .white : Color(hex: 0x1c1c1e) }
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let b = contentView.bounds
    swatch.frame = Rect(x: 6, y: 6, width: b.width - 12, height: b.height - 32)
    name.frame = Rect(x: 0, y: b.height - 24, width: b.width, height: 20)
  }
}

/// A section title on a light bar.
@MainActor
private final class TitleView: CollectionReusableView {
  let label = Label(frame: .zero)

  override init(frame: Rect) {
    super.init(frame: frame)
    backgroundColor = Color(hex: 0xf2f2f7)
    label.font = .systemFont(ofSize: 15, weight: .semibold)
    addSubview(label)
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    label.frame = Rect(x: 12, y: 0, width: bounds.width - 24, height: bounds.height)
  }
}

/// Three sections of coloured tiles.
@MainActor
private final class Shelves: CollectionViewDataSource {
  let titles = ["Fruit", "Vegetables", "Bakery"]
  let colors: [UInt32] = [0xe57373, 0xffb74d, 0xfff176, 0x81c784, 0x4fc3f7, 0x7986cb, 0xba68c8]

  func numberOfSections(in collectionView: CollectionView) -> Int { titles.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  { 7 + section * 2 }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "tile", for: indexPath)
    if let tile = cell as? TileCell {
      tile.swatch.backgroundColor = Color(
        hex: colors[(indexPath.item + indexPath.section * 3) % colors.count])
      tile.name.text = "\(titles[indexPath.section]) \(indexPath.item + 1)"
    }
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> CollectionReusableView {
    let view = collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "title", for: indexPath)
    (view as? TitleView)?.label.text = titles[indexPath.section]
    return view
  }
}

@MainActor
struct CollectionGoldenTests {
  private func grid(
    _ app: TestApplication, _ shelves: Shelves, direction: CollectionViewFlowLayout.ScrollDirection
  ) -> CollectionView {
    let layout = CollectionViewFlowLayout()
    layout.scrollDirection = direction
    layout.itemSize = Size(width: 100, height: 110)
    layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    if direction == .vertical {
      layout.headerReferenceSize = Size(width: 0, height: 32)
      layout.sectionHeadersPinToVisibleBounds = true
    }
    let bounds = app.window.bounds
    let collectionView = CollectionView(frame: bounds, collectionViewLayout: layout)
    collectionView.backgroundColor = Color(hex: 0xe5e5ea)
    collectionView.register(TileCell.self, forCellWithReuseIdentifier: "tile")
    collectionView.register(
      TitleView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
      withReuseIdentifier: "title")
    collectionView.dataSource = shelves
    app.window.addSubview(collectionView)
    app.runUntilIdle()
    return collectionView
  }

  /// A vertical grid with section headers, scrolled into the second section (its header
  /// pinned at the top, the next one below), with a selected tile.
  @Test func gridMidScrollWithASelectedTile() throws {
    let app = try TestApplication(pointSize: Size(width: 360, height: 400), scale: 2)
    let shelves = Shelves()
    let collectionView = grid(app, shelves, direction: .vertical)
    collectionView.contentOffset = Point(x: 0, y: 330)
    app.runUntilIdle()
    let tile = try #require(collectionView.indexPathForItem(at: Point(x: 180, y: 600)))
    collectionView.selectItem(at: tile, animated: false, scrollPosition: [])
    app.advance(by: 1)  // the scroll indicator has faded
    try assertSnapshot(of: app, named: "collection-grid")
  }

  /// A horizontal layout: columns of tiles scrolling sideways, sections side by side.
  @Test func horizontalShelves() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 260), scale: 2)
    let shelves = Shelves()
    let collectionView = grid(app, shelves, direction: .horizontal)
    collectionView.contentOffset = Point(x: 300, y: 0)
    app.advance(by: 1)
    try assertSnapshot(of: app, named: "collection-horizontal")
  }
}
