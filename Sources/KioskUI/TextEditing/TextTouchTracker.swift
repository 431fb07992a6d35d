import KioskGraphics

/// What a finger does on a text field or a text view: a tap begins editing and places the
/// caret, a long press (recognised while the finger is still down) places the caret and
/// lets a drag move it, a double tap selects a word, a selection handle extends the
/// selection, a tap on the caret or a long press shows the edit menu. In a text field any
/// drag moves the caret.
@MainActor
final class TextTouchTracker {
  private enum Drag { case none, caret, startHandle, endHandle }
  private var start = Point.zero
  private var drag = Drag.none
  private var moved = false
  private var didLongPress = false
  private var wasEditing = false
  private var onClearButton = false
  private var longPressTimer: ScheduledAction?

  /// How long a finger rests before it is a long press, in seconds.
  static let longPressDuration = 0.5
  /// How far (points) a finger moves before a tap becomes a drag.
  static let dragDistance = 8.0

  /// Whether the finger is dragging a selection handle.
  var isDraggingHandle: Bool { drag == .startHandle || drag == .endHandle }
  /// Whether the finger moves the caret (after a long press, or a drag in a text field).
  var isDraggingCaret: Bool { drag == .caret }

  func reset() {
    longPressTimer?.cancel()
    longPressTimer = nil
    drag = .none
    moved = false
    didLongPress = false
    onClearButton = false
  }

  func begin(_ touch: Touch, in field: any TextTouchTarget) {
    reset()
    start = touch.location(in: field)
    wasEditing = field.isEditing
    if let clearButton = field.tappableClearButton, !clearButton.isHidden,
      clearButton.frame.contains(start)
    {
      onClearButton = true
      return
    }
    if let handle = field.selectionHandle(at: touch) {
      drag = handle.isStart ? .startHandle : .endHandle
      EditMenu.shared.hide(for: field)
      return
    }
    longPressTimer = ScheduledAction.after(Self.longPressDuration) { [weak self, weak field] in
      guard let self, let field, field.isEditing, !self.moved else { return }
      self.didLongPress = true
      self.drag = .caret
      self.placeCaret(at: self.start, in: field)
    }
  }

  func move(_ touch: Touch, in field: any TextTouchTarget) {
    let point = touch.location(in: field)
    if !moved, point.distance(to: start) > Self.dragDistance {
      moved = true
      if drag == .none, field.isEditing, field.dragMovesCaret, !onClearButton { drag = .caret }
    }
    switch drag {
    case .none: return
    case .caret:
      EditMenu.shared.hide(for: field)
      placeCaret(at: point, in: field)
    case .startHandle, .endHandle:
      field.editor.moveSelectionHandle(
        isStart: drag == .startHandle, to: field.offset(closestTo: point))
    }
  }

  func end(_ touch: Touch?, in field: any TextTouchTarget) {
    longPressTimer?.cancel()
    longPressTimer = nil
    defer { reset() }
    let point = touch?.location(in: field) ?? start
    if onClearButton {
      if let clearButton = field.tappableClearButton,
        clearButton.frame.insetBy(dx: -10, dy: -10).contains(point)
      {
        field.clearButtonTapped()
      }
      return
    }
    switch drag {
    case .startHandle, .endHandle:
      EditMenu.shared.show(for: field)
      return
    case .caret:
      if didLongPress { EditMenu.shared.show(for: field) }
      return
    case .none: break
    }
    guard field.bounds.contains(point) else { return }
    if !field.isEditing {
      guard field.becomeFirstResponder() else { return }
      placeCaret(at: point, in: field)
      return
    }
    if (touch?.tapCount ?? 1) >= 2 {
      field.editor.selectWord(at: field.offset(closestTo: point))
      EditMenu.shared.show(for: field)
      return
    }
    let offset = field.offset(closestTo: point)
    let selection = field.editor.selection
    if wasEditing, selection.isEmpty, offset == selection.lowerBound {
      EditMenu.shared.toggle(for: field)
    } else {
      EditMenu.shared.hide(for: field)
      field.editor.setSelection(offset..<offset)
    }
  }

  private func placeCaret(at point: Point, in field: any TextTouchTarget) {
    let offset = field.offset(closestTo: point)
    field.editor.setSelection(offset..<offset)
  }
}
