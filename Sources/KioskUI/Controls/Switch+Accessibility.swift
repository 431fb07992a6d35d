extension Switch {
  /// What a tap does: flips the switch (animated) and sends `.valueChanged` and
  /// `.primaryActionTriggered`; nothing while disabled.
  func toggleAsTap() -> Bool {
    guard isEnabled else { return false }
    setOn(!isOn, animated: true)
    sendActions(for: .valueChanged)
    sendActions(for: .primaryActionTriggered)
    return true
  }
}
