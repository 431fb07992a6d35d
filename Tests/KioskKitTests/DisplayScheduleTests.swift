import Foundation
import Testing

@testable import KioskKit

/// A zone without daylight saving, `offset` seconds east of UTC.
struct FixedZone: ScheduleTimeZone {
  var offset = 0
  func utcOffset(at instant: Int) -> Int { offset }
}

/// The moment `year-month-day hour:minute` UTC.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Int {
  CivilDate(year: year, month: month, day: day).dayNumber * 86_400 + hour * 3600 + minute * 60
}

/// `[display] schedule`: the rules, what they refuse and where, and the next change.
@Suite("Display schedule")
struct DisplayScheduleTests {
  static let example = [
    "mon-fri 07:30-22:00", "sat sun 09:00-18:00", "2026-12-24 10:00-14:00", "2026-12-25 closed",
  ]

  @Test func rulesGiveEachDayItsHoursAndDatesReplaceTheWeek() throws {
    let schedule = try DisplaySchedule(rules: Self.example)
    func hours(_ month: Int, _ day: Int) -> [DisplaySchedule.Span] {
      schedule.spans(onDay: CivilDate(year: 2026, month: month, day: day).dayNumber)
    }
    #expect(hours(12, 23) == [.init(start: 450, end: 1320)])  // a Wednesday
    #expect(hours(12, 24) == [.init(start: 600, end: 840)])  // its own hours
    #expect(hours(12, 25) == [])  // closed
    #expect(hours(12, 26) == [.init(start: 540, end: 1080)])  // a Saturday
    #expect(!schedule.neverOpens && !schedule.alwaysOpen)
  }

  @Test(arguments: [
    ("weekdays 08:00-09:00", [1, 2, 3, 4, 5]), ("weekends 08:00-09:00", [0, 6]),
    ("fri-mon 08:00-09:00", [0, 1, 5, 6]), ("Monday wed 08:00-09:00", [1, 3]),
    ("daily 08:00-09:00", [0, 1, 2, 3, 4, 5, 6]),
  ])
  func dayWords(rule: String, days: [Int]) throws {
    let schedule = try DisplaySchedule(rules: [rule])
    let named = (0..<7).filter { !schedule.weekly[$0].isEmpty }
    #expect(named == days)
  }

  @Test func aRangeEndingBeforeItStartsCrossesMidnight() throws {
    let schedule = try DisplaySchedule(rules: ["fri-sat 22:00-02:00"])
    // Saturday 2026-12-26 01:00 is within Friday's hours.
    let result = schedule.evaluate(at: utc(2026, 12, 26, 1), in: FixedZone())
    #expect(result == .init(isOpen: true, nextChange: utc(2026, 12, 26, 2)))
    // Sunday 01:00 is within Saturday's; after it, Friday 22:00.
    #expect(
      schedule.evaluate(at: utc(2026, 12, 27, 3), in: FixedZone())
        == .init(isOpen: false, nextChange: utc(2027, 1, 1, 22)))
  }

  @Test func datesReplaceTheirWeekdaysHours() throws {
    let schedule = try DisplaySchedule(rules: Self.example)
    let zone = FixedZone(offset: 3600)  // 10:00 local is 09:00 UTC
    #expect(
      schedule.evaluate(at: utc(2026, 12, 24, 7), in: zone)
        == .init(isOpen: false, nextChange: utc(2026, 12, 24, 9)))
    // After the 24th's hours: the 25th is closed, then the weekend's hours.
    #expect(
      schedule.evaluate(at: utc(2026, 12, 24, 13), in: zone)
        == .init(isOpen: false, nextChange: utc(2026, 12, 26, 8)))
  }

  @Test func touchingRangesJoin() throws {
    let schedule = try DisplaySchedule(rules: ["daily 22:00-24:00", "daily 00:00-06:00"])
    #expect(
      schedule.evaluate(at: utc(2026, 6, 1, 23), in: FixedZone())
        == .init(isOpen: true, nextChange: utc(2026, 6, 2, 6)))
  }

  @Test func aScheduleThatAlwaysOrNeverOpensHasNoNextChange() throws {
    let always = try DisplaySchedule(rules: ["daily 00:00-24:00"])
    #expect(always.alwaysOpen && !always.neverOpens)
    #expect(always.evaluate(at: utc(2026, 6, 1, 12), in: FixedZone()) == .init(isOpen: true))
    let never = try DisplaySchedule(rules: ["daily closed"])
    #expect(never.neverOpens && !never.alwaysOpen)
    #expect(never.evaluate(at: utc(2026, 6, 1, 12), in: FixedZone()) == .init(isOpen: false))
    // Around the clock through ranges that cross midnight is always open too.
    #expect(try DisplaySchedule(rules: ["daily 18:00-06:00", "daily 06:00-18:00"]).alwaysOpen)
    #expect(try !DisplaySchedule(rules: ["daily 18:00-06:00", "daily 06:00-17:59"]).alwaysOpen)
  }

  // MARK: Daylight saving

  /// Berlin: 2026-03-29 02:00 CET became 03:00 CEST at 01:00 UTC; 2026-10-25 03:00 CEST
  /// became 02:00 CET at 01:00 UTC.
  @Test func nextChangesFollowBerlinsClocksAcrossDaylightSaving() throws {
    let berlin = try #require(SystemTimeZone(identifier: "Europe/Berlin"))
    let schedule = try DisplaySchedule(rules: ["daily 07:30-22:00"])
    // Saturday 23:00 CET → Sunday 07:30 CEST, 05:30 UTC (an hour earlier in UTC).
    #expect(
      schedule.evaluate(at: utc(2026, 3, 28, 22), in: berlin)
        == .init(isOpen: false, nextChange: utc(2026, 3, 29, 5, 30)))
    // Saturday 23:00 CEST → Sunday 07:30 CET, 06:30 UTC.
    #expect(
      schedule.evaluate(at: utc(2026, 10, 24, 21), in: berlin)
        == .init(isOpen: false, nextChange: utc(2026, 10, 25, 6, 30)))
    // Open on Sunday morning after the change; it closes at 22:00 CEST, 20:00 UTC.
    #expect(
      schedule.evaluate(at: utc(2026, 3, 29, 6), in: berlin)
        == .init(isOpen: true, nextChange: utc(2026, 3, 29, 20)))
    #expect(berlin.localText(utc(2026, 3, 29, 5, 30)) == "2026-03-29T07:30:00+02:00")
    #expect(berlin.localText(utc(2026, 10, 25, 6, 30)) == "2026-10-25T07:30:00+01:00")
  }

  /// A time the clocks skip is the end of the skip; a time they pass twice is the first.
  @Test func skippedAndRepeatedTimesInBerlin() throws {
    let berlin = try #require(SystemTimeZone(identifier: "Europe/Berlin"))
    let schedule = try DisplaySchedule(rules: ["sat 22:00-02:30"])
    // 02:30 does not exist on 2026-03-29: closes at 03:00 CEST, 01:00 UTC.
    #expect(
      schedule.evaluate(at: utc(2026, 3, 28, 23), in: berlin)
        == .init(isOpen: true, nextChange: utc(2026, 3, 29, 1)))
    // 02:30 happens twice on 2026-10-25: closes at the first, 00:30 UTC.
    #expect(
      schedule.evaluate(at: utc(2026, 10, 24, 23), in: berlin)
        == .init(isOpen: true, nextChange: utc(2026, 10, 25, 0, 30)))
    // A whole day is 23 hours long in spring.
    let sunday = try DisplaySchedule(rules: ["sun 00:00-24:00"])
    #expect(
      sunday.evaluate(at: utc(2026, 3, 29, 12), in: berlin)
        == .init(isOpen: true, nextChange: utc(2026, 3, 29, 22)))
  }

  /// New York: 2026-03-08 02:00 EST became 03:00 EDT at 07:00 UTC; 2026-11-01 02:00 EDT
  /// became 01:00 EST at 06:00 UTC.
  @Test func nextChangesFollowNewYorksClocksAcrossDaylightSaving() throws {
    let newYork = try #require(SystemTimeZone(identifier: "America/New_York"))
    let schedule = try DisplaySchedule(rules: ["daily 07:30-22:00"])
    #expect(
      schedule.evaluate(at: utc(2026, 3, 8, 4), in: newYork)
        == .init(isOpen: false, nextChange: utc(2026, 3, 8, 11, 30)))
    #expect(
      schedule.evaluate(at: utc(2026, 11, 1, 3), in: newYork)
        == .init(isOpen: false, nextChange: utc(2026, 11, 1, 12, 30)))
    #expect(newYork.localText(utc(2026, 11, 1, 12, 30)) == "2026-11-01T07:30:00-05:00")
  }

  // MARK: Bad input

  @Test(arguments: [
    ("mon-fri 25:00-26:00", "25:00 is not a time of day (00:00 to 23:59, written HH:MM)"),
    ("mon-fri 7.30-22:00", "7.30 is not a time of day (00:00 to 23:59, written HH:MM)"),
    ("mon-fri 07:30-22:60", "22:60 is not a time of day (00:00 to 24:00, written HH:MM)"),
    ("mon-fri 07:30", "07:30 is not a range of times (HH:MM-HH:MM, e.g. 07:30-22:00)"),
    ("mon-fri 07:30-07:30", "07:30-07:30 is a range of no time (00:00-24:00 is the whole day)"),
    (
      "funday 07:30-22:00",
      "funday is not a day (mon … sun, a range such as mon-fri, daily, weekdays or weekends)"
    ),
    ("2026-02-30 closed", "2026-02-30 is not a date (YYYY-MM-DD, a day that exists)"),
    ("2026-13-01 closed", "2026-13-01 is not a date (YYYY-MM-DD, a day that exists)"),
    ("mon-fri", "it gives no hours (HH:MM-HH:MM, or closed)"),
    ("mon closed 08:00-09:00", "closed cannot stand beside hours"),
    ("mon mon 08:00-09:00", "it names a day twice"),
    ("08:00-09:00", "it names no days (e.g. \"mon-fri 07:30-22:00\")"),
  ])
  func aRuleThatDoesNotReadIsRefusedWithItsReason(rule: String, reason: String) {
    #expect(throws: DisplaySchedule.Problem(index: 1, reason: "\"\(rule)\": \(reason)")) {
      try DisplaySchedule(rules: ["sun 10:00-12:00", rule])
    }
  }

  @Test(
    arguments: [
      (
        ["mon-fri 08:00-12:00", "mon 11:00-13:00"],
        "\"mon 11:00-13:00\" overlaps \"mon-fri 08:00-12:00\"; ranges may touch but not overlap"
      ),
      (
        ["fri 22:00-02:00", "sat 01:00-05:00"],
        "\"sat 01:00-05:00\" overlaps \"fri 22:00-02:00\" after midnight; ranges may touch but not overlap"
      ),
      (
        ["daily 08:00-10:00", "sun closed"],
        "\"sun closed\" and \"daily 08:00-10:00\" name the same day, one with hours and one closed"
      ),
      (
        ["2026-12-24 10:00-14:00", "2026-12-24 closed"],
        "\"2026-12-24 closed\" and \"2026-12-24 10:00-14:00\" name the same day, one with hours and one closed"
      ),
      (
        ["weekends closed", "sun closed"],
        "\"sun closed\" and \"weekends closed\" name the same day, both closed"
      ),
      (["mon 08:00-12:00 11:00-13:00", "tue 08:00-09:00"], nil),
    ] as [([String], String?)])
  func overlappingRangesAreRefused(rules: [String], reason: String?) {
    #expect {
      try DisplaySchedule(rules: rules)
    } throws: { error in
      guard let problem = error as? DisplaySchedule.Problem else { return false }
      return reason.map { problem.reason == $0 && problem.index == 1 }
        ?? (problem.index == 0 && problem.reason.hasSuffix("its ranges overlap; make them one"))
    }
  }

  @Test func touchingRangesAreNotOverlapping() throws {
    _ = try DisplaySchedule(rules: ["mon 08:00-12:00", "mon 12:00-13:00", "sun 22:00-08:00"])
  }

  // MARK: The configuration file, the environment, the command line

  @Test func theFileTakesAScheduleAndAWakeTime() throws {
    let text = """
      [display]
      schedule = [
        "mon-fri 07:30-22:00",
        "2026-12-25 closed",
      ]
      wake-outside-schedule = 0
      """
    let parsed = try options(text)
    #expect(parsed.schedule == ["mon-fri 07:30-22:00", "2026-12-25 closed"])
    #expect(parsed.wakeOutsideSchedule == 0)
  }

  @Test func aBadRuleIsNamedAtItsOwnLine() throws {
    let text = """
      [display]
      schedule = [
        "mon-fri 07:30-22:00",
        "sat 09:00-18:00",
        "2026-02-30 closed",
      ]
      """
    #expect(
      try problems(text) == [
        "FILE:5: display.schedule: \"2026-02-30 closed\": 2026-02-30 is not a date (YYYY-MM-DD, a day that exists); allowed: \(DisplaySchedule.allowed)"
      ])
    let overlapping = "[display]\nschedule = [\"daily 08:00-20:00\",\n  \"sat 19:00-23:00\"]\n"
    #expect(
      try problems(overlapping) == [
        "FILE:3: display.schedule: \"sat 19:00-23:00\" overlaps \"daily 08:00-20:00\"; ranges may touch but not overlap; allowed: \(DisplaySchedule.allowed)"
      ])
    #expect(
      try problems("[display]\nschedule = \"mon 08:00-09:00\"\n") == [
        "FILE:2: display.schedule = \"mon 08:00-09:00\" is a string; allowed: \(DisplaySchedule.allowed)"
      ])
  }

  @Test func theEnvironmentAndTheCommandLineAreCheckedAlike() throws {
    #expect(
      try problems("", environment: ["KIOSK_DISPLAY_SCHEDULE": "mon 08:00-09:00,mon 07:00-25:00"])
        == [
          "environment KIOSK_DISPLAY_SCHEDULE: display.schedule: \"mon 07:00-25:00\": 25:00 is not a time of day (00:00 to 24:00, written HH:MM); allowed: \(DisplaySchedule.allowed)"
        ])
    let fromEnvironment = try options(
      "", environment: ["KIOSK_DISPLAY_SCHEDULE": "mon-fri 07:30-22:00,sat sun 09:00-18:00"])
    #expect(fromEnvironment.schedule == ["mon-fri 07:30-22:00", "sat sun 09:00-18:00"])
    #expect(throws: (any Error).self) {
      try RuntimeOptions.parse(["--schedule", "mon 08:00-12:00", "--schedule", "mon 11:00-13:00"])
    }
    #expect(throws: (any Error).self) { try RuntimeOptions.parse(["--schedule", "mon 7.30-9:00"]) }
    #expect(throws: (any Error).self) { try RuntimeOptions.parse(["--wake-outside-schedule=-1"]) }
    let parsed = try RuntimeOptions.parse(["--schedule", "daily 08:00-20:00"])
    #expect(parsed.schedule == ["daily 08:00-20:00"])
  }
}
