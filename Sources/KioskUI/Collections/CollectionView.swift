import KioskGraphics

/// A scrolling grid (or any arrangement a layout describes) of items in sections, like
/// UIKit's `UICollectionView`. A data source says how many items there are and gives the
/// cell of each; a layout (`CollectionViewFlowLayout`, or your own `CollectionViewLayout`)
/// says where they go; a delegate (also the scroll view's delegate) hears what a person
/// does with them.
///
/// Only the elements in view have views: a cell that scrolls off goes to a reuse queue and
/// comes back for another item from `dequeueReusableCell(withReuseIdentifier:for:)`, so a
/// wall of ten thousand products costs no more than a wall of twenty.
///
/// ```swift
/// let layout = CollectionViewFlowLayout()
/// layout.itemSize = Size(width: 150, height: 180)
/// let grid = CollectionView(frame: window.bounds, collectionViewLayout: layout)
/// grid.register(ProductCell.self, forCellWithReuseIdentifier: "product")
/// grid.dataSource = wall
/// grid.delegate = wall
/// window.addSubview(grid)
/// ```
///
/// A touch highlights an item once the scroll view's short delay has passed (so a drag
/// never does) and lifting the finger on it selects it
/// (`collectionView(_:didSelectItemAt:)`). Changes to the items animate with
/// `performBatchUpdates(_:completion:)`.
@MainActor
open class CollectionView: ScrollView {
  /// Where `scrollToItem(at:at:animated:)` and `selectItem(at:animated:scrollPosition:)`
  /// put an item: at most one vertical and one horizontal position. The empty set (`[]`)
  /// scrolls the least that shows the item (and does not scroll when selecting).
  public struct ScrollPosition: OptionSet, Sendable, Hashable {
    /// The position's bits.
    public let rawValue: Int
    /// A position from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The item's top at the top edge.
    public static let top = ScrollPosition(rawValue: 1 << 0)
    /// The item in the middle, vertically.
    public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
    /// The item's bottom at the bottom edge.
    public static let bottom = ScrollPosition(rawValue: 1 << 2)
    /// The item's left side at the left edge.
    public static let left = ScrollPosition(rawValue: 1 << 3)
    /// The item in the middle, horizontally.
    public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
    /// The item's right side at the right edge.
    public static let right = ScrollPosition(rawValue: 1 << 5)
  }

  /// The kind of a flow layout's section headers.
  public nonisolated static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
  /// The kind of a flow layout's section footers.
  public nonisolated static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

  /// The layout that places the items. Setting it lays the items out anew at once, as
  /// `setCollectionViewLayout(_:animated:)` without animation.
  open var collectionViewLayout: CollectionViewLayout {
    get { layout }
    set { setCollectionViewLayout(newValue, animated: false) }
  }

  /// Gives the collection view its sections, items and supplementary views. Held weakly;
  /// setting it reloads.
  open weak var dataSource: CollectionViewDataSource? {
    didSet { reloadData() }
  }

  /// Whether a person can select items. The default is `true`.
  open var allowsSelection = true

  /// Whether a person can select several items (tapping a selected item deselects it). The
  /// default is `false`: selecting an item deselects the others.
  open var allowsMultipleSelection = false

  // MARK: State

  var layout: CollectionViewLayout
  /// The data source's counts, per section (`nil`: ask again).
  var itemCounts: [Int]?
  var visibleCellsByIndexPath: [IndexPath: CollectionViewCell] = [:]
  var visibleSupplementaryViews: [SupplementaryElementKey: CollectionReusableView] = [:]
  var cellPool = ReusePool<String, CollectionViewCell>()
  var supplementaryPool = ReusePool<SupplementaryReuseKey, CollectionReusableView>()
  var cellClasses: [String: CollectionViewCell.Type] = [:]
  var supplementaryClasses: [SupplementaryReuseKey: CollectionReusableView.Type] = [:]
  var selectedIndexPaths: Set<IndexPath> = []
  /// The cell a finger is on (highlighted), until it lifts.
  weak var touchedCell: CollectionViewCell?
  weak var collectionDelegate: CollectionViewDelegate?
  var isTiling = false
  /// Counts layout passes; views not marked with the current one leave.
  var tilingMark = 0
  /// Whether a self-sizing cell shown in the last tiling pass changed the layout.
  var cellsPreferredOtherSizes = false
  /// The bounds of the last layout pass, to ask the layout about bounds changes.
  var tiledBounds: Rect?
  /// Reused lists of what leaves in a layout pass (kept to avoid allocating).
  var leavingItems: [IndexPath] = []
  var leavingSupplementaryViews: [SupplementaryElementKey] = []
  /// Views animating out after a batch update; they go to the queue when it ends.
  var departingElements: [DepartingElement] = []
  /// During a batch update: how each item that comes into view arrives.
  var arrival: ((CollectionElementPlacement) -> CollectionElementPlacement?)?
  var batch: CollectionBatch?

  /// Creates a collection view whose items `layout` places.
  public init(frame: Rect, collectionViewLayout layout: CollectionViewLayout) {
    self.layout = layout
    super.init(frame: frame)
    backgroundColor = .white
    layout.collectionView = self
    layout.needsPrepare = true
  }

  override func delegateDidChange() {
    collectionDelegate = delegate as? CollectionViewDelegate
    layout.invalidateLayout()
  }

  /// Gives the elements in view their views (reusing those that scrolled off). Call
  /// `super` when you override it.
  open override func layoutSubviews() {
    super.layoutSubviews()
    layoutElements()
  }

  // MARK: Touches on the cells

  /// A finger reached a cell (after the scroll view's delay): the item highlights, if the
  /// delegate agrees. Call `super` when you override it.
  open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    guard let cell = cell(touchedBy: touches) else {
      return super.touchesBegan(touches, with: event)
    }
    highlightTouched(cell)
  }

  /// Keeps the moves of a finger on a cell from going up the responder chain. Call `super`
  /// when you override it.
  open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    guard cell(touchedBy: touches) == nil else { return }
    super.touchesMoved(touches, with: event)
  }

  /// The finger lifted: on the highlighted cell, its item is selected (or deselected, with
  /// multiple selection). Call `super` when you override it.
  open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    guard let cell = cell(touchedBy: touches) else {
      return super.touchesEnded(touches, with: event)
    }
    selectTouched(cell, touches: touches)
  }

  /// The finger was taken away (a scroll began): the highlight goes. Call `super` when you
  /// override it.
  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    guard cell(touchedBy: touches) != nil else {
      return super.touchesCancelled(touches, with: event)
    }
    cancelTouch()
  }

  /// Replaces the layout; with `animated`, the cells move to their new places. `completion`
  /// runs when they are there.
  open func setCollectionViewLayout(
    _ layout: CollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil
  ) {
    guard layout !== self.layout else {
      if let completion { Transaction.scheduler { completion(true) } }
      return
    }
    self.layout.collectionView = nil
    self.layout = layout
    layout.collectionView = self
    layout.needsPrepare = true
    guard animated, window != nil else {
      setNeedsLayout()
      layoutIfNeeded()
      if let completion { Transaction.scheduler { completion(true) } }
      return
    }
    View.animate(
      withDuration: Self.updateDuration, delay: 0, options: [.allowUserInteraction],
      animations: { self.layoutElements() }, completion: completion)
  }

  // MARK: Cells and supplementary views

  /// Registers the class of the cells for `identifier`: dequeuing makes one with
  /// `init(frame:)` when the queue is empty. `nil` removes the registration.
  public func register(
    _ cellClass: CollectionViewCell.Type?, forCellWithReuseIdentifier identifier: String
  ) {
    cellClasses[identifier] = cellClass
  }

  /// Registers the class of the supplementary views of `elementKind` for `identifier`.
  /// `nil` removes the registration.
  public func register(
    _ viewClass: CollectionReusableView.Type?, forSupplementaryViewOfKind elementKind: String,
    withReuseIdentifier identifier: String
  ) {
    supplementaryClasses[SupplementaryReuseKey(kind: elementKind, identifier: identifier)] =
      viewClass
  }

  /// A cell for the item at `indexPath`: one that scrolled off (after its
  /// `prepareForReuse()`), or a new one of the class registered for `identifier`. It
  /// already has the item's size. A class must be registered for `identifier`, as in UIKit.
  public func dequeueReusableCell(
    withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) -> CollectionViewCell {
    let cell = dequeue(
      from: &cellPool, identifier, identifier: identifier, registered: cellClasses[identifier],
      unregistered: "No cell class is registered for the reuse identifier \"\(identifier)\": "
        + "call register(_:forCellWithReuseIdentifier:) first")
    size(cell, as: layout.placementForItem(at: indexPath))
    return cell
  }

  /// A supplementary view of `elementKind` for `indexPath`: one that scrolled off (after
  /// its `prepareForReuse()`), or a new one of the class registered for the kind and
  /// `identifier`, which must be registered.
  public func dequeueReusableSupplementaryView(
    ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) -> CollectionReusableView {
    let key = SupplementaryReuseKey(kind: elementKind, identifier: identifier)
    let view = dequeue(
      from: &supplementaryPool, key, identifier: identifier, registered: supplementaryClasses[key],
      unregistered: "No class is registered for supplementary views of kind \(elementKind) with "
        + "the reuse identifier \"\(identifier)\": call "
        + "register(_:forSupplementaryViewOfKind:withReuseIdentifier:) first")
    let attributes = layout.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath)
    size(view, as: attributes?.placement)
    return view
  }

  /// A view waiting in `pool` under `key` (after its `prepareForReuse()`), or a new one of
  /// the registered class; without one the app stops with the `unregistered` message, as
  /// UIKit does.
  private func dequeue<Key: Hashable, Reusable: CollectionReusableView>(
    from pool: inout ReusePool<Key, Reusable>, _ key: Key, identifier: String,
    registered: Reusable.Type?, unregistered: @autoclosure () -> String
  ) -> Reusable {
    if let waiting = pool.pop(key) {
      waiting.prepareForReuse()
      return waiting
    }
    guard let registered else { preconditionFailure(unregistered()) }
    let made = pool.make { registered.init(reuseIdentifier: identifier) }
    return made
  }

  private func size(_ view: CollectionReusableView, as placement: CollectionElementPlacement?) {
    guard let size = placement?.size, view.bounds.size != size else { return }
    View.performWithoutAnimation { view.bounds = Rect(origin: view.bounds.origin, size: size) }
  }

  /// Puts a view that left in the queue of its kind and identifier.
  func enqueueForReuse(_ view: CollectionReusableView, kind: String?) {
    guard let identifier = view.reuseIdentifier else { return }
    if let cell = view as? CollectionViewCell, kind == nil {
      cellPool.push(cell, for: identifier)
    } else if let kind {
      supplementaryPool.push(view, for: SupplementaryReuseKey(kind: kind, identifier: identifier))
    }
  }

  /// How long batch updates and animated layout changes take.
  static let updateDuration = 0.3
}

/// A supplementary view in view: its kind and index path.
struct SupplementaryElementKey: Hashable {
  var kind: String
  var indexPath: IndexPath
}

/// The queue a supplementary view waits in: its kind and reuse identifier.
struct SupplementaryReuseKey: Hashable {
  var kind: String
  var identifier: String
}

extension CollectionView {
  /// How many cells the collection view made from registered classes (for tests of reuse).
  package var cellsMadeForTesting: Int { cellPool.madeCount }
  /// How many cells wait in the reuse queues.
  package var queuedCellsForTesting: Int { cellPool.count }
}
