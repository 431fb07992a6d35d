import KioskGraphics

/// Recognizes two fingers turning around each other. A continuous gesture, UIKit's
/// `UIRotationGestureRecognizer`: it begins once the fingers have turned by a few points
/// of travel (`began`, with `rotation` 0), reports `changed` as they turn, and ends when
/// both fingers have lifted (while one is down it reports nothing; a finger put down again
/// carries the angle on). A third finger is ignored. Its `location(in:)` is the
/// point midway between the fingers.
///
/// ```swift
/// let rotate = RotationGestureRecognizer { rotate in
///   dial.transform = dial.transform.rotated(by: rotate.rotation)
///   rotate.rotation = 0  // the next change is a step from this one
/// }
/// dial.addGestureRecognizer(rotate)
/// ```
///
/// Positive angles turn clockwise, as `Transform(rotationAngle:)` does, so applying
/// `rotation` to a view's transform keeps it under the fingers. A rotation and a pinch on
/// the same fingers exclude each other unless a delegate lets them recognize together.
@MainActor
open class RotationGestureRecognizer: GestureRecognizer {
  private var gesture = TwoFingerGesture(kind: .rotation)

  /// How far the fingers turned (radians, clockwise positive) since the gesture began, or
  /// since you last set it. Set it to 0 after applying it to make the next one a step.
  public var rotation: Double {
    get { gesture.value }
    set {
      precondition(
        newValue.isFinite, "RotationGestureRecognizer.rotation must be finite, not \(newValue)")
      gesture.setValue(newValue)
    }
  }

  /// How fast the fingers turn, in radians per second, over the last tenth of a second.
  /// Setting `rotation` does not change it.
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
