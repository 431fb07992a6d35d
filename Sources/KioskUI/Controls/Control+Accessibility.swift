extension Control {
  /// `kind` with the control's state added as UIKit adds it: "dimmed" while disabled,
  /// "selected" while selected.
  func describedTraits(_ kind: AccessibilityTraits) -> AccessibilityTraits {
    var traits = kind
    if !isEnabled { traits.insert(.notEnabled) }
    if isSelected { traits.insert(.selected) }
    return traits
  }
}
