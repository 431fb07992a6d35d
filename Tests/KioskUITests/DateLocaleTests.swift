import Foundation
import Testing

@testable import KioskUI

/// The date picker's locale data: the system's ICU (installed where the tests run, as
/// `make deps` installs it with the -dev packages), and US English without it.
@MainActor
struct DateLocaleTests {
  @Test func posixAndFoundationNamesBecomeICUIdentifiers() {
    #expect(DateLocale.icuIdentifier("de_DE.UTF-8") == "de_DE")
    #expect(DateLocale.icuIdentifier("sr_RS@latin") == "sr_RS")
    #expect(DateLocale.icuIdentifier("ja_JP") == "ja_JP")
    #expect(DateLocale.icuIdentifier("C.UTF-8") == "en_US")
    #expect(DateLocale.icuIdentifier("POSIX") == "en_US")
    #expect(DateLocale.icuIdentifier("") == "en_US")
  }

  @Test func theSystemsLocaleIsLCAllThenLCTimeThenLang() {
    func system(_ values: [String: String]) -> String {
      DateLocale.systemIdentifier { values[$0] }
    }
    #expect(system(["LC_ALL": "fr_FR.UTF-8", "LC_TIME": "de_DE", "LANG": "en_GB"]) == "fr_FR")
    #expect(system(["LC_ALL": "", "LC_TIME": "de_DE.UTF-8", "LANG": "en_GB"]) == "de_DE")
    #expect(system(["LANG": "en_GB.UTF-8"]) == "en_GB")
    #expect(system([:]) == "en_US")
  }

  @Test func icuGivesTheLocalesNamesDaysAndDigits() throws {
    try #require(ICULibrary.shared.isSuccess, "the system's ICU is not installed")
    let german = DateLocale.of(Locale(identifier: "de_DE"))
    #expect(german.monthNames.first == "Januar" && german.monthNames.count == 12)
    #expect(german.datePattern == "d. MMMM y")
    #expect(german.timePattern == "HH:mm")
    // CLDR 42 (Debian 12's ICU 72) has the comma, CLDR 44 and later not.
    #expect(
      ["Do., 29. Feb.", "Do. 29. Feb."].contains(german.shortDay(year: 2024, month: 2, day: 29)))
    #expect(german.number(7, digits: 2) == "07")
    let american = DateLocale.of(Locale(identifier: "en_US"))
    #expect(american.periodNames == ["AM", "PM"])
    #expect(american.shortDay(year: 2024, month: 2, day: 29) == "Thu, Feb 29")
    #expect(american.number(2024) == "2024")
    let arabic = DateLocale.of(Locale(identifier: "ar_EG"))
    #expect(arabic.number(12) == "١٢")
    #expect(DateLocale.of(Locale(identifier: "de_DE")) === german)
  }

  @Test func withoutICUEveryLocaleIsUSEnglish() {
    let fallback = DateLocale(identifier: "de_DE", icu: nil)
    #expect(fallback.datePattern == "MMMM d, y")
    #expect(fallback.timePattern == "h:mm a")
    #expect(fallback.monthNames[1] == "February")
    #expect(fallback.periodNames == ["AM", "PM"])
    #expect(fallback.shortDay(year: 2024, month: 2, day: 29) == "Thu, Feb 29")
    #expect(fallback.shortDay(year: 2024, month: 3, day: 3) == "Sun, Mar 3")
    #expect(fallback.number(5, digits: 2) == "05")
  }

  /// FoundationEssentials' current zone is GMT without Foundation's ICU: the C library's
  /// offset is taken then; a current zone that agrees with it is kept (with its rules).
  @Test func theSystemsTimeZoneIsTheCLibrarysOffsetNow() throws {
    let gmt = try #require(TimeZone(secondsFromGMT: 0))
    let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
    #expect(DateLocale.systemTimeZone(current: gmt, offset: 3600).secondsFromGMT() == 3600)
    #expect(DateLocale.systemTimeZone(current: gmt, offset: -18_000).secondsFromGMT() == -18_000)
    let summer = berlin.secondsFromGMT()
    #expect(DateLocale.systemTimeZone(current: berlin, offset: summer) == berlin)
    #expect(DateLocale.systemTimeZone(current: gmt, offset: 0) == gmt)
    #expect(DateLocale.systemTimeZone(current: gmt, offset: nil) == gmt)
    var now = time(nil)
    var parts = tm()
    localtime_r(&now, &parts)
    #expect(DateLocale.localOffsetFromUTC() == parts.tm_gmtoff)
  }
}

extension Result {
  fileprivate var isSuccess: Bool {
    if case .success = self { return true }
    return false
  }
}

extension DateLocaleTests {
  /// The tests link Foundation as shared libraries: its ICU is in the process, and the
  /// picker takes it, so its text is what Foundation's `DateFormatter` wrote.
  @Test func foundationsOwnICUIsTakenWhenItIsInTheProcess() throws {
    let library = try ICULibrary.shared.get()
    #expect(library.fileName == ICULibrary.foundationsICU)
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "de_DE")
    let german = DateLocale.of(Locale(identifier: "de_DE"))
    #expect(german.monthNames == formatter.standaloneMonthSymbols)
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.setLocalizedDateFormatFromTemplate("EEEMMMd")
    let leapDay = try #require(ISO8601DateFormatter().date(from: "2024-02-29T12:00:00Z"))
    #expect(german.shortDay(year: 2024, month: 2, day: 29) == formatter.string(from: leapDay))
    #expect(
      german.datePattern
        == DateFormatter.dateFormat(fromTemplate: "yMMMMd", options: 0, locale: formatter.locale))
  }
}
