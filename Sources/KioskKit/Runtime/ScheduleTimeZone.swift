import Glibc
import Synchronization

/// The time zone a display schedule is read in: how far its clocks are from UTC at each
/// moment. Daylight-saving changes are changes of that offset.
protocol ScheduleTimeZone: Sendable {
  /// Seconds east of UTC at `instant` (seconds since 1970-01-01 UTC).
  func utcOffset(at instant: Int) -> Int
}

/// A time zone of the C library's database: the process's local zone (`TZ`, else
/// `/etc/localtime`) or a named one (`Europe/Berlin`, read from `/usr/share/zoneinfo`).
/// FoundationEssentials' `TimeZone` knows only fixed offsets without ICU, so glibc's
/// `localtime_r` reads the rules.
struct SystemTimeZone: ScheduleTimeZone {
  /// The zone's name, or nil for the process's local zone.
  let identifier: String?

  /// The process's local zone.
  static let local = SystemTimeZone(local: ())

  private init(local: Void) { identifier = nil }

  /// The zone `identifier` of `/usr/share/zoneinfo`, or nil when there is no such file.
  init?(identifier: String) {
    guard !identifier.hasPrefix("/"), !identifier.contains(".."),
      access("/usr/share/zoneinfo/" + identifier, R_OK) == 0
    else { return nil }
    self.identifier = identifier
  }

  /// glibc keeps one zone for the process: a named zone is set into `TZ` for the one call
  /// and the process's own put back, under this lock (only tests read named zones).
  private static let lock = Mutex(())

  func utcOffset(at instant: Int) -> Int {
    Self.lock.withLock { _ in
      guard let identifier else { return Self.offset(at: instant) }
      // Without `TZ` the process's zone is /etc/localtime's, which `:/etc/localtime` names:
      // put back as that, `TZ` is never removed and added again, so the environment's
      // array is not reallocated under a thread reading it (setenv of a variable already
      // there only swaps its string, and glibc never frees those).
      let saved = getenv("TZ").map { String(cString: $0) } ?? ":/etc/localtime"
      setenv("TZ", ":" + identifier, 1)
      tzset()
      defer {
        setenv("TZ", saved, 1)
        tzset()
      }
      return Self.offset(at: instant)
    }
  }

  private static func offset(at instant: Int) -> Int {
    var time = time_t(instant)
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return 0 }
    return parts.tm_gmtoff
  }
}

/// A date of the (proleptic Gregorian) calendar, and its day number: days since 1970-01-01.
struct CivilDate: Sendable, Equatable {
  var year: Int
  var month: Int
  var day: Int

  init(year: Int, month: Int, day: Int) {
    (self.year, self.month, self.day) = (year, month, day)
  }

  /// The date of a day number.
  init(dayNumber: Int) {
    var time = time_t(dayNumber * 86_400)
    var parts = tm()
    _ = gmtime_r(&time, &parts)
    self.init(
      year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
  }

  /// Days since 1970-01-01.
  var dayNumber: Int {
    var parts = tm()
    parts.tm_year = Int32(year - 1900)
    parts.tm_mon = Int32(month - 1)
    parts.tm_mday = Int32(day)
    parts.tm_hour = 12
    return Int(timegm(&parts)).floorDivided(by: 86_400)
  }

  /// The days of `month` in `year`.
  static func days(inMonth month: Int, of year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

extension Int {
  /// Division rounding towards minus infinity (a time before 1970 is on the day before).
  func floorDivided(by divisor: Int) -> Int {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}

extension ScheduleTimeZone {
  /// The local wall-clock reading of `instant`, as seconds since a local 1970-01-01.
  func wallTime(of instant: Int) -> Int { instant + utcOffset(at: instant) }

  /// The local day number of `instant`.
  func day(of instant: Int) -> Int { wallTime(of: instant).floorDivided(by: 86_400) }

  /// The moment the local clocks read `wall` (seconds since a local 1970-01-01). A reading
  /// that happens twice (the hour repeated when daylight saving ends) is its first; one that
  /// never happens (the hour skipped when it starts) is the moment the skip ends: a schedule
  /// opening at 02:30 opens at 03:00 that night.
  func instant(wall: Int) -> Int {
    let early = wall - utcOffset(at: wall - 86_400)
    let late = wall - utcOffset(at: wall + 86_400)
    if let first = [early, late].filter({ wallTime(of: $0) == wall }).min() { return first }
    // In the skipped hour: the first moment whose reading is past `wall`.
    var (before, after) = (min(early, late), max(early, late))
    guard wallTime(of: before) < wall, wallTime(of: after) > wall else { return early }
    while after - before > 1 {
      let middle = before + (after - before) / 2
      if wallTime(of: middle) >= wall { after = middle } else { before = middle }
    }
    return after
  }

  /// `instant` as local ISO 8601 with the offset: `2026-12-24T10:00:00+01:00`.
  func localText(_ instant: Int) -> String {
    let offset = utcOffset(at: instant)
    let wall = instant + offset
    let date = CivilDate(dayNumber: wall.floorDivided(by: 86_400))
    let seconds = wall - wall.floorDivided(by: 86_400) * 86_400
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    let sign = offset < 0 ? "-" : "+"
    let absolute = abs(offset) / 60
    return "\(date.year)-\(two(date.month))-\(two(date.day))T\(two(seconds / 3600)):"
      + "\(two(seconds / 60 % 60)):\(two(seconds % 60))\(sign)\(two(absolute / 60)):\(two(absolute % 60))"
  }
}
