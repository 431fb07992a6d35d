import Foundation
import KioskGraphics

/// The keyboard side of text input, one per application: it shows the on-screen keyboard
/// while a text input is first responder (per `keyboardSettings` and whether a hardware
/// keyboard is attached), routes its keys and the hardware keyboard's into the input (through
/// the input method of the current language, if it has one), repeats held keys, posts the
/// keyboard notifications and scrolls scroll views so the field being edited stays above
/// the keyboard.
@MainActor
final class TextInputSystem {
  /// The application's text input system.
  static var shared: TextInputSystem { Application.shared.textInputSystem }

  /// The input being edited.
  private(set) weak var input: (Responder & TextInput)?
  private(set) var keyboardWindow: KeyboardWindow?
  /// Whether the keyboard is on screen (or sliding in).
  private(set) var isKeyboardVisible = false
  /// The keyboard's frame in screen points while it is shown.
  private(set) var keyboardFrame = Rect.zero

  private(set) var languages: [String] = ["en"]
  private(set) var languageIndex = 0
  /// The language last chosen with the language key.
  private var chosenLanguage: String?
  private var inputMethods: [String: InputMethod] = [:]
  /// Languages left out, with the reason (logged once).
  private(set) var unavailableLanguages: [String: String] = [:]
  private(set) var composition = InputMethodComposition()

  private var repeatTimer: ScheduledAction?
  private var repeatingPress: Press?
  private var scrollAdjustments: [(view: ScrollView, inset: Double)] = []
  private var hideIsQueued = false

  /// Where the system logs a language it left out; the runtime sets it to its logger.
  static var logHandler: (@MainActor (String) -> Void)?

  /// How long the keyboard takes to slide in or out, in seconds, and its curve.
  static let animationDuration = 0.25
  static let animationCurve = AnimationCurve.easeInOut

  init() {}

  var settings: KeyboardSettings { Application.shared.keyboardSettings }

  var language: String {
    languages.indices.contains(languageIndex) ? languages[languageIndex] : "en"
  }

  /// The input method of the current language, if it has one.
  var inputMethod: InputMethod? { inputMethods[language] }

  // MARK: Editing begins and ends

  func inputDidBeginEditing(_ input: Responder & TextInput) {
    if let old = self.input, old !== input { resetComposition(of: old) }
    self.input = input
    hideIsQueued = false
    stopRepeat()
    refreshLanguages()
    updateKeyboard(animated: true)
  }

  func inputWillEndEditing(_ input: Responder & TextInput) {
    guard self.input === input else { return }
    resetComposition(of: input)
    stopRepeat()
  }

  func inputDidEndEditing(_ input: Responder & TextInput) {
    guard self.input === input else { return }
    self.input = nil
    // Another field may take over in the same turn (Next): hide only if none did.
    hideIsQueued = true
    Transaction.scheduler { [weak self] in
      guard let self, self.hideIsQueued, self.input == nil else { return }
      self.hideIsQueued = false
      self.hideKeyboard(animated: true)
    }
  }

  func traitsDidChange(_ input: Responder & TextInput) {
    guard self.input === input else { return }
    configureKeyboard()
  }

  func inputWillChangeTextProgrammatically(_ input: Responder & TextInput) {
    guard self.input === input else { return }
    inputMethod?.reset()
    composition = InputMethodComposition()
    keyboardWindow?.keyboardView.candidateBar.composition = composition
  }

  /// The app set the text: Shift and the return key follow it.
  func inputDidChangeTextProgrammatically(_ input: Responder & TextInput) {
    guard self.input === input else { return }
    afterTyping()
  }

  private func resetComposition(of input: Responder & TextInput) {
    if !composition.isEmpty || input.markedTextRange != nil {
      inputMethod?.reset()
      composition = InputMethodComposition()
      input.unmarkText()
      keyboardWindow?.keyboardView.candidateBar.composition = composition
    }
  }

  /// The settings or the hardware keyboard changed.
  func settingsDidChange() {
    refreshLanguages()
    updateKeyboard(animated: true)
  }

  // MARK: Languages

  private func refreshLanguages() {
    let wanted = settings.languages.isEmpty ? ["en"] : settings.languages
    var usable: [String] = []
    for language in wanted where !usable.contains(language) {
      if unavailableLanguages[language] != nil { continue }
      if !KeyboardLayouts.knownLanguages.contains(language),
        !InputMethodRegistry.hasInputMethod(for: language)
      {
        leaveOut(language, because: "the keyboard has no layout for it")
        continue
      }
      if language == "zh-pinyin", !InputMethodRegistry.hasInputMethod(for: language) {
        leaveOut(language, because: "no Pinyin input method is registered")
        continue
      }
      usable.append(language)
    }
    if usable.isEmpty { usable = ["en"] }
    languages = usable
    // The language the person chose stays; until then the first one is used.
    languageIndex = chosenLanguage.flatMap { usable.firstIndex(of: $0) } ?? 0
  }

  private func leaveOut(_ language: String, because reason: String) {
    guard unavailableLanguages[language] == nil else { return }
    unavailableLanguages[language] = reason
    Self.logHandler?("keyboard: language \(language) left out: \(reason)")
  }

  /// Makes the input method of `language` if it needs one; `false` if it cannot be made
  /// (the language is then left out).
  private func prepareInputMethod(for language: String) -> Bool {
    guard inputMethods[language] == nil, InputMethodRegistry.hasInputMethod(for: language) else {
      return true
    }
    do {
      if let method = try InputMethodRegistry.makeInputMethod(for: language) {
        inputMethods[language] = method
      }
      return true
    } catch {
      leaveOut(language, because: "\(error)")
      return false
    }
  }

  /// Switches to the next language (the keyboard's language key); a language whose input
  /// method cannot be made is left out and the one after it is taken.
  func switchLanguage() {
    if let input { resetComposition(of: input) }
    var index = languageIndex
    for _ in 0..<languages.count {
      index = (index + 1) % languages.count
      if prepareInputMethod(for: languages[index]) {
        chosenLanguage = languages[index]
        break
      }
    }
    refreshLanguages()
    configureKeyboard()
  }

  // MARK: Showing and hiding

  var shouldShowKeyboard: Bool {
    guard input != nil else { return false }
    switch settings.onScreenKeyboard {
    case .always: return true
    case .never: return false
    case .auto: return !Application.shared.isHardwareKeyboardAttached
    }
  }

  private func updateKeyboard(animated: Bool) {
    if shouldShowKeyboard {
      showKeyboard(animated: animated)
    } else {
      hideKeyboard(animated: animated)
    }
  }

  private func screenForInput() -> Screen? {
    (input as? View)?.window?.screen ?? Screen.main
  }

  private func configureKeyboard() {
    guard let keyboardWindow, let input else { return }
    let view = keyboardWindow.keyboardView
    view.system = self
    if !prepareInputMethod(for: language) {
      refreshLanguages()
    }
    let type = input.keyboardType
    let plane: KeyPlane =
      switch type {
      case .numberPad: .numberPad
      case .decimalPad: .decimalPad
      case .phonePad: .phonePad
      case .numbersAndPunctuation: .symbols
      default: .letters
      }
    view.hasLanguageKey = languages.count > 1
    view.returnKeyTitle = input.returnKeyType.title
    view.isReturnKeyEnabled = !input.enablesReturnKeyAutomatically || input.hasText
    view.showsCandidateBar = inputMethod != nil && plane == .letters
    view.candidateBar.composition = composition
    view.candidateBar.onSelect = { [weak self] index in self?.selectCandidate(at: index) }
    view.candidateBar.onTurnPage = { [weak self] forward in self?.turnCandidatePage(forward) }
    view.configure(plane: plane, language: language, type: type)
    updateAutoShift()
    layoutKeyboard()
  }

  /// The keyboard's frame for the screen's current size.
  private func targetFrame(on screen: Screen) -> Rect {
    let bounds = screen.bounds
    let height = OnScreenKeyboardView.height(
      screenHeight: bounds.height,
      candidateBar: keyboardWindow?.keyboardView.showsCandidateBar ?? false)
    return Rect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
  }

  private func layoutKeyboard() {
    guard let keyboardWindow, isKeyboardVisible else { return }
    let frame = targetFrame(on: keyboardWindow.screen)
    guard frame != keyboardFrame else { return }
    let old = keyboardFrame
    keyboardFrame = frame
    keyboardWindow.keyboardView.frame = frame
    post(Responder.keyboardWillChangeFrameNotification, from: old, to: frame, duration: 0)
    post(Responder.keyboardDidChangeFrameNotification, from: old, to: frame, duration: 0)
    adjustScrollViews(animated: false)
  }

  private func showKeyboard(animated: Bool) {
    guard let screen = screenForInput() else { return }
    if keyboardWindow == nil || keyboardWindow?.screen !== screen {
      keyboardWindow?.isHidden = true
      keyboardWindow = KeyboardWindow(screen: screen)
    }
    guard let keyboardWindow else { return }
    configureKeyboard()
    if isKeyboardVisible {
      layoutKeyboard()
      adjustScrollViews(animated: animated)
      return
    }
    isKeyboardVisible = true
    let end = targetFrame(on: screen)
    let begin = end.offsetBy(dx: 0, dy: end.height)
    keyboardFrame = end
    let view = keyboardWindow.keyboardView
    UIViewPerform.withoutAnimation { view.frame = begin }
    keyboardWindow.isHidden = false
    keyboardWindow.frameObserver = { [weak self] in self?.screenDidResize() }
    let duration = animated ? Self.animationDuration : 0
    post(Responder.keyboardWillShowNotification, from: begin, to: end, duration: duration)
    animate(duration: duration) {
      view.frame = end
      self.adjustScrollViews(animated: false)
      self.layoutGuideViewsNeedLayout()
    } completion: { [weak self] in
      guard let self, self.isKeyboardVisible else { return }
      self.post(Responder.keyboardDidShowNotification, from: begin, to: end, duration: duration)
    }
  }

  private func hideKeyboard(animated: Bool) {
    guard isKeyboardVisible, let keyboardWindow else { return }
    isKeyboardVisible = false
    let view = keyboardWindow.keyboardView
    view.cancelAllKeys()
    let begin = view.frame
    let end = begin.offsetBy(dx: 0, dy: begin.height)
    keyboardFrame = .zero
    let duration = animated ? Self.animationDuration : 0
    post(Responder.keyboardWillHideNotification, from: begin, to: end, duration: duration)
    animate(duration: duration) {
      view.frame = end
      self.restoreScrollViews()
      self.layoutGuideViewsNeedLayout()
    } completion: { [weak self, weak keyboardWindow] in
      guard let self else { return }
      if !self.isKeyboardVisible { keyboardWindow?.isHidden = true }
      self.post(Responder.keyboardDidHideNotification, from: begin, to: end, duration: duration)
    }
  }

  private func screenDidResize() {
    guard isKeyboardVisible else { return }
    layoutKeyboard()
  }

  private func animate(
    duration: Double, _ changes: @escaping () -> Void, completion: @escaping () -> Void
  ) {
    if duration > 0 {
      // The keyboard takes taps while it slides, as UIKit's does: a fast typist's first key
      // must not fall through to the app while the animation runs.
      View.animate(
        withDuration: duration, delay: 0, options: [.curveEaseInOut, .allowUserInteraction],
        animations: changes, completion: { _ in completion() })
    } else {
      UIViewPerform.withoutAnimation(changes)
      Transaction.scheduler { completion() }
    }
  }

  private func post(_ name: Notification.Name, from begin: Rect, to end: Rect, duration: Double) {
    NotificationCenter.default.post(
      name: name, object: nil,
      userInfo: [
        Responder.keyboardFrameBeginUserInfoKey: begin,
        Responder.keyboardFrameEndUserInfoKey: end,
        Responder.keyboardAnimationDurationUserInfoKey: duration,
        Responder.keyboardAnimationCurveUserInfoKey: Self.animationCurve,
        Responder.keyboardIsLocalUserInfoKey: true,
      ])
  }

  // MARK: Keyboard avoidance

  /// Scroll views around the input get a bottom inset as tall as the part the keyboard
  /// covers, and scroll the input into view above it.
  private func adjustScrollViews(animated: Bool) {
    restoreScrollViews()
    guard isKeyboardVisible, let view = input as? View, let window = view.window else { return }
    var ancestor = view.superview
    while let current = ancestor {
      if let scrollView = current as? ScrollView, scrollView.window === window {
        let inScreen = scrollView.convert(scrollView.bounds, to: window).offsetBy(
          dx: window.frame.minX, dy: window.frame.minY)
        let overlap = inScreen.maxY - keyboardFrame.minY
        if overlap > 0 {
          scrollView.contentInset.bottom += overlap
          scrollAdjustments.append((scrollView, overlap))
          let rect = view.convert(view.bounds, to: scrollView).insetBy(dx: 0, dy: -8)
          let visibleHeight = scrollView.bounds.height - overlap
          var offset = scrollView.contentOffset
          if rect.maxY > offset.y + visibleHeight { offset.y = rect.maxY - visibleHeight }
          if rect.minY < offset.y { offset.y = rect.minY }
          if offset != scrollView.contentOffset {
            scrollView.setContentOffset(offset, animated: animated)
          }
        }
      }
      ancestor = current.superview
    }
  }

  private func restoreScrollViews() {
    for adjustment in scrollAdjustments {
      adjustment.view.contentInset.bottom = max(
        adjustment.view.contentInset.bottom - adjustment.inset, 0)
    }
    scrollAdjustments.removeAll()
  }

  /// Views that read `keyboardLayoutGuide` lay out again when the keyboard moves.
  private(set) var layoutGuideViews: [WeakView] = []

  func noteLayoutGuideUse(by view: View) {
    layoutGuideViews.removeAll { $0.view == nil }
    if !layoutGuideViews.contains(where: { $0.view === view }) {
      layoutGuideViews.append(WeakView(view: view))
    }
  }

  private func layoutGuideViewsNeedLayout() {
    for entry in layoutGuideViews {
      entry.view?.setNeedsLayout()
      entry.view?.layoutIfNeeded()
    }
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
    switchLanguage()
  }

  func keyboardDidTapHide() {
    guard let input else { return }
    if !input.resignFirstResponder() {
      // The delegate keeps editing going: only the keyboard goes.
      hideKeyboard(animated: true)
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

  /// Puts an input method's result into the input: committed text typed, the pre-edit as
  /// marked text, the candidates in the bar.
  private func apply(_ result: InputMethodResult, to input: Responder & TextInput) {
    if !result.committed.isEmpty { input.insertText(result.committed) }
    composition = result.composition
    if composition.preedit.isEmpty {
      if input.markedTextRange != nil { input.setMarkedText(nil, selectedRange: NSRange()) }
    } else {
      let caret = min(composition.caret, composition.preedit.count)
      let utf16Caret = composition.preedit.prefix(caret).utf16.count
      input.setMarkedText(
        composition.preedit, selectedRange: NSRange(location: utf16Caret, length: 0))
    }
    keyboardWindow?.keyboardView.candidateBar.composition = composition
    afterTyping()
  }

  private func afterTyping() {
    guard let input, let view = keyboardWindow?.keyboardView else { return }
    view.isReturnKeyEnabled = !input.enablesReturnKeyAutomatically || input.hasText
    updateAutoShift()
  }

  /// Shift on by itself where `autocapitalizationType` asks for a capital.
  private func updateAutoShift() {
    guard let input, let view = keyboardWindow?.keyboardView, view.plane == .letters,
      view.shift != .locked
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
      let text = input.text(in: NSRange(location: caret - length, length: length)) ?? ""
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

  private func stopRepeat() {
    repeatTimer?.cancel()
    repeatTimer = nil
    repeatingPress = nil
  }
}

/// A responder whose editing goes through a `TextEditor` (text fields and text views).
@MainActor
protocol TextEditorOwner: AnyObject {
  var textEditor: TextEditor { get }
}

/// A view held weakly.
@MainActor
struct WeakView {
  weak var view: View?
}

/// Runs changes with animations off.
@MainActor
enum UIViewPerform {
  static func withoutAnimation(_ changes: () -> Void) {
    View.performWithoutAnimation(changes)
  }
}

extension Application {
  /// The application's text input system (made on first use).
  var textInputSystem: TextInputSystem {
    if let existing = textInputStorage as? TextInputSystem { return existing }
    let system = TextInputSystem()
    textInputStorage = system
    keyboardSettingsDidChange = { [weak system] in system?.settingsDidChange() }
    return system
  }
}
