import FoundationEssentials
import KioskGraphics

/// Options for `View.animate(withDuration:delay:options:animations:completion:)`.
public struct AnimationOptions: OptionSet, Sendable {
  public let rawValue: UInt
  /// Creates options from raw bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// Touches keep reaching the animated views during the animation.
  public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
  /// Start from what is on screen now (KioskKit always does; kept for UIKit code).
  public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
  /// Repeat forever (until the property is set again).
  public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
  /// Run backwards after running forwards (with `repeat`, back and forth).
  public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
  /// Slow at both ends (the default).
  public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
  /// Slow at the start.
  public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
  /// Slow at the end.
  public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
  /// Constant speed.
  public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

  var curve: AnimationCurve {
    switch (rawValue >> 16) & 3 {
    case 1: .easeIn
    case 2: .easeOut
    case 3: .linear
    default: .easeInOut
    }
  }
}

/// A timing curve: maps elapsed time (0...1) to progress (0...1).
public enum AnimationCurve: Sendable, Hashable {
  /// Slow at both ends: cubic Bézier (0.42, 0, 0.58, 1).
  case easeInOut
  /// Slow at the start: (0.42, 0, 1, 1).
  case easeIn
  /// Slow at the end: (0, 0, 0.58, 1).
  case easeOut
  /// Constant speed.
  case linear

  /// Progress at elapsed fraction `t`; the Bézier curves are those of Core Animation.
  public func progress(at t: Double) -> Double {
    let t = t.clamped(0, 1)
    switch self {
    case .linear: return t
    case .easeInOut: return Self.bezier(t, 0.42, 0, 0.58, 1)
    case .easeIn: return Self.bezier(t, 0.42, 0, 1, 1)
    case .easeOut: return Self.bezier(t, 0, 0, 0.58, 1)
    }
  }

  /// Solves a unit cubic Bézier (from (0,0) to (1,1)) for x = `x`, returning y.
  private static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double)
    -> Double
  {
    func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }
    func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
    }
    // Newton's method, then bisection if the slope is too flat to trust.
    var s = x
    for _ in 0..<8 {
      let error = coordinate(s, x1, x2) - x
      if abs(error) < 1e-7 { return coordinate(s, y1, y2) }
      let d = slope(s, x1, x2)
      if abs(d) < 1e-6 { break }
      s -= error / d
    }
    var low = 0.0
    var high = 1.0
    s = x
    for _ in 0..<40 {
      let value = coordinate(s, x1, x2)
      if abs(value - x) < 1e-7 { break }
      if value < x { low = s } else { high = s }
      s = (low + high) / 2
    }
    return coordinate(s, y1, y2)
  }
}
