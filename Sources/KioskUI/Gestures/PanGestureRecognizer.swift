import KioskGraphics

/// Recognizes dragging: once the fingers have moved about 10 points it begins, reports
/// `changed` as they move, and ends when they lift. A continuous gesture; read how far
/// the fingers went with `translation(in:)` and how fast with `velocity(in:)`.
///
/// ```swift
/// let pan = PanGestureRecognizer { pan in
///   let moved = pan.translation(in: card.superview)
///   card.center = card.center.offsetBy(dx: moved.x, dy: moved.y)
///   pan.setTranslation(.zero, in: card.superview)
/// }
/// card.addGestureRecognizer(pan)
/// ```
@MainActor
open class PanGestureRecognizer: GestureRecognizer {
  /// The fewest fingers that pan. The default is 1.
  public var minimumNumberOfTouches = 1
  /// The most fingers that pan; more fail a pan that has not begun, and are ignored by
  /// one in progress. The default is unlimited.
  public var maximumNumberOfTouches = Int.max

  /// How far (points) the fingers must move before the pan begins.
  static let hysteresis = 10.0
  /// How far back (seconds) the samples for the velocity reach.
  static let velocityWindow = 0.1

  /// The translation in window coordinates (a vector), as `setTranslation` last left it.
  private var translationInWindow = Point.zero
  /// How far the fingers' centroid moved in all, whatever `setTranslation` says.
  private var motion = Point.zero
  private var samples: [(time: Double, motion: Point)] = []

  /// How far the fingers moved since the pan began (from where they touched down), or
  /// since the last `setTranslation(_:in:)`, in `view`'s coordinate system (`nil`: the
  /// window's).
  public func translation(in view: View?) -> Point {
    Self.vector(translationInWindow, toCoordinatesOf: view)
  }

  /// Sets the translation as seen in `view`'s coordinate system (`nil`: the window's);
  /// `.zero` after applying it makes the next one a delta.
  public func setTranslation(_ translation: Point, in view: View?) {
    guard let view else {
      translationInWindow = translation
      return
    }
    let origin = view.convert(Point.zero, to: nil)
    let end = view.convert(translation, to: nil)
    translationInWindow = Point(x: end.x - origin.x, y: end.y - origin.y)
  }

  /// How fast the fingers move, in points per second in `view`'s coordinate system (`nil`:
  /// the window's), over the last tenth of a second.
  public func velocity(in view: View?) -> Point {
    guard let first = samples.first, let last = samples.last, last.time > first.time else {
      return .zero
    }
    let seconds = last.time - first.time
    let perSecond = Point(
      x: (last.motion.x - first.motion.x) / seconds, y: (last.motion.y - first.motion.y) / seconds)
    return Self.vector(perSecond, toCoordinatesOf: view)
  }

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    if samples.isEmpty { samples.append((event.timestamp, motion)) }
    guard numberOfTouches > maximumNumberOfTouches else { return }
    if state == .possible {
      state = .failed
    } else {
      for touch in touches { ignore(touch, for: event) }
    }
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    follow(touches, at: event.timestamp)
    if state == .possible {
      let distance = (motion.x * motion.x + motion.y * motion.y).squareRoot()
      if numberOfTouches >= minimumNumberOfTouches && distance >= Self.hysteresis {
        state = .began
      }
    } else if state == .began || state == .changed {
      state = .changed
    }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    follow(touches, at: event.timestamp)
    let remaining = numberOfTouches - touches.count
    if state == .began || state == .changed {
      if remaining < minimumNumberOfTouches { state = .ended }
    } else if state == .possible && remaining == 0 {
      // A pan waiting for another recognizer to fail ends as soon as it may begin.
      state = isWaitingToRecognize ? .ended : .failed
    }
  }

  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    state = state == .possible ? .failed : .cancelled
  }

  open override func reset() {
    super.reset()
    translationInWindow = .zero
    motion = .zero
    samples.removeAll()
  }

  /// Moves the translation by how far the centroid of the fingers moved.
  private func follow(_ touches: Set<Touch>, at time: Double) {
    guard numberOfTouches > 0 else { return }
    var dx = 0.0
    var dy = 0.0
    for touch in touches {
      dx += touch.locationInWindow.x - touch.previousLocationInWindow.x
      dy += touch.locationInWindow.y - touch.previousLocationInWindow.y
    }
    let count = Double(numberOfTouches)
    translationInWindow = translationInWindow.offsetBy(dx: dx / count, dy: dy / count)
    motion = motion.offsetBy(dx: dx / count, dy: dy / count)
    samples.append((time, motion))
    samples.removeAll { $0.time < time - Self.velocityWindow }
  }

  /// A vector in window coordinates as seen in `view`'s coordinate system.
  static func vector(_ vector: Point, toCoordinatesOf view: View?) -> Point {
    guard let view else { return vector }
    let origin = view.convert(Point.zero, from: nil)
    let end = view.convert(vector, from: nil)
    return Point(x: end.x - origin.x, y: end.y - origin.y)
  }
}
