import KioskGraphics

/// The completion of one `View.animate` call: runs once all its animations ended.
@MainActor
final class AnimationGroup {
  var pending = 0
  var interrupted = false
  var completion: ((Bool) -> Void)?

  init(completion: ((Bool) -> Void)?) {
    self.completion = completion
  }

  func animationEnded(finished: Bool) {
    if !finished { interrupted = true }
    pending -= 1
    if pending == 0 { AnimationEngine.finishedGroups.append(self) }
  }
}

/// When and how an animation runs.
struct AnimationTiming {
  var beginTime: Double
  var duration: Double
  var curve: AnimationCurve
  var repeats: Bool
  var autoreverses: Bool
  /// Whether touches reach the animated view meanwhile (`.allowUserInteraction`).
  var allowsUserInteraction: Bool

  init(beginTime: Double, duration: Double, options: AnimationOptions) {
    self.beginTime = beginTime
    self.duration = duration
    self.curve = options.curve
    self.repeats = options.contains(.repeat)
    self.autoreverses = options.contains(.autoreverse)
    self.allowsUserInteraction = options.contains(.allowUserInteraction)
  }

  /// Progress (0...1 after the curve) at `time`, and whether the animation is over. With
  /// autoreverse and no repeat the layer ends at the model value, as in UIKit.
  func progress(at time: Double) -> (value: Double, finished: Bool) {
    let elapsed = time - beginTime
    guard elapsed > 0 else { return (0, false) }
    let cycle = autoreverses ? 2 * duration : duration
    if !repeats && elapsed >= cycle { return (1, true) }
    var phase = elapsed.truncatingRemainder(dividingBy: cycle) / duration
    if phase > 1 { phase = 2 - phase }
    return (curve.progress(at: phase), false)
  }
}

/// One running property animation on one layer.
@MainActor
protocol LayerAnimation: AnyObject {
  var key: PartialKeyPath<LayerState> { get }
  var group: AnimationGroup { get }
  /// Whether the animation repeats for ever (it never ends by itself).
  var repeats: Bool { get }
  /// Whether the animated view takes no touches while it runs (no `.allowUserInteraction`).
  var blocksTouches: Bool { get }
  /// Whether the animation stands still on a held timeline (an interactive transition the
  /// finger holds): it asks for no frames.
  var isHeld: Bool { get }
  /// Writes the value at `time` into `state`; returns whether the animation is over.
  func apply(to state: inout LayerState, at time: Double) -> Bool
  /// Called once the animation was removed from `layer` at its end: one that ran back to
  /// its start (a cancelled interactive transition) puts the start value in the model.
  func didEnd(on layer: Layer)
}

/// An animation of one `Interpolatable` property.
@MainActor
final class PropertyAnimation<Value: Interpolatable>: LayerAnimation {
  let keyPath: WritableKeyPath<LayerState, Value>
  let from: Value
  let to: Value
  let group: AnimationGroup
  let timing: AnimationTiming
  /// The interactive transition's clock the animation follows (its `beginTime` is on that
  /// clock), or `nil` for real time.
  let timeline: AnimationTimeline?
  /// It ran back to its start on a reversed timeline.
  private var endedAtStart = false

  init(
    keyPath: WritableKeyPath<LayerState, Value>, from: Value, to: Value, group: AnimationGroup,
    timing: AnimationTiming, timeline: AnimationTimeline? = nil
  ) {
    self.keyPath = keyPath
    self.from = from
    self.to = to
    self.group = group
    self.timing = timing
    self.timeline = timeline
  }

  var key: PartialKeyPath<LayerState> { keyPath }

  var repeats: Bool { timing.repeats }

  var blocksTouches: Bool { !timing.allowsUserInteraction }

  var isHeld: Bool { timeline?.isHeld ?? false }

  func apply(to state: inout LayerState, at time: Double) -> Bool {
    guard let timeline else {
      let (t, finished) = timing.progress(at: time)
      state[keyPath: keyPath] = finished ? to : from.interpolated(to: to, fraction: t)
      return finished
    }
    let local = timeline.localTime(at: time)
    if timeline.isReversed, local <= timing.beginTime {
      state[keyPath: keyPath] = from
      endedAtStart = true
      return true
    }
    // A held timeline never ends an animation, even at its last moment: the finger may
    // still take it back.
    let (t, finished) = timing.progress(at: local)
    state[keyPath: keyPath] = finished ? to : from.interpolated(to: to, fraction: t)
    return finished && timeline.isRunningForward
  }

  func didEnd(on layer: Layer) {
    guard endedAtStart else { return }
    layer.restoreModelValue(from, for: keyPath)
  }
}

/// Runs every property animation of every layer. Ticks come from the screens' display
/// links (an output's frame events), so nothing ticks while nothing animates.
@MainActor
enum AnimationEngine {
  struct Context {
    var duration: Double
    var delay: Double
    var options: AnimationOptions
    var group: AnimationGroup
  }

  static var contexts: [Context] = []
  static var animatingLayers: [Layer] = []
  static var finishedScratch: [Int] = []
  static var finishedGroups: [AnimationGroup] = []
  static var disabledDepth = 0

  /// Whether any animation is running or waiting to start.
  static var isActive: Bool { !animatingLayers.isEmpty }

  /// Whether an animation that ends by itself (one that does not repeat) is running or
  /// waiting to start.
  static var hasAnimationsThatEnd: Bool {
    animatingLayers.contains { layer in layer.animations.contains { !$0.repeats } }
  }

  /// Called by a layer when an animatable property changes: inside an animation block this
  /// adds an animation and returns true; outside it ends any animation of that property.
  static func animate<T: Interpolatable>(
    _ layer: Layer, _ key: WritableKeyPath<LayerState, T>, from: T, to: T
  ) -> Bool {
    let hadAnimation = !layer.animations.isEmpty && removeAnimation(of: layer, key: key)
    guard disabledDepth == 0, let context = contexts.last, context.duration > 0 else {
      if hadAnimation && layer.animations.isEmpty { animatingLayers.removeAll { $0 === layer } }
      return false
    }
    // An interactive transition's animations start at 0 on its own clock.
    let timeline = AnimationTimeline.capturing
    let animation = PropertyAnimation(
      keyPath: key, from: from, to: to, group: context.group,
      timing: AnimationTiming(
        beginTime: (timeline == nil ? Transaction.clock() : 0) + context.delay,
        duration: context.duration, options: context.options),
      timeline: timeline)
    context.group.pending += 1
    layer.animations.append(animation)
    if !animatingLayers.contains(where: { $0 === layer }) { animatingLayers.append(layer) }
    // Until it starts (a delay), the layer shows the old value, as UIKit does.
    layer.presented[keyPath: key] = from
    requestFrames()
    return true
  }

  /// Removes a running animation of `key`; its group hears it was interrupted.
  private static func removeAnimation(of layer: Layer, key: PartialKeyPath<LayerState>) -> Bool {
    guard let index = layer.animations.firstIndex(where: { $0.key == key }) else { return false }
    let animation = layer.animations.remove(at: index)
    animation.group.animationEnded(finished: false)
    Transaction.setNeedsCommit()
    return true
  }

  /// Advances the animations to `time` and updates what the layers present. With more
  /// than one screen, a refresh of `screen` steps only the layers shown on it (and those
  /// shown nowhere), so each screen animates at its own display's rate and a refresh of
  /// one does not make the others composite a frame.
  static func tick(at time: Double, on screen: Screen? = nil) {
    guard !animatingLayers.isEmpty else {
      runFinishedCompletions()
      return
    }
    let stepsEveryLayer = screen == nil || Transaction.screens.count <= 1
    var someAnimationMoves = false
    var index = 0
    while index < animatingLayers.count {
      let layer = animatingLayers[index]
      if !stepsEveryLayer, let host = layer.hostScreen, host !== screen, host.output != nil {
        index += 1  // its own screen's refresh steps it
        someAnimationMoves = true
        continue
      }
      var state = layer.model
      finishedScratch.removeAll(keepingCapacity: true)
      for (i, animation) in layer.animations.enumerated() {
        if animation.apply(to: &state, at: time) { finishedScratch.append(i) }
        if !animation.isHeld { someAnimationMoves = true }
      }
      for i in finishedScratch.reversed() {
        let animation = layer.animations.remove(at: i)
        animation.didEnd(on: layer)
        animation.group.animationEnded(finished: true)
      }
      if state != layer.presented {
        let kind = state.change(from: layer.presented, isLeaf: layer.sublayers.isEmpty)
        layer.presented = state
        layer.markChanged(kind)
      }
      if layer.animations.isEmpty {
        layer.presented = layer.model
        animatingLayers.remove(at: index)
      } else {
        index += 1
      }
    }
    // Animations held by an interactive transition ask for no frames: moving its timeline
    // asks for one.
    if someAnimationMoves { requestFrames() }
    runFinishedCompletions()
  }

  static func runFinishedCompletions() {
    guard !finishedGroups.isEmpty else { return }
    let groups = finishedGroups
    finishedGroups.removeAll()
    for group in groups {
      let completion = group.completion
      group.completion = nil
      completion?(!group.interrupted)
    }
  }

  /// Asks for a refresh on the screens showing animating layers (every screen when there
  /// is one, or when a layer is shown nowhere yet).
  static func requestFrames() {
    guard Transaction.screens.count > 1 else {
      for screen in Transaction.screens { screen.requestFrame() }
      return
    }
    var someLayerIsShownNowhere = animatingLayers.isEmpty
    for layer in animatingLayers {
      if let host = layer.hostScreen, host.output != nil {
        host.requestFrame()
      } else {
        someLayerIsShownNowhere = true
      }
    }
    if someLayerIsShownNowhere { for screen in Transaction.screens { screen.requestFrame() } }
  }
}
