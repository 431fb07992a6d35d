import KioskGraphics

/// A change of page whose end (the callbacks after the slide) is still to come.
@MainActor
final class PageTransition {
  private var finish: (@MainActor (Bool) -> Void)?

  init(finish: @escaping @MainActor (Bool) -> Void) {
    self.finish = finish
  }

  var isFinished: Bool { finish == nil }

  /// Runs the end of the transition, once; `finished` is false when it was cut short.
  func complete(finished: Bool) {
    guard let finish else { return }
    self.finish = nil
    finish(finished)
  }
}

extension PageViewController {
  /// How far apart (points) two neighbouring pages' origins are: a page's length along
  /// the axis, plus the gap.
  var pageStride: Double {
    let bounds = contentView.bounds
    let length = navigationOrientation == .horizontal ? bounds.width : bounds.height
    return length + interPageSpacing
  }

  /// The page area moved `distance` points along the axis (towards the next page when
  /// positive).
  func pageFrame(offsetBy distance: Double) -> Rect {
    let bounds = contentView.bounds
    return navigationOrientation == .horizontal
      ? bounds.offsetBy(dx: distance, dy: 0) : bounds.offsetBy(dx: 0, dy: distance)
  }

  /// Ends the swipe under the finger (cancelled) and the running slide (completed) at once,
  /// so that a new change starts from a settled state.
  func finishTransitions() {
    cancelSwipeNow()
    runningTransition?.complete(finished: false)
  }

  /// Makes `page` the page: containment and appearance calls for it and the old page, and
  /// a slide in `direction` when `animated` and on screen.
  func changePage(
    to page: ViewController, direction: NavigationDirection, animated: Bool,
    completion: ((Bool) -> Void)?
  ) {
    let old = current
    addChild(page)
    guard page.parent === self else {
      // `page` contains this controller: it cannot be one of its pages.
      completion?(false)
      return
    }
    current = page
    if isViewLoaded { page.loadViewIfNeeded() }
    old?.willMove(toParent: nil)
    let visible = isShowingContent
    let slides = animated && visible && old != nil
    if visible {
      page.beginAppearanceTransition(true, animated: slides)
      old?.beginAppearanceTransition(false, animated: slides)
    } else if old?.appearanceState == .disappearing {
      // Leaving the screen: the old page's disappearance ends now, since it will not be the
      // page when the container's ends.
      old?.endAppearanceTransition()
    }

    let finish: @MainActor (Bool) -> Void = { [weak self] finished in
      guard let self else { return }
      self.settleViews(removing: old)
      if visible {
        old?.endAppearanceTransition()
        page.endAppearanceTransition()
      }
      old?.removeFromParent()
      page.didMove(toParent: self)
      self.updatePageControl()
      completion?(finished)
    }

    guard isViewLoaded else { return finish(true) }
    let pageView = page.view
    let oldView = old?.viewIfLoaded
    if let oldView, oldView.superview === contentView {
      contentView.insertSubview(pageView, aboveSubview: oldView)
    } else {
      contentView.addSubview(pageView)
    }
    guard slides else { return finish(true) }
    let stride = direction == .forward ? pageStride : -pageStride
    View.performWithoutAnimation { pageView.frame = pageFrame(offsetBy: stride) }
    let transition = PageTransition(finish: finish)
    runningTransition = transition
    View.animate(
      withDuration: Self.transitionDuration, delay: 0, options: [.curveEaseOut],
      animations: {
        pageView.frame = pageFrame(offsetBy: 0)
        oldView?.frame = pageFrame(offsetBy: -stride)
      },
      completion: { [weak self] finished in
        guard let self, !transition.isFinished else { return }
        if self.runningTransition === transition { self.runningTransition = nil }
        transition.complete(finished: finished)
      })
  }

  /// After a change: only the page's view stays in the page area, filling it. Setting the
  /// frames outside an animation stops any slide still running.
  func settleViews(removing gone: ViewController?) {
    runningTransition = nil
    let bounds = contentView.bounds
    if let goneView = gone?.viewIfLoaded, goneView.superview === contentView {
      View.performWithoutAnimation { goneView.frame = bounds }
      goneView.removeFromSuperview()
    }
    if let pageView = current?.viewIfLoaded, pageView.superview === contentView {
      View.performWithoutAnimation { pageView.frame = bounds }
    }
  }
}
