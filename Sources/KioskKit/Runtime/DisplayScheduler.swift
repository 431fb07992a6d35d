import Glibc
import KioskLinux
import KioskUI
import Logging

/// Follows `[display] schedule`: switches the displays off when its hours end and on when
/// they begin (through the `IdleBlanker`, which also lets a touch wake them outside the
/// hours for `display.wake-outside-schedule` seconds), and reports its state for `kioskctl
/// status` and the metrics.
///
/// One timer waits for the next change; when it fires, the state is worked out again from
/// the wall clock, so a timer that ran early or late sets nothing wrong. A jump of the wall
/// clock (NTP stepping it, an operator setting it) is noticed by `ClockChangeWatcher` and
/// the state worked out again: nothing polls.
@MainActor
final class DisplayScheduler {
  /// The schedule's state, as `kioskctl status` and the metrics name it.
  enum State: String, Sendable {
    /// Within the hours.
    case open
    /// Outside them: the display is off.
    case closed
    /// No schedule.
    case none
  }

  private let blanker: IdleBlanker
  private let logger: Logger
  /// The zone the rules are read in.
  let zone: any ScheduleTimeZone
  /// The wall clock, in seconds since 1970-01-01 UTC.
  private let now: @MainActor () -> Double
  private(set) var schedule: DisplaySchedule?
  /// The state at the last evaluation (nil without a schedule).
  private(set) var evaluation: DisplaySchedule.Evaluation?
  private var timer: ScheduledAction?
  private var clockWatcher: ClockChangeWatcher?

  /// `zone` and `now` are the panel's by default; tests give their own.
  init(
    blanker: IdleBlanker, logger: Logger, zone: any ScheduleTimeZone = SystemTimeZone.local,
    now: @escaping @MainActor () -> Double = DisplayScheduler.wallClock,
    watchClockChanges: Bool = true
  ) {
    self.blanker = blanker
    self.logger = logger
    self.zone = zone
    self.now = now
    self.watchesClockChanges = watchClockChanges
  }

  /// Whether a `ClockChangeWatcher` follows steps of the wall clock while there is a
  /// schedule (tests call `evaluate` themselves).
  private let watchesClockChanges: Bool

  isolated deinit {
    timer?.cancel()
    clockWatcher?.stop()
  }

  /// The real wall clock.
  static func wallClock() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// The state now.
  var state: State {
    guard let evaluation else { return .none }
    return evaluation.isOpen ? .open : .closed
  }

  /// The next change in local time (`2026-12-24T10:00:00+01:00`), or nil when there is
  /// none (no schedule, or none within `DisplaySchedule.horizonDays`).
  var nextChangeText: String? { evaluation?.nextChange.map(zone.localText) }

  /// The state and next change, for `kioskctl status` and the metrics.
  var report: ScheduleReport {
    ScheduleReport(state: state, nextChange: evaluation?.nextChange, nextChangeText: nextChangeText)
  }

  /// Takes the schedule and wake time of `options` (at start-up and after each reload):
  /// rules already checked by the configuration (rules that no longer read leave no
  /// schedule). The state is worked out again at once.
  func apply(_ options: RuntimeOptions) {
    blanker.wakeDuration = options.wakeOutsideSchedule ?? options.blankAfter ?? 60
    let rules = options.schedule
    guard rules != schedule?.rules ?? [] else { return }
    if rules.isEmpty {
      schedule = nil
    } else {
      do {
        schedule = try DisplaySchedule(rules: rules)
      } catch {
        logger.error("schedule: \(error); the display follows no schedule")
        schedule = nil
      }
    }
    if let schedule, schedule.neverOpens {
      logger.notice("schedule: no rule opens the display: it stays off (a touch may wake it)")
    } else if let schedule, schedule.alwaysOpen {
      logger.notice("schedule: the display is within its hours around the clock")
    }
    evaluate()
  }

  /// Works the state out from the wall clock, tells the blanker, and waits for the next
  /// change.
  func evaluate() {
    timer?.cancel()
    timer = nil
    guard let schedule else {
      evaluation = nil
      clockWatcher?.stop()
      clockWatcher = nil
      blanker.setOutsideSchedule(false)
      return
    }
    if watchesClockChanges, clockWatcher == nil {
      clockWatcher = ClockChangeWatcher { [weak self] in
        self?.logger.info("schedule: the wall clock was set; checking the hours again")
        self?.evaluate()
      }
    }
    let time = now()
    let result = schedule.evaluate(at: Int(time.rounded(.down)), in: zone)
    let changed = result.isOpen != evaluation?.isOpen
    evaluation = result
    if changed {
      let next = result.nextChange.map { " until \(zone.localText($0))" } ?? ""
      logger.info("schedule: \(result.isOpen ? "open" : "closed")\(next)")
    }
    blanker.setOutsideSchedule(!result.isOpen)
    if let next = result.nextChange {
      timer = ScheduledAction.after(Double(next) - time) { [weak self] in self?.evaluate() }
    }
  }
}

/// The display schedule's state at a moment, as `kioskctl status` and the metrics show it.
struct ScheduleReport: Sendable, Equatable {
  /// Open, closed, or none (no schedule).
  var state: DisplayScheduler.State = .none
  /// The next change (seconds since 1970-01-01 UTC), if any.
  var nextChange: Int?
  /// The next change in local time, if any.
  var nextChangeText: String?
}
