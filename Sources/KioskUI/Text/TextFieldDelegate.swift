import FoundationEssentials

/// What a text field asks and tells its delegate while it is edited, as
/// `UITextFieldDelegate`. Every method has a default: allow, and do nothing.
@MainActor
public protocol TextFieldDelegate: AnyObject {
  /// Whether editing may begin (a tap, or `becomeFirstResponder()`).
  func textFieldShouldBeginEditing(_ textField: TextField) -> Bool
  /// Editing began: the field is first responder.
  func textFieldDidBeginEditing(_ textField: TextField)
  /// Whether editing may end (`resignFirstResponder()`, `endEditing(false)`).
  func textFieldShouldEndEditing(_ textField: TextField) -> Bool
  /// Editing ended.
  func textFieldDidEndEditing(_ textField: TextField)
  /// Whether the text in `range` (UTF-16 units) may become `string`: typing, deleting,
  /// pasting, the clear button. Return `false` to refuse (a length limit, digits only).
  func textField(
    _ textField: TextField, shouldChangeCharactersIn range: TextRange,
    replacementString string: String
  ) -> Bool
  /// Whether the clear button may empty the field.
  func textFieldShouldClear(_ textField: TextField) -> Bool
  /// Return was tapped: return `true` to let the field handle it (it sends
  /// `.editingDidEndOnExit`, which ends editing when an action is registered for it).
  func textFieldShouldReturn(_ textField: TextField) -> Bool
  /// The selection or the caret moved.
  func textFieldDidChangeSelection(_ textField: TextField)
}

extension TextFieldDelegate {
  public func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { true }
  public func textFieldDidBeginEditing(_ textField: TextField) {}
  public func textFieldShouldEndEditing(_ textField: TextField) -> Bool { true }
  public func textFieldDidEndEditing(_ textField: TextField) {}
  public func textField(
    _ textField: TextField, shouldChangeCharactersIn range: TextRange,
    replacementString string: String
  ) -> Bool { true }
  public func textFieldShouldClear(_ textField: TextField) -> Bool { true }
  public func textFieldShouldReturn(_ textField: TextField) -> Bool { true }
  public func textFieldDidChangeSelection(_ textField: TextField) {}
}
