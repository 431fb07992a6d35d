import KioskUI

extension ConfigurationKey {
  /// The `[accessibility]` table: how the screen reader starts, its speech, and the looks
  /// (text size, contrast, bold text, reduce motion, zoom). The looks and the reader's mode
  /// are live: `reload-config` (and `kioskctl accessibility set`) change them at once.
  static let accessibility: [ConfigurationKey] = [
    ConfigurationKey(
      table: "accessibility", name: "screen-reader", option: "screen-reader",
      kind: .choice(ScreenReaderMode.allCases.map(\.rawValue)),
      allowed: "off, on or headset",
      adopt: { $0.screenReader = $1.screenReader },
      current: { [$0.screenReader.rawValue] }),
    ConfigurationKey(
      table: "accessibility", name: "start-key", option: "screen-reader-key", kind: .text,
      allowed:
        "a key name pressed three times to start or stop the reader, e.g. \"KEY_HELP\", or \"none\"",
      check: { $0 == "none" || AccessibilityStartKey.code(named: $0) != nil },
      current: { [$0.screenReaderKey] }),
    ConfigurationKey(
      table: "accessibility", name: "start-gesture", option: "screen-reader-gesture",
      kind: .choice(AccessibilityStartGesture.allCases.map(\.rawValue)),
      allowed: "three-finger-triple-tap or none",
      current: { [$0.screenReaderGesture.rawValue] }),
    ConfigurationKey(
      table: "accessibility", name: "speech-device", option: "speech-device", kind: .text,
      allowed: "an ALSA device name, e.g. \"default\" or \"plughw:1,0\"",
      check: { !$0.isEmpty && !$0.allSatisfy(\.isWhitespace) },
      current: { [$0.speechDevice] }),
    ConfigurationKey(
      table: "accessibility", name: "speech-language", option: "speech-language", kind: .text,
      allowed: "a language tag espeak-ng knows, e.g. \"en\", \"de\" or \"en-gb\"",
      check: isLanguageTag, current: { [$0.speechLanguage] }),
    ConfigurationKey(
      table: "accessibility", name: "text-size", option: "text-size",
      kind: .choice(textSizeNames),
      allowed: "a text size: " + textSizeNames.joined(separator: ", "),
      adopt: { $0.textSize = $1.textSize },
      current: { [$0.textSize] }),
    ConfigurationKey(
      table: "accessibility", name: "increase-contrast", option: "increase-contrast",
      kind: .flag, allowed: "true or false",
      adopt: { $0.increaseContrast = $1.increaseContrast },
      current: { [String($0.increaseContrast)] }),
    ConfigurationKey(
      table: "accessibility", name: "bold-text", option: "bold-text", kind: .flag,
      allowed: "true or false", adopt: { $0.boldText = $1.boldText },
      current: { [String($0.boldText)] }),
    ConfigurationKey(
      table: "accessibility", name: "reduce-motion", option: "reduce-motion", kind: .flag,
      allowed: "true or false", adopt: { $0.reduceMotion = $1.reduceMotion },
      current: { [String($0.reduceMotion)] }),
    ConfigurationKey(
      table: "accessibility", name: "zoom", option: "zoom",
      kind: .number(1...8, aboveLowerBound: false), allowed: "1 to 8 (1: no zoom)",
      adopt: { $0.zoom = $1.zoom }, current: { [formatNumber($0.zoom)] }),
    ConfigurationKey(
      table: "accessibility", name: "idle-multiplier", option: "screen-reader-idle-multiplier",
      kind: .number(1...10, aboveLowerBound: false),
      allowed: "1 to 10 (times display.blank-after while the reader runs)",
      adopt: { $0.screenReaderIdleMultiplier = $1.screenReaderIdleMultiplier },
      current: { [formatNumber($0.screenReaderIdleMultiplier)] }),
  ]

  /// The text sizes a setting names: every `ContentSizeCategory` but `unspecified`.
  static let textSizeNames = ContentSizeCategory.allCases.filter { $0 != .unspecified }
    .map(\.description)

  /// A BCP 47-like tag as espeak-ng names its voices: letters, then `-` parts of letters
  /// and digits (`en`, `en-gb`, `zh-yue`), at most 35 characters.
  @Sendable static func isLanguageTag(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard text.count <= 35, let first = parts.first, (2...3).contains(first.count),
      first.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
  }
}
