import KioskSpeech
import KioskUI

/// What the screen reader says of an element, as VoiceOver says it: the label, the value,
/// words for the traits ("Order, button", "Volume, 50%, adjustable", "Name, Ada, text field,
/// is editing"), and then, after a pause, the hint.
///
/// The label and value are spoken in the element's `accessibilityLanguage`, or in
/// `defaultLanguage` when it has none. The trait words are English for now: KioskKit has
/// no translations of them yet, so a German label is followed by "button", not "Taste".
@MainActor
public struct ElementDescriber {
  /// The language of elements that do not name theirs (BCP 47, "en").
  public var defaultLanguage: String

  /// A describer speaking elements without a language of their own in `defaultLanguage`.
  public init(defaultLanguage: String = "en") {
    self.defaultLanguage = defaultLanguage
  }

  /// What is said of `node` before the pause: label, value and trait words, joined by
  /// commas ("Order, button"); the hint is not in it.
  public func describe(_ node: any AccessibilityNode) -> String {
    var parts: [String] = []
    if let label = node.accessibilityLabel, !label.isEmpty { parts.append(label) }
    if let value = node.accessibilityValue, !value.isEmpty { parts.append(value) }
    parts += traitWords(node.accessibilityTraits)
    return parts.joined(separator: ", ")
  }

  /// The words for `traits`, in the order VoiceOver says them after the label and value:
  /// the kind of element ("button", "heading", "text field"…), then its state ("is
  /// editing", "selected", "dimmed").
  public func traitWords(_ traits: AccessibilityTraits) -> [String] {
    var words: [String] = []
    let kinds: [(AccessibilityTraits, String)] = [
      (.link, "link"), (.header, "heading"), (.image, "image"), (.tab, "tab"),
    ]
    if traits.contains(.toggleButton) {
      words.append("switch button")
    } else if traits.contains(.button) {
      words.append("button")
    }
    words += kinds.filter { traits.contains($0.0) }.map(\.1)
    if traits.contains(.searchField) {
      words.append("search field")
    } else if traits.contains(.textEntry) {
      words.append("text field")
    }
    let states: [(AccessibilityTraits, String)] = [
      (.isEditing, "is editing"), (.adjustable, "adjustable"), (.selected, "selected"),
      (.notEnabled, "dimmed"),
    ]
    words += states.filter { traits.contains($0.0) }.map(\.1)
    return words
  }

  /// The language `node` is spoken in: its own, else `defaultLanguage`.
  public func language(of node: any AccessibilityNode) -> String {
    if let language = node.accessibilityLanguage, !language.isEmpty { return language }
    return defaultLanguage
  }

  /// The utterances for `node`: its description, then its hint (if any) as a second
  /// utterance, which is the pause between them. The first `interrupts` when asked to
  /// (a move of the focus cuts off what was being said).
  public func utterances(for node: any AccessibilityNode, interrupting: Bool) -> [Utterance] {
    let language = language(of: node)
    var utterances: [Utterance] = []
    let text = describe(node)
    if !text.isEmpty {
      utterances.append(Utterance(text, language: language, interrupts: interrupting))
    }
    if let hint = node.accessibilityHint, !hint.isEmpty {
      utterances.append(
        Utterance(hint, language: language, interrupts: interrupting && utterances.isEmpty))
    }
    return utterances
  }
}
