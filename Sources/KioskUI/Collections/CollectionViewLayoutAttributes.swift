import KioskGraphics

/// Where and how a collection view shows one element (a cell or a supplementary view such
/// as a section header), like UIKit's `UICollectionViewLayoutAttributes`. A layout makes
/// them; the collection view applies them to the element's view.
///
/// ```swift
/// let attributes = CollectionViewLayoutAttributes(forCellWith: indexPath)
/// attributes.frame = Rect(x: 0, y: 0, width: 100, height: 100)
/// attributes.alpha = 0.5
/// ```
@MainActor
open class CollectionViewLayoutAttributes {
  /// What kind of element attributes describe.
  public enum ElementCategory: Sendable, Hashable {
    /// A cell, from the data source's `collectionView(_:cellForItemAt:)`.
    case cell
    /// A supplementary view (a header or footer), from the data source.
    case supplementaryView
    /// A decoration view (KioskKit's layouts make none).
    case decorationView
  }

  /// The element's frame in the collection view's content coordinates, as if untransformed.
  open var frame: Rect {
    get {
      Rect(
        x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width,
        height: size.height)
    }
    set {
      size = newValue.size
      center = Point(x: newValue.midX, y: newValue.midY)
    }
  }

  /// The centre of the element, in content coordinates.
  open var center = Point.zero

  /// The size of the element.
  open var size = Size.zero

  /// The element's bounds: its size at the origin.
  open var bounds: Rect { Rect(origin: .zero, size: size) }

  /// The element's opacity, from 0 to 1. The default is 1.
  open var alpha = 1.0

  /// The element's transform, about its centre. The default is the identity.
  open var transform = Transform.identity

  /// The element's place in front-to-back order: a larger `zIndex` shows in front. The
  /// default is 0 (flow-layout headers and footers have 10, so they stay over the cells).
  open var zIndex = 0

  /// Whether the element is hidden. The default is `false`.
  open var isHidden = false

  /// The index path of the element: the item for a cell, the section (item 0) for a
  /// header or footer.
  open var indexPath: IndexPath

  /// Whether the attributes are a cell's, a supplementary view's or a decoration view's.
  public let representedElementCategory: ElementCategory

  /// The kind of a supplementary view (such as `CollectionView.elementKindSectionHeader`);
  /// `nil` for a cell.
  public let representedElementKind: String?

  /// Attributes for the cell of the item at `indexPath`.
  public init(forCellWith indexPath: IndexPath) {
    self.indexPath = indexPath
    representedElementCategory = .cell
    representedElementKind = nil
  }

  /// Attributes for a supplementary view of `elementKind` at `indexPath`.
  public init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
    self.indexPath = indexPath
    representedElementCategory = .supplementaryView
    representedElementKind = elementKind
  }

  /// The attributes as a value the collection view places views by.
  var placement: CollectionElementPlacement {
    CollectionElementPlacement(
      kind: representedElementKind, indexPath: indexPath, center: center, size: size,
      alpha: alpha, transform: transform, zIndex: zIndex, isHidden: isHidden)
  }
}

/// An element's attributes as a value: what the collection view places its views by. A
/// layout that does not override `layoutAttributesForElements(in:)` (the flow layout)
/// hands these out without making objects, so scrolling allocates nothing.
struct CollectionElementPlacement {
  /// The kind of a supplementary view; `nil` for a cell.
  var kind: String?
  var indexPath: IndexPath
  var center: Point
  var size: Size
  var alpha = 1.0
  var transform = Transform.identity
  var zIndex = 0
  var isHidden = false

  init(
    kind: String?, indexPath: IndexPath, center: Point, size: Size, alpha: Double = 1,
    transform: Transform = .identity, zIndex: Int = 0, isHidden: Bool = false
  ) {
    self.kind = kind
    self.indexPath = indexPath
    self.center = center
    self.size = size
    self.alpha = alpha
    self.transform = transform
    self.zIndex = zIndex
    self.isHidden = isHidden
  }

  init(kind: String?, indexPath: IndexPath, frame: Rect, zIndex: Int = 0) {
    self.init(
      kind: kind, indexPath: indexPath, center: Point(x: frame.midX, y: frame.midY),
      size: frame.size, zIndex: zIndex)
  }

  var frame: Rect {
    Rect(
      x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width,
      height: size.height)
  }

  /// The placement as attributes, for the public API.
  @MainActor func attributes() -> CollectionViewLayoutAttributes {
    let attributes =
      if let kind {
        CollectionViewLayoutAttributes(forSupplementaryViewOfKind: kind, with: indexPath)
      } else {
        CollectionViewLayoutAttributes(forCellWith: indexPath)
      }
    attributes.center = center
    attributes.size = size
    attributes.alpha = alpha
    attributes.transform = transform
    attributes.zIndex = zIndex
    attributes.isHidden = isHidden
    return attributes
  }
}
