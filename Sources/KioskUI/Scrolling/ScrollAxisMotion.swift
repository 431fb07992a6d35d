#if canImport(Glibc)
  import Glibc  // exp, log
#endif

/// How one axis of a scroll view's content moves while no finger holds it: a glide whose
/// speed decays exponentially, a critically damped spring back to an edge, or an eased
/// animation. Each is a closed-form function of time, not a per-frame step, so the content
/// moves the same at any refresh rate and on the manual clock of tests.
struct ScrollAxisMotion {
  enum Phase {
    /// Gliding from `from` toward `target`; the distance left shrinks by the decay.
    case gliding(from: Double, target: Double, start: Double)
    /// Springing back to `rest`, `displacement` away and moving at `velocity` (points per
    /// second) at `start`.
    case springing(rest: Double, displacement: Double, velocity: Double, start: Double)
    /// Easing from `from` to `to` over `duration` seconds.
    case animating(from: Double, to: Double, start: Double, duration: Double)
  }

  /// Where the axis is at a moment, how fast it moves, and whether the motion is over.
  struct Sample {
    var value: Double
    var speed: Double
    var isFinished: Bool
  }

  private(set) var phase: Phase
  /// The offsets the content may rest at on this axis.
  let range: ClosedRange<Double>
  /// The natural logarithm of the speed kept per second (negative).
  let decay: Double
  /// Whether a glide ends exactly at its target (a page, a delegate's choice); otherwise it
  /// stops where it has all but stopped.
  let landsOnTarget: Bool
  /// Whether a glide that reaches an edge bounces (or stops there).
  let bounces: Bool

  /// The spring's natural frequency (per second): critically damped, it settles in about
  /// half a second and never swings back past its rest.
  static let springFrequency = 18.0
  /// Below this speed (points per second) a glide has stopped.
  static let restingSpeed = 10.0
  /// The farthest (points) a glide overshoots an edge before springing back.
  static let maximumOvershoot = 120.0

  /// The exponent per second of a deceleration rate given per millisecond.
  static func decay(forRatePerMillisecond rate: Double) -> Double {
    1000 * log(rate.clamped(0.5, 0.99999))
  }

  /// Where a glide from `value` at `velocity` (points per second) comes to rest.
  static func glideTarget(from value: Double, velocity: Double, decay: Double) -> Double {
    value - velocity / decay
  }

  /// A glide from `value` at `velocity` that slows down on its own, bouncing at an edge.
  static func glide(
    from value: Double, velocity: Double, decay: Double, range: ClosedRange<Double>,
    bounces: Bool, start: Double
  ) -> ScrollAxisMotion {
    let target = glideTarget(from: value, velocity: velocity, decay: decay)
    return ScrollAxisMotion(
      phase: .gliding(from: value, target: target, start: start), range: range, decay: decay,
      landsOnTarget: false, bounces: bounces)
  }

  /// A glide from `value` that ends exactly at `target`.
  static func glide(from value: Double, to target: Double, decay: Double, start: Double)
    -> ScrollAxisMotion
  {
    ScrollAxisMotion(
      phase: .gliding(from: value, target: target, start: start), range: target...target,
      decay: decay, landsOnTarget: true, bounces: false)
  }

  /// A spring from `value`, past an edge of `range`, back to that edge.
  static func springBack(
    from value: Double, range: ClosedRange<Double>, velocity: Double, start: Double
  ) -> ScrollAxisMotion {
    let rest = value.clamped(to: range)
    let displacement = value - rest
    // Critically damped, the spring crosses its rest only when thrown toward it faster
    // than this; the content must not overshoot into itself.
    let limit = springFrequency * abs(displacement)
    let v = displacement > 0 ? max(velocity, -limit) : min(velocity, limit)
    return ScrollAxisMotion(
      phase: .springing(rest: rest, displacement: displacement, velocity: v, start: start),
      range: range, decay: 0, landsOnTarget: true, bounces: true)
  }

  /// An eased animation from `value` to `target`.
  static func animation(from value: Double, to target: Double, duration: Double, start: Double)
    -> ScrollAxisMotion
  {
    ScrollAxisMotion(
      phase: .animating(from: value, to: target, start: start, duration: duration),
      range: target...target, decay: 0, landsOnTarget: true, bounces: false)
  }

  /// Where the motion ends if nothing stops it.
  var restingValue: Double {
    switch phase {
    case .gliding(_, let target, _): target.clamped(to: range)
    case .springing(let rest, _, _, _): rest
    case .animating(_, let to, _, _): to
    }
  }

  /// The same glide `delta` points further on (`nil` for other motions, which stop).
  func shifted(by delta: Double) -> ScrollAxisMotion? {
    guard case .gliding(let from, let target, let start) = phase, !landsOnTarget else {
      return nil
    }
    var moved = self
    moved.phase = .gliding(from: from + delta, target: target + delta, start: start)
    return moved
  }

  /// The motion at `time`; a glide that reaches an edge turns into a spring here.
  mutating func sample(at time: Double) -> Sample {
    switch phase {
    case .gliding(let from, let target, let start):
      return sampleGlide(from: from, target: target, start: start, at: time)
    case .springing(let rest, let displacement, let velocity, let start):
      return Self.sampleSpring(rest, displacement, velocity, elapsed: max(0, time - start))
    case .animating(let from, let to, let start, let duration):
      let progress = duration > 0 ? (time - start) / duration : 1
      guard progress < 1 else { return Sample(value: to, speed: 0, isFinished: true) }
      let eased = AnimationCurve.easeInOut.progress(at: progress)
      return Sample(
        value: from + (to - from) * eased, speed: abs(to - from) / duration, isFinished: false)
    }
  }

  private mutating func sampleGlide(from: Double, target: Double, start: Double, at time: Double)
    -> Sample
  {
    let elapsed = max(0, time - start)
    if !range.contains(target), range.contains(from), from != target {
      let edge = target < range.lowerBound ? range.lowerBound : range.upperBound
      let crossing = log((target - edge) / (target - from)) / decay
      if elapsed >= crossing {
        guard bounces else { return Sample(value: edge, speed: 0, isFinished: true) }
        let velocity = (target - edge) * -decay
        let limit = Self.maximumOvershoot * Self.springFrequency * exp(1)
        phase = .springing(
          rest: edge, displacement: 0, velocity: velocity.clamped(-limit, limit),
          start: start + crossing)
        return sample(at: time)
      }
    }
    let remaining = (target - from) * exp(decay * elapsed)
    let speed = abs(remaining * decay)
    if landsOnTarget ? abs(remaining) < 0.5 : speed < Self.restingSpeed {
      return Sample(value: landsOnTarget ? target : target - remaining, speed: 0, isFinished: true)
    }
    return Sample(value: target - remaining, speed: speed, isFinished: false)
  }

  /// A critically damped spring: x(t) = (x₀ + (v₀ + ωx₀)t)·e^(−ωt).
  private static func sampleSpring(
    _ rest: Double, _ displacement: Double, _ velocity: Double, elapsed t: Double
  ) -> Sample {
    let omega = springFrequency
    let b = velocity + omega * displacement
    let decayFactor = exp(-omega * t)
    let x = (displacement + b * t) * decayFactor
    let v = (velocity - omega * b * t) * decayFactor
    let side = displacement != 0 ? displacement : velocity
    if x * side < 0 || (abs(x) < 0.3 && abs(v) < restingSpeed) {
      return Sample(value: rest, speed: 0, isFinished: true)
    }
    return Sample(value: rest + x, speed: abs(v), isFinished: false)
  }
}
