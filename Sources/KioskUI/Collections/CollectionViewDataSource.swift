import KioskGraphics

/// Tells a collection view what it shows: how many sections and items, the cell of each
/// item and the supplementary views (headers, footers) its layout asks for. The item count
/// and the cells are required.
///
/// ```swift
/// extension ProductWall: CollectionViewDataSource {
///   func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
///     -> Int
///   { products.count }
///   func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
///     -> CollectionViewCell
///   {
///     let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "product", for: indexPath)
///     cell.backgroundColor = products[indexPath.item].color
///     return cell
///   }
/// }
/// ```
@MainActor
public protocol CollectionViewDataSource: AnyObject {
  /// How many sections the collection view has. The default is 1.
  func numberOfSections(in collectionView: CollectionView) -> Int
  /// How many items `section` has.
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  /// The cell showing the item at `indexPath`: one from
  /// `dequeueReusableCell(withReuseIdentifier:for:)`, filled in for this item.
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  /// The supplementary view of `kind` (such as `CollectionView.elementKindSectionHeader`)
  /// at `indexPath`: one from `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`.
  /// Asked only when the layout gives such a view a size; the default stops the app with a
  /// message saying to implement it, as UIKit does.
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> CollectionReusableView
}

extension CollectionViewDataSource {
  /// One section.
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  /// Stops: a layout that shows headers or footers needs this method.
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> CollectionReusableView {
    preconditionFailure(
      "The layout shows a supplementary view of kind \(kind) at \(indexPath): the data source "
        + "must implement collectionView(_:viewForSupplementaryElementOfKind:at:)")
  }
}
