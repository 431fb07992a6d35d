import FoundationEssentials

/// Takes keys into the text input being edited: the on-screen keyboard's and the hardware
/// keyboard's, through the input method of the current language when it has one (its
/// pre-edit becomes marked text, its candidates fill the candidate bar). Hardware keys that
/// type or edit repeat while held; Shift turns on by itself where the input's
/// `autocapitalizationType` asks for a capital.
@MainActor
final class KeyRouter {
  /// The system whose input, input method and keyboard the keys go to.
  private unowned let system: TextInputSystem
  /// What the input method is composing.
  private(set) var composition = InputMethodComposition()
  private var repeatTimer: ScheduledAction?
  private var repeatingPress: Press?

  init(system: TextInputSystem) {
    self.system = system
  }

  private var input: (Responder & TextInput)? { system.input }
  private var inputMethod: InputMethod? { system.inputMethod }
  private var keyboardView: OnScreenKeyboardView? { system.keyboardWindow?.keyboardView }

  // MARK: The composition

  /// Ends what the input method was composing in `input`, leaving its pre-edit out.
  func resetComposition(of input: Responder & TextInput) {
    if !composition.isEmpty || input.markedTextRange != nil {
      inputMethod?.reset()
      composition = InputMethodComposition()
      input.unmarkText()
      keyboardView?.candidateBar.composition = composition
    }
  }

  /// Forgets the composition (the app is about to set the text).
  func discardComposition() {
    inputMethod?.reset()
    composition = InputMethodComposition()
    keyboardView?.candidateBar.composition = composition
  }

  // MARK: Keys of the on-screen keyboard

  func keyboardDidType(_ text: String) {
    guard let input else { return }
    if let inputMethod, text.count == 1, text.first?.isLetter == true || text == "'" {
      let result = inputMethod.handle(.text(text.lowercased()))
      if result.handled {
        apply(result, to: input)
        return
      }
    }
    if !composition.isEmpty, let inputMethod {
      // Punctuation ends the composition: commit what the input method would, then type.
      apply(inputMethod.handle(.space), to: input)
    }
    input.insertText(text)
    afterTyping()
  }

  func keyboardDidTapBackspace() {
    guard let input else { return }
    if let inputMethod, !composition.isEmpty {
      apply(inputMethod.handle(.backspace), to: input)
      return
    }
    input.deleteBackward()
    afterTyping()
  }

  func keyboardDidTapSpace() {
    guard let input else { return }
    if let inputMethod, !composition.isEmpty {
      let result = inputMethod.handle(.space)
      if result.handled {
        apply(result, to: input)
        return
      }
    }
    input.insertText(" ")
    afterTyping()
  }

  func keyboardDidTapReturn() {
    guard let input else { return }
    if let inputMethod, !composition.isEmpty {
      let result = inputMethod.handle(.enter)
      if result.handled {
        apply(result, to: input)
        return
      }
    }
    input.returnKeyPressed()
    afterTyping()
  }

  func keyboardDidTapLanguage() {
    system.switchLanguage()
  }

  func keyboardDidTapHide() {
    guard let input else { return }
    if !input.resignFirstResponder() {
      // The delegate keeps editing going: only the keyboard goes.
      system.hideKeyboard(animated: true)
    }
  }

  func selectCandidate(at index: Int) {
    guard let input, let inputMethod else { return }
    apply(inputMethod.selectCandidate(at: index), to: input)
  }

  func turnCandidatePage(_ forward: Bool) {
    guard let input, let inputMethod else { return }
    apply(inputMethod.turnCandidatePage(forward: forward), to: input)
  }

  /// Puts a result the input method gave without a key into the input being edited (the
  /// keys held while it was prepared, given to it when it became ready).
  func applyWithoutKey(_ result: InputMethodResult) {
    guard let input else { return }
    apply(result, to: input)
  }

  /// Puts an input method's result into the input: committed text typed, the pre-edit as
  /// marked text, the candidates in the bar.
  private func apply(_ result: InputMethodResult, to input: Responder & TextInput) {
    if !result.committed.isEmpty { input.insertText(result.committed) }
    composition = result.composition
    if composition.preedit.isEmpty {
      if input.markedTextRange != nil { input.setMarkedText(nil, selectedRange: TextRange()) }
    } else {
      let caret = min(composition.caret, composition.preedit.count)
      let utf16Caret = composition.preedit.prefix(caret).utf16.count
      input.setMarkedText(
        composition.preedit, selectedRange: TextRange(location: utf16Caret, length: 0))
    }
    keyboardView?.candidateBar.composition = composition
    afterTyping()
  }

  /// The return key and Shift follow the input's new text.
  func afterTyping() {
    guard let input, let view = keyboardView else { return }
    view.isReturnKeyEnabled = !input.enablesReturnKeyAutomatically || input.hasText
    updateAutoShift()
  }

  /// Shift on by itself where `autocapitalizationType` asks for a capital.
  func updateAutoShift() {
    guard let input, let view = keyboardView, view.plane == .letters, view.shift != .locked
    else { return }
    let wantsCapital: Bool
    // An input method converts the letters: there is nothing to capitalise.
    switch inputMethod == nil ? input.autocapitalizationType : .none {
    case .none: wantsCapital = false
    case .allCharacters: wantsCapital = true
    case .words:
      let before = Self.textEnding(at: input.selectedRange.location, in: input)
      wantsCapital = before.isEmpty || before.last?.isWhitespace == true
    case .sentences:
      let before = Self.textEnding(at: input.selectedRange.location, in: input)
      let lastLetter = before.last { !$0.isWhitespace }
      wantsCapital =
        lastLetter == nil
        || (before.last?.isWhitespace == true && [".", "!", "?"].contains(lastLetter))
    }
    view.setShift(wantsCapital ? .on : .off)
  }

  /// The end of the text before `caret`: enough of it to hold a character that is not white
  /// space (or all of it), so that deciding on a capital does not copy a long text on every
  /// key.
  private static func textEnding(at caret: Int, in input: TextInput) -> Substring {
    var length = min(caret, 16)
    while true {
      let text = input.text(in: TextRange(location: caret - length, length: length)) ?? ""
      if length == caret { return text[...] }
      // The first character may be cut in two where the range began: it is left out.
      let end = text.dropFirst()
      if end.contains(where: { !$0.isWhitespace }) { return end }
      length = min(caret, length * 4)
    }
  }

  // MARK: Hardware keys

  /// A hardware key went down in `input`; returns whether it was used. Keys that type or
  /// edit repeat while held (`input.repeat-delay`, `input.repeat-rate`).
  func hardwareKeyBegan(_ key: Key, press: Press, in input: Responder & TextInput) -> Bool {
    guard let editor = (input as? TextEditorOwner)?.textEditor else { return false }
    let handled = handleHardware(key, input: input, editor: editor)
    guard handled else { return false }
    stopRepeat()
    let settings = system.settings
    if TextEditor.repeats(key), settings.repeatRate > 0 {
      repeatingPress = press
      let interval = 1 / settings.repeatRate
      repeatTimer = ScheduledAction.after(settings.repeatDelay, repeating: interval) {
        [weak self, weak press] in
        guard let self, let press, press.phase == .began || press.phase == .changed,
          let input = self.input
        else {
          self?.stopRepeat()
          return
        }
        _ = self.handleHardware(key, input: input, editor: editor)
      }
    }
    return true
  }

  private func handleHardware(_ key: Key, input: Responder & TextInput, editor: TextEditor) -> Bool
  {
    if let inputMethod, !key.modifierFlags.contains(.control) {
      let imeKey: InputMethodKey? =
        switch key.keyCode {
        case TextEditor.KeyCode.backspace: composition.isEmpty ? nil : .backspace
        case TextEditor.KeyCode.enter, TextEditor.KeyCode.keypadEnter:
          composition.isEmpty ? nil : .enter
        case TextEditor.KeyCode.escape: composition.isEmpty ? nil : .escape
        case 57: composition.isEmpty ? nil : .space
        default: key.characters.count == 1 && key.characters != " " ? .text(key.characters) : nil
        }
      if let imeKey {
        let result = inputMethod.handle(imeKey)
        if result.handled {
          apply(result, to: input)
          return true
        }
      }
    }
    let handled = editor.handle(key)
    if handled { afterTyping() }
    return handled
  }

  /// The presses a text field or text view being edited does not use (they go up the
  /// responder chain); the others were typed.
  func unhandledPresses(_ presses: Set<Press>, in input: Responder & TextInput, isEditing: Bool)
    -> Set<Press>
  {
    presses.filter { press in
      guard isEditing, let key = press.key else { return true }
      return !hardwareKeyBegan(key, press: press, in: input)
    }
  }

  func hardwarePressesEnded(_ presses: Set<Press>) {
    if let repeatingPress, presses.contains(repeatingPress) { stopRepeat() }
  }

  func stopRepeat() {
    repeatTimer?.cancel()
    repeatTimer = nil
    repeatingPress = nil
  }
}
