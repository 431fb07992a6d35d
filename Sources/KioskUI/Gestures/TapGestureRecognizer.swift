import KioskGraphics

/// Recognizes taps: `numberOfTapsRequired` quick taps of `numberOfTouchesRequired` fingers
/// each, in about the same place. A discrete gesture: its actions run once, when the last
/// finger of the last tap lifts. It fails when a finger moves more than about 10 points,
/// when more fingers come down than required, or when the next tap does not come within
/// 0.35 s.
///
/// ```swift
/// let doubleTap = TapGestureRecognizer { _ in photo.toggleZoom() }
/// doubleTap.numberOfTapsRequired = 2
/// photo.addGestureRecognizer(doubleTap)
/// ```
@MainActor
open class TapGestureRecognizer: GestureRecognizer {
  /// How many taps make the gesture. The default is 1.
  public var numberOfTapsRequired = 1
  /// How many fingers each tap takes. The default is 1.
  public var numberOfTouchesRequired = 1

  /// How far (points) a finger may move during a tap.
  static let allowableMovement = 10.0
  /// How far (points) from the first tap the later ones may come down.
  static let allowableTapDistance = 45.0
  /// How long (seconds) after a tap the next one may come down.
  static let maximumIntervalBetweenTaps = TouchRouter.multiTapInterval

  private var tapsCompleted = 0
  private var fingersInTap = 0
  private var starts: [Touch: Point] = [:]
  private var firstTapLocation: Point?
  private var nextTapDeadline: ScheduledAction?

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    guard tapsCompleted < max(numberOfTapsRequired, 1) else {
      // Done, waiting for another recognizer to fail: these fingers are not ours.
      for touch in touches { ignore(touch, for: event) }
      return
    }
    nextTapDeadline?.cancel()
    nextTapDeadline = nil
    for touch in touches {
      starts[touch] = touch.locationInWindow
      if let first = firstTapLocation,
        touch.locationInWindow.distance(to: first) > Self.allowableTapDistance
      {
        state = .failed
        return
      }
    }
    fingersInTap = max(fingersInTap, numberOfTouches)
    if numberOfTouches > numberOfTouchesRequired { state = .failed }
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    if movedTooFar(touches) { state = .failed }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    guard state == .possible, !isWaitingToRecognize else { return }
    guard numberOfTouches - touches.count == 0 || movedTooFar(touches) else { return }
    guard fingersInTap == numberOfTouchesRequired, !movedTooFar(touches) else {
      state = .failed
      return
    }
    tapsCompleted += 1
    fingersInTap = 0
    starts.removeAll()
    if firstTapLocation == nil { firstTapLocation = location(in: nil) }
    if tapsCompleted >= numberOfTapsRequired {
      state = .ended
    } else {
      nextTapDeadline = ScheduledAction.after(Self.maximumIntervalBetweenTaps) { [weak self] in
        guard let self, self.state == .possible else { return }
        self.state = .failed
      }
    }
  }

  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    state = .failed
  }

  open override func reset() {
    super.reset()
    tapsCompleted = 0
    fingersInTap = 0
    starts.removeAll()
    firstTapLocation = nil
    nextTapDeadline?.cancel()
    nextTapDeadline = nil
  }

  private func movedTooFar(_ touches: Set<Touch>) -> Bool {
    touches.contains { touch in
      guard let start = starts[touch] else { return false }
      return touch.locationInWindow.distance(to: start) > Self.allowableMovement
    }
  }
}
