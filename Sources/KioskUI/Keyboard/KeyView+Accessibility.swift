extension KeyView {
  /// The keyboard showing the key.
  var keyboard: OnScreenKeyboardView? { superview as? OnScreenKeyboardView }

  /// What the key types as it is shown now ("a", "A" with shift on, "ß", "ж"), or the name
  /// VoiceOver gives its function: "shift", "delete", "space", "return" (or the return
  /// key's title when the field gave it one, "Search"), "next keyboard", "more, numbers",
  /// "more, symbols", "more, letters", "hide keyboard". A gap has none.
  var describedLabel: String? {
    switch spec.role {
    case .character(let text, _): keyboard?.applyingShift(text) ?? text
    case .shift: "shift"
    case .backspace: "delete"
    case .space: "space"
    case .returnKey: title == ReturnKeyType.default.title ? "return" : title
    case .language: "next keyboard"
    case .plane(.letters, _): "more, letters"
    case .plane(.moreSymbols, _): "more, symbols"
    case .plane: "more, numbers"
    case .hide: "hide keyboard"
    case .spacer: nil
    }
  }

  /// The language of the keyboard's letters ("en", "de", "ru", "zh") for a key that types
  /// one, so that a screen reader speaks "ж" with a Russian voice. Function keys are named
  /// in the app's language (`nil`), as their names are words of it, not of the layout.
  var describedLanguage: String? {
    guard isCharacter, let language = keyboard?.language else { return nil }
    return language == "zh-pinyin" ? "zh" : language
  }

  /// `.keyboardKey`; "selected" for shift while on or locked; "dimmed" for a disabled
  /// return key.
  var describedKeyTraits: AccessibilityTraits {
    var traits = AccessibilityTraits.keyboardKey
    if case .shift = spec.role, shiftState != .off { traits.insert(.selected) }
    if !isEnabled { traits.insert(.notEnabled) }
    return traits
  }

  /// A screen reader's double tap: the key is pressed and released as a tap does (it types,
  /// deletes, switches planes…); `false` for a gap, a disabled key or a key off a keyboard.
  func activateAsTap() -> Bool {
    guard describedLabel != nil, isEnabled, let keyboard else { return false }
    keyboard.tap(self)
    return true
  }
}
