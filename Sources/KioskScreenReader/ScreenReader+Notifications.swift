import KioskSpeech
import KioskUI

extension ScreenReader {
  /// Answers a notification the app posted (`Accessibility.post(notification:argument:)`):
  /// - `.screenChanged`: moves to the argument element, or back to where the focus was
  ///   when this screen was left (an alert dismissed, a pushed screen popped: VoiceOver
  ///   returns to the button that led away), or to the screen's first element, and says it,
  ///   cutting off what was being said (a string argument, a screen's title, is said first,
  ///   and the element after it);
  /// - `.layoutChanged`: moves to the argument element and says it; with a string, says
  ///   it; otherwise keeps the focus (only the ring moves);
  /// - `.announcement`: says the string at high priority, after what is being said;
  /// - `.pageScrolled`: says the string ("page 2 of 5").
  public func handle(_ notification: AccessibilityNotification, argument: Any?) {
    switch notification {
    case .screenChanged:
      let title = argument as? String
      if let title { speak(title, interrupting: true) }
      let returning = returnFocus()
      guard let target = argument as? any AccessibilityNode ?? returning ?? elements.first
      else {
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

  /// Notes the focus of the screen being left and, when the screen shown now is the one
  /// left before it (an alert or a pushed screen went away), the element that was focused
  /// there, if it is still on screen. Only one step back is remembered per change, so
  /// switching on to a third screen goes to its first element.
  func returnFocus() -> (any AccessibilityNode)? {
    screenTrail.append(LeftFocus(node: focusedElement))
    if screenTrail.count > Self.screenTrailLimit { screenTrail.removeFirst() }
    guard screenTrail.count >= 2, let earlier = screenTrail[screenTrail.count - 2].node,
      elements.contains(where: { $0 === earlier })
    else { return nil }
    screenTrail.removeLast(2)
    return earlier
  }

  /// How many screens back the trail goes (a deep navigation stack).
  static let screenTrailLimit = 16
}

/// The focus a screen had when the reader left it, held weakly: a screen that is gone takes
/// its elements with it.
struct LeftFocus {
  weak var node: (any AccessibilityNode)?
}
