import HeapModule

/// Work to run at a time on the runtime's clock, once or repeatedly: the timer of KioskKit
/// apps. It runs on the main actor between frames; in tests it follows the manual clock, and
/// the virtual backend can skip idle time straight to the next action.
///
/// ```swift
/// let tick = ScheduledAction.after(1, repeating: 1) { clockLabel.text = now() }
/// tick.cancel()
/// ```
@MainActor
public final class ScheduledAction {
  /// When the action runs next, on `Transaction.clock`.
  public private(set) var fireTime: Double
  /// The period of a repeating action, or `nil`.
  public let interval: Double?
  /// Whether the action was cancelled (or ran, if it does not repeat).
  public private(set) var isCancelled = false
  private let action: @MainActor () -> Void
  /// Changes whenever the action is queued anew or cancelled: a queue entry made for
  /// another generation is stale and skipped (cancelling never searches the queue).
  private var generation: UInt64 = 0
  private var isQueued = false

  /// The pending actions by fire time (then by scheduling order), in a binary heap:
  /// scheduling, cancelling and running are O(log n), so a touch script of 100,000 touches
  /// (one action each) is set up in milliseconds, not minutes.
  private static var queue = Heap<Entry>()
  /// Actions queued and not cancelled (the heap also holds stale entries until they surface).
  private static var queuedCount = 0
  /// The most entries the queue has held since its storage was last made: past
  /// `largeQueueCount`, a queue run down to an eighth of that lets the storage go (a touch
  /// script of 100,000 changes schedules every frame at once, and the heap kept a megabyte
  /// to the end).
  private static var largestCount = 0
  static let largeQueueCount = 4_096
  /// The queue's storage, in entries (tests check it is let go).
  static var queueCapacity: Int { queue.unordered.capacity }
  private static var nextSequence: UInt64 = 0
  /// Called when the earliest fire time changes, so a real-time driver can re-arm its timer.
  public static var scheduleDidChange: (@MainActor () -> Void)?

  private init(fireTime: Double, interval: Double?, action: @escaping @MainActor () -> Void) {
    self.fireTime = fireTime
    self.interval = interval
    self.action = action
  }

  /// Runs `action` after `delay` seconds, then every `repeating` seconds if given.
  @discardableResult
  public static func after(
    _ delay: Double, repeating interval: Double? = nil, _ action: @escaping @MainActor () -> Void
  ) -> ScheduledAction {
    let period = interval.map { max($0, 0.001) }
    let scheduled = ScheduledAction(
      fireTime: Transaction.clock() + max(delay, 0), interval: period, action: action)
    insert(scheduled)
    return scheduled
  }

  /// Stops the action from running again.
  public func cancel() {
    isCancelled = true
    Self.dequeue(self)
    Self.scheduleDidChange?()
  }

  /// Runs the action `delay` seconds from now (then repeating as before), whether it was
  /// waiting, had run or was cancelled, like setting a Foundation timer's `fireDate`. Code
  /// that restarts a countdown on every key (a caret's blink, a key's repeat) reuses one
  /// action instead of making a new one each time.
  public func restart(after delay: Double) {
    Self.dequeue(self)
    isCancelled = false
    fireTime = Transaction.clock() + max(delay, 0)
    Self.insert(self)
  }

  /// The earliest time an action is due, if any.
  public static var nextFireTime: Double? {
    dropStaleEntries()
    return queue.min?.time
  }

  /// Runs every action due at `now` (in time order); returns how many ran.
  @discardableResult
  public static func runDue(at now: Double) -> Int {
    var ran = 0
    while true {
      dropStaleEntries()
      guard let entry = queue.min, entry.time <= now else { break }
      queue.removeMin()
      let first = entry.action
      first.isQueued = false
      queuedCount -= 1
      if let interval = first.interval {
        first.fireTime += interval
        // A stalled loop does not replay every missed tick: it skips to the next future one.
        if first.fireTime <= now {
          first.fireTime =
            now + interval - (now - first.fireTime).truncatingRemainder(dividingBy: interval)
        }
        insert(first)
      } else {
        first.isCancelled = true
      }
      first.action()
      ran += 1
    }
    if largestCount > largeQueueCount, queuedCount <= largestCount / 8 { letBurstStorageGo() }
    if ran > 0 { scheduleDidChange?() }
    return ran
  }

  /// Cancels everything (used between tests).
  public static func cancelAll() {
    for entry in queue.unordered {
      entry.action.isCancelled = true
      entry.action.isQueued = false
    }
    queue = Heap()
    queuedCount = 0
    largestCount = 0
  }

  private static func insert(_ action: ScheduledAction) {
    action.generation &+= 1
    action.isQueued = true
    queuedCount += 1
    nextSequence &+= 1
    queue.insert(
      Entry(
        time: action.fireTime, sequence: nextSequence, action: action,
        generation: action.generation))
    largestCount = max(largestCount, queue.count)
    scheduleDidChange?()
  }

  /// Takes `action` out of the queue: its entry goes stale (skipped when it surfaces, or
  /// dropped when stale entries outnumber live ones).
  private static func dequeue(_ action: ScheduledAction) {
    guard action.isQueued else { return }
    action.isQueued = false
    action.generation &+= 1
    queuedCount -= 1
    if queue.count > 64, queue.count > 2 * queuedCount {
      // In place: the heap keeps its storage, so a caret restarting its blink on every key
      // allocates nothing in steady state (a new heap, then its regrowth, did).
      queue.removeAll { !$0.isLive }
    }
  }

  /// Moves the live entries left after a burst into storage of their own size, so the
  /// burst's storage goes even while repeating actions (a clock, a blinking caret) stay
  /// queued: a queue that waited to be empty kept 4 MB to the end of a 400,000-touch run.
  private static func letBurstStorageGo() {
    var remaining: [Entry] = []
    remaining.reserveCapacity(queuedCount)
    for entry in queue.unordered where entry.isLive { remaining.append(entry) }
    queue = Heap(remaining)
    largestCount = queue.count
  }

  /// Pops stale entries off the top, so `queue.min` is a live one.
  private static func dropStaleEntries() {
    while let top = queue.min, !top.isLive { queue.removeMin() }
  }

  /// One scheduled run of an action in the queue.
  private struct Entry: Comparable {
    let time: Double
    /// Scheduling order: actions due at the same time run in the order they were scheduled.
    let sequence: UInt64
    let action: ScheduledAction
    let generation: UInt64

    /// Whether the action is still queued for this entry (not cancelled or re-queued).
    @MainActor var isLive: Bool { action.isQueued && action.generation == generation }

    static func < (lhs: Entry, rhs: Entry) -> Bool {
      lhs.time < rhs.time || (lhs.time == rhs.time && lhs.sequence < rhs.sequence)
    }

    static func == (lhs: Entry, rhs: Entry) -> Bool {
      lhs.time == rhs.time && lhs.sequence == rhs.sequence
    }
  }
}
