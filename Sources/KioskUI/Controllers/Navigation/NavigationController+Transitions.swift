import KioskGraphics

/// A change of the stack whose end (the callbacks after the slide) is still to come.
@MainActor
final class NavigationTransition {
  private var finish: (@MainActor () -> Void)?

  init(finish: @escaping @MainActor () -> Void) {
    self.finish = finish
  }

  var isFinished: Bool { finish == nil }

  /// Runs the end of the transition, once.
  func complete() {
    guard let finish else { return }
    self.finish = nil
    finish()
  }
}

extension NavigationController {
  /// Which way the screens slide.
  enum SlideDirection {
    /// The new top comes in from the right, over the old one.
    case push
    /// The old top leaves to the right, uncovering the new one.
    case pop
  }

  /// Ends the running transition (and any edge swipe) at once, so that a new change of the
  /// stack starts from a settled state.
  func finishTransitions() {
    cancelInteractivePopNow()
    runningTransition?.complete()
  }

  /// Whether the navigation controller is on screen (or on its way), so that the
  /// controllers it swaps get appearance callbacks.
  var isShowingContent: Bool {
    appearanceState == .appeared || appearanceState == .appearing
  }

  /// Makes `newStack` the stack: containment calls for the controllers that join or
  /// leave, appearance callbacks for the old and new top around the slide, the bar's new
  /// items, and the delegate's calls.
  func changeStack(to newStack: [ViewController], direction: SlideDirection, animated: Bool) {
    finishTransitions()
    let oldStack = stack
    let from = oldStack.last
    let to = newStack.last
    let added = newStack.filter { controller in !oldStack.contains { $0 === controller } }
    let removed = oldStack.reversed().filter { controller in
      !newStack.contains { $0 === controller }
    }
    stack = newStack
    for controller in added { addChild(controller) }
    for controller in removed { controller.willMove(toParent: nil) }

    let changesTop = from !== to
    let visible = isShowingContent && isViewLoaded
    let slides = animated && visible && changesTop && from != nil && to != nil
    if changesTop, isViewLoaded { to?.loadViewIfNeeded() }
    if changesTop, let to {
      delegate?.navigationController(self, willShow: to, animated: slides)
    }
    if changesTop && visible {
      from?.beginAppearanceTransition(false, animated: slides)
      to?.beginAppearanceTransition(true, animated: slides)
    } else if changesTop, from?.appearanceState == .disappearing {
      // The navigation controller is leaving the screen: the old top's disappearance ends
      // now, since it will not be the top when the container's ends.
      from?.endAppearanceTransition()
    }

    let finish: @MainActor () -> Void = { [weak self] in
      guard let self else { return }
      self.settleViews(from: changesTop ? from : nil, to: to)
      if changesTop && visible {
        from?.endAppearanceTransition()
        to?.endAppearanceTransition()
      }
      for controller in removed { controller.removeFromParent() }
      for controller in added { controller.didMove(toParent: self) }
      if changesTop, let to {
        if visible { self.shownController = to }
        self.delegate?.navigationController(self, didShow: to, animated: slides)
        // A screen reader starts again at the new screen (its navigation bar's title).
        if visible { Accessibility.post(notification: .screenChanged) }
      }
    }

    navigationBar.show(
      newStack.map(\.navigationItem), fadeDuration: slides ? Self.transitionDuration : 0)
    guard isViewLoaded else { return finish() }
    guard changesTop, let toView = to?.view else { return finish() }
    let bounds = contentView.bounds
    let fromView = from?.viewIfLoaded
    if let fromView, fromView.superview === contentView {
      if direction == .push {
        contentView.insertSubview(toView, aboveSubview: fromView)
      } else {
        contentView.insertSubview(toView, belowSubview: fromView)
      }
    } else {
      contentView.addSubview(toView)
    }
    guard slides else {
      toView.frame = bounds
      return finish()
    }
    animateChange(from: fromView, to: toView, direction: direction, finish: finish)
  }

  /// Slides `toView` in over (a push) or from under (a pop) `fromView`, or with Reduce
  /// Motion fades it in over the old one in place; `finish` runs when it ends.
  private func animateChange(
    from fromView: View?, to toView: View, direction: SlideDirection,
    finish: @escaping @MainActor () -> Void
  ) {
    let bounds = contentView.bounds
    let offstage = bounds.offsetBy(dx: bounds.width, dy: 0)
    let underneath = bounds.offsetBy(dx: -bounds.width * Self.parallax, dy: 0)
    let fades = Application.shared.accessibilitySettings.reduceMotion
    if fades {
      toView.frame = bounds
      toView.alpha = 0
    } else {
      toView.frame = direction == .push ? offstage : underneath
    }
    let transition = NavigationTransition(finish: finish)
    runningTransition = transition
    View.animate(
      withDuration: Self.transitionDuration, delay: 0, options: [.curveEaseOut],
      animations: {
        if fades {
          toView.alpha = 1
          fromView?.alpha = 0
        } else {
          toView.frame = bounds
          fromView?.frame = direction == .push ? underneath : offstage
        }
      },
      completion: { [weak self] _ in
        guard let self, !transition.isFinished else { return }
        if self.runningTransition === transition { self.runningTransition = nil }
        transition.complete()
      })
  }

  /// After a transition: only the new top's view stays in the content area, filling it.
  /// Setting the frames outside an animation stops any slide still running.
  func settleViews(from: ViewController?, to: ViewController?) {
    if runningTransition != nil { runningTransition = nil }
    let bounds = contentView.bounds
    if let fromView = from?.viewIfLoaded, fromView.superview === contentView {
      View.performWithoutAnimation {
        fromView.frame = bounds
        fromView.alpha = 1
      }
      fromView.removeFromSuperview()
    }
    if let toView = to?.viewIfLoaded, toView.superview === contentView {
      View.performWithoutAnimation {
        toView.frame = bounds
        toView.alpha = 1
      }
    }
  }
}
