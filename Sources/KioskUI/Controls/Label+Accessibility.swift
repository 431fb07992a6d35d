extension Label {
  /// A label is one element, read as static text, once it has text to read; an empty
  /// label is skipped (UIKit's rule).
  var describedAsElement: Bool { !(text ?? "").isEmpty }
}
