import KioskGraphics

/// Recognizes a swipe: `numberOfTouchesRequired` fingers moving quickly in one of the
/// allowed `direction`s, at least 50 points within half a second and mostly along that
/// direction. A discrete gesture: its actions run once, as soon as the swipe is clear
/// (the fingers may still be down). It fails when the fingers head another way, are too
/// slow, or lift before going far enough.
///
/// ```swift
/// let swipe = SwipeGestureRecognizer { _ in pages.showNext() }
/// swipe.direction = .left
/// pages.view.addGestureRecognizer(swipe)
/// ```
@MainActor
open class SwipeGestureRecognizer: GestureRecognizer {
  /// The directions a swipe may go.
  public struct Direction: OptionSet, Sendable {
    /// Creates a set of directions from its bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The bits of the set.
    public let rawValue: UInt
    /// Toward the right edge of the screen (x grows).
    public static let right = Direction(rawValue: 1 << 0)
    /// Toward the left edge.
    public static let left = Direction(rawValue: 1 << 1)
    /// Toward the top edge (y shrinks).
    public static let up = Direction(rawValue: 1 << 2)
    /// Toward the bottom edge.
    public static let down = Direction(rawValue: 1 << 3)
  }

  /// The directions that count. The default is `.right`.
  public var direction: Direction = .right
  /// How many fingers swipe. The default is 1.
  public var numberOfTouchesRequired = 1

  /// How far (points) the fingers must go along the direction.
  static let minimumDistance = 50.0
  /// How soon (seconds) after touching down they must get that far.
  static let maximumDuration = 0.5
  /// How far (points) they move before their heading counts.
  static let headingThreshold = 10.0
  /// How far across the direction they may stray, relative to the distance along it.
  static let maximumDeviation = 0.5

  private var motion = Point.zero
  private var deadline: ScheduledAction?

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    if deadline == nil {
      deadline = ScheduledAction.after(Self.maximumDuration) { [weak self] in
        guard let self, self.state == .possible, !self.isWaitingToRecognize else { return }
        self.state = .failed  // too slow
      }
    }
    if numberOfTouches > numberOfTouchesRequired { state = .failed }
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    follow(touches)
    evaluate(lifting: false)
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    follow(touches)
    evaluate(lifting: true)
  }

  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    state = .failed
  }

  open override func reset() {
    super.reset()
    motion = .zero
    deadline?.cancel()
    deadline = nil
  }

  private func evaluate(lifting: Bool) {
    guard state == .possible, !isWaitingToRecognize else { return }
    let horizontal = abs(motion.x) >= abs(motion.y)
    let along = horizontal ? abs(motion.x) : abs(motion.y)
    let across = horizontal ? abs(motion.y) : abs(motion.x)
    let heading: Direction =
      horizontal ? (motion.x > 0 ? .right : .left) : (motion.y > 0 ? .down : .up)
    if along >= Self.headingThreshold && !direction.contains(heading) {
      state = .failed
    } else if numberOfTouches == numberOfTouchesRequired && direction.contains(heading)
      && along >= Self.minimumDistance && across <= along * Self.maximumDeviation
    {
      state = .recognized
    } else if lifting {
      state = .failed
    }
  }

  /// Moves the tracked motion by how far the centroid of the fingers moved.
  private func follow(_ touches: Set<Touch>) {
    guard numberOfTouches > 0 else { return }
    var dx = 0.0
    var dy = 0.0
    for touch in touches {
      dx += touch.locationInWindow.x - touch.previousLocationInWindow.x
      dy += touch.locationInWindow.y - touch.previousLocationInWindow.y
    }
    motion = motion.offsetBy(dx: dx / Double(numberOfTouches), dy: dy / Double(numberOfTouches))
  }
}
