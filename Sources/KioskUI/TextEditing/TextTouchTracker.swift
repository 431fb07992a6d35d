import KioskGraphics

/// What a finger does on a text field: a tap begins editing and places the caret, a drag
/// or a long press moves the caret, a double tap selects a word, a selection handle
/// extends the selection, a tap on the caret or a long press shows the edit menu.
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

  func reset() {
    longPressTimer?.cancel()
    longPressTimer = nil
    drag = .none
    moved = false
    didLongPress = false
    onClearButton = false
  }

  func begin(_ touch: Touch, in field: TextField) {
    reset()
    start = touch.location(in: field)
    wasEditing = field.isEditing
    if !field.clearButton.isHidden, field.clearButton.frame.contains(start) {
      onClearButton = true
      return
    }
    if field.isEditing {
      for handle in field.selectionHandles where !handle.isHidden {
        if handle.frame.insetBy(dx: -12, dy: -12).contains(start) {
          drag = handle.isStart ? .startHandle : .endHandle
          EditMenu.shared.hide(for: field)
          return
        }
      }
    }
    longPressTimer = ScheduledAction.after(Self.longPressDuration) { [weak self, weak field] in
      guard let self, let field, field.isEditing, !self.moved else { return }
      self.didLongPress = true
      self.drag = .caret
      self.placeCaret(at: self.start, in: field)
    }
  }

  func move(_ touch: Touch, in field: TextField) {
    let point = touch.location(in: field)
    if !moved, point.distance(to: start) > Self.dragDistance {
      moved = true
      if drag == .none, field.isEditing, !onClearButton { drag = .caret }
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

  func end(_ touch: Touch?, in field: TextField) {
    longPressTimer?.cancel()
    longPressTimer = nil
    defer { reset() }
    let point = touch?.location(in: field) ?? start
    if onClearButton {
      if field.clearButton.frame.insetBy(dx: -10, dy: -10).contains(point) {
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

  private func placeCaret(at point: Point, in field: TextField) {
    let offset = field.offset(closestTo: point)
    field.editor.setSelection(offset..<offset)
  }
}
