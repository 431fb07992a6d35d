extension TextView {
  /// The value: the text, or for a secure text view only how many characters it holds, as
  /// a secure field (see `TextField.accessibilityValue`).
  var describedValue: String? {
    if isSecureTextEntry { return Accessibility.secureTextValue(count: editor.text.count) }
    return editor.text.isEmpty ? nil : editor.text
  }

  /// `.textEntry` (with `.isEditing` while edited) for an editable text view; a text view
  /// that cannot be edited is read as static text, as UIKit reads it.
  var describedTextTraits: AccessibilityTraits {
    guard isEditable else { return .staticText }
    return isEditing ? [.textEntry, .isEditing] : .textEntry
  }

  /// A screen reader's double tap: begins editing (the on-screen keyboard comes up);
  /// `false` when the text view is not editable or its delegate said no.
  func activateForEditing() -> Bool { isFirstResponder || becomeFirstResponder() }
}
