extension Button {
  /// The title shown, or else the image's accessibility label (UIKit falls back to the
  /// image's name too; KioskKit images keep no name, so an image-only button needs a label
  /// set on it or on its `imageView`).
  var describedLabel: String? {
    if let title = currentTitle, !title.isEmpty { return title }
    return imageContent.accessibilityStore.label
  }

  /// What a tap does: `.touchUpInside` and `.primaryActionTriggered`; nothing while
  /// disabled.
  func activateAsTap() -> Bool {
    guard isEnabled else { return false }
    sendActions(for: .touchUpInside)
    sendActions(for: .primaryActionTriggered)
    return true
  }
}
