import KioskGraphics

/// The grid layout of a collection view, like UIKit's `UICollectionViewFlowLayout`: items
/// flow into lines (rows when scrolling vertically, columns when scrolling horizontally),
/// as many per line as fit, one section after another, each with an optional header and
/// footer.
///
/// In a line that is full, the items spread evenly from edge to edge (the space between
/// them grows from `minimumInteritemSpacing`); the last line of a section keeps the minimum
/// spacing from the leading edge, and a line of a single item centres it, as in UIKit. Items
/// of different sizes are centred within their line. Sizes, insets and spacings can come
/// per item and per section from the delegate (`CollectionViewDelegateFlowLayout`).
///
/// ```swift
/// let layout = CollectionViewFlowLayout()
/// layout.itemSize = Size(width: 150, height: 180)
/// layout.sectionInset = EdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
/// layout.headerReferenceSize = Size(width: 0, height: 40)
/// let grid = CollectionView(frame: window.bounds, collectionViewLayout: layout)
/// ```
///
/// A negative or non-finite size or spacing counts as zero. An item longer than a line is
/// given a line of its own at the leading inset (UIKit leaves that case undefined).
@MainActor
open class CollectionViewFlowLayout: CollectionViewLayout {
  /// The direction the content scrolls in.
  public enum ScrollDirection: Sendable, Hashable {
    /// Up and down: items fill rows from left to right.
    case vertical
    /// Sideways: items fill columns from top to bottom.
    case horizontal
  }

  /// The size of items the delegate does not size. The default is 50 × 50 points.
  open var itemSize = Size(width: 50, height: 50) {
    didSet { if oldValue != itemSize { invalidateLayout() } }
  }

  /// The least space between lines (rows or columns). The default is 10 points.
  open var minimumLineSpacing = 10.0 {
    didSet { if oldValue != minimumLineSpacing { invalidateLayout() } }
  }

  /// The least space between items of a line. The default is 10 points.
  open var minimumInteritemSpacing = 10.0 {
    didSet { if oldValue != minimumInteritemSpacing { invalidateLayout() } }
  }

  /// The margins around each section's items (inside its header and footer). The default
  /// is none.
  open var sectionInset = EdgeInsets.zero {
    didSet { if oldValue != sectionInset { invalidateLayout() } }
  }

  /// The size of section headers: only the height counts when scrolling vertically (the
  /// header is as wide as the collection view), only the width when scrolling
  /// horizontally. The default, zero, means no headers.
  open var headerReferenceSize = Size.zero {
    didSet { if oldValue != headerReferenceSize { invalidateLayout() } }
  }

  /// The size of section footers, as `headerReferenceSize`. The default means no footers.
  open var footerReferenceSize = Size.zero {
    didSet { if oldValue != footerReferenceSize { invalidateLayout() } }
  }

  /// The direction the content scrolls in. The default is `.vertical`.
  open var scrollDirection = ScrollDirection.vertical {
    didSet { if oldValue != scrollDirection { invalidateLayout() } }
  }

  /// Whether a section's header stays at the top (or leading) edge while its section
  /// scrolls under it, until the section's end pushes it away. The default is `false`.
  open var sectionHeadersPinToVisibleBounds = false {
    didSet { if oldValue != sectionHeadersPinToVisibleBounds { invalidateLayout() } }
  }

  /// A guess at the size of items that size themselves: setting anything but zero (the
  /// default) makes the cells self-sizing, as in UIKit. An item takes the estimate until
  /// its cell is shown, when the cell's `preferredLayoutAttributesFitting(_:)` gives its
  /// size (by default the content view's constraints, fitted with
  /// `systemLayoutSizeFitting(_:)` near the estimate) and the items after it move.
  /// `CollectionViewFlowLayout.automaticSize` takes `itemSize` as the estimate. Measured
  /// sizes are kept until `invalidateLayout()` after a reload, or a change of the
  /// collection view's width (height, scrolling sideways).
  open var estimatedItemSize = Size.zero {
    didSet { if oldValue != estimatedItemSize { preferredSizes.removeAll(); invalidateLayout() } }
  }

  /// The estimated item size that takes `itemSize` as the estimate (UIKit's sentinel).
  public static let automaticSize = Size(
    width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

  /// Self-sizing items' sizes, as their cells preferred them, and the cross length they
  /// were measured at.
  var preferredSizes: [IndexPath: Size] = [:]
  private var preferredSizesCrossLength = 0.0

  /// Where headers and footers stand in front-to-back order (over the cells).
  nonisolated static let supplementaryZIndex = 10

  var geometry = FlowLayoutGeometry()

  /// Creates a vertical flow layout of 50 × 50 items.
  public override init() {
    super.init()
  }

  /// The size of everything laid out.
  open override var collectionViewContentSize: Size { geometry.contentSize }

  /// Lays the items out in lines, asking the delegate for sizes, insets and spacings it
  /// gives.
  open override func prepare() {
    super.prepare()
    guard let collectionView else {
      geometry = FlowLayoutGeometry()
      return
    }
    let delegate = collectionView.delegate as? CollectionViewDelegateFlowLayout
    let counts = (0..<collectionView.numberOfSections).map {
      collectionView.numberOfItems(inSection: $0)
    }
    let isVertical = scrollDirection == .vertical
    let size = collectionView.bounds.size
    let inset = collectionView.contentInset
    let cross =
      isVertical ? size.width - inset.left - inset.right : size.height - inset.top - inset.bottom
    if cross != preferredSizesCrossLength {
      preferredSizes.removeAll()
      preferredSizesCrossLength = cross
    }
    geometry = FlowLayoutGeometry(
      isVertical: isVertical, crossLength: max(0, cross), itemCounts: counts,
      metrics: { section in
        guard let delegate else { return self.metrics(for: section) }
        return FlowLayoutGeometry.SectionMetrics(
          inset: delegate.collectionView(collectionView, layout: self, insetForSectionAt: section),
          lineSpacing: delegate.collectionView(
            collectionView, layout: self, minimumLineSpacingForSectionAt: section),
          interitemSpacing: delegate.collectionView(
            collectionView, layout: self, minimumInteritemSpacingForSectionAt: section),
          headerSize: delegate.collectionView(
            collectionView, layout: self, referenceSizeForHeaderInSection: section),
          footerSize: delegate.collectionView(
            collectionView, layout: self, referenceSizeForFooterInSection: section))
      },
      itemSize: { indexPath in
        if self.sizesItemsItself {
          return self.preferredSizes[indexPath] ?? self.estimate
        }
        return delegate?.collectionView(collectionView, layout: self, sizeForItemAt: indexPath)
          ?? self.itemSize
      })
  }

  /// Takes a self-sizing cell's size when it differs from the one it was laid out at.
  open override func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferred: CollectionViewLayoutAttributes,
    withOriginalAttributes original: CollectionViewLayoutAttributes
  ) -> Bool {
    sizesItemsItself && preferred.size != original.size
  }

  /// Whether items size themselves (`estimatedItemSize` is set).
  var sizesItemsItself: Bool { estimatedItemSize != .zero }

  /// The size an item takes until it is measured.
  private var estimate: Size {
    estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize
  }

  override func needsPreferredAttributes(forItemAt indexPath: IndexPath) -> Bool {
    sizesItemsItself && preferredSizes[indexPath] == nil
  }

  override func itemsMoved(_ newIndexPath: (IndexPath) -> IndexPath?) {
    guard !preferredSizes.isEmpty else { return }
    var moved: [IndexPath: Size] = [:]
    for (old, size) in preferredSizes {
      if let new = newIndexPath(old) { moved[new] = size }
    }
    preferredSizes = moved
  }

  /// Forgets the items' measured sizes (self-sizing cells are asked again) and lays out
  /// again. Call `super` when you override it.
  open override func invalidateLayout() {
    preferredSizes.removeAll()
    super.invalidateLayout()
  }

  override func takePreferredAttributes(_ preferred: CollectionViewLayoutAttributes) {
    preferredSizes[preferred.indexPath] = preferred.size
    super.takePreferredAttributes(preferred)
  }

  private func metrics(for section: Int) -> FlowLayoutGeometry.SectionMetrics {
    FlowLayoutGeometry.SectionMetrics(
      inset: sectionInset, lineSpacing: minimumLineSpacing,
      interitemSpacing: minimumInteritemSpacing, headerSize: headerReferenceSize,
      footerSize: footerReferenceSize)
  }

  /// The headers, items and footers meeting `rect`.
  open override func layoutAttributesForElements(in rect: Rect)
    -> [CollectionViewLayoutAttributes]?
  {
    var result: [CollectionViewLayoutAttributes] = []
    visitStoredElements(in: rect) { result.append($0.attributes()) }
    return result
  }

  /// The attributes of the item at `indexPath`, or `nil` if there is no such item.
  open override func layoutAttributesForItem(at indexPath: IndexPath)
    -> CollectionViewLayoutAttributes?
  {
    storedPlacementForItem(at: indexPath)?.attributes()
  }

  /// The attributes of `section`'s header (`CollectionView.elementKindSectionHeader`) or
  /// footer (`elementKindSectionFooter`), or `nil` if the section has none.
  open override func layoutAttributesForSupplementaryView(
    ofKind elementKind: String, at indexPath: IndexPath
  ) -> CollectionViewLayoutAttributes? {
    guard geometry.sections.indices.contains(indexPath.section) else { return nil }
    let section = geometry.sections[indexPath.section]
    let frame: Rect
    switch elementKind {
    case CollectionView.elementKindSectionHeader:
      frame = geometry.headerFrame(of: section, pinnedAt: pinnedEdge)
    case CollectionView.elementKindSectionFooter:
      frame = section.footer
    default:
      return nil
    }
    guard geometry.mainLength(frame.size) > 0 else { return nil }
    return CollectionElementPlacement(
      kind: elementKind, indexPath: IndexPath(item: 0, section: indexPath.section), frame: frame,
      zIndex: Self.supplementaryZIndex
    ).attributes()
  }

  /// `true` when the bounds change size across the scrolling axis (the lines must wrap
  /// anew); scrolling alone does not invalidate the layout (pinned headers are placed as
  /// they are asked for).
  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    guard let collectionView else { return false }
    let inset = collectionView.contentInset
    let cross =
      scrollDirection == .vertical
      ? newBounds.width - inset.left - inset.right : newBounds.height - inset.top - inset.bottom
    return max(0, cross) != geometry.crossLength
  }

  // MARK: The stored frames, without objects

  /// Where pinned headers stick: the leading edge of the visible area, or `nil` when they
  /// do not pin.
  private var pinnedEdge: Double? {
    guard sectionHeadersPinToVisibleBounds, let collectionView else { return nil }
    let b = collectionView.bounds
    let inset = collectionView.contentInset
    return scrollDirection == .vertical ? b.minY + inset.top : b.minX + inset.left
  }

  private func visitStoredElements(
    in rect: Rect, _ body: (CollectionElementPlacement) -> Void
  ) {
    geometry.forEachElement(in: rect, pinnedAt: pinnedEdge, body)
  }

  private func storedPlacementForItem(at indexPath: IndexPath) -> CollectionElementPlacement? {
    geometry.itemFrame(at: indexPath).map {
      CollectionElementPlacement(kind: nil, indexPath: indexPath, frame: $0)
    }
  }

  /// Whether this is a flow layout itself, not a subclass that may override what the
  /// collection view asks: only then are the stored frames read directly.
  private var readsStoredFrames: Bool { type(of: self) == CollectionViewFlowLayout.self }

  override func forEachElement(in rect: Rect, _ body: (CollectionElementPlacement) -> Void) {
    guard readsStoredFrames else { return super.forEachElement(in: rect, body) }
    visitStoredElements(in: rect, body)
  }

  override func placementForItem(at indexPath: IndexPath) -> CollectionElementPlacement? {
    guard readsStoredFrames else { return super.placementForItem(at: indexPath) }
    return storedPlacementForItem(at: indexPath)
  }

  override func itemFramesBeforeUpdate() -> ((IndexPath) -> Rect?)? {
    let geometry = self.geometry
    return { geometry.itemFrame(at: $0) }
  }
}
