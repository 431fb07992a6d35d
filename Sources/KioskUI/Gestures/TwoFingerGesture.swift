import KioskGraphics

#if canImport(Glibc)
  import Glibc  // atan2
#endif

/// What pinch and rotation recognizers share: the first two fingers down (a third is
/// ignored), a measure of the line between them (its length, or its angle with the turns
/// counted), the hysteresis before the gesture begins, the value the app reads and sets
/// (a factor, or an angle), and the samples its velocity comes from.
///
/// Its methods return the state the recognizer should take rather than set it, so that
/// actions reading the value never run while this is being changed.
@MainActor
struct TwoFingerGesture {
  enum Kind {
    /// The measure is the distance; the value is a factor on the distance when set.
    case pinch
    /// The measure is the angle; the value is an angle added to the one when set.
    case rotation
  }

  /// How far (points) the fingers must move relative to each other (the change of their
  /// distance, or their travel around each other) before the gesture begins, so that
  /// fingers resting on the glass do not start it.
  static let hysteresis = 8.0
  /// How far back (seconds) the samples for the velocity reach, as a pan's.
  static let velocityWindow = PanGestureRecognizer.velocityWindow

  let kind: Kind
  /// The measure when the second finger came down (`nil` without two fingers).
  private var start: Double?
  /// The measure now (or when a finger lifted).
  private var measure = 0.0
  /// The measure when the gesture began: the velocity counts from it.
  private var recognition = 0.0
  /// The value set last (the neutral value when the gesture began), and the measure then.
  private var base: Double
  private var measureAtBase = 0.0
  private var samples: [(time: Double, value: Double)] = []
  /// A gesture at work whose second finger has lifted: it waits for another, or for the
  /// last to lift.
  private var isMissingAFinger = false

  init(kind: Kind) {
    self.kind = kind
    base = Self.neutral(kind)
  }

  /// 1 for a factor, 0 for an angle.
  private static func neutral(_ kind: Kind) -> Double { kind == .pinch ? 1 : 0 }

  /// The value: the scale factor or the rotation.
  var value: Double {
    switch kind {
    case .pinch: measureAtBase > 0 ? base * measure / measureAtBase : base
    case .rotation: base + measure - measureAtBase
    }
  }

  /// Makes `newValue` the value at the fingers' present place.
  mutating func setValue(_ newValue: Double) {
    base = newValue
    measureAtBase = measure
  }

  /// How fast the value changes (ignoring `setValue`), per second over the last tenth of
  /// a second: scale factor (of the distance when the gesture began) or radians.
  var velocity: Double {
    guard let first = samples.first, let last = samples.last, last.time > first.time else {
      return 0
    }
    return (last.value - first.value) / (last.time - first.time)
  }

  mutating func reset() {
    self = TwoFingerGesture(kind: kind)
  }

  // MARK: Touches

  /// Fingers came down: a third one is let go; the second starts the measure.
  mutating func touchesBegan(
    _ touches: Set<Touch>, of recognizer: GestureRecognizer, event: Event
  ) {
    for touch in touches where (recognizer.liveTouches.firstIndex(of: touch) ?? 0) >= 2 {
      recognizer.ignore(touch, for: event)
    }
    if isMissingAFinger, let line = Self.line(of: recognizer) {
      return rejoin(line)
    }
    guard recognizer.state == .possible, !recognizer.isWaitingToRecognize, start == nil,
      let line = Self.line(of: recognizer)
    else { return }
    measure = kind == .pinch ? line.distance : line.angle
    measureAtBase = measure
    start = measure
  }

  /// Fingers moved: returns `.began` once an undecided gesture is past the hysteresis,
  /// `.changed` for a gesture at work, `nil` otherwise.
  mutating func touchesMoved(of recognizer: GestureRecognizer, at time: Double)
    -> GestureRecognizer.State?
  {
    guard let line = Self.line(of: recognizer) else { return nil }
    follow(line)
    switch recognizer.state {
    case .possible:
      guard !recognizer.isWaitingToRecognize, let start else { return nil }
      let travel = abs(measure - start) * (kind == .pinch ? 1 : line.distance)
      guard travel >= Self.hysteresis, kind == .rotation || measure > 0 else { return nil }
      recognition = measure
      base = Self.neutral(kind)
      measureAtBase = measure
      note(at: time)
      return .began
    case .began, .changed:
      note(at: time)
      return .changed
    default:
      return nil
    }
  }

  /// A finger came down again after one of the two lifted: the value carries on from where
  /// it was, measured from the new pair (the velocity starts again).
  private mutating func rejoin(_ line: (distance: Double, angle: Double)) {
    isMissingAFinger = false
    let current = value
    let old = measure
    measure = kind == .pinch ? line.distance : line.angle
    switch kind {
    case .pinch: if old > 0 { recognition *= measure / old }
    case .rotation: recognition += measure - old
    }
    setValue(current)
    samples.removeAll()
  }

  /// Fingers lifted: a gesture at work (or waiting to begin) ends when all have lifted, as
  /// UIKit's (with one left it reports nothing, and a second finger down again carries it
  /// on); an undecided one fails when none remain, and starts again from the next second
  /// finger when one does.
  mutating func touchesEnded(_ touches: Set<Touch>, of recognizer: GestureRecognizer)
    -> GestureRecognizer.State?
  {
    if let line = Self.line(of: recognizer) { follow(line) }
    let remaining = recognizer.numberOfTouches - touches.count
    switch recognizer.state {
    case .began, .changed:
      if remaining == 0 { return .ended }
      if remaining < 2 { isMissingAFinger = true }
      return nil
    case .possible where recognizer.isWaitingToRecognize:
      return remaining == 0 ? .ended : nil
    case .possible:
      if remaining == 0 { return .failed }
      if remaining < 2 { start = nil }
      return nil
    default:
      return nil
    }
  }

  // MARK: Measuring

  /// The line from the first finger to the second (window coordinates), or `nil` while
  /// fewer than two fingers are down.
  private static func line(of recognizer: GestureRecognizer) -> (distance: Double, angle: Double)? {
    let touches = recognizer.liveTouches
    guard touches.count >= 2 else { return nil }
    let a = touches[0].locationInWindow
    let b = touches[1].locationInWindow
    return (a.distance(to: b), atan2(b.y - a.y, b.x - a.x))
  }

  /// The measure at the line's new place: its length, or its angle moved by the step to
  /// the new one (never more than half a turn), so that turns are counted.
  private mutating func follow(_ line: (distance: Double, angle: Double)) {
    switch kind {
    case .pinch: measure = line.distance
    case .rotation: measure += Self.wrapped(line.angle - Self.wrapped(measure))
    }
  }

  /// Notes the value for the velocity, forgetting samples older than the window.
  private mutating func note(at time: Double) {
    let value = kind == .pinch ? measure / recognition : measure - recognition
    samples.append((time, value))
    samples.removeAll { $0.time < time - Self.velocityWindow }
  }

  /// `angle` brought within (−π, π].
  static func wrapped(_ angle: Double) -> Double {
    var a = angle.truncatingRemainder(dividingBy: 2 * Double.pi)
    if a > Double.pi { a -= 2 * Double.pi }
    if a <= -Double.pi { a += 2 * Double.pi }
    return a
  }
}
