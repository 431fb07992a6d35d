/// Runs an app's animations and clean-up together with a transition: a size change of the
/// interface (the screen turned or resized), what `viewWillTransition(to:with:)` receives,
/// or a presentation or dismissal, what a presented or presenting controller's
/// `transitionCoordinator` returns while it runs.
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
  public internal(set) var transitionDuration: Double
  /// Whether the change is animated.
  public var isAnimated: Bool { transitionDuration > 0 }
  /// Whether the transition was cancelled (an interactive presentation or dismissal let
  /// go of); size changes always complete.
  public internal(set) var isCancelled = false
  /// Whether an interaction drives the transition now.
  public internal(set) var isInteractive = false
  /// Whether the transition began under an interaction.
  public internal(set) var initiallyInteractive = false
  /// How far an interaction took the transition (0...1).
  public internal(set) var percentComplete = 0.0
  /// A presentation's transition (nil for a size change).
  weak var context: PresentationTransitionContext?
  private var interactionHandlers: [@MainActor (ViewControllerTransitionCoordinator) -> Void] = []

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

  /// The view a presentation's transition happens in (nil for a size change).
  public var containerView: View? { context?.containerView }

  /// The presentation's style (nil for a size change).
  public var presentationStyle: ModalPresentationStyle? { context?.presentationStyle }

  /// A presentation's controller leaving (`.from`) or arriving (`.to`).
  public func viewController(forKey key: TransitionContextViewControllerKey) -> ViewController? {
    context?.viewController(forKey: key)
  }

  /// A presentation's view leaving or arriving, as the animator gets it.
  public func view(forKey key: TransitionContextViewKey) -> View? {
    context?.view(forKey: key)
  }

  /// Runs `handler` when the interaction driving the transition ends (finished or
  /// cancelled: see `isCancelled`), before the rest of the transition runs by itself.
  public func notifyWhenInteractionChanges(
    _ handler: @escaping @MainActor (ViewControllerTransitionCoordinator) -> Void
  ) {
    interactionHandlers.append(handler)
  }

  func interactionDidEnd() {
    let handlers = interactionHandlers
    interactionHandlers = []
    for handler in handlers { handler(self) }
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
