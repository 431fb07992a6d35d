import KioskGraphics

/// One presentation's or dismissal's transition: what the animator and the interaction
/// controller are told (`ViewControllerContextTransitioning`), and the coordinator the
/// controllers see. The built-in transitions run through it too, so a presentation
/// controller's hooks and the coordinator's alongside animations behave the same with or
/// without a custom animator.
@MainActor
final class PresentationTransitionContext: ViewControllerContextTransitioning {
  unowned let presentation: PresentationController
  let isPresenting: Bool
  let containerView: View
  let isAnimated: Bool
  private(set) var isInteractive = false
  private(set) var transitionWasCancelled = false
  /// The last progress an interaction reported.
  private(set) var percentComplete = 0.0
  private weak var fromController: ViewController?
  private weak var toController: ViewController?
  private let fromView: View?
  private let toView: View?
  /// What the controllers see of this transition (`transitionCoordinator`).
  let coordinator: ViewControllerTransitionCoordinator
  /// The custom animator, told when the transition ended.
  private var animator: (any ViewControllerAnimatedTransitioning)?
  /// Runs once, at `completeTransition`.
  var onComplete: ((Bool) -> Void)?
  /// Whether the coordinator's alongside animations were started.
  private var alongsideStarted = false

  init(
    presentation: PresentationController, isPresenting: Bool, container: View, animated: Bool,
    duration: Double, from: ViewController?, to: ViewController?, fromView: View?, toView: View?
  ) {
    self.presentation = presentation
    self.isPresenting = isPresenting
    containerView = container
    isAnimated = animated
    fromController = from
    toController = to
    self.fromView = fromView
    self.toView = toView
    coordinator = ViewControllerTransitionCoordinator(transitionDuration: animated ? duration : 0)
    coordinator.context = self
  }

  var presentationStyle: ModalPresentationStyle { presentation.presentationStyle }

  // MARK: Running a custom animator

  /// Runs `animator`, driven by `interaction` when there is one.
  func run(
    _ animator: any ViewControllerAnimatedTransitioning,
    interaction: (any ViewControllerInteractiveTransitioning)?
  ) {
    self.animator = animator
    guard let interaction else { return startAnimations() }
    isInteractive = interaction.wantsInteractiveStart
    coordinator.isInteractive = isInteractive
    coordinator.initiallyInteractive = isInteractive
    interaction.startInteractiveTransition(self)
    // An interaction controller of the app's own animates by itself: the alongside
    // animations run in real time beside it.
    startAlongsideAnimations()
  }

  /// The animator's animations and the alongside ones, started together (inside a
  /// percent-driven transition's timeline when it drives them).
  func startAnimations() {
    animator?.animateTransition(using: self)
    startAlongsideAnimations()
  }

  private func startAlongsideAnimations() {
    guard !alongsideStarted else { return }
    alongsideStarted = true
    View.animate(
      withDuration: coordinator.transitionDuration,
      animations: { self.coordinator.runAnimations() })
  }

  /// The transition's duration as the animator gives it.
  var duration: Double { coordinator.transitionDuration }

  // MARK: ViewControllerContextTransitioning

  func updateInteractiveTransition(_ percentComplete: Double) {
    self.percentComplete = min(max(percentComplete, 0), 1)
    coordinator.percentComplete = self.percentComplete
  }

  func finishInteractiveTransition() { endInteraction(cancelled: false) }

  func cancelInteractiveTransition() { endInteraction(cancelled: true) }

  func pauseInteractiveTransition() {
    guard onComplete != nil, !isInteractive else { return }
    isInteractive = true
    coordinator.isInteractive = true
  }

  private func endInteraction(cancelled: Bool) {
    guard onComplete != nil else { return }
    isInteractive = false
    transitionWasCancelled = cancelled
    coordinator.isInteractive = false
    coordinator.isCancelled = cancelled
    coordinator.interactionDidEnd()
  }

  func completeTransition(_ didComplete: Bool) {
    guard let onComplete else { return }
    self.onComplete = nil
    isInteractive = false
    coordinator.isInteractive = false
    if !didComplete { coordinator.isCancelled = true }
    onComplete(didComplete)
    animator?.animationEnded(didComplete)
    animator = nil
  }

  func viewController(forKey key: TransitionContextViewControllerKey) -> ViewController? {
    key == .from ? fromController : toController
  }

  func view(forKey key: TransitionContextViewKey) -> View? {
    key == .from ? fromView : toView
  }

  /// The presented controller's: its view's place in the container when shown (where
  /// `view(forKey:)` is put), zero while off screen; the presenter's: the container's
  /// bounds when its view leaves the window under the presentation, else zero.
  func initialFrame(for viewController: ViewController) -> Rect {
    frame(of: viewController, shown: !isPresenting)
  }

  func finalFrame(for viewController: ViewController) -> Rect {
    frame(of: viewController, shown: isPresenting)
  }

  private func frame(of viewController: ViewController, shown: Bool) -> Rect {
    if viewController === presentation.presentedViewController {
      return shown ? presentation.wrapperFrame(in: containerView.bounds) : .zero
    }
    if viewController === presentation.presentingViewController,
      presentation.shouldRemovePresentersView
    {
      return containerView.bounds
    }
    return .zero
  }
}
