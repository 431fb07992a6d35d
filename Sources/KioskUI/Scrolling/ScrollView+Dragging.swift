import KioskGraphics

extension ScrollView {
  /// The pan's actions: the content follows the finger, then glides on when it lifts.
  func handlePan(_ pan: PanGestureRecognizer) {
    switch pan.state {
    case .began:
      beginDragging(pan)
    case .changed:
      continueDragging(pan)
    case .ended:
      let velocity = pan.velocity(in: self)
      endDragging(velocity: Point(x: -velocity.x, y: -velocity.y))
    case .cancelled:
      endDragging(velocity: .zero)
    default:
      break
    }
  }

  private func beginDragging(_ pan: PanGestureRecognizer) {
    stopMotion()
    dragWillBegin()
    dragStartOffset = unbandedOffset(contentOffset)
    // The finger moved a few points before the pan began; the content starts from here
    // rather than jumping to catch up.
    dragBaseline = pan.translation(in: self)
    isDragging = true
    showScrollIndicators()
    delegate?.scrollViewWillBeginDragging(self)
  }

  private func continueDragging(_ pan: PanGestureRecognizer) {
    // While zooming, the pinch moves the content (see ScrollView+Zooming.swift).
    guard isDragging, !isZooming, zoomState.animation == nil else { return }
    let moved = pan.translation(in: self)
    var raw = unbandedOffset(contentOffset)
    if scrollsHorizontally { raw.x = dragStartOffset.x - (moved.x - dragBaseline.x) }
    if scrollsVertically { raw.y = dragStartOffset.y - (moved.y - dragBaseline.y) }
    contentOffset = bandedOffset(raw)
  }

  /// Whether the pan may begin: the content must be able to move in the direction the
  /// finger went (so that a vertical list leaves sideways drags to others), and content
  /// views that already have the touch must agree to give it up.
  func panShouldBegin() -> Bool {
    let moved = panGestureRecognizer.translation(in: self)
    let sideways = abs(moved.x) > abs(moved.y)
    guard sideways ? scrollsHorizontally : scrollsVertically else { return false }
    return contentTouchesCanBeCancelled()
  }

  /// Whether the content views holding the pan's touches let the scroll view take them.
  private func contentTouchesCanBeCancelled() -> Bool {
    for touch in panGestureRecognizer.sequenceTouches
    where touch.viewDelivery == .delivered || touch.viewDelivery == .endingHeld {
      guard let view = touch.view, view !== self else { continue }
      if !canCancelContentTouches || !touchesShouldCancel(in: view) { return false }
    }
    return true
  }

  /// Fingers touched down: a glide stops under them. Returns whether the content must not
  /// see these touches (they stopped a glide, or a subclass swallows them).
  func touchesDidBegin(_ touches: Set<Touch>) -> Bool {
    if motionLink != nil {
      let speed = motionSpeed(at: Transaction.clock())
      stopMotion()
      // A glide that had all but stopped does not take the tap from the content.
      if speed > Self.stoppingSpeed { touchStoppedMotion = true }
    }
    var swallow = touchStoppedMotion
    for touch in touches where shouldSwallowTouchDown(touch) { swallow = true }
    return swallow
  }

  /// The last finger lifted: content left stretched past an edge, or between pages,
  /// settles.
  func touchSequenceDidEnd() {
    touchStoppedMotion = false
    guard !isDragging, horizontalMotion == nil, verticalMotion == nil, zoomState.animation == nil
    else { return }
    settle(velocity: .zero)
  }
}
