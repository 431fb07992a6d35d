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

  private static var queue: [ScheduledAction] = []
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
    Self.queue.removeAll { $0 === self }
    Self.scheduleDidChange?()
  }

  /// Runs the action `delay` seconds from now (then repeating as before), whether it was
  /// waiting, had run or was cancelled, like setting a Foundation timer's `fireDate`. Code
  /// that restarts a countdown on every key (a caret's blink, a key's repeat) reuses one
  /// action instead of making a new one each time.
  public func restart(after delay: Double) {
    if !isCancelled { Self.queue.removeAll { $0 === self } }
    isCancelled = false
    fireTime = Transaction.clock() + max(delay, 0)
    Self.insert(self)
  }

  /// The earliest time an action is due, if any.
  public static var nextFireTime: Double? { queue.first?.fireTime }

  /// Runs every action due at `now` (in time order); returns how many ran.
  @discardableResult
  public static func runDue(at now: Double) -> Int {
    var ran = 0
    while let first = queue.first, first.fireTime <= now {
      queue.removeFirst()
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
    if ran > 0 { scheduleDidChange?() }
    return ran
  }

  /// Cancels everything (used between tests).
  public static func cancelAll() {
    for action in queue { action.isCancelled = true }
    queue.removeAll()
  }

  private static func insert(_ action: ScheduledAction) {
    let index = queue.firstIndex { $0.fireTime > action.fireTime } ?? queue.count
    queue.insert(action, at: index)
    scheduleDidChange?()
  }
}
