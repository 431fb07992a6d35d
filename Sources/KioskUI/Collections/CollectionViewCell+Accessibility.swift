extension CollectionViewCell {
  /// The collection view showing the cell (its superview), if any.
  var showingCollectionView: CollectionView? { superview as? CollectionView }

  /// The cell's label: the labels of what its content view holds, in reading order,
  /// joined with ", ", as a table cell's; `nil` when none has text.
  var describedLabel: String? {
    layoutIfNeeded()
    let labels = AccessibilityTree.elements(in: contentView).compactMap(\.accessibilityLabel)
    let texts = labels.filter { !$0.isEmpty }
    return texts.isEmpty ? nil : texts.joined(separator: ", ")
  }

  /// A button while its collection view allows selection; "selected" while selected.
  var describedCellTraits: AccessibilityTraits {
    var traits: AccessibilityTraits = showingCollectionView?.allowsSelection == true ? .button : []
    if isSelected { traits.insert(.selected) }
    return traits
  }

  /// A screen reader's double tap: selects the item as a tap does (see
  /// `CollectionView.cellActivated(_:)`); `false` outside a collection view.
  func activateAsTap() -> Bool { showingCollectionView?.cellActivated(self) ?? false }
}
