import FoundationEssentials
import KioskGraphics

/// The keyboard side of text input, one per application: it follows which text input is
/// being edited and which languages the keyboard offers, and has three helpers do the rest:
/// `KeyboardPresenter` shows, hides and slides the on-screen keyboard (per
/// `keyboardSettings` and whether a hardware keyboard is attached) and posts the keyboard
/// notifications, `KeyboardAvoidance` scrolls scroll views so the input stays above the
/// keyboard, and `KeyRouter` takes the keyboard's keys and the hardware keyboard's into the
/// input (through the input method of the current language, if it has one).
@MainActor
final class TextInputSystem {
  /// The application's text input system.
  static var shared: TextInputSystem { Application.shared.textInputSystem }

  /// The input being edited.
  private(set) weak var input: (Responder & TextInput)?
  /// Shows, hides and slides the keyboard window.
  let presenter = KeyboardPresenter()
  /// Makes room above the keyboard in the scroll views around the input.
  let avoidance = KeyboardAvoidance()
  /// Routes keys into the input.
  private(set) lazy var router = KeyRouter(system: self)

  private(set) var languages: [String] = ["en"]
  private(set) var languageIndex = 0
  /// The language last chosen with the language key.
  private var chosenLanguage: String?
  private var inputMethods: [String: InputMethod] = [:]
  /// Languages left out, with the reason (logged once).
  private(set) var unavailableLanguages: [String: String] = [:]
  private var hideIsQueued = false

  /// Where the system logs a language it left out; the runtime sets it to its logger.
  static var logHandler: (@MainActor (String) -> Void)?

  /// How long the keyboard takes to slide in or out, in seconds.
  static let animationDuration = KeyboardPresenter.animationDuration

  init() {
    presenter.keyboardDidMove = { [weak self] animated in
      guard let self else { return }
      self.avoidance.makeRoom(
        around: self.input as? View,
        below: self.presenter.isKeyboardVisible ? self.presenter.keyboardFrame : nil,
        animated: animated)
    }
  }

  var settings: KeyboardSettings { Application.shared.keyboardSettings }

  var language: String {
    languages.indices.contains(languageIndex) ? languages[languageIndex] : "en"
  }

  /// The input method of the current language, if it has one.
  var inputMethod: InputMethod? { inputMethods[language] }

  /// The keyboard window, while there is one.
  var keyboardWindow: KeyboardWindow? { presenter.keyboardWindow }
  /// Whether the keyboard is on screen (or sliding in).
  var isKeyboardVisible: Bool { presenter.isKeyboardVisible }
  /// The keyboard's frame in screen points while it is shown.
  var keyboardFrame: Rect { presenter.keyboardFrame }
  /// What the input method is composing.
  var composition: InputMethodComposition { router.composition }

  // MARK: Editing begins and ends

  func inputDidBeginEditing(_ input: Responder & TextInput) {
    if let old = self.input, old !== input { router.resetComposition(of: old) }
    self.input = input
    hideIsQueued = false
    router.stopRepeat()
    refreshLanguages()
    updateKeyboard(animated: true)
  }

  func inputWillEndEditing(_ input: Responder & TextInput) {
    guard self.input === input else { return }
    router.resetComposition(of: input)
    router.stopRepeat()
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
    router.discardComposition()
  }

  /// The app set the text: Shift and the return key follow it.
  func inputDidChangeTextProgrammatically(_ input: Responder & TextInput) {
    guard self.input === input else { return }
    router.afterTyping()
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
    guard InputMethodRegistry.isPrepared(language) else {
      // The keyboard switches now; what is typed until the input method is ready is held.
      inputMethods[language] = HeldKeysInputMethod(language: language)
      InputMethodRegistry.whenPrepared(language) { [weak self] in
        self?.inputMethodIsPrepared(language)
      }
      // Prepared already (simulated time) and it could not be made: the language is out.
      return inputMethods[language] != nil
    }
    return makeInputMethod(for: language)
  }

  /// The input method of `language` can be made now: it takes the stand-in's place and is
  /// given the keys held meanwhile; if it cannot be made, the language is left out.
  private func inputMethodIsPrepared(_ language: String) {
    guard let standIn = inputMethods[language] as? HeldKeysInputMethod else { return }
    inputMethods[language] = nil
    guard makeInputMethod(for: language), let method = inputMethods[language] else {
      if self.language == language {
        // The letters held stay in the field as typed.
        if let input { router.resetComposition(of: input) }
        refreshLanguages()
        configureKeyboard()
      }
      return
    }
    if self.language == language, input != nil {
      router.applyWithoutKey(standIn.replay(into: method))
    }
  }

  private func makeInputMethod(for language: String) -> Bool {
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
    if let input { router.resetComposition(of: input) }
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

  private func showKeyboard(animated: Bool) {
    let screen = (input as? View)?.window?.screen ?? Screen.main
    presenter.prepareWindow(on: screen)
    configureKeyboard()
    presenter.show(animated: animated)
  }

  /// Slides the keyboard out (editing may go on: the hide key when the delegate keeps it).
  func hideKeyboard(animated: Bool) {
    presenter.hide(animated: animated)
  }

  /// Gives the keyboard the keys, return key and candidate bar the input and the language
  /// ask for.
  private func configureKeyboard() {
    guard let keyboardWindow, let input else { return }
    let view = keyboardWindow.keyboardView
    view.router = router
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
    view.candidateBar.composition = router.composition
    view.candidateBar.onSelect = { [weak self] index in self?.router.selectCandidate(at: index) }
    view.candidateBar.onTurnPage = { [weak self] forward in
      self?.router.turnCandidatePage(forward)
    }
    view.configure(plane: plane, language: language, type: type)
    router.updateAutoShift()
    presenter.layout()
  }

  /// Views that read `keyboardLayoutGuide` lay out again when the keyboard moves.
  func noteLayoutGuideUse(by view: View) {
    presenter.noteLayoutGuideUse(by: view)
  }
}
