import KioskGraphics
import KioskUI

/// Turns raw touch samples into VoiceOver's gestures (`ReaderGesture`), timed by the input
/// frames' own times (never the wall clock), so that a touch script replays the same way.
///
/// A gesture lasts from the first finger down to the last finger up and is named by the
/// most fingers that were down in it. One finger that stays down past `exploreDelay` and
/// moves explores at every move; one that lifts sooner is a flick (it went at least
/// `flickDistance`) or a tap (it stayed within `tapSlop`), and a tap that starts within
/// `doubleTapInterval` of the previous tap's end, near it, is a double tap. Two fingers that
/// reverse their horizontal direction twice (each leg at least `scrubLeg` long) scrub.
struct ReaderGestureTracker {
  /// How long one finger must be down before its moves explore (shorter: a flick).
  static let exploreDelay = 0.2
  /// How far a flick must travel (points).
  static let flickDistance = 30.0
  /// How far a tap may wander (points).
  static let tapSlop = 20.0
  /// The longest time a tap or two-finger tap may last (seconds).
  static let tapDuration = 0.3
  /// The longest a three-finger flick may last (seconds).
  static let multiFingerFlickDuration = 0.5
  /// The longest time between a tap's end and the next tap's start for a double tap.
  static let doubleTapInterval = 0.35
  /// How far a double tap's second tap may be from its first (points).
  static let doubleTapDistance = 60.0
  /// The shortest leg of a scrub (points) and the longest a scrub may take (seconds).
  static let scrubLeg = 25.0
  static let scrubDuration = 1.2

  private struct Finger {
    var start: Point
    var location: Point
  }

  /// What the fingers of the gesture in progress did.
  private struct Session {
    var startTime: Double
    var fingers: [Int: Finger] = [:]
    var down: Set<Int> = []
    var mostFingers = 0
    var exploring = false
    /// The finger whose horizontal path a scrub is read from (the first one down).
    var leadFinger: Int
    var scrubExtreme: Double
    var scrubDirection = 0.0
    var scrubReversals = 0
    /// The system took a finger away: the gesture is dropped.
    var cancelled = false
  }

  private var session: Session?
  private var lastTap: (time: Double, location: Point)?

  /// Whether no finger is down (no gesture is in progress).
  var isIdle: Bool { session == nil }

  /// The gestures recognised in one input frame of samples at `time`.
  mutating func handle(_ samples: [TouchSample], at time: Double) -> [ReaderGesture] {
    var gestures: [ReaderGesture] = []
    for sample in samples {
      switch sample.phase {
      case .began: begin(sample, at: time)
      case .moved, .stationary:
        if let gesture = move(sample, at: time) { gestures.append(gesture) }
      case .ended, .cancelled:
        if let gesture = end(sample, at: time) { gestures.append(gesture) }
      }
    }
    return gestures
  }

  private mutating func begin(_ sample: TouchSample, at time: Double) {
    var current =
      session
      ?? Session(startTime: time, leadFinger: sample.id, scrubExtreme: sample.location.x)
    current.fingers[sample.id] = Finger(start: sample.location, location: sample.location)
    current.down.insert(sample.id)
    current.mostFingers = max(current.mostFingers, current.down.count)
    session = current
  }

  private mutating func move(_ sample: TouchSample, at time: Double) -> ReaderGesture? {
    guard var current = session, current.fingers[sample.id] != nil else { return nil }
    current.fingers[sample.id]?.location = sample.location
    defer { session = current }
    if current.mostFingers == 1 {
      if current.exploring || time - current.startTime >= Self.exploreDelay {
        current.exploring = true
        return .explore(sample.location)
      }
    } else if sample.id == current.leadFinger {
      Self.followScrub(&current, x: sample.location.x)
    }
    return nil
  }

  /// Counts the reversals of the lead finger's horizontal direction.
  private static func followScrub(_ session: inout Session, x: Double) {
    let travel = x - session.scrubExtreme
    if session.scrubDirection == 0 {
      if abs(travel) >= scrubLeg {
        session.scrubDirection = travel > 0 ? 1 : -1
        session.scrubExtreme = x
      }
    } else if travel * session.scrubDirection > 0 {
      session.scrubExtreme = x
    } else if abs(travel) >= scrubLeg {
      session.scrubReversals += 1
      session.scrubDirection = -session.scrubDirection
      session.scrubExtreme = x
    }
  }

  private mutating func end(_ sample: TouchSample, at time: Double) -> ReaderGesture? {
    guard var current = session, current.fingers[sample.id] != nil else { return nil }
    current.fingers[sample.id]?.location = sample.location
    current.down.remove(sample.id)
    if sample.phase == .cancelled { current.cancelled = true }
    session = current
    guard current.down.isEmpty else { return nil }
    session = nil
    return current.cancelled ? nil : classify(current, endTime: time)
  }

  /// A finger that came down alone and has rested past `exploreDelay` without moving
  /// explores where it is (asked by a timer started at touch-down, at `time`).
  mutating func holdElapsed(at time: Double) -> ReaderGesture? {
    guard var current = session, current.mostFingers == 1, !current.exploring,
      time - current.startTime >= Self.exploreDelay - 0.000_1,
      let finger = current.down.first.flatMap({ current.fingers[$0] })
    else { return nil }
    current.exploring = true
    session = current
    return .explore(finger.location)
  }

  /// Whether one finger alone is down (a hold may begin exploring).
  var hasOneFingerDown: Bool { session?.mostFingers == 1 && session?.down.count == 1 }

  private mutating func classify(_ session: Session, endTime: Double) -> ReaderGesture? {
    let duration = endTime - session.startTime
    let travel = Self.meanTravel(of: session)
    let distance = (travel.x * travel.x + travel.y * travel.y).squareRoot()
    switch session.mostFingers {
    case 1:
      guard !session.exploring, let finger = session.fingers.values.first else { return nil }
      if duration < Self.exploreDelay, distance >= Self.flickDistance {
        return .flick(Self.direction(of: travel))
      }
      if duration <= Self.tapDuration, distance < Self.tapSlop {
        return tap(at: finger.start, startTime: session.startTime, endTime: endTime)
      }
      return .explore(finger.location)
    case 2:
      if session.scrubReversals >= 2, duration <= Self.scrubDuration { return .scrub }
      if duration <= Self.tapDuration, distance < Self.tapSlop { return .twoFingerTap }
      return nil
    case 3:
      guard duration <= Self.multiFingerFlickDuration, distance >= Self.flickDistance else {
        return nil
      }
      return .threeFingerFlick(Self.direction(of: travel))
    default:
      return nil
    }
  }

  private mutating func tap(at location: Point, startTime: Double, endTime: Double)
    -> ReaderGesture
  {
    if let last = lastTap, startTime - last.time <= Self.doubleTapInterval,
      Self.distance(last.location, location) <= Self.doubleTapDistance
    {
      lastTap = nil
      return .doubleTap
    }
    lastTap = (endTime, location)
    return .tap(location)
  }

  /// How far the fingers moved on average, from where each came down to where it is.
  private static func meanTravel(of session: Session) -> Point {
    guard !session.fingers.isEmpty else { return .zero }
    var sum = Point.zero
    for finger in session.fingers.values {
      sum.x += finger.location.x - finger.start.x
      sum.y += finger.location.y - finger.start.y
    }
    let count = Double(session.fingers.count)
    return Point(x: sum.x / count, y: sum.y / count)
  }

  private static func direction(of travel: Point) -> ReaderGesture.Direction {
    if abs(travel.x) >= abs(travel.y) { return travel.x > 0 ? .right : .left }
    return travel.y > 0 ? .down : .up
  }

  private static func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
  }
}
