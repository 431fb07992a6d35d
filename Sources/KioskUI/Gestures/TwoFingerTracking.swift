import KioskGraphics

#if canImport(Glibc)
  import Glibc  // atan2
#endif

/// What pinch and rotation recognizers share: the first two fingers down (a third is
/// ignored), the line between them, and the samples their velocities come from.
@MainActor
struct TwoFingerTracking {
  /// How far back (seconds) the samples for the velocity reach, as a pan's.
  static let velocityWindow = PanGestureRecognizer.velocityWindow

  /// The samples of a measure (a scale factor, an angle) over the last tenth of a second.
  private(set) var samples: [(time: Double, value: Double)] = []

  /// The line from the first finger to the second (window coordinates), or `nil` while
  /// fewer than two fingers are down.
  static func line(of recognizer: GestureRecognizer) -> (distance: Double, angle: Double)? {
    let touches = recognizer.liveTouches
    guard touches.count >= 2 else { return nil }
    let a = touches[0].locationInWindow
    let b = touches[1].locationInWindow
    return (a.distance(to: b), atan2(b.y - a.y, b.x - a.x))
  }

  /// Fingers past the second are not part of the gesture: the recognizer lets them go.
  static func ignoreExtraFingers(
    _ touches: Set<Touch>, of recognizer: GestureRecognizer, event: Event
  ) {
    for touch in touches where recognizer.liveTouches.firstIndex(of: touch).map({ $0 >= 2 }) == true
    {
      recognizer.ignore(touch, for: event)
    }
  }

  /// Fingers lifted: a gesture at work (or waiting to begin) ends when fewer than two
  /// remain, one undecided fails when none remain. Returns whether the undecided gesture
  /// lost its second finger (it starts again from the next one).
  static func fingersLifted(_ touches: Set<Touch>, from recognizer: GestureRecognizer) -> Bool {
    let remaining = recognizer.numberOfTouches - touches.count
    switch recognizer.state {
    case .began, .changed:
      if remaining < 2 { recognizer.state = .ended }
    case .possible where recognizer.isWaitingToRecognize:
      if remaining < 2 { recognizer.state = .ended }
    case .possible:
      if remaining == 0 {
        recognizer.state = .failed
      } else {
        return true
      }
    default:
      break
    }
    return false
  }

  /// Notes `value` at `time`, forgetting samples older than the window.
  mutating func note(_ value: Double, at time: Double) {
    samples.append((time, value))
    samples.removeAll { $0.time < time - Self.velocityWindow }
  }

  /// How fast the measure changed over the window, per second (0 without two samples
  /// apart in time).
  var velocity: Double {
    guard let first = samples.first, let last = samples.last, last.time > first.time else {
      return 0
    }
    return (last.value - first.value) / (last.time - first.time)
  }

  mutating func reset() {
    samples.removeAll()
  }

  /// `angle` brought within (−π, π], so that turning past the x axis counts as a small step.
  static func wrapped(_ angle: Double) -> Double {
    var a = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
    if a > Double.pi { a -= 2 * Double.pi }
    if a <= -Double.pi { a += 2 * Double.pi }
    return a
  }
}
