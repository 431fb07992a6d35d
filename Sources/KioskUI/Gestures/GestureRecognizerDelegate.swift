/// Fine-tunes a gesture recognizer: whether it may begin, which touches it sees, and how
/// it gets on with other recognizers. Every method has a default, so implement only what
/// you need.
///
/// ```swift
/// extension MapController: GestureRecognizerDelegate {
///   func gestureRecognizer(
///     _ gestureRecognizer: GestureRecognizer,
///     shouldRecognizeSimultaneouslyWith other: GestureRecognizer
///   ) -> Bool { true }  // pan and pinch together
/// }
/// ```
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
  /// Whether `gestureRecognizer` may leave `possible` and begin (or recognize); `false`
  /// makes it fail. The default is `true`.
  func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool

  /// Whether the two recognizers may recognize at the same time instead of one making the
  /// other fail. Either one's delegate saying `true` is enough. The default is `false`.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
  ) -> Bool

  /// Whether `gestureRecognizer` should get `touch` at all (asked when the touch begins).
  /// The default is `true`.
  func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch)
    -> Bool

  /// Whether `gestureRecognizer` must wait for `otherGestureRecognizer` to fail, for this
  /// gesture. The default is `false`.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
  ) -> Bool

  /// Whether `otherGestureRecognizer` must wait for `gestureRecognizer` to fail, for this
  /// gesture. The default is `false`.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
  ) -> Bool
}

extension GestureRecognizerDelegate {
  /// Lets the recognizer begin.
  public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    true
  }

  /// Recognizers exclude each other.
  public func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
  ) -> Bool { false }

  /// Every touch is received.
  public func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch
  ) -> Bool { true }

  /// No failure requirement.
  public func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldRequireFailureOf otherGestureRecognizer: GestureRecognizer
  ) -> Bool { false }

  /// No failure requirement.
  public func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldBeRequiredToFailBy otherGestureRecognizer: GestureRecognizer
  ) -> Bool { false }
}
