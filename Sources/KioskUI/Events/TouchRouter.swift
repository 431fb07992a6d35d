import KioskGraphics

/// A change of one finger as an input backend reports it: which finger (a slot or tracking
/// id), what happened, and where, in screen points (the backend has already mapped device
/// coordinates through the screen's transform).
public struct TouchSample: Sendable, Equatable {
  /// Identifies the finger for as long as it is down.
  public var id: Int
  /// `.began`, `.moved`, `.ended` or `.cancelled`.
  public var phase: Touch.Phase
  /// Where, in screen points.
  public var location: Point

  /// Creates a sample.
  public init(id: Int, phase: Touch.Phase, location: Point) {
    self.id = id
    self.phase = phase
    self.location = location
  }
}

/// Turns touch samples into `Touch` objects and delivers them: a new touch goes to the
/// gesture recognizers of the view hit-tested under it and of its ancestors, then to the
/// view, which keeps it until it ends; handlers not overridden pass touches up the
/// responder chain (view, superview… window, application). The gesture arena decides what
/// the view sees once recognizers are involved.
@MainActor
final class TouchRouter {
  private var active: [Int: Touch] = [:]
  /// Fingers that woke a blanked display: their whole gesture is swallowed.
  private var swallowed: Set<Int> = []
  /// The census of the last delivery, emptied and refilled by the next.
  private var spareCensus = FingerCensus()
  private var lastTap: (time: Double, location: Point, count: Int)?
  private(set) lazy var arena = GestureArena { [unowned self] in
    let event = Event(type: .touches, timestamp: Transaction.clock())
    event.allTouches = Set(self.active.values)
    return event
  }

  /// How far apart (points) and how soon after (seconds) taps may be to count as one
  /// multi-tap.
  static let multiTapDistance = 10.0
  static let multiTapInterval = 0.35

  func send(_ samples: [TouchSample], on screen: Screen, at time: Double, application: Application)
  {
    // The lists and the event are kept from one delivery to the next (a touch frame should
    // allocate nothing); a handler that keeps one only makes the next delivery copy it.
    var began = scratch.began
    var moved = scratch.moved
    var ended = scratch.ended
    var cancelled = scratch.cancelled
    scratch = Scratch()
    defer {
      began.removeAll(keepingCapacity: true)
      moved.removeAll(keepingCapacity: true)
      ended.removeAll(keepingCapacity: true)
      cancelled.removeAll(keepingCapacity: true)
      scratch = Scratch(began: began, moved: moved, ended: ended, cancelled: cancelled)
    }
    // What exclusive touch needs of the fingers already down, counted once for the whole
    // frame (scanning every finger for each new one made a flood of fingers quadratic).
    // The census keeps its tables' storage from one delivery to the next, as the lists do.
    var census = spareCensus
    spareCensus = FingerCensus()
    census.reset()
    if samples.contains(where: { $0.phase == .began }) { census.count(active.values) }
    defer { spareCensus = census }
    for sample in samples {
      switch sample.phase {
      case .began:
        if application.noteUserActivity() {
          swallowed.insert(sample.id)
          continue
        }
        guard let touch = beginTouch(sample, on: screen, at: time, census: &census) else {
          continue
        }
        began.append(touch)
      case .moved, .stationary:
        guard let touch = update(sample, at: time) else { continue }
        touch.phase = .moved
        moved.append(touch)
      case .ended, .cancelled:
        if swallowed.remove(sample.id) != nil { continue }
        guard let touch = update(sample, at: time) else { continue }
        active[sample.id] = nil
        census.remove(touch)
        touch.phase = sample.phase
        if sample.phase == .ended {
          noteTap(touch)
          ended.append(touch)
        } else {
          cancelled.append(touch)
        }
      }
    }
    guard !(began.isEmpty && moved.isEmpty && ended.isEmpty && cancelled.isEmpty) else { return }
    // A delivery from inside another (a handler that sends touches) gets its own event.
    let reusesEvent = !isDelivering
    let event = reusesEvent ? touchEvent : Event(type: .touches, timestamp: time)
    isDelivering = true
    defer { if reusesEvent { isDelivering = false } }
    event.timestamp = time
    event.allTouches.removeAll(keepingCapacity: true)
    for touch in active.values { event.allTouches.insert(touch) }
    for touch in ended { event.allTouches.insert(touch) }
    for touch in cancelled { event.allTouches.insert(touch) }
    arena.deliver(began: began, moved: moved, ended: ended, cancelled: cancelled, event: event)
    if reusesEvent {
      // Lifted fingers leave the event, which would otherwise hold them until the next one.
      for touch in ended { event.allTouches.remove(touch) }
      for touch in cancelled { event.allTouches.remove(touch) }
    }
    keepFinished(ended)
    keepFinished(cancelled)
  }

  /// The touch lists of a delivery, kept with their capacity for the next one.
  private struct Scratch {
    var began: [Touch] = []
    var moved: [Touch] = []
    var ended: [Touch] = []
    var cancelled: [Touch] = []
  }
  private var scratch = Scratch()
  /// Touches that ended, kept to serve later fingers (see `Touch.restart`).
  private var finishedTouches: [Touch] = []
  /// How many finished touches are kept: one per finger of an ordinary gesture.
  private static let finishedTouchLimit = 5

  /// A touch for a new finger: a finished one that nothing references any more, or a new one.
  private func reusableTouch(
    identifier: Int, location: Point, timestamp: Double, view: View, window: Window, tapCount: Int
  ) -> Touch {
    for i in finishedTouches.indices where isKnownUniquelyReferenced(&finishedTouches[i]) {
      let touch = finishedTouches.remove(at: i)
      touch.restart(
        identifier: identifier, location: location, timestamp: timestamp, view: view,
        window: window, tapCount: tapCount)
      return touch
    }
    return Touch(
      identifier: identifier, location: location, timestamp: timestamp, view: view,
      window: window, tapCount: tapCount)
  }

  private func keepFinished(_ touches: [Touch]) {
    for touch in touches where finishedTouches.count < Self.finishedTouchLimit {
      finishedTouches.append(touch)
    }
  }
  /// The event every delivery of touches carries (UIKit reuses its touch event too).
  private let touchEvent = Event(type: .touches, timestamp: 0)
  private var isDelivering = false

  private func beginTouch(
    _ sample: TouchSample, on screen: Screen, at time: Double, census: inout FingerCensus
  ) -> Touch? {
    // Front-most window first; a point outside every window's content reaches none.
    for window in screen.windows.reversed() where !window.isHidden {
      let point = window.fromScreen(sample.location)
      guard let view = window.hitTest(point, with: nil) else { continue }
      if census.excludes(view, in: window) { return nil }
      let touch = reusableTouch(
        identifier: sample.id, location: point, timestamp: time, view: view, window: window,
        tapCount: tapCount(at: sample.location, time: time))
      if !view.isMultipleTouchEnabled, census.hasFinger(on: view) {
        // UIKit: a view without multi-touch gets only its first finger (its recognizers
        // still get them all).
        touch.viewDelivery = .done
      }
      active[sample.id] = touch
      census.add(view, in: window)
      return touch
    }
    return nil
  }

  private func update(_ sample: TouchSample, at time: Double) -> Touch? {
    guard let touch = active[sample.id] else { return nil }
    touch.previousLocationInWindow = touch.locationInWindow
    if let window = touch.window { touch.locationInWindow = window.fromScreen(sample.location) }
    touch.timestamp = time
    return touch
  }

  private func tapCount(at location: Point, time: Double) -> Int {
    guard let last = lastTap, time - last.time <= Self.multiTapInterval,
      last.location.distance(to: location) <= Self.multiTapDistance
    else { return 1 }
    return last.count + 1
  }

  private func noteTap(_ touch: Touch) {
    guard let window = touch.window else { return }
    let onScreen = touch.locationInWindow.applying(window.toSuperview)
    lastTap = (touch.timestamp, onScreen, touch.tapCount)
  }

  /// Cancels every touch (e.g. when the seat is taken away).
  func cancelAll(at time: Double, application: Application) {
    cancel(active.keys.sorted(), at: time, application: application)
  }

  /// Cancels the touches on `view` or inside it: it left its window, and a view out of the
  /// window must not be left waiting for an end that will never come.
  func cancelTouches(within view: View, at time: Double, application: Application) {
    let ids = active.filter { $0.value.view?.isDescendant(of: view) ?? false }.keys.sorted()
    cancel(ids, at: time, application: application)
    arena.cancelHeldTouches { $0.view?.isDescendant(of: view) ?? false }
  }

  private func cancel(_ ids: [Int], at time: Double, application: Application) {
    guard let screen = ids.lazy.compactMap({ self.active[$0]?.window?.screen }).first else {
      return
    }
    let samples = ids.compactMap { id -> TouchSample? in
      guard let touch = active[id], let window = touch.window else { return nil }
      return TouchSample(
        id: id, phase: .cancelled, location: touch.locationInWindow.applying(window.toSuperview))
    }
    send(samples, on: screen, at: time, application: application)
  }
}

/// What exclusive touch and multiple touch ask of the fingers down, counted once per
/// frame and kept up to date as the frame's new fingers come down: each question is then a
/// look-up, not a scan of every finger (10,000 fingers down at once took 47 s).
@MainActor
struct FingerCensus {
  /// Fingers down, by window.
  private var byWindow: [ObjectIdentifier: Int] = [:]
  /// Fingers down on views with exclusive touch, by window.
  private var exclusiveByWindow: [ObjectIdentifier: Int] = [:]
  /// Fingers down, by view.
  private var byView: [ObjectIdentifier: Int] = [:]

  /// A census of no fingers (a frame that begins none asks nothing).
  init() {}

  /// Forgets every finger, keeping the tables' storage (a delivery then allocates nothing).
  mutating func reset() {
    byWindow.removeAll(keepingCapacity: true)
    exclusiveByWindow.removeAll(keepingCapacity: true)
    byView.removeAll(keepingCapacity: true)
  }

  /// Notes the fingers of `touches`.
  mutating func count(_ touches: some Sequence<Touch>) {
    for touch in touches {
      guard let view = touch.view, let window = touch.window else { continue }
      add(view, in: window)
    }
  }

  /// Notes a finger down on `view`.
  mutating func add(_ view: View, in window: Window) {
    byWindow[ObjectIdentifier(window), default: 0] += 1
    byView[ObjectIdentifier(view), default: 0] += 1
    if view.isExclusiveTouch { exclusiveByWindow[ObjectIdentifier(window), default: 0] += 1 }
  }

  /// Notes that `touch`'s finger lifted (a frame may lift one before it puts another down).
  mutating func remove(_ touch: Touch) {
    guard let view = touch.view, let window = touch.window,
      byView[ObjectIdentifier(view), default: 0] > 0
    else { return }
    byWindow[ObjectIdentifier(window), default: 0] -= 1
    byView[ObjectIdentifier(view), default: 0] -= 1
    if view.isExclusiveTouch { exclusiveByWindow[ObjectIdentifier(window), default: 0] -= 1 }
  }

  /// Whether a finger is down on `view`.
  func hasFinger(on view: View) -> Bool {
    byView[ObjectIdentifier(view), default: 0] > 0
  }

  /// Whether exclusive touch keeps a new touch on `view` out: another view in the window
  /// with exclusive touch has a finger down, or `view` has exclusive touch and another
  /// view in the window has one.
  func excludes(_ view: View, in window: Window) -> Bool {
    let onView = byView[ObjectIdentifier(view), default: 0]
    let window = ObjectIdentifier(window)
    if view.isExclusiveTouch { return byWindow[window, default: 0] > onView }
    return exclusiveByWindow[window, default: 0] > 0
  }
}

/// Touches grouped by the view they belong to, in the order the views first appear.
@MainActor
struct TouchGroups {
  private(set) var groups: [(view: View, touches: Set<Touch>)] = []
  /// Each group's index, by view: a frame of many fingers on many views stays linear.
  private var indices: [ObjectIdentifier: Int] = [:]
  /// Emptied sets of earlier groups, kept with their storage.
  private var spareSets: [Set<Touch>] = []

  mutating func add(_ touch: Touch, for view: View) {
    if let index = indices[ObjectIdentifier(view)] {
      groups[index].touches.insert(touch)
    } else {
      var touches = spareSets.popLast() ?? []
      touches.insert(touch)
      indices[ObjectIdentifier(view)] = groups.count
      groups.append((view, touches))
    }
  }

  /// Empties the groups but keeps their storage, so the next delivery allocates nothing (a
  /// set a handler kept is copied, not reused).
  mutating func reset() {
    indices.removeAll(keepingCapacity: true)
    while var group = groups.popLast() {
      group.touches.removeAll(keepingCapacity: true)
      spareSets.append(group.touches)
    }
  }
}

extension Window {
  /// A point in screen points as window coordinates.
  func fromScreen(_ point: Point) -> Point {
    point.applying(toSuperview.inverted ?? .identity)
  }
}
