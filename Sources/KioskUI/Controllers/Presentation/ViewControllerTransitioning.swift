import KioskGraphics

/// The two controllers of a transition, for `viewController(forKey:)`: on presenting, `from`
/// is the presenter and `to` the presented controller; on dismissing, the other way round.
public enum TransitionContextViewControllerKey: Sendable, Equatable {
  /// The controller on screen when the transition began.
  case from
  /// The controller on screen when it ends.
  case to
}

/// The two views of a transition, for `view(forKey:)`.
public enum TransitionContextViewKey: Sendable, Equatable {
  /// The view leaving.
  case from
  /// The view arriving.
  case to
}

/// Supplies the objects of a custom presentation, as UIKit's
/// `UIViewControllerTransitioningDelegate`: set it as a controller's `transitioningDelegate`
/// before presenting it. Every method has a default that returns `nil` (UIKit's own
/// transition, or no interaction, or — for `.custom` — a plain `PresentationController`).
@MainActor
public protocol ViewControllerTransitioningDelegate: AnyObject {
  /// The animator that brings `presented` on screen (asked only for animated
  /// presentations). `presenting` is the controller that will present it, `source` the
  /// one `present(_:animated:)` was called on.
  func animationController(
    forPresented presented: ViewController, presenting: ViewController, source: ViewController
  ) -> (any ViewControllerAnimatedTransitioning)?
  /// The animator that takes `dismissed` off screen (asked only for animated dismissals).
  func animationController(forDismissed dismissed: ViewController)
    -> (any ViewControllerAnimatedTransitioning)?
  /// What drives `animator` interactively while presenting (a percent-driven transition
  /// under a finger), or `nil` for a transition that runs by itself.
  func interactionControllerForPresentation(using animator: any ViewControllerAnimatedTransitioning)
    -> (any ViewControllerInteractiveTransitioning)?
  /// What drives `animator` interactively while dismissing, or `nil`.
  func interactionControllerForDismissal(using animator: any ViewControllerAnimatedTransitioning)
    -> (any ViewControllerInteractiveTransitioning)?
  /// The presentation controller of a `.custom` presentation (a subclass that places the
  /// presented view and adds views of its own). `presenting` is `nil` when the controller's
  /// `presentationController` is asked for before it is presented.
  func presentationController(
    forPresented presented: ViewController, presenting: ViewController?, source: ViewController
  ) -> PresentationController?
}

extension ViewControllerTransitioningDelegate {
  /// No custom animator: the presentation's own transition.
  public func animationController(
    forPresented presented: ViewController, presenting: ViewController, source: ViewController
  ) -> (any ViewControllerAnimatedTransitioning)? { nil }
  /// No custom animator: the presentation's own transition.
  public func animationController(forDismissed dismissed: ViewController)
    -> (any ViewControllerAnimatedTransitioning)?
  { nil }
  /// Not interactive.
  public func interactionControllerForPresentation(
    using animator: any ViewControllerAnimatedTransitioning
  ) -> (any ViewControllerInteractiveTransitioning)? { nil }
  /// Not interactive.
  public func interactionControllerForDismissal(
    using animator: any ViewControllerAnimatedTransitioning
  ) -> (any ViewControllerInteractiveTransitioning)? { nil }
  /// A plain `PresentationController`.
  public func presentationController(
    forPresented presented: ViewController, presenting: ViewController?, source: ViewController
  ) -> PresentationController? { nil }
}

/// Animates a presentation or a dismissal, as UIKit's `UIViewControllerAnimatedTransitioning`:
/// `animateTransition(using:)` puts the arriving view in the context's `containerView`,
/// animates (with `View.animate`), and calls `completeTransition(_:)` when done.
///
/// ```swift
/// final class FadeAnimator: ViewControllerAnimatedTransitioning {
///   func transitionDuration(using context: (any ViewControllerContextTransitioning)?) -> Double {
///     0.25
///   }
///   func animateTransition(using context: any ViewControllerContextTransitioning) {
///     guard let view = context.view(forKey: .to) ?? context.view(forKey: .from) else { return }
///     let presenting = context.view(forKey: .to) != nil
///     if presenting {
///       context.containerView.addSubview(view)
///       view.alpha = 0
///     }
///     View.animate(withDuration: transitionDuration(using: context), animations: {
///       view.alpha = presenting ? 1 : 0
///     }) { _ in context.completeTransition(!context.transitionWasCancelled) }
///   }
/// }
/// ```
@MainActor
public protocol ViewControllerAnimatedTransitioning: AnyObject {
  /// How long the transition takes, in seconds.
  func transitionDuration(using transitionContext: (any ViewControllerContextTransitioning)?)
    -> Double
  /// Animates the transition; calls the context's `completeTransition(_:)` at its end.
  func animateTransition(using transitionContext: any ViewControllerContextTransitioning)
  /// The transition is over (`transitionCompleted` false: it was cancelled).
  func animationEnded(_ transitionCompleted: Bool)
}

extension ViewControllerAnimatedTransitioning {
  /// Does nothing.
  public func animationEnded(_ transitionCompleted: Bool) {}
}

/// Drives a transition interactively, as UIKit's `UIViewControllerInteractiveTransitioning`.
/// `PercentDrivenInteractiveTransition` is the ready-made one.
@MainActor
public protocol ViewControllerInteractiveTransitioning: AnyObject {
  /// Starts the transition: set up, then report progress through the context
  /// (`updateInteractiveTransition`, then `finishInteractiveTransition` or
  /// `cancelInteractiveTransition`, and `completeTransition` at the end).
  func startInteractiveTransition(_ transitionContext: any ViewControllerContextTransitioning)
  /// How fast the rest of the transition runs once the interaction ends (1: real time).
  var completionSpeed: Double { get }
  /// Whether the transition starts under the finger (`true`) or runs by itself until
  /// paused.
  var wantsInteractiveStart: Bool { get }
}

extension ViewControllerInteractiveTransitioning {
  /// Real time.
  public var completionSpeed: Double { 1 }
  /// Starts under the finger.
  public var wantsInteractiveStart: Bool { true }
}

/// What an animator and an interaction controller know of the transition they run, as
/// UIKit's `UIViewControllerContextTransitioning`. KioskKit makes it; apps do not conform
/// to it.
@MainActor
public protocol ViewControllerContextTransitioning: AnyObject {
  /// The view the transition happens in: the presentation's container.
  var containerView: View { get }
  /// Whether the transition is animated.
  var isAnimated: Bool { get }
  /// Whether an interaction drives it now.
  var isInteractive: Bool { get }
  /// Whether the interaction cancelled it (the animator then calls
  /// `completeTransition(false)`).
  var transitionWasCancelled: Bool { get }
  /// The presentation's style.
  var presentationStyle: ModalPresentationStyle { get }
  /// The interaction moved the transition to `percentComplete` (0...1).
  func updateInteractiveTransition(_ percentComplete: Double)
  /// The interaction ended: the transition completes.
  func finishInteractiveTransition()
  /// The interaction ended: the transition goes back.
  func cancelInteractiveTransition()
  /// An interaction took over a running transition.
  func pauseInteractiveTransition()
  /// The animations ended: `didComplete` false puts everything back as before the
  /// transition.
  func completeTransition(_ didComplete: Bool)
  /// The controller leaving (`.from`) or arriving (`.to`).
  func viewController(forKey key: TransitionContextViewControllerKey) -> ViewController?
  /// The view to animate for `.from` or `.to`; `nil` for a controller whose view stays
  /// where it is (a presenter left in the window under a sheet).
  func view(forKey key: TransitionContextViewKey) -> View?
  /// Where `viewController`'s view is when the transition begins (zero: not known or not
  /// on screen).
  func initialFrame(for viewController: ViewController) -> Rect
  /// Where it is when the transition ends (zero: off screen, or not moved).
  func finalFrame(for viewController: ViewController) -> Rect
}
