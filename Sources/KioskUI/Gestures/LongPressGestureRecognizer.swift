import KioskGraphics

/// Recognizes a press held still: `numberOfTouchesRequired` fingers down for
/// `minimumPressDuration` without moving more than `allowableMovement`. A continuous
/// gesture: `began` when the time is up, `changed` as the fingers then move (freely),
/// `ended` when they lift. Lifting or moving too far before the time is up fails it.
///
/// ```swift
/// let press = LongPressGestureRecognizer { press in
///   if press.state == .began { showMenu(at: press.location(in: tile)) }
/// }
/// tile.addGestureRecognizer(press)
/// ```
@MainActor
open class LongPressGestureRecognizer: GestureRecognizer {
  /// How long (seconds) the fingers must stay down. The default is 0.5.
  public var minimumPressDuration = 0.5
  /// How far (points) a finger may move before the gesture begins. The default is 10.
  public var allowableMovement = 10.0
  /// How many fingers press. The default is 1.
  public var numberOfTouchesRequired = 1

  private var starts: [Touch: Point] = [:]
  private var pressTimer: ScheduledAction?

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard state == .possible else {
      for touch in touches { ignore(touch, for: event) }  // extra fingers once pressed
      return
    }
    for touch in touches { starts[touch] = touch.locationInWindow }
    if numberOfTouches > numberOfTouchesRequired {
      stopTimer()
      state = .failed
    } else if numberOfTouches == numberOfTouchesRequired {
      stopTimer()
      pressTimer = ScheduledAction.after(minimumPressDuration) { [weak self] in
        guard let self, self.state == .possible else { return }
        self.state = .began
      }
    }
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    if state == .possible {
      let movedTooFar = touches.contains { touch in
        guard let start = starts[touch] else { return false }
        return touch.locationInWindow.distance(to: start) > allowableMovement
      }
      if movedTooFar && !isWaitingToRecognize {
        stopTimer()
        state = .failed
      }
    } else if state == .began || state == .changed {
      state = .changed
    }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    if state == .possible {
      stopTimer()
      state = isWaitingToRecognize ? .ended : .failed
    } else if state == .began || state == .changed {
      if numberOfTouches - touches.count < numberOfTouchesRequired { state = .ended }
    }
  }

  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    stopTimer()
    state = state == .possible ? .failed : .cancelled
  }

  open override func reset() {
    super.reset()
    stopTimer()
    starts.removeAll()
  }

  private func stopTimer() {
    pressTimer?.cancel()
    pressTimer = nil
  }
}
