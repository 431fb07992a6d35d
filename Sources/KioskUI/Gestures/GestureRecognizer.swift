import KioskGraphics

/// Recognizes a gesture (a tap, a pan, a swipe…) in the touches on a view and its
/// subviews, and calls its actions as the gesture goes on: UIKit's `UIGestureRecognizer`.
///
/// Touches that begin in a view reach the recognizers of that view and of its ancestors
/// before the view itself. Once a recognizer recognizes, the other recognizers of those
/// touches fail (unless a delegate lets them recognize simultaneously) and the views lose
/// their touches (`touchesCancelled`, see `cancelsTouchesInView`).
///
/// ```swift
/// let pan = PanGestureRecognizer { pan in
///   let moved = pan.translation(in: card.superview)
///   card.center = card.center.offsetBy(dx: moved.x, dy: moved.y)
///   pan.setTranslation(.zero, in: card.superview)
/// }
/// card.addGestureRecognizer(pan)
/// ```
///
/// To write your own recognizer, subclass it, override `touchesBegan(_:with:)` and its
/// siblings, set `state` as the touches tell, and clear what you track in `reset()`.
@MainActor
open class GestureRecognizer {
  /// Where a recognizer is in its life. Discrete gestures (a tap) go from `possible` to
  /// `ended` (`recognized`) or `failed`; continuous ones (a pan) go `began`, `changed`…,
  /// then `ended` or `cancelled`. After a final state the recognizer is reset to
  /// `possible` once all the touches of its sequence have ended.
  public enum State: Sendable, Equatable {
    /// Still watching the touches (the state between gestures, too).
    case possible
    /// A continuous gesture started.
    case began
    /// A continuous gesture went on.
    case changed
    /// The gesture is over: a continuous one ended, a discrete one was recognized.
    case ended
    /// A continuous gesture was cancelled.
    case cancelled
    /// The touches are not this gesture.
    case failed

    /// A discrete gesture was recognized (the same state as `ended`).
    public static let recognized = State.ended

    var isFinal: Bool { self == .ended || self == .cancelled || self == .failed }
    var isInProgress: Bool { self == .began || self == .changed }
  }

  /// The current state. Subclasses set it as the touches tell; setting it to `began` or
  /// `ended` from `possible` only takes effect once every recognizer this one must wait
  /// for has failed, no other recognizer prevents it, and the view and the delegate agree
  /// (otherwise the state becomes `failed`).
  public var state: State {
    get { stateForActions ?? currentState }
    set {
      if let arena {
        arena.request(newValue, from: self)
      } else {
        applyAlone(newValue)
      }
    }
  }

  /// The view the recognizer is attached to.
  public internal(set) weak var view: View?

  /// Whether the recognizer takes part in touch handling. Turning it off while it is at
  /// work cancels (or fails) the gesture; a disabled recognizer receives no touches.
  public var isEnabled = true {
    didSet {
      guard !isEnabled, oldValue else { return }
      if let arena {
        arena.disable(self)
      } else {
        clearSequence()
      }
    }
  }

  /// Whether the touches of the gesture are taken from their views (`touchesCancelled`)
  /// when it begins or is recognized. The default is `true`.
  public var cancelsTouchesInView = true
  /// Whether views see their touches begin only once this recognizer has failed (if it
  /// recognizes, they never see them). The default is `false`.
  public var delaysTouchesBegan = false
  /// Whether views hear that their touches ended only once this recognizer has failed
  /// (if it recognizes, the touches are cancelled instead). The default is `true`.
  public var delaysTouchesEnded = true
  /// Takes part in deciding when the recognizer begins and how it relates to others.
  public weak var delegate: GestureRecognizerDelegate?
  /// A name to tell recognizers apart while debugging.
  public var name: String?

  var currentState = State.possible
  /// Shown to actions while they run, so each action sees the state of its transition.
  var stateForActions: State?
  /// The transition (`began` or `ended`) asked for and waiting for other recognizers.
  var pendingState: State?
  /// A gesture waiting to begin also ended meanwhile.
  var pendingEnd = false
  /// The touches down now, in the order they arrived.
  var liveTouches: [Touch] = []
  /// Every touch of the current sequence (until reset), except those ignored.
  var sequenceTouches: [Touch] = []
  /// Where the touches were (window coordinates) when the last of them lifted.
  var lastCentroid = Point.zero
  var failureRequirements: [WeakGestureRecognizer] = []
  weak var arena: GestureArena?
  var actions: [GestureAction] = []

  /// Creates a recognizer without actions (add them with `addTarget(_:action:)`).
  ///
  /// Required, unlike UIKit's `init(target:action:)`: the initializers that take actions
  /// are written once for every recognizer class (``GestureRecognizerTargetActions``) and
  /// create `Self` through it. A subclass that declares `init()` writes `required init()`.
  public required init() {}

  /// Makes this recognizer wait until `otherGestureRecognizer` fails: it recognizes only
  /// then, and fails if the other one recognizes. A single tap that must not fire on the
  /// first tap of a double tap waits for the double tap.
  ///
  /// ```swift
  /// singleTap.require(toFail: doubleTap)
  /// ```
  public func require(toFail otherGestureRecognizer: GestureRecognizer) {
    guard otherGestureRecognizer !== self,
      !failureRequirements.contains(where: { $0.recognizer === otherGestureRecognizer })
    else { return }
    failureRequirements.append(WeakGestureRecognizer(otherGestureRecognizer))
  }

  // MARK: Where the gesture is

  /// How many touches the recognizer is following now.
  public var numberOfTouches: Int { liveTouches.count }

  /// Where the gesture is in `view`'s coordinates (`nil`: the window's): the centroid of its
  /// touches, or where they were when they lifted.
  open func location(in view: View?) -> Point {
    let point = liveTouches.isEmpty ? lastCentroid : Self.centroid(of: liveTouches)
    guard let view else { return point }
    return view.convert(point, from: nil)
  }

  /// Where the touch number `touchIndex` (below `numberOfTouches`) is, in `view`'s
  /// coordinates (`nil`: the window's). Out of range, the gesture's location.
  public func location(ofTouch touchIndex: Int, in view: View?) -> Point {
    guard liveTouches.indices.contains(touchIndex) else { return location(in: view) }
    return liveTouches[touchIndex].location(in: view)
  }

  static func centroid(of touches: [Touch]) -> Point {
    guard !touches.isEmpty else { return .zero }
    var x = 0.0
    var y = 0.0
    for touch in touches {
      x += touch.locationInWindow.x
      y += touch.locationInWindow.y
    }
    return Point(x: x / Double(touches.count), y: y / Double(touches.count))
  }

  // MARK: For subclasses

  /// Fingers touched down in the view (or a subview). Override to follow them.
  open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}
  /// Fingers moved. Override to follow them.
  open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}
  /// Fingers lifted. Override to follow them.
  open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}
  /// The system took the touches away. Override to cancel or fail the gesture.
  open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}

  /// Called when the recognizer goes back to `possible` after a gesture (or a failure):
  /// clear what you tracked. Call `super`.
  open func reset() {}

  /// Stops delivering `touch` to this recognizer (its view still gets it). A two-finger
  /// gesture ignores a third finger this way.
  open func ignore(_ touch: Touch, for event: Event) {
    if liveTouches.contains(touch) { lastCentroid = Self.centroid(of: liveTouches) }
    liveTouches.removeAll { $0 === touch }
    sequenceTouches.removeAll { $0 === touch }
  }

  /// Whether this recognizer, recognizing, makes `preventedGestureRecognizer` fail (or
  /// keeps it from beginning while this one is at work). The default is `true`.
  open func canPrevent(_ preventedGestureRecognizer: GestureRecognizer) -> Bool { true }

  /// Whether `preventingGestureRecognizer` can make this recognizer fail by recognizing.
  /// The default is `true`.
  open func canBePrevented(by preventingGestureRecognizer: GestureRecognizer) -> Bool { true }

  /// Whether this recognizer must wait for `otherGestureRecognizer` to fail (as with
  /// `require(toFail:)`, decided per gesture). The default is `false`.
  open func shouldRequireFailure(of otherGestureRecognizer: GestureRecognizer) -> Bool { false }

  /// Whether `otherGestureRecognizer` must wait for this recognizer to fail. The default is
  /// `false`.
  open func shouldBeRequiredToFail(by otherGestureRecognizer: GestureRecognizer) -> Bool {
    false
  }

  // MARK: Bookkeeping

  /// Whether a transition asked for waits on other recognizers (the state still reads
  /// `possible`).
  var isWaitingToRecognize: Bool { pendingState != nil }

  /// Back to `possible`, with no touches: the end of a sequence.
  func clearSequence() {
    let wasIdle = currentState == .possible && pendingState == nil && sequenceTouches.isEmpty
    currentState = .possible
    pendingState = nil
    pendingEnd = false
    liveTouches.removeAll()
    sequenceTouches.removeAll()
    if !wasIdle { reset() }
  }

  /// A state change with no touches being routed (set by app code, or after the view went
  /// away): applied directly, actions called, and back to `possible` after a final state.
  private func applyAlone(_ newState: State) {
    let allowed: Bool
    switch (currentState, newState) {
    case (.possible, .began), (.possible, .ended), (.began, .changed), (.changed, .changed),
      (.began, .ended), (.changed, .ended), (.began, .cancelled), (.changed, .cancelled),
      (.possible, .failed):
      allowed = true
    default:
      allowed = false
    }
    guard allowed else { return }
    currentState = newState
    if newState != .failed { sendActions(for: newState) }
    if newState.isFinal { clearSequence() }
  }
}

/// A recognizer held weakly (failure requirements must not keep each other alive).
struct WeakGestureRecognizer {
  weak var recognizer: GestureRecognizer?

  init(_ recognizer: GestureRecognizer) {
    self.recognizer = recognizer
  }
}
