import KioskGraphics

/// A clock of its own for the animations of an interactive transition, as UIKit drives a
/// transition's layers by their time offset and speed: held at a moment while a finger
/// scrubs it, then run forward to the end or back to the start.
///
/// Animations made while a timeline is `capturing` (the animator's `animateTransition`, the
/// coordinator's alongside animations) begin at 0 on it. Held, they ask for no frames;
/// moving the moment asks for one. Run back past their start they end with the start value
/// put back in the model, as a reversed property animator leaves it.
@MainActor
final class AnimationTimeline {
  /// The timeline that animations made now follow (none: real time).
  static var capturing: AnimationTimeline?

  /// The timeline's moment at `anchorTime` (real), and how fast it moves from there.
  private var anchorMoment = 0.0
  private var anchorTime: Double
  private var rate = 0.0

  init() { anchorTime = Transaction.clock() }

  /// Runs `body` with the animations it makes put on this timeline.
  func capture(_ body: () -> Void) {
    let outer = Self.capturing
    Self.capturing = self
    body()
    Self.capturing = outer
  }

  /// The timeline's moment (seconds from its start) at real time `time`.
  func localTime(at time: Double) -> Double { anchorMoment + (time - anchorTime) * rate }

  var moment: Double { localTime(at: Transaction.clock()) }
  var isHeld: Bool { rate == 0 }
  var isReversed: Bool { rate < 0 }
  var isRunningForward: Bool { rate > 0 }

  /// Stops at `moment` (seconds from the start).
  func hold(at moment: Double) {
    anchorMoment = max(moment, 0)
    anchorTime = Transaction.clock()
    rate = 0
    AnimationEngine.requestFrames()
  }

  /// Runs from where it is, forward (`rate` > 0) or back (< 0), `abs(rate)` times real time.
  func run(rate: Double) {
    let now = Transaction.clock()
    anchorMoment = localTime(at: now)
    anchorTime = now
    self.rate = rate
    AnimationEngine.requestFrames()
  }
}

extension Layer {
  /// Puts `value` in the model for `key` without animating (an animation that ran back to
  /// its start), through the property's setter, so a view's size change lays it out again.
  func restoreModelValue<Value>(_ value: Value, for key: WritableKeyPath<LayerState, Value>) {
    let property: PartialKeyPath<LayerState> = key
    View.performWithoutAnimation {
      switch property {
      case \LayerState.bounds:
        guard let bounds = value as? Rect else { return }
        if let view = delegate as? View { view.bounds = bounds } else { self.bounds = bounds }
      case \LayerState.position:
        if let position = value as? Point { self.position = position }
      case \LayerState.transform:
        if let transform = value as? Transform { self.transform = transform }
      case \LayerState.opacity:
        if let opacity = value as? Double { self.opacity = opacity }
      case \LayerState.backgroundColor:
        if let color = value as? Color? { backgroundColor = color }
      case \LayerState.contentsStretch:
        if let stretch = value as? Rect { contentsStretch = stretch }
      default:
        model[keyPath: key] = value
        markChanged(.geometry)
      }
    }
  }
}
