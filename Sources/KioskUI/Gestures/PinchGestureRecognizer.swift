import KioskGraphics

/// Recognizes a pinch: two fingers moving toward each other (zoom out) or apart (zoom in).
/// A continuous gesture, UIKit's `UIPinchGestureRecognizer`: it begins once the distance
/// between the fingers has changed by a few points (`began`, with `scale` 1), reports
/// `changed` as they move, and ends when both fingers have lifted (while one is down it
/// reports nothing; a finger put down again carries the scale on). A third finger is
/// ignored. Its `location(in:)` is the point midway between the fingers.
///
/// ```swift
/// let pinch = PinchGestureRecognizer { pinch in
///   photo.transform = photo.transform.scaledBy(x: pinch.scale, y: pinch.scale)
///   pinch.scale = 1  // the next change is a factor on this one
/// }
/// photo.addGestureRecognizer(pinch)
/// ```
///
/// A pinch and a pan (or a rotation) on the same fingers exclude each other unless a
/// delegate lets them recognize together
/// (`gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`).
@MainActor
open class PinchGestureRecognizer: GestureRecognizer {
  private var gesture = TwoFingerGesture(kind: .pinch)

  /// The scale factor: the distance between the fingers relative to their distance when
  /// the pinch began (1 then; 2 when they are twice as far apart), or to their distance
  /// when you last set it. Set it to 1 after applying it to make the next one relative.
  public var scale: Double {
    get { gesture.value }
    set {
      precondition(
        newValue.isFinite, "PinchGestureRecognizer.scale must be finite, not \(newValue)")
      gesture.setValue(newValue)
    }
  }

  /// How fast the fingers pinch, in scale factor per second (of the distance when the
  /// pinch began), over the last tenth of a second: negative when they close. Setting
  /// `scale` does not change it.
  public var velocity: Double { gesture.velocity }

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    gesture.touchesBegan(touches, of: self, event: event)
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    if let next = gesture.touchesMoved(of: self, at: event.timestamp) { state = next }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    if let next = gesture.touchesEnded(touches, of: self) { state = next }
  }

  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    state = state == .possible ? .failed : .cancelled
  }

  open override func reset() {
    super.reset()
    gesture.reset()
  }
}
