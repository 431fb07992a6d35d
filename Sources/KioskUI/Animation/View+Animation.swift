import KioskGraphics

extension View {
  /// Animates the changes made in `animations` to `frame`, `bounds`, `center`, `transform`,
  /// `alpha`, `backgroundColor` and `contentStretch` of any views, from what is on screen
  /// now to the new values. The properties take their new values at once; the screen
  /// catches up over `duration` seconds. `completion` receives `true` when every animation
  /// ran to its end, `false` when one was interrupted (the property was set again).
  /// As in UIKit, the animated views (with their subviews) take no touches while their
  /// animations run, unless `options` include `.allowUserInteraction`.
  ///
  /// ```swift
  /// View.animate(withDuration: 0.3, animations: { card.alpha = 0 }) { finished in
  ///   card.removeFromSuperview()
  /// }
  /// ```
  public static func animate(
    withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
    animations: () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    let group = AnimationGroup(completion: completion)
    AnimationEngine.contexts.append(
      AnimationEngine.Context(duration: duration, delay: delay, options: options, group: group))
    animations()
    AnimationEngine.contexts.removeLast()
    if group.pending == 0 {
      // Nothing animated: UIKit still calls the completion, on a later turn.
      AnimationEngine.finishedGroups.append(group)
      Transaction.scheduler { AnimationEngine.runFinishedCompletions() }
    }
  }

  /// Animates like `animate(withDuration:delay:options:animations:completion:)` with no delay.
  public static func animate(
    withDuration duration: Double, animations: () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    animate(
      withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
  }

  /// Runs `actions` with animations off, even inside an animation block.
  public static func performWithoutAnimation(_ actions: () -> Void) {
    AnimationEngine.disabledDepth += 1
    actions()
    AnimationEngine.disabledDepth -= 1
  }

  /// Whether any animation is running (or waiting for its delay) anywhere.
  public static var areAnimationsRunning: Bool { AnimationEngine.isActive }
}
