import KioskGraphics

extension ScrollView {
  /// How long `setContentOffset(_:animated:)` takes.
  static let scrollAnimationDuration = 0.3
  /// A glide slower than this (points per second) when a finger lands lets that tap reach
  /// the content.
  static let stoppingSpeed = 40.0

  /// The finger lifted after dragging; `velocity` is in points per second, in the
  /// direction the content offset moves.
  func endDragging(velocity: Point) {
    guard isDragging else { return }
    isDragging = false
    var velocity = velocity
    if !scrollsHorizontally { velocity.x = 0 }
    if !scrollsVertically { velocity.y = 0 }
    let natural = restingOffset(velocity: velocity)
    var target = natural
    delegate?.scrollViewWillEndDragging(
      self, withVelocity: Point(x: velocity.x / 1000, y: velocity.y / 1000),
      targetContentOffset: &target)
    planMotion(velocity: velocity, destination: target != natural ? clampedOffset(target) : nil)
    let willDecelerate = horizontalMotion != nil || verticalMotion != nil
    delegate?.scrollViewDidEndDragging(self, willDecelerate: willDecelerate)
    if willDecelerate {
      beginDecelerating()
    } else {
      scheduleScrollIndicatorHide()
    }
  }

  /// Content left past an edge (or between pages) with no finger on it moves back.
  func settle(velocity: Point) {
    planMotion(velocity: velocity, destination: nil)
    if horizontalMotion != nil || verticalMotion != nil {
      beginDecelerating()
    } else if !verticalIndicator.isHidden || !horizontalIndicator.isHidden {
      scheduleScrollIndicatorHide()
    }
  }

  /// Where the content comes to rest after a release at `velocity`: where the glide ends
  /// (within the content's range), or the page it settles on.
  private func restingOffset(velocity: Point) -> Point {
    if let snapped = snappedOffset(velocity: velocity) { return snapped }
    let decay = ScrollAxisMotion.decay(forRatePerMillisecond: decelerationRate.rawValue)
    let offset = contentOffset
    return clampedOffset(
      Point(
        x: ScrollAxisMotion.glideTarget(from: offset.x, velocity: velocity.x, decay: decay),
        y: ScrollAxisMotion.glideTarget(from: offset.y, velocity: velocity.y, decay: decay)))
  }

  /// Sets up each axis's motion: to `destination` if one was chosen (or a page), else a
  /// glide that slows down on its own, or a spring back from past an edge.
  private func planMotion(velocity: Point, destination: Point?) {
    let destination = destination ?? snappedOffset(velocity: velocity)
    let offset = contentOffset
    let range = offsetRange
    let now = Transaction.clock()
    let decay = ScrollAxisMotion.decay(
      forRatePerMillisecond: isPagingEnabled
        ? Self.pagingRate.rawValue : decelerationRate.rawValue)
    func motion(
      _ value: Double, _ velocity: Double, _ target: Double?, _ range: ClosedRange<Double>
    )
      -> ScrollAxisMotion?
    {
      if let target {
        guard target != value else { return nil }
        return .glide(from: value, to: target, decay: decay, start: now)
      }
      if !range.contains(value) {
        return .springBack(from: value, range: range, velocity: velocity, start: now)
      }
      guard abs(velocity) >= ScrollAxisMotion.restingSpeed else { return nil }
      return .glide(
        from: value, velocity: velocity, decay: decay, range: range, bounces: bounces, start: now)
    }
    horizontalMotion = motion(offset.x, velocity.x, destination?.x, range.x)
    verticalMotion = motion(offset.y, velocity.y, destination?.y, range.y)
  }

  private func beginDecelerating() {
    isDecelerating = true
    delegate?.scrollViewWillBeginDecelerating(self)
    startMotion(.deceleration)
  }

  /// Animates the content offset to `target` (`setContentOffset(_:animated:)`).
  func animateContentOffset(to target: Point) {
    let now = Transaction.clock()
    let offset = contentOffset
    let duration = Self.scrollAnimationDuration
    horizontalMotion =
      target.x != offset.x
      ? .animation(from: offset.x, to: target.x, duration: duration, start: now) : nil
    verticalMotion =
      target.y != offset.y
      ? .animation(from: offset.y, to: target.y, duration: duration, start: now) : nil
    startMotion(.animation)
  }

  /// Steps the motion at every refresh of the screen until it is over.
  private func startMotion(_ kind: MotionKind) {
    motionKind = kind
    showScrollIndicators()
    guard motionLink == nil else { return }
    guard let screen = window?.screen else {
      // Off screen there are no refreshes: the content goes straight to where it ends.
      let offset = contentOffset
      let end = Point(
        x: horizontalMotion?.restingValue ?? offset.x, y: verticalMotion?.restingValue ?? offset.y)
      horizontalMotion = nil
      verticalMotion = nil
      applyContentOffset(end)
      finishMotion()
      return
    }
    let link = DisplayLink { [weak self] link in
      guard let self, self.window != nil else {
        link.invalidate()
        self?.stopMotion()
        return
      }
      self.stepMotion(at: link.timestamp)
    }
    motionLink = link
    link.add(to: screen)
  }

  private func stepMotion(at time: Double) {
    var offset = contentOffset
    if var motion = horizontalMotion {
      let sample = motion.sample(at: time)
      offset.x = sample.value
      horizontalMotion = sample.isFinished ? nil : motion
    }
    if var motion = verticalMotion {
      let sample = motion.sample(at: time)
      offset.y = sample.value
      verticalMotion = sample.isFinished ? nil : motion
    }
    let finished = horizontalMotion == nil && verticalMotion == nil
    if finished {
      motionLink?.invalidate()
      motionLink = nil
    }
    applyContentOffset(offset)
    // The delegate may have started another motion from scrollViewDidScroll.
    if finished && motionLink == nil && horizontalMotion == nil && verticalMotion == nil {
      finishMotion()
    }
  }

  private func finishMotion() {
    switch motionKind {
    case .deceleration:
      guard isDecelerating else { break }
      isDecelerating = false
      delegate?.scrollViewDidEndDecelerating(self)
    case .animation:
      delegate?.scrollViewDidEndScrollingAnimation(self)
    }
    if !isTracking { scheduleScrollIndicatorHide() }
  }

  /// Stops any glide or animation where it is, without telling the delegate it ended (a
  /// touch stopped it, or new scrolling replaces it).
  func stopMotion() {
    motionLink?.invalidate()
    motionLink = nil
    horizontalMotion = nil
    verticalMotion = nil
    isDecelerating = false
  }

  /// The app moved the content during a motion: a glide goes on from the new place; an
  /// animation or spring on that axis stops where the app put it.
  func shiftMotion(by delta: Point) {
    guard horizontalMotion != nil || verticalMotion != nil else { return }
    if delta.x != 0 { horizontalMotion = horizontalMotion?.shifted(by: delta.x) }
    if delta.y != 0 { verticalMotion = verticalMotion?.shifted(by: delta.y) }
    if horizontalMotion == nil && verticalMotion == nil { stopMotion() }
  }

  /// How fast (points per second) the content moves at `time`.
  func motionSpeed(at time: Double) -> Double {
    var x = horizontalMotion
    var y = verticalMotion
    let sx = x?.sample(at: time).speed ?? 0
    let sy = y?.sample(at: time).speed ?? 0
    return (sx * sx + sy * sy).squareRoot()
  }
}
