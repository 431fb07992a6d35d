/// The hours the display is on (`[display] schedule`): weekly rules by day of the week and
/// exceptions by date, in the panel's local time. Outside them the display is switched off
/// as by `display.blank-after`. One rule a string:
///
/// ```toml
/// [display]
/// schedule = [
///   "mon-fri 07:30-22:00",
///   "sat sun 09:00-18:00",
///   "2026-12-24 10:00-14:00",   # instead of that Thursday's hours
///   "2026-12-25 closed",
/// ]
/// ```
///
/// A weekly rule names days (`mon` … `sun`, full names too, ranges such as `mon-fri` or
/// `fri-mon`, `daily`, `weekdays`, `weekends`), then one or more ranges `HH:MM-HH:MM`, or
/// `closed`. A date rule (`YYYY-MM-DD`) replaces that date's weekly hours. A range whose end
/// is not after its start crosses midnight (`22:00-02:00`) and belongs to the day it starts
/// on; `24:00` ends a day. Days that no weekly rule names are closed. Overlapping ranges
/// (within the weekly rules, or within one date's) are an error, so a mistyped rule does not
/// hide in a union; ranges that only touch join.
struct DisplaySchedule: Sendable, Equatable {
  /// Opening hours within a day, in minutes from its midnight: `end` is after `start`, and
  /// past 1440 for a range that crosses midnight.
  struct Span: Sendable, Equatable, Comparable {
    var start: Int
    var end: Int

    static func < (lhs: Span, rhs: Span) -> Bool { lhs.start < rhs.start }

    /// Whether the two share a minute (touching is not overlapping).
    func overlaps(_ other: Span) -> Bool { start < other.end && other.start < end }
  }

  /// The weekly hours, by `tm_wday` (0 is Sunday).
  private(set) var weekly: [[Span]] = Array(repeating: [], count: 7)
  /// The hours of dates with rules of their own, by day number (days since 1970-01-01).
  private(set) var dates: [Int: [Span]] = [:]
  /// The rules as written.
  let rules: [String]

  /// Why a schedule's rules are refused: the rule (its index) and what is wrong with it.
  struct Problem: Error, Equatable, CustomStringConvertible {
    /// The index of the rule at fault in the list.
    var index: Int
    /// What is wrong.
    var reason: String
    var description: String { reason }
  }

  /// The day names, by `tm_wday`.
  static let dayNames = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
  private static let fullDayNames = [
    "sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
  ]

  /// What a rule looks like, as messages say it.
  static let allowed =
    "a list of rules \"DAYS HH:MM-HH:MM…\" or \"YYYY-MM-DD HH:MM-HH:MM…\" (or \"… closed\"), e.g. [\"mon-fri 07:30-22:00\", \"2026-12-25 closed\"]"

  /// Reads `rules`; throws the first problem (a rule that does not read, or two that
  /// overlap).
  init(rules: [String]) throws(Problem) {
    self.rules = rules
    // Each weekday's and date's spans with the rule that gave them (for messages), and the
    // rules that named them (a rule saying `closed` gives none).
    var weeklyOwned: [[(span: Span, rule: Int)]] = Array(repeating: [], count: 7)
    var weeklyNamers: [[Int]] = Array(repeating: [], count: 7)
    var datesOwned: [Int: [(span: Span, rule: Int)]] = [:]
    var dateNamers: [Int: [Int]] = [:]
    for (index, text) in rules.enumerated() {
      let rule: Rule
      switch Rule.parse(text) {
      case .success(let parsed): rule = parsed
      case .failure(let reason): throw Problem(index: index, reason: "\"\(text)\": \(reason)")
      }
      switch rule.days {
      case .weekdays(let days):
        for day in days {
          try Self.check(
            rule, index: index, against: weeklyOwned[day], namers: weeklyNamers[day],
            rules: rules)
          weeklyOwned[day] += rule.spans.map { ($0, index) }
          weeklyNamers[day].append(index)
        }
      case .date(let day):
        try Self.check(
          rule, index: index, against: datesOwned[day] ?? [], namers: dateNamers[day] ?? [],
          rules: rules)
        datesOwned[day, default: []] += rule.spans.map { ($0, index) }
        dateNamers[day, default: []].append(index)
      }
    }
    try Self.checkAfterMidnight(weeklyOwned, rules: rules)
    weekly = weeklyOwned.map { $0.map(\.span).sorted() }
    dates = datesOwned.mapValues { $0.map(\.span).sorted() }
  }

  /// Whether no rule opens the display at any time.
  var neverOpens: Bool { weekly.allSatisfy(\.isEmpty) && dates.values.allSatisfy(\.isEmpty) }

  /// Whether the weekly rules keep the display on around the clock and no date closes it.
  var alwaysOpen: Bool {
    let week = 7 * 1440
    // Each range a week early too, so Saturday's past midnight covers Sunday's start.
    var minutes: [(start: Int, end: Int)] = []
    for (day, spans) in weekly.enumerated() {
      for span in spans {
        let start = day * 1440 + span.start
        let end = day * 1440 + span.end
        minutes += [(start, end), (start - week, end - week)]
      }
    }
    minutes.sort { $0.start < $1.start }
    var covered = 0
    for (start, end) in minutes where start <= covered { covered = max(covered, end) }
    let datesAllDay = dates.values.allSatisfy { spans in
      spans.contains { $0.start == 0 && $0.end >= 1440 }
    }
    return covered >= week && datesAllDay
  }

  /// The spans of `day` (a day number): its date's rules, else its weekday's.
  func spans(onDay day: Int) -> [Span] {
    dates[day] ?? weekly[Self.weekday(ofDay: day)]
  }

  /// `tm_wday` of a day number (1970-01-01 was a Thursday).
  static func weekday(ofDay day: Int) -> Int { ((day % 7) + 11) % 7 }

  /// A problem when `rule`'s spans overlap one another or those of the same day before
  /// it (`owned`), or when a day named before (by `namers`) is closed by one and given hours
  /// by the other.
  private static func check(
    _ rule: Rule, index: Int, against owned: [(span: Span, rule: Int)], namers: [Int],
    rules: [String]
  ) throws(Problem) {
    let text = rules[index]
    for (position, span) in rule.spans.enumerated()
    where rule.spans[..<position].contains(where: { span.overlaps($0) }) {
      throw Problem(index: index, reason: "\"\(text)\": its ranges overlap; make them one")
    }
    if let earlier = namers.first, rule.spans.isEmpty || owned.isEmpty {
      let how =
        rule.spans.isEmpty && owned.isEmpty ? "both closed" : "one with hours and one closed"
      throw Problem(
        index: index,
        reason: "\"\(text)\" and \"\(rules[earlier])\" name the same day, \(how)")
    }
    for span in rule.spans {
      if let other = owned.first(where: { span.overlaps($0.span) }) {
        throw Problem(
          index: index,
          reason:
            "\"\(text)\" overlaps \"\(rules[other.rule])\"; ranges may touch but not overlap"
        )
      }
    }
  }

  /// A problem when a weekly range that crosses midnight runs into the next day's hours
  /// (Saturday's into Sunday's too).
  private static func checkAfterMidnight(
    _ weekly: [[(span: Span, rule: Int)]], rules: [String]
  ) throws(Problem) {
    for day in 0..<7 {
      for late in weekly[day] where late.span.end > 1440 {
        guard
          let early = weekly[(day + 1) % 7].first(where: { $0.span.start < late.span.end - 1440 })
        else { continue }
        let (earlier, later) = (min(late.rule, early.rule), max(late.rule, early.rule))
        throw Problem(
          index: later,
          reason:
            "\"\(rules[later])\" overlaps \"\(rules[earlier])\" after midnight; ranges may touch but not overlap"
        )
      }
    }
  }
}

extension DisplaySchedule {
  /// What is wrong with one rule.
  struct Refusal: Error, Equatable, CustomStringConvertible {
    var reason: String
    var description: String { reason }
  }

  /// One rule: the days it is for and their hours (none: closed).
  struct Rule: Equatable {
    enum Days: Equatable {
      /// Days of the week, by `tm_wday`.
      case weekdays([Int])
      /// One date, by day number.
      case date(Int)
    }
    var days: Days
    var spans: [Span]

    /// Reads one rule, or says what is wrong with it.
    static func parse(_ text: String) -> Result<Rule, Refusal> {
      let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(
        String.init)
      guard let first = words.first else { return .refused("an empty rule") }
      var days: Days
      var rest: ArraySlice<String>
      if first.first?.isNumber == true, !first.contains(":") {
        guard let day = DisplaySchedule.dayNumber(date: first) else {
          return .refused("\(first) is not a date (YYYY-MM-DD, a day that exists)")
        }
        days = .date(day)
        rest = words.dropFirst()
      } else {
        var weekdays: [Int] = []
        rest = words[...]
        while let word = rest.first, word.first?.isLetter == true, word != "closed" {
          guard let named = DisplaySchedule.weekdays(word) else {
            return .refused(
              "\(word) is not a day (mon … sun, a range such as mon-fri, daily, weekdays or weekends)"
            )
          }
          weekdays += named
          rest = rest.dropFirst()
        }
        guard !weekdays.isEmpty else {
          return .refused("it names no days (e.g. \"mon-fri 07:30-22:00\")")
        }
        days = .weekdays(weekdays)
      }
      if rest == ["closed"] { return .success(Rule(days: days, spans: [])) }
      guard !rest.isEmpty else { return .refused("it gives no hours (HH:MM-HH:MM, or closed)") }
      var spans: [Span] = []
      for word in rest {
        guard word != "closed" else { return .refused("closed cannot stand beside hours") }
        switch DisplaySchedule.span(word) {
        case .success(let span): spans.append(span)
        case .failure(let reason): return .failure(reason)
        }
      }
      if case .weekdays(let list) = days, Set(list).count < list.count {
        return .refused("it names a day twice")
      }
      return .success(Rule(days: days, spans: spans))
    }
  }

  /// The weekdays of one day word: a name, a range of names, or a group.
  static func weekdays(_ word: String) -> [Int]? {
    switch word {
    case "daily": return Array(0..<7)
    case "weekdays": return [1, 2, 3, 4, 5]
    case "weekends": return [6, 0]
    default: break
    }
    func day(_ name: Substring) -> Int? {
      dayNames.firstIndex(of: String(name)) ?? fullDayNames.firstIndex(of: String(name))
    }
    let parts = word.split(separator: "-", omittingEmptySubsequences: false)
    if parts.count == 1 { return day(parts[0]).map { [$0] } }
    guard parts.count == 2, let first = day(parts[0]), let last = day(parts[1]), first != last
    else { return nil }
    var days = [first]
    var day = first
    while day != last {
      day = (day + 1) % 7
      days.append(day)
    }
    return days
  }

  /// `HH:MM-HH:MM`: a span, or what is wrong with it.
  static func span(_ word: String) -> Result<Span, Refusal> {
    let ends = word.split(separator: "-", omittingEmptySubsequences: false)
    guard ends.count == 2 else {
      return .refused("\(word) is not a range of times (HH:MM-HH:MM, e.g. 07:30-22:00)")
    }
    guard let start = minute(ends[0]), start < 1440 else {
      return .refused("\(ends[0]) is not a time of day (00:00 to 23:59, written HH:MM)")
    }
    guard let end = minute(ends[1]) else {
      return .refused("\(ends[1]) is not a time of day (00:00 to 24:00, written HH:MM)")
    }
    guard end != start else {
      return .refused("\(word) is a range of no time (00:00-24:00 is the whole day)")
    }
    return .success(Span(start: start, end: end > start ? end : end + 1440))
  }

  /// `HH:MM` (`24:00` included) as minutes from midnight.
  private static func minute(_ text: Substring) -> Int? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let hours = Int(parts[0]), let minutes = Int(parts[1]), minutes < 60,
      hours < 24 || (hours == 24 && minutes == 0)
    else { return nil }
    return hours * 60 + minutes
  }

  /// `YYYY-MM-DD` as a day number, or nil when it is no date (`2026-02-30`).
  static func dayNumber(date text: String) -> Int? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), day >= 1, day <= CivilDate.days(inMonth: month, of: year)
    else { return nil }
    return CivilDate(year: year, month: month, day: day).dayNumber
  }
}

extension Result where Failure == DisplaySchedule.Refusal {
  /// A refusal for `reason`.
  fileprivate static func refused(_ reason: String) -> Result { .failure(.init(reason: reason)) }
}
