/// Runs an app's animations and clean-up together with a size change of the interface
/// (the screen turned or resized): what `viewWillTransition(to:with:)` receives.
///
/// Animations added with `animate(alongsideTransition:completion:)` run in the same
/// animation as the system's layout changes, after the new size is in place; completions run
/// once the transition is over.
///
/// ```swift
/// override func viewWillTransition(to size: Size, with coordinator: ViewControllerTransitionCoordinator) {
///   super.viewWillTransition(to: size, with: coordinator)
///   coordinator.animate(alongsideTransition: { _ in
///     self.banner.alpha = size.width > size.height ? 1 : 0
///   }, completion: { _ in self.reloadChart() })
/// }
/// ```
@MainActor
public final class ViewControllerTransitionCoordinator {
  private enum Phase {
    case pending, animating, finished
  }

  /// How long the transition takes, in seconds (0 when it is not animated).
  public let transitionDuration: Double
  /// Whether the change is animated.
  public var isAnimated: Bool { transitionDuration > 0 }
  /// Whether the transition was cancelled; size changes always complete.
  public let isCancelled = false

  private var phase = Phase.pending
  private var animations: [@MainActor (ViewControllerTransitionCoordinator) -> Void] = []
  private var completions: [@MainActor (ViewControllerTransitionCoordinator) -> Void] = []

  init(transitionDuration: Double) {
    self.transitionDuration = max(transitionDuration, 0)
  }

  /// Adds an animation to run with the transition and a completion to run after it.
  /// Called while the transition is already animating, the animation runs at once (inside
  /// the transition's animation); called after it ended, both run at once and the result
  /// is `false`.
  @discardableResult
  public func animate(
    alongsideTransition animation: (@MainActor (ViewControllerTransitionCoordinator) -> Void)?,
    completion: (@MainActor (ViewControllerTransitionCoordinator) -> Void)? = nil
  ) -> Bool {
    switch phase {
    case .pending:
      if let animation { animations.append(animation) }
      if let completion { completions.append(completion) }
      return true
    case .animating:
      animation?(self)
      if let completion { completions.append(completion) }
      return true
    case .finished:
      animation?(self)
      completion?(self)
      return false
    }
  }

  /// Runs the alongside animations (the caller has an animation open when animated).
  func runAnimations() {
    phase = .animating
    let pending = animations
    animations = []
    for animation in pending { animation(self) }
  }

  /// Runs the completions: the transition is over.
  func finish() {
    phase = .finished
    let pending = completions
    completions = []
    for completion in pending { completion(self) }
  }
}
