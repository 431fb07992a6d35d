import KioskGraphics

/// One finger on the screen, from touch-down to lift-off: where it is, where it was, and the
/// view it landed on (which keeps it until it ends, wherever it moves).
@MainActor
public final class Touch: Hashable {
  /// Where a touch is in its life.
  public enum Phase: Sendable, Equatable {
    /// The finger touched down.
    case began
    /// The finger moved.
    case moved
    /// The finger is down and did not move in this event.
    case stationary
    /// The finger lifted.
    case ended
    /// The system took the touch away.
    case cancelled
  }

  /// The phase at the latest event.
  public internal(set) var phase: Phase
  /// When the touch last changed, in seconds on the runtime's clock.
  public internal(set) var timestamp: Double
  /// How many quick taps in the same place this touch is part of (1 for a single tap).
  public internal(set) var tapCount: Int
  /// The view the touch landed on.
  public internal(set) weak var view: View?
  /// The window of that view.
  public internal(set) weak var window: Window?

  /// The gesture recognizers this touch was delivered to (those of its view and of the
  /// view's ancestors that wanted it), or `nil` if none.
  public var gestureRecognizers: [GestureRecognizer]? { recognizers.isEmpty ? nil : recognizers }

  var recognizers: [GestureRecognizer] = []
  /// How far the touch has got to its view (recognizers can hold or cancel it).
  var viewDelivery = ViewDelivery.pending
  /// What happened while its view was kept waiting (`delaysTouchesBegan`).
  var heldMoved = false
  var heldEnd: Phase?
  var locationInWindow: Point
  var previousLocationInWindow: Point
  /// Where the finger went down, in window coordinates (a view whose touches a scroll view
  /// held back sees them begin where the finger has moved to since).
  private(set) var initialLocationInWindow: Point
  private(set) var identifier: Int

  init(
    identifier: Int, location: Point, timestamp: Double, view: View?, window: Window?, tapCount: Int
  ) {
    self.identifier = identifier
    self.locationInWindow = location
    self.previousLocationInWindow = location
    self.initialLocationInWindow = location
    self.timestamp = timestamp
    self.phase = .began
    self.view = view
    self.window = window
    self.tapCount = tapCount
  }

  /// Makes a finished touch, that nothing else holds any more, the touch of a new finger:
  /// as if it were new. The touch router keeps finished touches for this, so that a tap
  /// does not allocate (nobody can tell: only an object nothing else references is reused).
  func restart(
    identifier: Int, location: Point, timestamp: Double, view: View?, window: Window?, tapCount: Int
  ) {
    self.identifier = identifier
    locationInWindow = location
    previousLocationInWindow = location
    initialLocationInWindow = location
    self.timestamp = timestamp
    phase = .began
    self.view = view
    self.window = window
    self.tapCount = tapCount
    recognizers.removeAll(keepingCapacity: true)
    viewDelivery = .pending
    heldMoved = false
    heldEnd = nil
  }

  /// Where the finger is, in `view`'s coordinates (`nil`: the window's).
  public func location(in view: View?) -> Point {
    guard let view else { return locationInWindow }
    return view.convert(locationInWindow, from: nil)
  }

  /// Where the finger was at the previous event, in `view`'s coordinates (`nil`: the window's).
  public func previousLocation(in view: View?) -> Point {
    guard let view else { return previousLocationInWindow }
    return view.convert(previousLocationInWindow, from: nil)
  }

  nonisolated public static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
  nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Where a touch stands with its view.
enum ViewDelivery: Equatable {
  /// The view has not seen it yet (a recognizer may be holding it back).
  case pending
  /// The view got `touchesBegan` and will hear how it goes on.
  case delivered
  /// The finger lifted, and `touchesEnded` waits for recognizers (`delaysTouchesEnded`).
  case endingHeld
  /// The view heard the end (ended or cancelled), or never gets the touch at all.
  case done
}
