import KioskGraphics

/// Recognizes a pinch: two fingers moving toward each other (zoom out) or apart (zoom in).
/// A continuous gesture, UIKit's `UIPinchGestureRecognizer`: it begins once the distance
/// between the fingers has changed by a few points (`began`, with `scale` 1), reports
/// `changed` as they move, and ends when fewer than two fingers remain. A third finger is
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
  /// How much (points) the distance between the fingers must change before the pinch
  /// begins, so that fingers resting on the glass do not start it.
  static let hysteresis = 8.0

  /// The distance between the fingers when the second one came down.
  private var startDistance: Double?
  /// The distance between the fingers now (or when one lifted).
  private var distance = 0.0
  /// The distance when the pinch began: the velocity is measured against it.
  private var recognitionDistance = 0.0
  /// The scale set last (1 when the pinch began), and the distance then.
  private var scaleBase = 1.0
  private var distanceAtBase = 0.0
  private var tracking = TwoFingerTracking()

  /// The scale factor: the distance between the fingers relative to their distance when
  /// the pinch began (1 then; 2 when they are twice as far apart), or to their distance
  /// when you last set it. Set it to 1 after applying it to make the next one relative.
  public var scale: Double {
    get { distanceAtBase > 0 ? scaleBase * distance / distanceAtBase : scaleBase }
    set {
      precondition(
        newValue.isFinite, "PinchGestureRecognizer.scale must be finite, not \(newValue)")
      scaleBase = newValue
      distanceAtBase = distance
    }
  }

  /// How fast the fingers pinch, in scale factor per second (of the distance when the
  /// pinch began), over the last tenth of a second: negative when they close. Setting
  /// `scale` does not change it.
  public var velocity: Double { tracking.velocity }

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    TwoFingerTracking.ignoreExtraFingers(touches, of: self, event: event)
    if state == .possible, !isWaitingToRecognize, startDistance == nil,
      let line = TwoFingerTracking.line(of: self)
    {
      startDistance = line.distance
      distance = line.distance
    }
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    guard let line = TwoFingerTracking.line(of: self) else { return }
    distance = line.distance
    if state == .possible {
      guard !isWaitingToRecognize, let start = startDistance,
        abs(distance - start) >= Self.hysteresis, distance > 0
      else { return }
      recognitionDistance = distance
      scaleBase = 1
      distanceAtBase = distance
      tracking.note(1, at: event.timestamp)
      state = .began
    } else if state == .began || state == .changed {
      tracking.note(distance / recognitionDistance, at: event.timestamp)
      state = .changed
    }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    if let line = TwoFingerTracking.line(of: self) { distance = line.distance }
    if TwoFingerTracking.fingersLifted(touches, from: self) {
      startDistance = nil  // a new second finger starts again
    }
  }

  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    state = state == .possible ? .failed : .cancelled
  }

  open override func reset() {
    super.reset()
    startDistance = nil
    distance = 0
    recognitionDistance = 0
    scaleBase = 1
    distanceAtBase = 0
    tracking.reset()
  }
}
