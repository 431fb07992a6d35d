extension ActivityIndicatorView {
  /// "In progress" while it spins, as UIKit's; nothing when stopped.
  var describedLabel: String? { isAnimating ? "In progress" : nil }
}
