import KioskGraphics

/// Drives a custom animator's transition by a percentage, as UIKit's
/// `UIPercentDrivenInteractiveTransition`: return one from the transitioning delegate's
/// `interactionControllerForPresentation(using:)` or `…ForDismissal(using:)`, and feed it
/// a gesture's progress.
///
/// The animator's animations (and the coordinator's alongside ones) are made as usual with
/// `View.animate`, but held: `update(_:)` shows them at that fraction of the transition's
/// duration (linearly; each animation's own curve still applies). `finish()` lets them run
/// to their end at `completionSpeed`; `cancel()` runs them back to their start — and, where
/// KioskKit differs, puts the start values back in the views' properties, as a reversed
/// `UIViewPropertyAnimator` does (UIKit's layer-driven animations leave the end values for
/// the animator to undo).
///
/// ```swift
/// @objc func pan(_ pan: PanGestureRecognizer) {
///   let progress = pan.translation(in: view).y / view.bounds.height
///   switch pan.state {
///   case .began: dismiss(animated: true)
///   case .changed: interaction.update(progress)
///   case .ended: progress > 0.4 ? interaction.finish() : interaction.cancel()
///   default: interaction.cancel()
///   }
/// }
/// ```
@MainActor
open class PercentDrivenInteractiveTransition: ViewControllerInteractiveTransitioning {
  /// The transition's duration, as the animator gave it when the transition started.
  public private(set) var duration = 0.0
  /// The last fraction given to `update(_:)`.
  public private(set) var percentComplete = 0.0
  /// How fast the rest runs after `finish()` or `cancel()` (1: real time; must be above 0).
  open var completionSpeed = 1.0
  /// Whether the transition starts held under the finger (`true`, the default) or runs by
  /// itself until `pause()`.
  open var wantsInteractiveStart = true

  private var context: PresentationTransitionContext?
  private var timeline: AnimationTimeline?

  /// Creates a transition driver.
  public init() {}

  /// Starts the animator's animations on a timeline of their own, held at
  /// `percentComplete` (or running, without `wantsInteractiveStart`).
  open func startInteractiveTransition(
    _ transitionContext: any ViewControllerContextTransitioning
  ) {
    // Contexts are KioskKit's own: an app cannot start one.
    guard let context = transitionContext as? PresentationTransitionContext else { return }
    self.context = context
    duration = context.duration
    let timeline = AnimationTimeline()
    self.timeline = timeline
    timeline.capture { context.startAnimations() }
    // An animator that completed at once leaves nothing to drive.
    guard context.onComplete != nil else { return end() }
    if wantsInteractiveStart {
      timeline.hold(at: percentComplete * duration)
    } else {
      timeline.run(rate: 1)
    }
  }

  /// Shows the transition at `percentComplete` (0...1).
  open func update(_ percentComplete: Double) {
    guard percentComplete.isFinite else { return }
    self.percentComplete = min(max(percentComplete, 0), 1)
    guard let context, let timeline else { return }
    context.updateInteractiveTransition(self.percentComplete)
    timeline.hold(at: self.percentComplete * duration)
  }

  /// Holds a transition that runs by itself where it is, for an interaction to take over.
  open func pause() {
    guard let context, let timeline else { return }
    let moment = min(timeline.moment, duration)
    percentComplete = duration > 0 ? moment / duration : 0
    timeline.hold(at: moment)
    context.pauseInteractiveTransition()
    context.updateInteractiveTransition(percentComplete)
  }

  /// Lets the transition run to its end.
  open func finish() {
    guard let context, let timeline else { return }
    context.finishInteractiveTransition()
    timeline.run(rate: max(completionSpeed, 0.01))
    end()
  }

  /// Runs the transition back to its start; it then ends as cancelled.
  open func cancel() {
    guard let context, let timeline else { return }
    context.cancelInteractiveTransition()
    timeline.run(rate: -max(completionSpeed, 0.01))
    end()
  }

  /// Lets go of the transition: the timeline runs on by itself with the animations that
  /// hold it.
  private func end() {
    context = nil
    timeline = nil
  }
}
