import KioskGraphics

extension View {
  /// Makes `changes` over `duration` seconds when `animated` and the view is in a window
  /// (off screen there is nothing to watch), or at once without animation: how the built-in
  /// controls move their parts for `setProgress(_:animated:)` and the like.
  func changeParts(
    animated: Bool, duration: Double, options: AnimationOptions = [],
    _ changes: () -> Void
  ) {
    if animated && window != nil {
      View.animate(withDuration: duration, delay: 0, options: options, animations: changes)
    } else {
      View.performWithoutAnimation(changes)
    }
  }
}
