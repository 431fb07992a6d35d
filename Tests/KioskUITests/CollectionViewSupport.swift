import KioskGraphics
import KioskTesting
import KioskUI

/// A cell with a dark selected background that writes down its reuses.
@MainActor
final class CountingCell: CollectionViewCell {
  var reuses = 0

  override init(frame: Rect) {
    super.init(frame: frame)
    let grey = View(frame: .zero)
    grey.backgroundColor = Color(hex: 0x333333)
    selectedBackgroundView = grey
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    reuses += 1
  }
}

/// A collection's data source and flow-layout delegate over sections of numbered items.
@MainActor
final class ItemSource: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  var sections: [[Int]]
  var sizes: [IndexPath: Size] = [:]
  var insets: [Int: EdgeInsets] = [:]
  var headerSizes: [Int: Size] = [:]
  var log: [String] = []
  var selectable: (IndexPath) -> Bool = { _ in true }
  var displayed = 0
  /// Every cell the collection view ever handed out.
  var distinctCells: Set<ObjectIdentifier> = []
  var ended = 0

  init(sections: [[Int]]) {
    self.sections = sections
  }

  convenience init(items: Int) {
    self.init(sections: [Array(0..<items)])
  }

  func numberOfSections(in collectionView: CollectionView) -> Int {
    log.append("sections")
    return sections.count
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  {
    log.append("items \(section)")
    return sections[section].count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    log.append("cell \(indexPath.section).\(indexPath.item)")
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
    let value = sections[indexPath.section][indexPath.item]
    distinctCells.insert(ObjectIdentifier(cell))
    cell.tag = value
    cell.backgroundColor = Self.color(value)
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> CollectionReusableView {
    let view = collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "header", for: indexPath)
    view.backgroundColor = kind == CollectionView.elementKindSectionHeader ? .black : .gray
    view.tag = indexPath.section
    return view
  }

  static let palette: [UInt32] = [
    0xe57373, 0xffb74d, 0xfff176, 0x81c784, 0x4fc3f7, 0x7986cb, 0xba68c8, 0xa1887f,
  ]

  static func color(_ value: Int) -> Color {
    Color(hex: palette[value % palette.count])
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size {
    sizes[indexPath] ?? (collectionViewLayout as? CollectionViewFlowLayout)?.itemSize ?? .zero
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets {
    insets[section] ?? (collectionViewLayout as? CollectionViewFlowLayout)?.sectionInset ?? .zero
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> Size {
    headerSizes[section] ?? (collectionViewLayout as? CollectionViewFlowLayout)?
      .headerReferenceSize ?? .zero
  }

  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
    -> Bool
  { selectable(indexPath) }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    log.append("select \(indexPath.section).\(indexPath.item)")
  }

  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    log.append("deselect \(indexPath.section).\(indexPath.item)")
  }

  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {
    log.append("highlight \(indexPath.section).\(indexPath.item)")
  }

  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {
    log.append("unhighlight \(indexPath.section).\(indexPath.item)")
  }

  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) { displayed += 1 }

  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) { ended += 1 }

  /// The log's entries that start with `prefix`.
  func entries(_ prefix: String) -> [String] { log.filter { $0.hasPrefix(prefix) } }
}

/// A 320×480 screen filled by a collection view with a flow layout of 100×100 items.
@MainActor
struct CollectionScene {
  let app: TestApplication
  let collectionView: CollectionView
  let layout: CollectionViewFlowLayout
  let source: ItemSource

  init(
    source: ItemSource, scale: Double = 1, size: Size = Size(width: 320, height: 480),
    configure: (CollectionViewFlowLayout) -> Void = { _ in }
  ) throws {
    app = try TestApplication(pointSize: size, scale: scale)
    layout = CollectionViewFlowLayout()
    layout.itemSize = Size(width: 100, height: 100)
    configure(layout)
    collectionView = CollectionView(
      frame: Rect(origin: .zero, size: size), collectionViewLayout: layout)
    collectionView.register(CountingCell.self, forCellWithReuseIdentifier: "item")
    for kind in [CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter] {
      collectionView.register(
        CollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "header"
      )
    }
    self.source = source
    collectionView.dataSource = source
    collectionView.delegate = source
    app.window.addSubview(collectionView)
    app.runUntilIdle()
  }

  func frame(_ item: Int, _ section: Int = 0) -> Rect? {
    collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
  }

  func cell(_ item: Int, _ section: Int = 0) -> CollectionViewCell? {
    collectionView.cellForItem(at: IndexPath(item: item, section: section))
  }
}
