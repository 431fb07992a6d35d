import KioskGraphics

/// A controller whose view is a collection view, like UIKit's
/// `UICollectionViewController`: it makes the collection view with the layout it was given
/// (the controller is its data source and delegate) and clears the selection when it
/// appears again (coming back from an item's detail).
///
/// Override the data source and delegate methods you need; the defaults describe an empty
/// collection.
///
/// ```swift
/// final class ProductWall: CollectionViewController {
///   let products = Product.all
///   override func viewDidLoad() {
///     super.viewDidLoad()
///     collectionView.register(ProductCell.self, forCellWithReuseIdentifier: "product")
///   }
///   override func collectionView(
///     _ collectionView: CollectionView, numberOfItemsInSection section: Int
///   ) -> Int { products.count }
///   override func collectionView(
///     _ collectionView: CollectionView, cellForItemAt indexPath: IndexPath
///   ) -> CollectionViewCell {
///     collectionView.dequeueReusableCell(withReuseIdentifier: "product", for: indexPath)
///   }
/// }
/// let wall = ProductWall(collectionViewLayout: CollectionViewFlowLayout())
/// ```
@MainActor
open class CollectionViewController: ViewController, CollectionViewDataSource,
  CollectionViewDelegate
{
  /// The layout the collection view is made with (and has, until it is given another).
  public var collectionViewLayout: CollectionViewLayout {
    viewIfLoaded == nil ? initialLayout : collectionView.collectionViewLayout
  }

  /// Whether the selected items are deselected (animated) each time the controller is about
  /// to appear. The default is `true`.
  open var clearsSelectionOnViewWillAppear = true

  private let initialLayout: CollectionViewLayout
  /// The collection view when the view is something else (a subclass's own `loadView`).
  private var embeddedCollectionView: CollectionView?

  /// Creates a controller whose collection view uses `layout`.
  public init(collectionViewLayout layout: CollectionViewLayout) {
    initialLayout = layout
    super.init()
  }

  /// Creates a controller with a vertical flow layout.
  public convenience override init() {
    self.init(collectionViewLayout: CollectionViewFlowLayout())
  }

  /// The collection view: the controller's view (loaded when first asked for).
  public var collectionView: CollectionView {
    contentView(
      embedded: { embeddedCollectionView }, keep: { embeddedCollectionView = $0 },
      make: makeCollectionView)
  }

  /// Makes the collection view (the controller is its data source and delegate) as the
  /// view.
  open override func loadView() {
    view = makeCollectionView()
  }

  private func makeCollectionView() -> CollectionView {
    let collectionView = CollectionView(
      frame: Rect(origin: .zero, size: Screen.main.bounds.size),
      collectionViewLayout: initialLayout)
    collectionView.dataSource = self
    collectionView.delegate = self
    return collectionView
  }

  /// Deselects the selected items when `clearsSelectionOnViewWillAppear` is on. Call
  /// `super` when you override it.
  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    guard clearsSelectionOnViewWillAppear, let collectionView = viewIfLoaded as? CollectionView
    else { return }
    for indexPath in collectionView.indexPathsForSelectedItems ?? [] {
      collectionView.deselectItem(at: indexPath, animated: animated)
    }
  }

  // MARK: Data source (override what you need)

  /// One section.
  open func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  /// No items.
  open func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  { 0 }

  /// A plain cell (only called for items you report).
  open func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    CollectionViewCell(frame: .zero)
  }

  /// Stops, as UIKit does: a layout that shows headers or footers needs this method.
  open func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> CollectionReusableView {
    preconditionFailure(
      "The layout shows a supplementary view of kind \(kind) at \(indexPath): override "
        + "collectionView(_:viewForSupplementaryElementOfKind:at:)")
  }

  // MARK: Delegate (override what you need)

  /// Nothing happens on selection.
  open func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
  }

  /// Nothing happens on deselection.
  open func collectionView(
    _ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath
  ) {}
}
