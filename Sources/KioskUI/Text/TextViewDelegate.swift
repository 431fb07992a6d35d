import FoundationEssentials

/// What a text view asks and tells its delegate while it is edited, as
/// `UITextViewDelegate` (which extends `UIScrollViewDelegate`; a text view's scrolling
/// delegate is its `ScrollView.delegate`). Every method has a default.
@MainActor
public protocol TextViewDelegate: AnyObject {
  /// Whether editing may begin.
  func textViewShouldBeginEditing(_ textView: TextView) -> Bool
  /// Editing began.
  func textViewDidBeginEditing(_ textView: TextView)
  /// Whether editing may end.
  func textViewShouldEndEditing(_ textView: TextView) -> Bool
  /// Editing ended.
  func textViewDidEndEditing(_ textView: TextView)
  /// Whether the text in `range` (UTF-16 units) may become `text`.
  func textView(
    _ textView: TextView, shouldChangeTextIn range: TextRange, replacementText text: String
  )
    -> Bool
  /// The person changed the text.
  func textViewDidChange(_ textView: TextView)
  /// The selection or the caret moved.
  func textViewDidChangeSelection(_ textView: TextView)
}

extension TextViewDelegate {
  public func textViewShouldBeginEditing(_ textView: TextView) -> Bool { true }
  public func textViewDidBeginEditing(_ textView: TextView) {}
  public func textViewShouldEndEditing(_ textView: TextView) -> Bool { true }
  public func textViewDidEndEditing(_ textView: TextView) {}
  public func textView(
    _ textView: TextView, shouldChangeTextIn range: TextRange, replacementText text: String
  ) -> Bool { true }
  public func textViewDidChange(_ textView: TextView) {}
  public func textViewDidChangeSelection(_ textView: TextView) {}
}
