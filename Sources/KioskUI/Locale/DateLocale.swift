import FoundationEssentials
import Glibc
import KioskBase

/// A locale's way with dates, as far as the date picker needs it: the order of a long
/// date's fields and of a time's, its clock, month names, AM and PM, how it writes a short
/// day ("Thu, Feb 29") and its digits. KioskKit takes them from the system's ICU (the same
/// CLDR data Foundation's `DateFormatter` reads), loaded only when a date picker first
/// shows; without ICU on the panel every locale gets US English, and the first date
/// picker logs why.
@MainActor
final class DateLocale {
  /// The locale's ICU identifier ("de_DE").
  let identifier: String
  /// The locale's pattern for a long date ("MMMM d, y", "d. MMMM y", "y年M月d日").
  let datePattern: String
  /// The locale's pattern for hours and minutes ("h:mm a", "HH:mm", "a h:mm").
  let timePattern: String
  /// The months' stand-alone names, January first.
  let monthNames: [String]
  /// Before and after noon ("AM", "PM").
  let periodNames: [String]
  private let icu: ICUFormats?

  /// Where a missing ICU is reported: standard error, which is the journal under systemd.
  static var logHandler: (String) -> Void = { writeToStandardErrorLine($0) }
  private static var known: [String: DateLocale] = [:]
  private static var reportedMissingICU = false

  /// The data of `locale`, or of the system's locale (the environment's `LC_ALL`,
  /// `LC_TIME` or `LANG`) when `nil`; made once per locale.
  static func of(_ locale: Locale?) -> DateLocale {
    let identifier = locale.map { icuIdentifier($0.identifier) } ?? systemIdentifier()
    if let known = known[identifier] { return known }
    let made: DateLocale
    switch ICULibrary.shared {
    case .success(let library):
      made = DateLocale(identifier: identifier, icu: ICUFormats(library, locale: identifier))
    case .failure(let error):
      if !reportedMissingICU {
        reportedMissingICU = true
        logHandler(
          "date picker: no ICU (\(error)); dates are in US English (install libicu72 or libicu76)")
      }
      made = DateLocale(identifier: identifier, icu: nil)
    }
    known[identifier] = made
    return made
  }

  init(identifier: String, icu: ICUFormats?) {
    self.identifier = identifier
    self.icu = icu
    let englishMonths = [
      "January", "February", "March", "April", "May", "June", "July", "August", "September",
      "October", "November", "December",
    ]
    datePattern = icu?.bestPattern("yMMMMd") ?? "MMMM d, y"
    timePattern = icu?.bestPattern("jm") ?? "h:mm a"
    let months = icu?.symbols(.standaloneMonths) ?? []
    monthNames = months.count == 12 ? months : englishMonths
    let periods = icu?.symbols(.dayPeriods) ?? []
    periodNames = periods.count == 2 ? periods : ["AM", "PM"]
  }

  /// Whether the locale's language is English (UIKit's "Today" is English only).
  var isEnglish: Bool { identifier.hasPrefix("en") }

  /// The day `year`-`month`-`day` of the Gregorian calendar written short, weekday first
  /// where the locale puts it there ("Thu, Feb 29", "Do., 29. Feb.").
  func shortDay(year: Int, month: Int, day: Int) -> String {
    var utc = Calendar(identifier: .gregorian)
    utc.timeZone = TimeZone(secondsFromGMT: 0) ?? utc.timeZone
    let noon = utc.date(from: DateComponents(year: year, month: month, day: day, hour: 12))
    guard let noon else { return "\(day)" }
    if let text = icu?.shortDay(noon) { return text }
    let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let weekday = utc.component(.weekday, from: noon)
    let month = monthNames.indices.contains(month - 1) ? monthNames[month - 1].prefix(3) : ""
    return "\(weekdays[(weekday + 6) % 7]), \(month) \(day)"
  }

  /// `value` in the locale's digits, with zeros in front up to `digits` digits.
  func number(_ value: Int, digits: Int = 1) -> String {
    icu?.number(value, digits: digits) ?? String(value, digits: digits)
  }

  /// The system's time zone: `TimeZone.current` when it agrees with the C library's (TZ,
  /// else /etc/localtime), else a zone at the C library's offset from UTC now.
  /// FoundationEssentials without Foundation's ICU knows no named zones, and its current
  /// zone is GMT; the fixed offset is right for today, though not across a change to or
  /// from summer time.
  static func systemTimeZone(
    current: TimeZone = .current, offset: Int? = localOffsetFromUTC()
  ) -> TimeZone {
    guard let offset, current.secondsFromGMT() != offset else { return current }
    return TimeZone(secondsFromGMT: offset) ?? current
  }

  /// How far the C library's local time is ahead of UTC now, in seconds.
  static func localOffsetFromUTC() -> Int? {
    var now = time(nil)
    var parts = tm()
    return localtime_r(&now, &parts) == nil ? nil : parts.tm_gmtoff
  }

  /// The ICU identifier of a Foundation or POSIX locale name: "de_DE.UTF-8@euro" is
  /// "de_DE"; C and POSIX are US English.
  static func icuIdentifier(_ name: String) -> String {
    let base = name.prefix { $0 != "." && $0 != "@" }
    return base.isEmpty || base == "C" || base == "POSIX" ? "en_US" : String(base)
  }

  /// The system's locale for dates, as the C library reads it: `LC_ALL`, else `LC_TIME`,
  /// else `LANG`. (FoundationEssentials' `Locale.current` without Foundation's ICU is
  /// always "en_001".)
  static func systemIdentifier(
    _ environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }
  )
    -> String
  {
    let name = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap(environment).first { !$0.isEmpty }
    return icuIdentifier(name ?? "C")
  }
}

/// Writes a line to standard error (the default log of a missing locale).
private func writeToStandardErrorLine(_ message: String) {
  writeToStandardError(message + "\n")
}
