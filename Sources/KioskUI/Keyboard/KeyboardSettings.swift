/// When the on-screen keyboard comes up for a text field that becomes first responder.
public enum OnScreenKeyboardMode: String, Sendable, CaseIterable {
  /// Only while no hardware keyboard is attached (the default).
  case auto
  /// Always, hardware keyboard or not.
  case always
  /// Never: typing needs a hardware keyboard.
  case never
}

/// How text input behaves on this device: the `[input]` keys of the configuration that are
/// about typing. The runtime sets `Application.shared.keyboardSettings` from them.
public struct KeyboardSettings: Sendable, Equatable {
  /// When the on-screen keyboard is shown (`input.on-screen-keyboard`).
  public var onScreenKeyboard: OnScreenKeyboardMode = .auto
  /// The on-screen keyboard's languages in the order its language key cycles through them
  /// (`input.keyboard-languages`): "en", "de", "ru", "zh-pinyin".
  public var languages: [String] = ["en"]
  /// How long a held key waits before it repeats, in seconds (`input.repeat-delay`).
  public var repeatDelay: Double = 0.5
  /// How many times a second a held key repeats (`input.repeat-rate`); 0 turns repeat off.
  public var repeatRate: Double = 25

  /// The defaults: the keyboard when no hardware keyboard is attached, English, repeat
  /// after 0.5 s at 25 keys a second.
  public init() {}

  /// The language codes the on-screen keyboard has keys for.
  public static let knownLanguages = KeyboardLayouts.knownLanguages
}
