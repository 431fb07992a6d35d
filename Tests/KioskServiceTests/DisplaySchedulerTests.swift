import CLinux
import Foundation
import KioskLinux
import KioskTesting
import Testing

@testable import KioskKit

extension ControlSuites {
  /// The display schedule in a running app: the display goes off and on at the changes, a
  /// touch outside the hours wakes it for a while (or not), a reload changes the rules at
  /// once, and status and the metrics show the state.
  @MainActor
  @Suite
  final class DisplaySchedulerTests {
    let app: TestApplication
    let blanker: IdleBlanker
    let scheduler: DisplayScheduler
    /// The wall clock: `wallStart` at the start, moving with the app's manual clock (plus
    /// `jump`, as NTP might set it).
    let clock: WallClock

    @MainActor final class WallClock {
      var start = 0.0
      var jump = 0.0
      var origin = Transaction.clock()
      func now() -> Double { start + jump + Transaction.clock() - origin }
    }

    /// 2026-06-01 (a Monday) 17:59 UTC.
    static let mondayEvening = Double(
      CivilDate(year: 2026, month: 6, day: 1).dayNumber * 86_400 + 17 * 3600 + 59 * 60)

    init() throws {
      app = try TestApplication(pointSize: Size(width: 20, height: 10))
      blanker = IdleBlanker(output: app.output, timeout: nil, logger: testLogger)
      blanker.start()
      let clock = WallClock()
      clock.start = Self.mondayEvening
      self.clock = clock
      scheduler = DisplayScheduler(
        blanker: blanker, logger: testLogger, zone: FixedUTC(), now: { clock.now() },
        watchClockChanges: false)
    }

    private func options(_ arguments: [String]) throws -> RuntimeOptions {
      try RuntimeOptions.parse(arguments)
    }

    @Test func theDisplayGoesOffWhenTheHoursEndAndOnWhenTheyBegin() throws {
      scheduler.apply(try options(["--schedule", "daily 08:00-18:00"]))
      #expect(scheduler.state == .open && app.output.isActive)
      #expect(scheduler.nextChangeText == "2026-06-01T18:00:00+00:00")
      app.advance(by: 59)
      #expect(scheduler.state == .open && app.output.isActive)
      app.advance(by: 1.5)
      #expect(scheduler.state == .closed && !app.output.isActive && blanker.isBlanked)
      #expect(scheduler.nextChangeText == "2026-06-02T08:00:00+00:00")
      app.advance(by: 14 * 3600 - 2)
      #expect(!app.output.isActive)
      app.advance(by: 2)
      #expect(scheduler.state == .open && app.output.isActive && !blanker.isBlanked)
    }

    @Test func aTouchOutsideTheHoursWakesTheDisplayForTheWakeTime() throws {
      scheduler.apply(try options(["--schedule", "daily 08:00-18:00", "--blank-after", "30"]))
      app.advance(by: 61)
      #expect(!app.output.isActive)
      #expect(blanker.userActivity() == true)  // swallowed, and it wakes the display
      #expect(app.output.isActive)
      #expect(scheduler.state == .closed)
      app.advance(by: 29)
      #expect(blanker.userActivity() == false)  // awake: delivered, and counts again
      app.advance(by: 29)
      #expect(app.output.isActive)
      app.advance(by: 1.5)
      #expect(!app.output.isActive)  // dark again after blank-after without a touch
      // wake-outside-schedule overrides blank-after.
      scheduler.apply(
        try options([
          "--schedule", "daily 08:00-18:00", "--blank-after", "30", "--wake-outside-schedule",
          "5",
        ]))
      #expect(blanker.userActivity() == true && app.output.isActive)
      app.advance(by: 5.5)
      #expect(!app.output.isActive)
    }

    @Test func withAWakeTimeOfZeroATouchOutsideTheHoursIsSwallowedAndTheDisplayStaysOff()
      throws
    {
      scheduler.apply(
        try options(["--schedule", "daily 08:00-18:00", "--wake-outside-schedule=0"]))
      app.advance(by: 61)
      #expect(blanker.userActivity() == true)
      #expect(!app.output.isActive && blanker.isBlanked)
    }

    @Test func aScheduleThatNeverOpensKeepsTheDisplayOffAndOneAlwaysOpenNeverBlanks() throws {
      scheduler.apply(try options(["--schedule", "daily closed"]))
      #expect(scheduler.state == .closed && !app.output.isActive)
      #expect(scheduler.nextChangeText == nil)
      scheduler.apply(try options(["--schedule", "daily 00:00-24:00"]))
      #expect(scheduler.state == .open && app.output.isActive)
      app.advance(by: 8 * 86_400)
      #expect(app.output.isActive)
      // No schedule: none, and the display follows blank-after alone.
      scheduler.apply(try options([]))
      #expect(scheduler.state == .none && scheduler.report == ScheduleReport())
    }

    /// The wall clock set back an hour (NTP correcting it) after the display went off: the
    /// watcher's call works the state out again, and the timer waits for the new change.
    @Test func aClockSetBackIsFollowed() throws {
      scheduler.apply(try options(["--schedule", "daily 08:00-18:00"]))
      app.advance(by: 61)
      #expect(scheduler.state == .closed)
      clock.jump = -3600
      scheduler.evaluate()
      #expect(scheduler.state == .open && app.output.isActive)
      #expect(scheduler.nextChangeText == "2026-06-01T18:00:00+00:00")
      app.advance(by: 3598)  // 17:59:59
      #expect(app.output.isActive)
      app.advance(by: 2)
      #expect(!app.output.isActive)
    }

    /// The timer waits by the clocks of the night it spans: Berlin's 2026-03-29 is 23 hours
    /// long, so from Saturday 23:00 CET to Sunday 07:30 CEST is 7.5 hours, not 8.5.
    @Test func theTimerFiresAtTheChangeAcrossDaylightSaving() throws {
      let berlin = try #require(SystemTimeZone(identifier: "Europe/Berlin"))
      clock.start = Double(utc(2026, 3, 28, 22))
      let inBerlin = DisplayScheduler(
        blanker: blanker, logger: testLogger, zone: berlin, now: { [clock] in clock.now() },
        watchClockChanges: false)
      inBerlin.apply(try options(["--schedule", "daily 07:30-22:00"]))
      #expect(inBerlin.state == .closed && !app.output.isActive)
      #expect(inBerlin.nextChangeText == "2026-03-29T07:30:00+02:00")
      app.advance(by: 7.5 * 3600 - 1)
      #expect(!app.output.isActive)
      app.advance(by: 2)
      #expect(inBerlin.state == .open && app.output.isActive)
      #expect(inBerlin.nextChangeText == "2026-03-29T22:00:00+02:00")
    }

    /// The kernel takes the clock-change timer (a `timerfd` with `TFD_TIMER_CANCEL_ON_SET`)
    /// and it stays quiet while nobody sets the clock (setting it needs CAP_SYS_TIME, which
    /// tests do not have).
    @Test func theClockChangeTimerIsArmedAndQuiet() throws {
      let descriptor = kiosk_clock_change_fd()
      try #require(descriptor >= 0, "timerfd: \(-descriptor)")
      defer { close(descriptor) }
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      #expect(poll(&entry, 1, 50) == 0)
      #expect(kiosk_clock_change_rearm(descriptor) == 0)
      #expect(poll(&entry, 1, 0) == 0)
      #expect(ClockChangeWatcher {} != nil)
    }

    @Test func aReloadChangesTheScheduleLive() throws {
      let file = FileManager.default.temporaryDirectory
        .appendingPathComponent("kiosk-schedule-\(UUID().uuidString).toml").path
      defer { try? FileManager.default.removeItem(atPath: file) }
      try "[display]\nschedule = [\"daily 08:00-20:00\"]\n".write(
        toFile: file, atomically: true, encoding: .utf8)
      let options = try KioskConfiguration.load(file: file, environment: [:])
        .options(commandLine: [])
      let settings = LiveSettings(options: options, blanker: blanker, logger: testLogger) {
        MemoryPressureSource(configuration: $0, logger: testLogger) { _ in }
      }
      settings.scheduler = scheduler
      scheduler.apply(options)
      #expect(scheduler.state == .open)
      try "[display]\nschedule = [\"daily 08:00-17:00\"]\nwake-outside-schedule = 0\n".write(
        toFile: file, atomically: true, encoding: .utf8)
      let changes = try settings.reload(file: file, commandLine: [])
      #expect(
        changes.contains(
          "display.schedule: daily 08:00-20:00 -> daily 08:00-17:00 (applied)"), "\(changes)")
      #expect(scheduler.state == .closed && !app.output.isActive)
      #expect(blanker.wakeDuration == 0)
      // A bad schedule changes nothing.
      try "[display]\nschedule = [\"daily 08:00-25:00\"]\n".write(
        toFile: file, atomically: true, encoding: .utf8)
      #expect(throws: ConfigurationError.self) {
        try settings.reload(file: file, commandLine: [])
      }
      #expect(scheduler.schedule?.rules == ["daily 08:00-17:00"])
    }

    @Test func statusAndMetricsShowTheStateAndTheNextChange() throws {
      scheduler.apply(try options(["--schedule", "mon-fri 08:00-18:00"]))
      app.advance(by: 61)
      let service = ControlService(
        screen: app.screen, output: app.output, statistics: FrameStatistics(), logger: testLogger)
      service.schedule = { [scheduler] in scheduler.report }
      #expect(
        service.statusLines().contains("schedule: closed, next change 2026-06-02T08:00:00+00:00"))
      let json = service.statusJSON()
      #expect(
        json.contains(
          "\"schedule\":{\"next_change\":\"2026-06-02T08:00:00+00:00\",\"next_change_unix\":\(Int(Self.mondayEvening) + 14 * 3600 + 60),\"state\":\"closed\"}"
        ), "\(json)")
      let metrics = KioskMetrics.shared
      let saved = metrics.sample
      defer { metrics.sample = saved }
      metrics.sample = { [scheduler] in
        KioskMetrics.Sample(
          displayConnected: true, width: 20, height: 10, refreshRate: 60, blanked: true,
          inputDevices: [:], lastActivity: nil, schedule: scheduler.report)
      }
      let text = metrics.text()
      #expect(
        MetricsTests.value(of: "kiosk_display_schedule_state{state=\"closed\"}", in: text) == 1)
      #expect(MetricsTests.value(of: "kiosk_display_schedule_state{state=\"open\"}", in: text) == 0)
      #expect(MetricsTests.value(of: "kiosk_display_schedule_state{state=\"none\"}", in: text) == 0)
      #expect(
        MetricsTests.value(of: "kiosk_display_schedule_next_change_timestamp_seconds", in: text)
          == Self.mondayEvening + 14 * 3600 + 60)
    }
  }
}

/// UTC, for the runtime's tests (the schedule's own tests read real zones).
private struct FixedUTC: ScheduleTimeZone {
  func utcOffset(at instant: Int) -> Int { 0 }
}

/// The moment `year-month-day hour:minute` UTC.
private func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Int {
  CivilDate(year: year, month: month, day: day).dayNumber * 86_400 + hour * 3600 + minute * 60
}
