import KioskGraphics

/// Decides where a collection view's cells and supplementary views go, like UIKit's
/// `UICollectionViewLayout`. Subclass it for a layout of your own: compute in `prepare()`,
/// report the size of all the content in `collectionViewContentSize`, and answer
/// `layoutAttributesForElements(in:)` and `layoutAttributesForItem(at:)`.
/// `CollectionViewFlowLayout` is the ready-made grid.
///
/// ```swift
/// final class ColumnLayout: CollectionViewLayout {
///   override var collectionViewContentSize: Size {
///     Size(width: 200, height: Double(collectionView?.numberOfItems(inSection: 0) ?? 0) * 50)
///   }
///   override func layoutAttributesForItem(at indexPath: IndexPath)
///     -> CollectionViewLayoutAttributes?
///   {
///     let attributes = CollectionViewLayoutAttributes(forCellWith: indexPath)
///     attributes.frame = Rect(x: 0, y: Double(indexPath.item) * 50, width: 200, height: 50)
///     return attributes
///   }
///   override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes]? {
///     let count = collectionView?.numberOfItems(inSection: 0) ?? 0
///     let first = max(0, Int(rect.minY / 50)), last = min(count, Int(rect.maxY / 50) + 1)
///     return (first..<max(first, last)).compactMap {
///       layoutAttributesForItem(at: IndexPath(item: $0, section: 0))
///     }
///   }
/// }
/// ```
@MainActor
open class CollectionViewLayout {
  /// The collection view using the layout (set when the layout is given to one).
  public internal(set) weak var collectionView: CollectionView?

  /// Whether `prepare()` must run before the layout is next asked.
  var needsPrepare = true

  /// Creates a layout.
  public init() {}

  /// The width and height of all the content. The default is zero.
  open var collectionViewContentSize: Size { .zero }

  /// Computes the layout: called before the first layout and after each
  /// `invalidateLayout()`, before anything else is asked. The default does nothing; call
  /// `super` when you override it.
  open func prepare() {}

  /// The attributes of every element (cells and supplementary views) whose frame meets
  /// `rect`, in content coordinates. The default returns `nil` (nothing).
  open func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes]? {
    nil
  }

  /// The attributes of the cell of the item at `indexPath`. The default returns `nil`.
  open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
    nil
  }

  /// The attributes of the supplementary view of `elementKind` at `indexPath`. The default
  /// returns `nil`.
  open func layoutAttributesForSupplementaryView(
    ofKind elementKind: String, at indexPath: IndexPath
  ) -> CollectionViewLayoutAttributes? {
    nil
  }

  /// Where an item inserted by a batch update starts from. The default, `nil`, makes it
  /// fade and grow in where it ends up (from 0 to its alpha, from 80 % of its size).
  open func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
    -> CollectionViewLayoutAttributes?
  {
    nil
  }

  /// Where an item deleted by a batch update goes to (`itemIndexPath` is its index path
  /// before the update). The default, `nil`, makes it fade out where it is.
  open func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
    -> CollectionViewLayoutAttributes?
  {
    nil
  }

  /// Marks the layout out of date: `prepare()` runs again before the collection view's
  /// next layout. Call `super` when you override it.
  open func invalidateLayout() {
    needsPrepare = true
    collectionView?.setNeedsLayout()
  }

  /// Whether the layout must be computed again when the collection view's bounds become
  /// `newBounds` (it scrolled, or changed size). The default is `false`.
  open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    false
  }

  /// Whether the layout takes a cell's preferred attributes (self-sizing): `preferred`
  /// is what the cell's `preferredLayoutAttributesFitting(_:)` returned for `original`.
  /// The default is `false`; `CollectionViewFlowLayout` takes the preferred size when
  /// `estimatedItemSize` is set.
  ///
  /// KioskKit asks cells only for layouts that size items this way (a flow layout with an
  /// estimate); UIKit asks for every layout, which costs a measurement per cell shown.
  open func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferred: CollectionViewLayoutAttributes,
    withOriginalAttributes original: CollectionViewLayoutAttributes
  ) -> Bool {
    false
  }

  // MARK: Within KioskUI

  /// Whether the cell of the item at `indexPath` is to be asked for its preferred
  /// attributes when it is shown (it has not been measured yet).
  func needsPreferredAttributes(forItemAt indexPath: IndexPath) -> Bool { false }

  /// A batch update moved the items: `newIndexPath` gives where an item went (`nil`: it
  /// went, or was reloaded). Measured sizes follow their items.
  func itemsMoved(_ newIndexPath: (IndexPath) -> IndexPath?) {}

  /// Keeps a cell's preferred attributes that `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)`
  /// accepted; the layout is prepared again.
  func takePreferredAttributes(_ preferred: CollectionViewLayoutAttributes) {
    needsPrepare = true
  }

  /// Runs `prepare()` if the layout is out of date.
  final func prepareIfNeeded() {
    guard needsPrepare else { return }
    needsPrepare = false
    prepare()
  }

  /// Calls `body` with the placement of each element meeting `rect`. The default goes
  /// through `layoutAttributesForElements(in:)`; the flow layout visits its stored frames
  /// without making objects.
  func forEachElement(in rect: Rect, _ body: (CollectionElementPlacement) -> Void) {
    for attributes in layoutAttributesForElements(in: rect) ?? [] {
      guard attributes.representedElementCategory != .decorationView else { continue }
      body(attributes.placement)
    }
  }

  /// The placement of an item's cell.
  func placementForItem(at indexPath: IndexPath) -> CollectionElementPlacement? {
    layoutAttributesForItem(at: indexPath)?.placement
  }

  /// The frames of the items as they are now, kept for a batch update to move the cells
  /// that come into view from where their items were (`nil`: they fade in).
  func itemFramesBeforeUpdate() -> ((IndexPath) -> Rect?)? { nil }
}
