import KioskGraphics

/// The controllers whose appearance a transition changes: those that began to appear and
/// those that began to leave. A completed transition ends both; a cancelled one turns each
/// back, the one that was appearing first, as a cancelled interactive pop does (it gets
/// viewWillDisappear and viewDidDisappear after its viewWillAppear; the one that was
/// leaving viewWillAppear and viewDidAppear after its viewWillDisappear).
@MainActor
struct AppearanceChange {
  let appearing: [ViewController]
  let leaving: [ViewController]

  func end() {
    for controller in appearing { controller.endAppearanceTransition() }
    for controller in leaving { controller.endAppearanceTransition() }
  }

  func reverse() {
    for controller in appearing {
      controller.startAppearanceTransition(false, animated: true)
      controller.endAppearanceTransition()
    }
    for controller in leaving {
      controller.startAppearanceTransition(true, animated: true)
      controller.endAppearanceTransition()
    }
  }
}

extension PresentationController {
  /// Runs an app's animator for a presentation (`shown`) or a dismissal, driven by the
  /// transitioning delegate's interaction controller when it gives one (and `interactive`).
  /// The animator puts the presented view in the container itself when presenting; a
  /// built-in style's dimming view fades alongside.
  func runCustom(
    _ animator: any ViewControllerAnimatedTransitioning, in context: PresentationTransitionContext,
    shown: Bool, interactive: Bool = true
  ) {
    let delegate = presentedViewController.transitioningDelegate
    if let dimmingView {
      if shown { dimmingView.alpha = 0 }
      context.coordinator.animate(alongsideTransition: { _ in dimmingView.alpha = shown ? 1 : 0 })
    }
    context.coordinator.transitionDuration = max(animator.transitionDuration(using: context), 0)
    let interaction =
      interactive
      ? (shown
        ? delegate?.interactionControllerForPresentation(using: animator)
        : delegate?.interactionControllerForDismissal(using: animator)) : nil
    context.run(animator, interaction: interaction)
  }

  /// A presentation an interaction cancelled: the container goes, the controllers'
  /// appearance turns back, and the presented controller is no longer presented. The
  /// completion of `present(_:animated:completion:)` is not called (the controller never
  /// came on screen).
  func undoPresentation(_ context: PresentationTransitionContext, _ appearance: AppearanceChange) {
    // The appearance turns back before the container leaves the window (leaving would end
    // it by itself, out of order).
    appearance.reverse()
    container?.removeFromSuperview()
    presentedViewController.isBeingPresented = false
    activeTransition = nil
    presentationTransitionDidEnd(false)
    didDismiss()
    context.coordinator.finish()
    runAfterTransition()
  }

  /// A dismissal an interaction cancelled: what came back from under the presentation
  /// (`uncovered`) leaves the window again, the appearance turns back, and the presentation
  /// stays. The completion of `dismiss(animated:completion:)` is not called.
  func undoDismissal(
    _ context: PresentationTransitionContext, _ appearance: AppearanceChange,
    uncovered: [View]
  ) {
    // The appearance turns back before the views leave (leaving the window would end it
    // by itself, out of order); they go in the order they first left, so each one's index
    // is the one it had.
    appearance.reverse()
    cover(uncovered.reversed())
    if let container, let wrapperView, wrapperView.superview == nil {
      container.addSubview(wrapperView)
    }
    presentedViewController.isBeingDismissed = false
    state = .presented
    dismissalTransitionDidEnd(false)
    context.coordinator.finish()
    runAfterTransition()
  }
}
