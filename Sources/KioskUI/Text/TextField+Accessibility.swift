extension TextField {
  /// The label a field gives itself: its placeholder, as UIKit's text field does when the
  /// app set no label (the placeholder is what a sighted person reads as the field's name).
  var describedLabel: String? {
    guard let placeholder, !placeholder.isEmpty else { return nil }
    return placeholder
  }

  /// The value: the text, or for a secure field only how many characters it holds ("5
  /// characters"), so that a screen reader, a log of what it spoke, or `kioskctl
  /// accessibility` never carries a password. UIKit speaks bullets; KioskKit speaks the
  /// count instead, since "bullet" spoken eight times tells the person less.
  var describedValue: String? {
    if isSecureTextEntry { return Accessibility.secureTextValue(count: editor.text.count) }
    return editor.text.isEmpty ? nil : editor.text
  }

  /// Whether the field counts as a search field: KioskKit has no `UISearchTextField`, so a
  /// field whose return key says "Search" is one.
  var isDescribedAsSearchField: Bool { returnKeyType == .search }

  /// `.textEntry`, `.searchField` for a search field, `.isEditing` while it is being
  /// edited, "dimmed" while disabled.
  var describedTextTraits: AccessibilityTraits {
    var traits = describedTraits(.textEntry)
    if isDescribedAsSearchField { traits.insert(.searchField) }
    if isEditing { traits.insert(.isEditing) }
    return traits
  }

  /// A screen reader's double tap: begins editing, which brings up the on-screen
  /// keyboard; `false` when the field cannot be edited (disabled, or the delegate said no).
  func activateForEditing() -> Bool { isFirstResponder || becomeFirstResponder() }
}
