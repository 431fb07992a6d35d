import KioskGraphics

extension Control {
  /// How far (points) beyond its bounds a finger still counts as inside a control: UIKit
  /// lets a finger stray about this far before a button lets go of its highlight.
  static let trackingMargin = 70.0

  /// Whether `point` (in the control's coordinates) is inside the tracking area.
  func isInTrackingArea(_ point: Point) -> Bool {
    let margin = touchTrackingMargin
    return bounds.insetBy(dx: -margin, dy: -margin).contains(point)
  }

  func trackTouchesBegan(_ touches: Set<Touch>, with event: KioskUI.Event?) {
    // One finger at a time; more fingers (with isMultipleTouchEnabled) are swallowed.
    guard trackingTouch == nil, let touch = touches.first else { return }
    trackingTouch = touch
    isTouchInside = true
    isTracking = beginTracking(touch, with: event)
    guard isTracking else {
      isTouchInside = false
      return
    }
    isHighlighted = true
    sendActions(for: .touchDown)
    if touch.tapCount > 1 { sendActions(for: .touchDownRepeat) }
  }

  func trackTouchesMoved(_ touches: Set<Touch>, with event: KioskUI.Event?) {
    guard isTracking, let touch = trackingTouch, touches.contains(touch) else { return }
    let wasInside = isTouchInside
    isTouchInside = isInTrackingArea(touch.location(in: self))
    isHighlighted = isTouchInside
    isTracking = continueTracking(touch, with: event)
    guard isTracking else {
      isHighlighted = false
      return
    }
    if isTouchInside && !wasInside { sendActions(for: .touchDragEnter) }
    if !isTouchInside && wasInside { sendActions(for: .touchDragExit) }
    sendActions(for: isTouchInside ? .touchDragInside : .touchDragOutside)
  }

  func trackTouchesEnded(_ touches: Set<Touch>, with event: KioskUI.Event?) {
    guard let touch = trackingTouch, touches.contains(touch) else { return }
    let wasTracking = isTracking
    trackingTouch = nil
    isTracking = false
    isHighlighted = false
    guard wasTracking else {
      isTouchInside = false
      return
    }
    isTouchInside = isInTrackingArea(touch.location(in: self))
    endTracking(touch, with: event)
    if isTouchInside {
      sendActions(for: .touchUpInside)
      if sendsPrimaryActionOnTouchUpInside { sendActions(for: .primaryActionTriggered) }
    } else {
      sendActions(for: .touchUpOutside)
    }
    isTouchInside = false
  }

  func trackTouchesCancelled(_ touches: Set<Touch>, with event: KioskUI.Event?) {
    guard let touch = trackingTouch, touches.contains(touch) else { return }
    let wasTracking = isTracking
    trackingTouch = nil
    isTracking = false
    isHighlighted = false
    isTouchInside = false
    guard wasTracking else { return }
    cancelTracking(with: event)
    sendActions(for: .touchCancel)
  }

  /// The control was disabled mid-touch: tracking stops without events, and the rest of
  /// the touch is ignored.
  func abandonTracking() {
    isHighlighted = false
    guard isTracking else { return }
    isTracking = false
    isTouchInside = false
    cancelTracking(with: nil)
  }
}
