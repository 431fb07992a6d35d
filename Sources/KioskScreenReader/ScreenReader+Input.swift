import KioskGraphics
import KioskUI

extension ScreenReader: AccessibilityInputFilter {
  /// Takes every touch while running: recognises VoiceOver's gestures in them and does what
  /// they ask. Fingers that come down on an element with `allowsDirectInteraction` (while
  /// no gesture is in progress) go to the app instead, until they lift.
  public func filterTouches(_ samples: [TouchSample], on screen: Screen, at time: Double) -> Bool {
    if passesDirectly(samples) { return false }
    self.screen = screen
    for gesture in gestureTracker.handle(samples, at: time) { perform(gesture) }
    if samples.contains(where: { $0.phase == .began }), gestureTracker.hasOneFingerDown {
      holdTimer?.cancel()
      holdTimer = ScheduledAction.after(ReaderGestureTracker.exploreDelay) { [weak self] in
        self?.holdDidElapse()
      }
    }
    return true
  }

  /// A finger rested long enough: what is under it is explored.
  private func holdDidElapse() {
    holdTimer = nil
    guard isRunning, let gesture = gestureTracker.holdElapsed(at: Transaction.clock()) else {
      return
    }
    perform(gesture)
  }

  /// Whether `samples` belong to fingers on a direct-interaction element.
  private func passesDirectly(_ samples: [TouchSample]) -> Bool {
    for sample in samples where sample.phase == .began {
      guard directFingers.isEmpty ? gestureTracker.isIdle : true,
        directFingers.isEmpty ? isDirectInteraction(at: sample.location) : true
      else { continue }
      directFingers.insert(sample.id)
    }
    guard samples.contains(where: { directFingers.contains($0.id) }) else { return false }
    for sample in samples where sample.phase == .ended || sample.phase == .cancelled {
      directFingers.remove(sample.id)
    }
    return true
  }

  private func isDirectInteraction(at point: Point) -> Bool {
    element(at: point)?.accessibilityTraits.contains(.allowsDirectInteraction) ?? false
  }

  /// Uses the keypad's keys (see `KeypadCommand`); other keys, and digits, go on to the
  /// app. A digit while the focus is a text field that is not being edited first starts
  /// editing it (as activating it would), so that the digit is typed there. Enter while the
  /// focused field is being edited goes to the field (its return key); Escape and Backspace
  /// go to the app while any field is being edited. While a field that needs letters is
  /// edited, the arrows move through the on-screen keyboard's keys (when they are
  /// elements) and Enter types the focused key.
  public func filterPresses(_ samples: [PressSample], at time: Double) -> Bool {
    var unused: [PressSample] = []
    for sample in samples where !handlePress(sample) { unused.append(sample) }
    if unused.isEmpty { return true }
    if unused.count == samples.count { return false }
    application?.sendPressesBypassingAccessibilityFilter(unused)
    return true
  }

  /// Handles one key change; `true` when the reader used it.
  private func handlePress(_ sample: PressSample) -> Bool {
    let code = sample.key.keyCode
    switch sample.phase {
    case .changed: return consumedKeys.contains(code)
    case .ended, .cancelled: return consumedKeys.remove(code) != nil
    case .began: break
    }
    let editing = isEditingText(focusedElement)
    if KeypadCommand.isDigit(code) {
      if let focus = focusedElement, isTextEntry(focus), !editing { activateFocus() }
      return false
    }
    let editedField = editing ? focusedElement : elements.first { isEditingText($0) }
    guard let command = KeypadCommand(keyCode: code, editingText: editedField != nil) else {
      return false
    }
    if command == .activate && editing || command == .escape && editedField != nil {
      return false
    }
    consumedKeys.insert(code)
    if isAdjustingFocus || command == .activate && isAdjustable(focusedElement) {
      adjustByKeypad(command, keyCode: code)
      return true
    }
    switch command {
    case .next: step(by: 1, in: keypadElements(editedField: editedField))
    case .previous: step(by: -1, in: keypadElements(editedField: editedField))
    case .activate: activateFocus()
    case .escape: escape()
    case .help: speakHint()
    }
    return true
  }

  /// The keypad on an adjustable element (a slider, a picker's wheel, a page control), as a
  /// keypad focus group's edit mode: Enter starts adjusting and says how; then up and right
  /// increment, down and left decrement, and Enter or Escape ends, saying the element again.
  /// (A flick up or down adjusts at any time; a keypad's arrows are needed for moving.)
  private func adjustByKeypad(_ command: KeypadCommand, keyCode: Int) {
    guard isAdjustingFocus else {
      isAdjustingFocus = true
      speak(Self.adjustingPrompt, interrupting: true, language: "en")
      return
    }
    switch command {
    case .next, .previous:
      let up = keyCode == KeypadCommand.Code.up || keyCode == KeypadCommand.Code.right
      if up { incrementFocus() } else { decrementFocus() }
    case .activate, .escape:
      isAdjustingFocus = false
      if let focus = focusedElement { speakElement(focus) }
    case .help: speakHint()
    }
  }

  /// What the reader says when the keypad starts adjusting an element.
  public static let adjustingPrompt = "Adjusting: up and down change the value, Enter ends"

  /// Whether `node` is adjustable (its value moves with a flick up or down).
  private func isAdjustable(_ node: (any AccessibilityNode)?) -> Bool {
    node?.accessibilityTraits.contains(.adjustable) ?? false
  }

  /// What the keypad's arrows move through: while a field that needs letters is being
  /// edited and the on-screen keyboard's keys are elements, the field and the keys (Enter
  /// on a key types it); otherwise every element.
  private func keypadElements(editedField: (any AccessibilityNode)?) -> [any AccessibilityNode] {
    let all = elements
    guard let field = editedField, needsLetters(field) else { return all }
    let keys = all.filter { $0.accessibilityTraits.contains(.keyboardKey) }
    return keys.isEmpty ? all : [field] + keys
  }

  /// Whether `field` takes more than digits (a keypad's digit keys cannot type it).
  private func needsLetters(_ field: any AccessibilityNode) -> Bool {
    guard let textField = field as? TextField else { return true }
    return ![.numberPad, .phonePad, .decimalPad].contains(textField.keyboardType)
  }

  /// Whether `node` takes text: a text field or view, or an element with `textEntry`.
  func isTextEntry(_ node: any AccessibilityNode) -> Bool {
    node is TextField || node is TextView || node.accessibilityTraits.contains(.textEntry)
  }

  /// Whether `node` is a text field or view being edited now.
  func isEditingText(_ node: (any AccessibilityNode)?) -> Bool {
    guard let node else { return false }
    if let field = node as? TextField { return field.isEditing }
    if let view = node as? TextView { return view.isFirstResponder }
    return node.accessibilityTraits.contains(.isEditing)
  }
}
