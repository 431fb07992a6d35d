import KioskGraphics

/// A drag of the page under the finger.
@MainActor
struct PageSwipe {
  /// Towards the next page (the finger moves left or up) or the previous one.
  let direction: PageViewController.NavigationDirection
  /// The page shown when the drag began.
  let from: ViewController
  /// The neighbour coming in; `nil` at the first or last page, where the drag only
  /// stretches.
  let to: ViewController?
}

/// Lets the page drag begin only along the pages' axis, while the pages are settled on
/// screen.
@MainActor
final class PagePanDelegate: GestureRecognizerDelegate {
  weak var pageViewController: PageViewController?

  func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    guard let pan = gestureRecognizer as? PanGestureRecognizer, let pages = pageViewController,
      pages.current != nil, pages.appearanceState == .appeared, pages.swipe == nil
    else { return false }
    let moved = pan.translation(in: pages.contentView)
    let along = pages.navigationOrientation == .horizontal ? moved.x : moved.y
    let across = pages.navigationOrientation == .horizontal ? moved.y : moved.x
    return along != 0 && abs(along) >= abs(across)
  }
}

extension PageViewController {
  /// A release faster than this (points per second, towards the neighbour) turns the page
  /// however far the finger went; as fast the other way keeps it.
  static let completingVelocity = 500.0
  /// How strongly a drag past the first or last page is held back (UIKit's rubber band).
  static let rubberBandStiffness = 0.55

  func handlePan(_ pan: PanGestureRecognizer) {
    switch pan.state {
    case .began:
      beginSwipe(towards: along(pan.translation(in: contentView)))
      updateSwipe(along(pan.translation(in: contentView)))
    case .changed:
      updateSwipe(along(pan.translation(in: contentView)))
    case .ended:
      endSwipe(
        translation: along(pan.translation(in: contentView)),
        velocity: along(pan.velocity(in: contentView)), cancelled: false)
    case .cancelled, .failed:
      endSwipe(translation: along(pan.translation(in: contentView)), velocity: 0, cancelled: true)
    case .possible:
      break
    }
  }

  /// The component of `vector` along the pages' axis.
  private func along(_ vector: Point) -> Double {
    navigationOrientation == .horizontal ? vector.x : vector.y
  }

  /// Starts a drag: a finger moving left (or up) brings the next page, right (or down) the
  /// previous one. The data source is asked for that neighbour now; the neighbour becomes a
  /// child and starts to appear while the page starts to disappear.
  private func beginSwipe(towards translation: Double) {
    finishTransitions()
    guard let from = current else { return }
    let direction: NavigationDirection = translation < 0 ? .forward : .reverse
    let neighbour =
      direction == .forward
      ? dataSource?.pageViewController(self, viewControllerAfter: from)
      : dataSource?.pageViewController(self, viewControllerBefore: from)
    guard let neighbour, neighbour !== from, neighbour !== self else {
      swipe = PageSwipe(direction: direction, from: from, to: nil)
      return
    }
    addChild(neighbour)
    guard neighbour.parent === self else {
      swipe = PageSwipe(direction: direction, from: from, to: nil)
      return
    }
    let neighbourView = neighbour.view
    delegate?.pageViewController(self, willTransitionTo: [neighbour])
    neighbour.beginAppearanceTransition(true, animated: true)
    from.beginAppearanceTransition(false, animated: true)
    View.performWithoutAnimation {
      neighbourView.frame = pageFrame(
        offsetBy: direction == .forward ? pageStride : -pageStride)
    }
    contentView.addSubview(neighbourView)
    swipe = PageSwipe(direction: direction, from: from, to: neighbour)
  }

  /// How far (points, from 0 to a whole page) the finger has carried the neighbour in.
  private func progressDistance(of swipe: PageSwipe, translation: Double) -> Double {
    let towards = swipe.direction == .forward ? -translation : translation
    return min(max(towards, 0), pageStride)
  }

  /// The page's offset when a drag of `translation` has no neighbour to bring: it follows
  /// the finger less and less the further it goes.
  private func rubberBandOffset(_ translation: Double) -> Double {
    let length = max(pageStride - interPageSpacing, 1)
    let stretched = (1 - 1 / (abs(translation) * Self.rubberBandStiffness / length + 1)) * length
    return translation < 0 ? -stretched : stretched
  }

  /// Moves the page and its neighbour with the finger.
  private func updateSwipe(_ translation: Double) {
    guard let swipe else { return }
    let fromView = swipe.from.viewIfLoaded
    guard let to = swipe.to else {
      View.performWithoutAnimation {
        fromView?.frame = pageFrame(offsetBy: rubberBandOffset(translation))
      }
      return
    }
    let distance = progressDistance(of: swipe, translation: translation)
    let sign = swipe.direction == .forward ? -1.0 : 1.0
    View.performWithoutAnimation {
      fromView?.frame = pageFrame(offsetBy: sign * distance)
      to.viewIfLoaded?.frame = pageFrame(offsetBy: sign * (distance - pageStride))
    }
  }

  /// The finger lifted (or the drag was cancelled): the neighbour slides the rest of the
  /// way in when the drag went past half a page or was flicked towards it, else the page
  /// slides back.
  private func endSwipe(translation: Double, velocity: Double, cancelled: Bool) {
    guard let swipe else { return }
    self.swipe = nil
    let stride = pageStride
    let progress: Double
    if swipe.to != nil, stride > 0 {
      progress = progressDistance(of: swipe, translation: translation) / stride
    } else {
      progress = abs(rubberBandOffset(translation)) / max(stride, 1)
    }
    let towards = swipe.direction == .forward ? -velocity : velocity
    let completes =
      !cancelled && swipe.to != nil
      && (towards > Self.completingVelocity
        || (progress > 0.5 && towards > -Self.completingVelocity))
    if completes { swipe.from.willMove(toParent: nil) }
    let remaining = completes ? 1 - progress : progress
    let duration = max(Self.transitionDuration * remaining, 0.05)
    let sign = swipe.direction == .forward ? -1.0 : 1.0
    let fromView = swipe.from.viewIfLoaded
    let toView = swipe.to?.viewIfLoaded
    let transition = PageTransition { [weak self] finished in
      self?.finishSwipe(swipe, completing: completes, finished: finished)
    }
    runningTransition = transition
    View.animate(
      withDuration: duration, delay: 0, options: [.curveEaseOut],
      animations: {
        fromView?.frame = pageFrame(offsetBy: completes ? sign * stride : 0)
        toView?.frame = pageFrame(offsetBy: completes ? 0 : -sign * stride)
      },
      completion: { [weak self] finished in
        guard let self, !transition.isFinished else { return }
        if self.runningTransition === transition { self.runningTransition = nil }
        transition.complete(finished: finished)
      })
  }

  /// The end of a swipe. Completed, the neighbour is the page: the old page ends its
  /// disappearance and leaves, the new one ends its appearance and stays. Cancelled, the
  /// neighbour disappears again and leaves, and the page appears again. The delegate hears
  /// either way; a drag without a neighbour ends without a word.
  private func finishSwipe(_ swipe: PageSwipe, completing: Bool, finished: Bool) {
    guard let to = swipe.to else {
      settleViews(removing: nil)
      return
    }
    if completing {
      current = to
      settleViews(removing: swipe.from)
      swipe.from.endAppearanceTransition()
      to.endAppearanceTransition()
      swipe.from.removeFromParent()
      to.didMove(toParent: self)
      updatePageControl()
    } else {
      settleViews(removing: to)
      to.willMove(toParent: nil)
      to.beginAppearanceTransition(false, animated: true)
      to.endAppearanceTransition()
      swipe.from.beginAppearanceTransition(true, animated: true)
      swipe.from.endAppearanceTransition()
      to.removeFromParent()
    }
    delegate?.pageViewController(
      self, didFinishAnimating: finished, previousViewControllers: [swipe.from],
      transitionCompleted: completing)
  }

  /// Cancels a drag still under the finger, without animation (a change of page from code,
  /// or the page view controller leaving the screen, needs a settled state).
  func cancelSwipeNow() {
    guard let swipe else { return }
    self.swipe = nil
    finishSwipe(swipe, completing: false, finished: false)
  }
}
