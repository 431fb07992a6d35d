import KioskGraphics

/// Recognizes two fingers turning around each other. A continuous gesture, UIKit's
/// `UIRotationGestureRecognizer`: it begins once the fingers have turned by a few points
/// of travel (`began`, with `rotation` 0), reports `changed` as they turn, and ends when
/// fewer than two fingers remain. A third finger is ignored. Its `location(in:)` is the
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
  /// How far (points) the fingers must travel around each other (the angle times their
  /// distance) before the rotation begins, so that fingers resting on the glass do not
  /// start it.
  static let hysteresis = PinchGestureRecognizer.hysteresis

  /// The angle of the line between the fingers, turns counted (it goes past ±π).
  private var angle = 0.0
  /// The angle when the second finger came down.
  private var startAngle: Double?
  /// The angle when the pinch began: the velocity is measured from it.
  private var recognitionAngle = 0.0
  /// The rotation set last (0 when the gesture began), and the angle then.
  private var rotationBase = 0.0
  private var angleAtBase = 0.0
  private var tracking = TwoFingerTracking()

  /// How far the fingers turned (radians, clockwise positive) since the gesture began, or
  /// since you last set it. Set it to 0 after applying it to make the next one a step.
  public var rotation: Double {
    get { rotationBase + angle - angleAtBase }
    set {
      precondition(
        newValue.isFinite, "RotationGestureRecognizer.rotation must be finite, not \(newValue)")
      rotationBase = newValue
      angleAtBase = angle
    }
  }

  /// How fast the fingers turn, in radians per second, over the last tenth of a second.
  /// Setting `rotation` does not change it.
  public var velocity: Double { tracking.velocity }

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    TwoFingerTracking.ignoreExtraFingers(touches, of: self, event: event)
    if state == .possible, !isWaitingToRecognize, startAngle == nil,
      let line = TwoFingerTracking.line(of: self)
    {
      angle = line.angle
      angleAtBase = angle
      startAngle = angle
    }
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    guard let line = TwoFingerTracking.line(of: self) else { return }
    follow(line.angle)
    if state == .possible {
      guard !isWaitingToRecognize, let start = startAngle,
        abs(angle - start) * line.distance >= Self.hysteresis
      else { return }
      recognitionAngle = angle
      rotationBase = 0
      angleAtBase = angle
      tracking.note(0, at: event.timestamp)
      state = .began
    } else if state == .began || state == .changed {
      tracking.note(angle - recognitionAngle, at: event.timestamp)
      state = .changed
    }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    if let line = TwoFingerTracking.line(of: self) { follow(line.angle) }
    if TwoFingerTracking.fingersLifted(touches, from: self) {
      startAngle = nil  // a new second finger starts again
    }
  }

  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    state = state == .possible ? .failed : .cancelled
  }

  open override func reset() {
    super.reset()
    angle = 0
    startAngle = nil
    recognitionAngle = 0
    rotationBase = 0
    angleAtBase = 0
    tracking.reset()
  }

  /// Moves the counted angle by the step to `lineAngle` (never more than half a turn).
  private func follow(_ lineAngle: Double) {
    angle += TwoFingerTracking.wrapped(lineAngle - TwoFingerTracking.wrapped(angle))
  }
}
