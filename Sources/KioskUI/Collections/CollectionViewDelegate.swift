import KioskGraphics

/// Hears what a person does with a collection view's items and when cells come and go. It
/// is a `ScrollViewDelegate` too; every method has a default, so implement only what you
/// need. Assign it to the collection view's `delegate`.
///
/// ```swift
/// extension ProductWall: CollectionViewDelegate {
///   func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
///     showDetail(of: products[indexPath.item])
///   }
/// }
/// ```
@MainActor
public protocol CollectionViewDelegate: ScrollViewDelegate {
  /// Whether a finger on the item highlights it. The default is `true`.
  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath)
    -> Bool
  /// The item was highlighted (a finger rests on it).
  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath)
  /// The item's highlight went (the finger lifted or a scroll took it).
  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath)
  /// Whether a tap may select the item. The default is `true`.
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
    -> Bool
  /// A person selected the item.
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  /// Whether a tap may deselect the item (multiple selection). The default is `true`.
  func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath)
    -> Bool
  /// A person deselected the item (tapping it with multiple selection, or selecting
  /// another).
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
  /// `cell` is about to show the item at `indexPath`.
  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: IndexPath)
  /// `cell` stopped showing the item at `indexPath` (it scrolled off, or the item went).
  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath)
  /// A supplementary view is about to show.
  func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath)
  /// A supplementary view stopped showing.
  func collectionView(
    _ collectionView: CollectionView,
    didEndDisplayingSupplementaryView view: CollectionReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath)
}

extension CollectionViewDelegate {
  /// `true`.
  public func collectionView(
    _ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath
  ) -> Bool { true }
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath
  ) {}
  /// `true`.
  public func collectionView(
    _ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath
  ) -> Bool { true }
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath
  ) {}
  /// `true`.
  public func collectionView(
    _ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath
  ) -> Bool { true }
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath
  ) {}
  /// Does nothing.
  public func collectionView(
    _ collectionView: CollectionView,
    didEndDisplayingSupplementaryView view: CollectionReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath
  ) {}
}

/// A collection view delegate that sizes a flow layout's items, insets, spacings, headers
/// and footers per section and item, like UIKit's `UICollectionViewDelegateFlowLayout`.
/// Each method's default returns the layout's own property.
///
/// ```swift
/// extension ProductWall: CollectionViewDelegateFlowLayout {
///   func collectionView(
///     _ collectionView: CollectionView, layout: CollectionViewLayout,
///     sizeForItemAt indexPath: IndexPath
///   ) -> Size {
///     indexPath.item == 0 ? Size(width: 310, height: 180) : Size(width: 150, height: 180)
///   }
/// }
/// ```
@MainActor
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate {
  /// The size of the item at `indexPath`. The default is the layout's `itemSize`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size
  /// The margins around `section`'s items. The default is the layout's `sectionInset`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets
  /// The least space between `section`'s lines. The default is the layout's
  /// `minimumLineSpacing`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> Double
  /// The least space between items of a line in `section`. The default is the layout's
  /// `minimumInteritemSpacing`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> Double
  /// The size of `section`'s header (zero: none). The default is the layout's
  /// `headerReferenceSize`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> Size
  /// The size of `section`'s footer (zero: none). The default is the layout's
  /// `footerReferenceSize`.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> Size
}

extension CollectionViewDelegateFlowLayout {
  private func flow(_ layout: CollectionViewLayout) -> CollectionViewFlowLayout? {
    layout as? CollectionViewFlowLayout
  }

  /// The layout's `itemSize`.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> Size { flow(collectionViewLayout)?.itemSize ?? .zero }

  /// The layout's `sectionInset`.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets { flow(collectionViewLayout)?.sectionInset ?? .zero }

  /// The layout's `minimumLineSpacing`.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> Double { flow(collectionViewLayout)?.minimumLineSpacing ?? 0 }

  /// The layout's `minimumInteritemSpacing`.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> Double { flow(collectionViewLayout)?.minimumInteritemSpacing ?? 0 }

  /// The layout's `headerReferenceSize`.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> Size { flow(collectionViewLayout)?.headerReferenceSize ?? .zero }

  /// The layout's `footerReferenceSize`.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    referenceSizeForFooterInSection section: Int
  ) -> Size { flow(collectionViewLayout)?.footerReferenceSize ?? .zero }
}
