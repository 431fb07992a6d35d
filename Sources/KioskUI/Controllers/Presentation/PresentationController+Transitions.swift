import KioskGraphics

extension PresentationController {
  // MARK: Presenting

  /// Presents the controller from `holder` (already resolved: the context or the top of the
  /// chain); `source` is the controller `present(_:animated:)` was called on. The callbacks
  /// begin before any view moves and end after the animation, so that their order is
  /// UIKit's: covered wD, presented wA, presented dA, covered dD. A custom animator from
  /// the presented controller's `transitioningDelegate` runs the animation instead of the
  /// built-in transition.
  func present(
    from holder: ViewController, source: ViewController, animated: Bool,
    completion: (() -> Void)?
  ) {
    guard let holderView = holder.viewIfLoaded, let window = holderView.window else { return }
    let presented = presentedViewController
    presented.loadViewIfNeeded()
    presentationStyle = adaptedStyle(in: window)
    transitionStyle = chooseTransitionStyle(holder: holder)
    presentingViewController = holder
    presented.presentingStorage = holder
    holder.presentedStorage = presented
    state = .presenting
    presented.isBeingPresented = true
    let visible = !window.isHidden
    let animated = animated && visible
    let animator =
      animated
      ? presented.transitioningDelegate?.animationController(
        forPresented: presented, presenting: holder, source: source) : nil

    let toCover = viewsToCover(holder: holder, holderView: holderView, window: window)
    var leaving: [ViewController] = []
    if visible {
      for view in toCover {
        leaving += view.beginPresentationAppearance(false, animated: animated)
      }
    }
    let container = buildContainer()
    // A custom animator puts the presented view in the container itself. It leaves before
    // the container enters the window: taken out of the window later, it would tell the
    // presented controller it disappeared.
    if animator != nil { wrapperView?.removeFromSuperview() }
    let appearing =
      visible ? presented.view.beginPresentationAppearance(true, animated: animated) : []
    place(container, over: holderView, in: window)

    let context = PresentationTransitionContext(
      presentation: self, isPresenting: true, container: container, animated: animated,
      duration: Self.transitionDuration, from: holder, to: presented,
      fromView: shouldRemovePresentersView ? holderView : nil, toView: presentedView)
    activeTransition = context
    context.onComplete = { [self] completed in
      let appearance = AppearanceChange(appearing: appearing, leaving: leaving)
      guard completed else { return undoPresentation(context, appearance) }
      if let wrapperView, wrapperView.superview == nil { container.addSubview(wrapperView) }
      cover(toCover)
      appearance.end()
      presented.isBeingPresented = false
      state = .presented
      activeTransition = nil
      presentationTransitionDidEnd(true)
      context.coordinator.finish()
      completion?()
      runAfterTransition()
      // A screen reader moves to the presentation (an alert's title first).
      Accessibility.post(notification: .screenChanged)
    }
    presentationTransitionWillBegin()
    if let animator {
      runCustom(animator, in: context, shown: true)
    } else {
      runBuiltInTransition(context, shown: true)
    }
  }

  /// The built-in transition (`modalTransitionStyle`), with the coordinator's alongside
  /// animations; at its end, the context completes.
  private func runBuiltInTransition(_ context: PresentationTransitionContext, shown: Bool) {
    guard context.isAnimated else {
      context.coordinator.runAnimations()
      return context.completeTransition(true)
    }
    if shown { setTransitionState(shown: false, appearing: true) }
    View.animate(
      withDuration: Self.transitionDuration,
      animations: {
        self.setTransitionState(shown: shown, appearing: shown)
        context.coordinator.runAnimations()
      },
      completion: { _ in context.completeTransition(true) })
  }

  /// Puts the container over the context's area, or over the whole window, and lays the
  /// presentation out in it.
  private func place(_ container: View, over holderView: View, in window: Window) {
    if coversContext, let superview = holderView.superview {
      container.frame = holderView.frame
      container.autoresizingMask = holderView.autoresizingMask
      superview.insertSubview(container, aboveSubview: holderView)
    } else {
      container.frame = window.bounds
      container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      window.addSubview(container)
    }
    container.layoutIfNeeded()
  }

  /// Takes `views` out of the window, remembering where each goes back.
  func cover(_ views: [View]) {
    for view in views {
      guard let superview = view.superview else { continue }
      let index = superview.subviews.firstIndex { $0 === view } ?? superview.subviews.count
      covered.append(CoveredView(view: view, superview: superview, index: index))
      view.removeFromSuperview()
    }
  }

  /// The transition style: the context's when it provides one, else the presented
  /// controller's; popovers fade.
  private func chooseTransitionStyle(holder: ViewController) -> ModalTransitionStyle {
    if presentationStyle == .popover { return .crossDissolve }
    if coversContext, holder.providesPresentationContextTransitionStyle {
      return holder.modalTransitionStyle
    }
    return presentedViewController.modalTransitionStyle
  }

  /// The views that leave the window once the presentation is in: for `.fullScreen`, the
  /// root view, the window-wide presentations and whatever holds the presenter; for
  /// `.currentContext`, the context's view.
  private func viewsToCover(holder: ViewController, holderView: View, window: Window) -> [View] {
    if presentationStyle == .currentContext {
      return holderView.superview == nil ? [] : [holderView]
    }
    // `.fullScreen`, or a custom presentation that covers everything.
    guard shouldRemovePresentersView else { return [] }
    let rootView = window.rootViewController?.viewIfLoaded
    return window.subviews.filter {
      $0 === rootView || $0 is PresentationContainerView || holderView.isDescendant(of: $0)
    }
  }

  /// Makes the container, the dimming view and the wrapper around the presented view.
  private func buildContainer() -> PresentationContainerView {
    let container = PresentationContainerView(frame: .zero)
    container.presentation = self
    container.clipsToBounds = true
    container.autoresizesSubviews = false
    let dimming = makeDimmingView()
    let wrapper = makeWrapperView()
    if let dimming { container.addSubview(dimming) }
    container.addSubview(wrapper)
    wrapper.addSubview(presentedViewController.view)
    if isSheetPresentation { installSwipeToDismiss(on: wrapper) }
    self.container = container
    dimmingView = dimming
    wrapperView = wrapper
    return container
  }

  /// Puts the presented content where it is when shown (`true`) or where the transition
  /// starts and ends: below the covered area, or transparent. `appearing` tells a
  /// presentation's start from a dismissal's end, for `adjustTransitionState`.
  func setTransitionState(shown: Bool, appearing: Bool) {
    guard let container, let wrapperView else { return }
    dimmingView?.alpha = shown ? 1 : 0
    // Reduce Motion: a sheet that would slide up cross-dissolves instead.
    let reduceMotion = Application.shared.accessibilitySettings.reduceMotion
    switch reduceMotion ? .crossDissolve : transitionStyle {
    case .coverVertical:
      let top = wrapperView.center.y - wrapperView.bounds.height / 2
      wrapperView.transform =
        shown ? .identity : Transform(translationX: 0, y: container.bounds.height - top)
    case .crossDissolve:
      wrapperView.alpha = shown ? 1 : 0
    }
    adjustTransitionState(shown: shown, appearing: appearing)
  }

  // MARK: Dismissing

  /// Dismisses the presentations of `chain` (this one first, then each one presented by
  /// the previous): the top one animates, the others leave at once. Callbacks: the
  /// dismissed controllers' wD (top first) and the uncovered ones' wA before the views
  /// move, their dA and dD after the animation. The top controller's custom animator (and
  /// interaction controller, when it is the only one leaving) runs instead of the built-in
  /// transition.
  func dismiss(chain: [PresentationController], animated: Bool, completion: (() -> Void)?) {
    guard let top = chain.last else { return }
    let window = top.container?.window
    let visible = window.map { !$0.isHidden } ?? false
    let animated = animated && visible
    let presented = top.presentedViewController
    let animator =
      animated ? presented.transitioningDelegate?.animationController(forDismissed: presented) : nil
    for presentation in chain {
      presentation.state = .dismissing
      presentation.presentedViewController.isBeingDismissed = true
    }
    var leaving: [ViewController] = []
    for presentation in chain.reversed() {
      guard let view = presentation.presentedViewController.viewIfLoaded, view.isInVisibleWindow
      else { continue }
      leaving += view.beginPresentationAppearance(false, animated: animated)
    }
    for presentation in chain.dropLast() { presentation.container?.removeFromSuperview() }

    let leavingContainers = chain.compactMap(\.container)
    let restores = chain.reversed().flatMap { $0.covered.reversed() }.filter { record in
      !leavingContainers.contains { $0 === record.view }
    }
    for presentation in chain { presentation.covered = [] }
    // Views a memory warning released are loaded again before anything appears.
    let views = restores.map { $0.viewToRestore() }
    var appearing: [ViewController] = []
    for (record, view) in zip(restores, views) where record.superview?.isInVisibleWindow ?? false {
      guard let view else { continue }
      appearing += view.beginPresentationAppearance(true, animated: animated)
    }
    for (record, view) in zip(restores, views) {
      if let view { restore(view, to: record) }
    }

    let appearance = AppearanceChange(appearing: appearing, leaving: leaving)
    let finish = { (coordinator: ViewControllerTransitionCoordinator?) in
      top.container?.removeFromSuperview()
      appearance.end()
      for presentation in chain { presentation.dismissalTransitionDidEnd(true) }
      for presentation in chain { presentation.didDismiss() }
      coordinator?.finish()
      completion?()
      for presentation in chain { presentation.runAfterTransition() }
      Accessibility.post(notification: .screenChanged)
    }
    guard let container = top.container else { return finish(nil) }
    let presenter = top.presentingViewController
    let context = PresentationTransitionContext(
      presentation: top, isPresenting: false, container: container, animated: animated,
      duration: Self.transitionDuration, from: presented, to: presenter,
      fromView: top.presentedView,
      toView: top.shouldRemovePresentersView ? presenter?.viewIfLoaded : nil)
    top.activeTransition = context
    context.onComplete = { completed in
      top.activeTransition = nil
      // Only a dismissal of one presentation can go back: the others already left.
      guard completed || chain.count > 1 else {
        return top.undoDismissal(context, appearance, uncovered: views.compactMap { $0 })
      }
      finish(context.coordinator)
    }
    for presentation in chain { presentation.dismissalTransitionWillBegin() }
    if let animator {
      top.runCustom(animator, in: context, shown: false, interactive: chain.count == 1)
    } else {
      top.runBuiltInTransition(context, shown: false)
    }
  }

  /// Puts a covered view back where it was. Views go back in the reverse order they left
  /// in, so each index is the one it had.
  private func restore(_ view: View, to record: CoveredView) {
    guard let superview = record.superview else { return }
    if view !== record.view {
      view.frame = record.filledSuperview ? superview.bounds : record.frame
    }
    superview.insertSubview(view, at: min(record.index, superview.subviews.count))
  }

  /// Puts the presented controller's view back in the wrapper (loading it again) if a
  /// memory warning released it while another presentation covered this one.
  func reattachPresentedView() {
    guard let wrapperView else { return }
    let presented = presentedViewController
    guard presented.viewIfLoaded?.superview !== wrapperView else { return }
    wrapperView.addSubview(presented.view)
    layoutContainer()
  }

  /// Unlinks the controllers once the presentation is gone.
  func didDismiss() {
    let presented = presentedViewController
    if let holder = presentingViewController, holder.presentedStorage === presented {
      holder.presentedStorage = nil
    }
    presented.presentingStorage = nil
    presented.isBeingDismissed = false
    if presented.presentationStorage === self { presented.presentationStorage = nil }
    presentingViewController = nil
    container?.presentation = nil
    container = nil
    wrapperView = nil
    dimmingView = nil
    state = .idle
  }

  /// Replays the requests that waited for the transition.
  func runAfterTransition() {
    let requests = afterTransition
    afterTransition = []
    for request in requests { request() }
  }
}

extension PresentationController.CoveredView {
  /// The view to put back: the owner's view now (loaded again if a memory warning released
  /// the one that left), or a presentation's container with its presented view back in
  /// it; `nil` when the view and its owner are gone.
  func viewToRestore() -> View? {
    if let owner { return owner.view }
    if let container = view as? PresentationContainerView {
      container.presentation?.reattachPresentedView()
    }
    return view
  }
}

extension View {
  /// Starts, for every controller whose view is in this subtree (containers first), the
  /// appearance transition that entering or leaving a visible window would start, and
  /// returns the controllers that started: the caller ends them, so that moving the views
  /// in the meantime does not.
  func beginPresentationAppearance(_ appearing: Bool, animated: Bool) -> [ViewController] {
    var started: [ViewController] = []
    collectPresentationAppearance(appearing, animated: animated, into: &started)
    return started
  }

  private func collectPresentationAppearance(
    _ appearing: Bool, animated: Bool, into started: inout [ViewController]
  ) {
    if let controller = owningViewController, controller.isAppearanceDrivenByWindow,
      controller.startAppearanceTransition(appearing, animated: animated)
    {
      started.append(controller)
    }
    for subview in subviews {
      subview.collectPresentationAppearance(appearing, animated: animated, into: &started)
    }
  }
}
