import KioskGraphics

/// What `TextTouchTracker` needs of the control a finger is on: a text field or a text
/// view.
@MainActor
protocol TextTouchTarget: EditMenuHost {
  var editor: TextEditor { get }
  /// The caret offset nearest to `point`, in the control's coordinates.
  func offset(closestTo point: Point) -> Int
  /// The visible selection handle where `touch` went down (with a margin for a fingertip),
  /// while editing.
  func selectionHandle(at touch: Touch) -> SelectionHandleView?
  /// Whether a finger that moves moves the caret (a text field); in a text view it scrolls
  /// unless a long press came first.
  var dragMovesCaret: Bool { get }
  /// The clear button a tap may land on (a text field's), if the control has one.
  var tappableClearButton: ClearButtonView? { get }
  /// A tap landed on the clear button.
  func clearButtonTapped()
}

extension TextTouchTarget {
  var tappableClearButton: ClearButtonView? { nil }
  func clearButtonTapped() {}
}
