extension Stepper {
  /// The value as a screen reader speaks it on both halves: "3", "2.5".
  var describedValue: String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  /// What a tap on a half does: one step towards `side` (-1 or +1), sending `.valueChanged`
  /// (also when not continuous, as the finger lifts at once). `false` when it cannot step.
  func stepAsTap(_ side: Int) -> Bool {
    guard step(towards: side) else { return false }
    if !isContinuous { sendValueChanged() }
    return true
  }
}

extension StepperSignView {
  /// The stepper the half belongs to.
  var stepper: Stepper? { superview as? Stepper }

  /// A button, dimmed when that side cannot step (at the end of the range, or disabled).
  var describedTraits: AccessibilityTraits {
    var traits: AccessibilityTraits = .button
    if let stepper, !stepper.canStep(isPlus ? 1 : -1) { traits.insert(.notEnabled) }
    return traits
  }
}
