import KioskGraphics

/// One wheel of a date picker: which part of the date it turns, and how its rows map to
/// values. A value is an index from 0 (January is 0, the first minute step is 0).
enum DateColumn: Equatable {
  /// Years 1 to 9999.
  case year
  /// The months of the year, by their stand-alone names, round and round.
  case month
  /// Days 1 to 31, round and round; days past the month's end are greyed.
  case day
  /// Whole days (`.dateAndTime`), by weekday, month and day ("Thu, Feb 29").
  case calendarDay
  /// Hours, 1 to 12 or 0 to 23, round and round.
  case hour(twelveHour: Bool, padded: Bool)
  /// Minutes in steps of the minute interval, round and round.
  case minute
  /// Before and after noon.
  case dayPeriod
  /// A countdown's hours, 0 to 23.
  case countDownHours
  /// A countdown's minutes, in steps of the minute interval.
  case countDownMinutes
  /// The word "hours" (or "hour") that stays beside the countdown's hours.
  case hoursUnit
  /// The word "min" that stays beside the countdown's minutes.
  case minutesUnit

  /// How many copies of a repeating wheel's values it holds: enough that no spin reaches
  /// an end (the wheel goes back to the middle copy whenever it rests).
  static let repeatedRows = 10_000
  /// How many days before and after 1 January 2001 the `.calendarDay` wheel holds (about
  /// 270 years each way).
  static let dayRows = 100_000

  /// Whether the values come round again.
  var repeats: Bool {
    switch self {
    case .month, .day, .hour, .minute, .countDownHours, .countDownMinutes: true
    case .year, .calendarDay, .dayPeriod, .hoursUnit, .minutesUnit: false
    }
  }

  /// How many values the wheel has (once round).
  func valueCount(minuteInterval: Int) -> Int {
    switch self {
    case .year: 9999
    case .month: 12
    case .day: 31
    case .calendarDay: 2 * Self.dayRows + 1
    case .hour(let twelveHour, _): twelveHour ? 12 : 24
    case .minute, .countDownMinutes: 60 / minuteInterval
    case .dayPeriod: 2
    case .countDownHours: 24
    case .hoursUnit, .minutesUnit: 1
    }
  }

  /// How many rows the wheel has.
  func rowCount(minuteInterval: Int) -> Int {
    let values = valueCount(minuteInterval: minuteInterval)
    guard repeats else { return values }
    return values * max(1, Self.repeatedRows / values)
  }

  /// The value shown on `row`.
  func value(atRow row: Int, minuteInterval: Int) -> Int {
    repeats ? row % valueCount(minuteInterval: minuteInterval) : row
  }

  /// The row showing `value` nearest `row` (a repeating wheel turns the short way round).
  func row(forValue value: Int, near row: Int, minuteInterval: Int) -> Int {
    guard repeats else { return value }
    let count = valueCount(minuteInterval: minuteInterval)
    let rows = rowCount(minuteInterval: minuteInterval)
    let base = max(row, 0) - max(row, 0) % count + value
    let nearest = [base - count, base, base + count]
      .filter { $0 >= 0 && $0 < rows }
      .min { abs($0 - row) < abs($1 - row) }
    return nearest ?? value
  }

  /// The row showing `value` in the middle copy of a repeating wheel.
  func middleRow(forValue value: Int, minuteInterval: Int) -> Int {
    guard repeats else { return value }
    let count = valueCount(minuteInterval: minuteInterval)
    let copies = rowCount(minuteInterval: minuteInterval) / count
    return copies / 2 * count + value
  }

  // MARK: The wheels of each mode

  /// The wheels of `mode` in `locale`'s order: the order of the fields in the locale's
  /// own pattern for a long date ("MMMM d, y", "d. MMMM y", "y年M月d日") or a time
  /// ("h:mm a", "HH:mm", "a h:mm").
  static func columns(for mode: DatePicker.Mode, locale: DateLocale) -> [DateColumn] {
    switch mode {
    case .date:
      return dateColumns(pattern: locale.datePattern)
    case .time:
      return timeColumns(pattern: locale.timePattern)
    case .dateAndTime:
      return [.calendarDay] + timeColumns(pattern: locale.timePattern)
    case .countDownTimer:
      return [.countDownHours, .hoursUnit, .countDownMinutes, .minutesUnit]
    }
  }

  private static func dateColumns(pattern: String) -> [DateColumn] {
    var columns: [DateColumn] = []
    for letter in patternLetters(pattern) {
      let column: DateColumn? =
        switch letter {
        case "y", "Y", "u", "U", "r": .year
        case "M", "L": .month
        case "d": .day
        default: nil
        }
      if let column, !columns.contains(column) { columns.append(column) }
    }
    for column in [DateColumn.month, .day, .year] where !columns.contains(column) {
      columns.append(column)
    }
    return columns
  }

  private static func timeColumns(pattern: String) -> [DateColumn] {
    let letters = patternLetters(pattern)
    let hourLetter = letters.first { "hHkK".contains($0) } ?? "h"
    let twelveHour = hourLetter == "h" || hourLetter == "K"
    let padded = pattern.filter { $0 == hourLetter }.count >= 2
    var columns: [DateColumn] = []
    for letter in letters {
      let column: DateColumn? =
        switch letter {
        case "h", "H", "k", "K": .hour(twelveHour: twelveHour, padded: padded)
        case "m": .minute
        case "a", "b", "B": twelveHour ? .dayPeriod : nil
        default: nil
        }
      if let column, !columns.contains(column) { columns.append(column) }
    }
    var wanted: [DateColumn] = [.hour(twelveHour: twelveHour, padded: padded), .minute]
    if twelveHour { wanted.append(.dayPeriod) }
    for column in wanted where !columns.contains(column) { columns.append(column) }
    return columns
  }

  /// The field letters of a date pattern in order of first appearance, leaving out quoted
  /// literal text ('Uhr', 'г').
  static func patternLetters(_ pattern: String) -> [Character] {
    var letters: [Character] = []
    var quoted = false
    for character in pattern {
      if character == "'" {
        quoted.toggle()
      } else if !quoted, character.isLetter, character.isASCII, !letters.contains(character) {
        letters.append(character)
      }
    }
    return letters
  }
}

extension DateColumn {
  /// What a screen reader calls the wheel; `nil` for the unit labels beside a countdown's
  /// wheels, which are not wheels a person turns.
  var accessibilityName: String? {
    switch self {
    case .year: "Year"
    case .month: "Month"
    case .day: "Day"
    case .calendarDay: "Date"
    case .hour, .countDownHours: "Hours"
    case .minute, .countDownMinutes: "Minutes"
    case .dayPeriod: "AM/PM"
    case .hoursUnit, .minutesUnit: nil
    }
  }
}
