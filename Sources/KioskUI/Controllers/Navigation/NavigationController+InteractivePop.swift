import KioskGraphics

/// An edge swipe popping the top controller while the finger moves.
@MainActor
struct InteractivePop {
  /// The top controller, leaving.
  let from: ViewController
  /// The one below it, uncovered.
  let to: ViewController
}

/// Lets the edge swipe begin only where and when it makes sense.
@MainActor
final class EdgePanDelegate: GestureRecognizerDelegate {
  weak var navigationController: NavigationController?

  func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch)
    -> Bool
  {
    guard let navigation = navigationController, navigation.canPopInteractively,
      let view = navigation.viewIfLoaded
    else { return false }
    return touch.location(in: view).x <= ScreenEdgePanGestureRecognizer.edgeWidth
  }

  /// Only a swipe to the right, more sideways than up or down.
  func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    guard let pan = gestureRecognizer as? PanGestureRecognizer,
      navigationController?.canPopInteractively == true
    else { return false }
    let moved = pan.translation(in: nil)
    return moved.x > 0 && moved.x >= abs(moved.y)
  }
}

extension NavigationController {
  /// A release faster than this (points per second, to the right) completes the pop
  /// however far the finger went.
  static let completingVelocity = 500.0

  /// Whether an edge swipe may start now: something to pop, on screen, nothing moving.
  var canPopInteractively: Bool {
    stack.count > 1 && appearanceState == .appeared && runningTransition == nil
      && interactivePop == nil
  }

  func handleEdgePan(_ pan: PanGestureRecognizer) {
    switch pan.state {
    case .began:
      beginInteractivePop()
    case .changed:
      updateInteractivePop(progress: progress(of: pan))
    case .ended:
      let velocity = pan.velocity(in: view).x
      let progress = progress(of: pan)
      let completes =
        velocity > Self.completingVelocity
        || (progress > 0.5 && velocity > -Self.completingVelocity)
      endInteractivePop(completing: completes, from: progress)
    case .cancelled, .failed:
      endInteractivePop(completing: false, from: progress(of: pan))
    case .possible:
      break
    }
  }

  private func progress(of pan: PanGestureRecognizer) -> Double {
    let width = contentView.bounds.width
    guard width > 0 else { return 0 }
    return min(max(pan.translation(in: view).x / width, 0), 1)
  }

  /// The top controller starts to leave (`willMove(toParent: nil)`, `viewWillDisappear`)
  /// and the one below starts to appear, its view placed underneath.
  private func beginInteractivePop() {
    guard canPopInteractively, let from = stack.last else { return }
    let to = stack[stack.count - 2]
    interactivePop = InteractivePop(from: from, to: to)
    from.willMove(toParent: nil)
    delegate?.navigationController(self, willShow: to, animated: true)
    from.beginAppearanceTransition(false, animated: true)
    to.beginAppearanceTransition(true, animated: true)
    let bounds = contentView.bounds
    let toView = to.view
    toView.frame = bounds.offsetBy(dx: -bounds.width * Self.parallax, dy: 0)
    if let fromView = from.viewIfLoaded, fromView.superview === contentView {
      contentView.insertSubview(toView, belowSubview: fromView)
    } else {
      contentView.addSubview(toView)
    }
    navigationBar.beginInteractiveTransition(to: stack.dropLast().map(\.navigationItem))
  }

  private func updateInteractivePop(progress: Double) {
    guard let pop = interactivePop else { return }
    let bounds = contentView.bounds
    View.performWithoutAnimation {
      pop.from.viewIfLoaded?.frame = bounds.offsetBy(dx: bounds.width * progress, dy: 0)
      pop.to.viewIfLoaded?.frame = bounds.offsetBy(
        dx: -bounds.width * Self.parallax * (1 - progress), dy: 0)
    }
    navigationBar.updateInteractiveTransition(progress)
  }

  /// Slides the rest of the way (or back) from `progress`, then finishes the pop or
  /// cancels it.
  private func endInteractivePop(completing: Bool, from progress: Double) {
    guard let pop = interactivePop else { return }
    interactivePop = nil
    let remaining = completing ? 1 - progress : progress
    let duration = max(Self.transitionDuration * remaining, 0.05)
    let bounds = contentView.bounds
    let fromView = pop.from.viewIfLoaded
    let toView = pop.to.viewIfLoaded
    navigationBar.endInteractiveTransition(completing: completing, duration: duration)
    let transition = NavigationTransition { [weak self] in
      self?.finishInteractivePop(pop, completing: completing)
    }
    runningTransition = transition
    View.animate(
      withDuration: duration, delay: 0, options: [.curveEaseOut],
      animations: {
        if completing {
          fromView?.frame = bounds.offsetBy(dx: bounds.width, dy: 0)
          toView?.frame = bounds
        } else {
          fromView?.frame = bounds
          toView?.frame = bounds.offsetBy(dx: -bounds.width * Self.parallax, dy: 0)
        }
      },
      completion: { [weak self] _ in
        guard let self, !transition.isFinished else { return }
        if self.runningTransition === transition { self.runningTransition = nil }
        transition.complete()
      })
  }

  /// The end of an edge swipe. Completed, it ends as a pop does (`viewDidDisappear`,
  /// `viewDidAppear`, `didMove(toParent: nil)`); cancelled, the controller underneath
  /// disappears again and the top one appears again, keeping its place
  /// (`didMove(toParent:)` with this controller), and the stack is as before.
  private func finishInteractivePop(_ pop: InteractivePop, completing: Bool) {
    if completing {
      stack.removeAll { $0 === pop.from }
      settleViews(from: pop.from, to: pop.to)
      pop.from.endAppearanceTransition()
      pop.to.endAppearanceTransition()
      pop.from.removeFromParent()
      shownController = pop.to
      delegate?.navigationController(self, didShow: pop.to, animated: true)
    } else {
      settleViews(from: pop.to, to: pop.from)
      pop.to.beginAppearanceTransition(false, animated: true)
      pop.to.endAppearanceTransition()
      pop.from.beginAppearanceTransition(true, animated: true)
      pop.from.endAppearanceTransition()
      pop.from.didMove(toParent: self)
    }
  }

  /// Cancels an edge swipe still under the finger, without animation (another change of
  /// the stack, or the navigation controller leaving the screen, needs a settled state).
  func cancelInteractivePopNow() {
    guard let pop = interactivePop else { return }
    interactivePop = nil
    navigationBar.endInteractiveTransition(completing: false, duration: 0)
    finishInteractivePop(pop, completing: false)
  }
}
