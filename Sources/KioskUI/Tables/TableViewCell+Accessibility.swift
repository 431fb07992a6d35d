extension TableViewCell {
  /// The cell's label, as UIKit's cell makes it: the labels of what its content view holds
  /// (the text label, the detail label, a custom content view's labels and controls), in
  /// reading order, joined with ", " ("Espresso, 2.40 €"); `nil` when none has text.
  /// The content is laid out first, so that the order follows where the labels are.
  var describedLabel: String? {
    layoutIfNeeded()
    let labels = AccessibilityTree.elements(in: contentView).compactMap(\.accessibilityLabel)
    let texts = labels.filter { !$0.isEmpty }
    return texts.isEmpty ? nil : texts.joined(separator: ", ")
  }

  /// A button while its table lets rows be selected now; "selected" while selected or
  /// checked (a check mark accessory means chosen, and VoiceOver says so), "dimmed" never:
  /// a row that cannot be selected is simply not a button.
  var describedCellTraits: AccessibilityTraits {
    var traits: AccessibilityTraits = tableView?.allowsSelectionNow == true ? .button : []
    if isSelected || accessoryType == .checkmark { traits.insert(.selected) }
    return traits
  }

  /// Whether the content view shows a control, a text field or a text view, which a
  /// screen reader must reach on its own.
  var holdsInteractiveContent: Bool {
    func holds(_ view: View) -> Bool {
      view.subviews.contains { subview in
        !subview.isHidden && (subview is Control || subview is TextView || holds(subview))
      }
    }
    return holds(contentView)
  }

  /// A screen reader's double tap: selects the row as a tap does (see
  /// `TableView.cellActivated(_:)`); `false` outside a table.
  func activateAsTap() -> Bool { tableView?.cellActivated(self) ?? false }
}
