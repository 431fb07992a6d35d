import KioskSpeech
import KioskUI

extension ScreenReader {
  /// Answers a notification the app posted (`Accessibility.post(notification:argument:)`):
  /// - `.screenChanged`: moves to the argument element, or to the screen's first element,
  ///   and says it, cutting off what was being said (a string argument, a screen's title,
  ///   is said first, and the element after it);
  /// - `.layoutChanged`: moves to the argument element and says it; with a string, says
  ///   it; otherwise keeps the focus (only the ring moves);
  /// - `.announcement`: says the string at high priority, after what is being said;
  /// - `.pageScrolled`: says the string ("page 2 of 5").
  public func handle(_ notification: AccessibilityNotification, argument: Any?) {
    switch notification {
    case .screenChanged:
      let title = argument as? String
      if let title { speak(title, interrupting: true) }
      guard let target = argument as? any AccessibilityNode ?? elements.first else {
        clearFocus()
        return
      }
      moveFocus(to: target, speaking: title == nil)
      if title != nil {
        for utterance in describer.utterances(for: target, interrupting: false) {
          speech.speak(utterance)
        }
      }
    case .layoutChanged:
      if let node = argument as? any AccessibilityNode {
        moveFocus(to: node)
      } else {
        if let text = argument as? String { speak(text, interrupting: false) }
        updateFocusRing()
      }
    case .announcement:
      guard let text = argument as? String, !text.isEmpty else { return }
      speak(text, priority: .high, interrupting: false)
    case .pageScrolled:
      guard let text = argument as? String, !text.isEmpty else { return }
      speak(text, interrupting: true)
    }
  }
}
