import FoundationEssentials
import KioskBase
import KioskGraphics

/// The date picker's picker data source and delegate: the rows of each wheel, their
/// titles (grey where they cannot be picked) and widths, and the calendar arithmetic
/// between wheel values and dates.
@MainActor
final class DatePickerWheels: PickerViewDataSource, PickerViewAccessibilityDelegate {
  weak var owner: DatePicker?
  private(set) var columns: [DateColumn] = []
  private(set) var calendar = Calendar.current
  private var minuteInterval = 1
  /// The first moment of 1 January 2001 in the calendar: the day the `.calendarDay` wheel
  /// counts from.
  private var anchorDay = Date(timeIntervalSinceReferenceDate: 0)
  private var monthNames: [String] = []
  private var periodNames: [String] = []
  private var locale: DateLocale?
  /// The wheels' widths, worked out for a picker this wide.
  private var widths: (pickerWidth: Double, values: [Double])?

  static let titleFont = Font.systemFont(ofSize: 21)
  static let unitFont = Font.systemFont(ofSize: 17, weight: .semibold)
  static let greyedColor = Color(white: 0.75)
  /// Room beside the widest title of a wheel.
  static let titlePadding = 16.0

  /// Takes the wheels of a mode, the calendar (in the picker's time zone) and the locale's
  /// names.
  func configure(
    columns: [DateColumn], calendar: Calendar, locale: DateLocale, minuteInterval: Int
  ) {
    self.columns = columns
    self.calendar = calendar
    self.minuteInterval = minuteInterval
    self.locale = locale
    monthNames = locale.monthNames
    periodNames = locale.periodNames
    anchorDay =
      calendar.date(from: DateComponents(year: 2001, month: 1, day: 1))
      ?? Date(timeIntervalSinceReferenceDate: 0)
    widths = nil
  }

  // MARK: Dates and wheel values

  private static let fieldUnits: Set<Calendar.Component> = [
    .era, .year, .month, .day, .hour, .minute, .second, .nanosecond,
  ]

  /// The fields of `date` in the calendar.
  func fields(of date: Date) -> DateComponents {
    calendar.dateComponents(Self.fieldUnits, from: date)
  }

  /// The value a wheel shows for `fields`.
  func value(of column: DateColumn, in fields: DateComponents) -> Int {
    let hour = fields.hour ?? 0
    switch column {
    case .year: return min(max((fields.year ?? 1) - 1, 0), 9998)
    case .month: return min(max((fields.month ?? 1) - 1, 0), 11)
    case .day: return min(max((fields.day ?? 1) - 1, 0), 30)
    case .calendarDay:
      let day = calendar.date(from: dayFields(of: fields)) ?? anchorDay
      let days = calendar.dateComponents([.day], from: anchorDay, to: day).day ?? 0
      return min(max(days, -DateColumn.dayRows), DateColumn.dayRows) + DateColumn.dayRows
    case .hour(let twelveHour, _): return twelveHour ? hour % 12 : hour
    case .minute: return (fields.minute ?? 0) / minuteInterval
    case .dayPeriod: return hour >= 12 ? 1 : 0
    case .countDownHours, .countDownMinutes, .hoursUnit, .minutesUnit: return 0
    }
  }

  /// `fields` with a wheel's value put in.
  func apply(_ column: DateColumn, value: Int, to fields: inout DateComponents) {
    let hour = fields.hour ?? 0
    switch column {
    case .year: fields.year = value + 1
    case .month: fields.month = value + 1
    case .day: fields.day = value + 1
    case .calendarDay:
      let day =
        calendar.date(byAdding: .day, value: value - DateColumn.dayRows, to: anchorDay) ?? anchorDay
      let picked = calendar.dateComponents([.era, .year, .month, .day], from: day)
      fields.era = picked.era
      fields.year = picked.year
      fields.month = picked.month
      fields.day = picked.day
    case .hour(let twelveHour, _): fields.hour = twelveHour ? value + (hour >= 12 ? 12 : 0) : value
    case .minute: fields.minute = value * minuteInterval
    case .dayPeriod: fields.hour = hour % 12 + value * 12
    case .countDownHours, .countDownMinutes, .hoursUnit, .minutesUnit: break
    }
  }

  /// The date of `fields`, a day past the end of its month brought back to the last day.
  func date(from fields: DateComponents) -> Date? {
    var fields = fields
    if let day = fields.day, day > 28, let last = lastDay(of: fields) {
      fields.day = min(day, last)
    }
    return calendar.date(from: fields)
  }

  /// How many days the month of `fields` has.
  private func lastDay(of fields: DateComponents) -> Int? {
    var first = dayFields(of: fields)
    first.day = 1
    guard let start = calendar.date(from: first) else { return nil }
    return calendar.range(of: .day, in: .month, for: start)?.count
  }

  private func dayFields(of fields: DateComponents) -> DateComponents {
    DateComponents(era: fields.era, year: fields.year, month: fields.month, day: fields.day)
  }

  /// Whether a person can pick `value` on the wheel: the day exists in the month, and the
  /// value's stretch of time (its year, month, day, hour…) reaches into the limits.
  private func canPick(_ column: DateColumn, value: Int) -> Bool {
    guard let owner, owner.datePickerMode != .countDownTimer else { return true }
    var fields = fields(of: owner.date)
    apply(column, value: value, to: &fields)
    if column == .day, let last = lastDay(of: fields), value + 1 > last { return false }
    guard let limits = owner.limits, let date = date(from: fields) else { return true }
    let stretch: DateInterval?
    switch column {
    case .year: stretch = calendar.dateInterval(of: .year, for: date)
    case .month: stretch = calendar.dateInterval(of: .month, for: date)
    case .day, .calendarDay: stretch = calendar.dateInterval(of: .day, for: date)
    case .hour: stretch = calendar.dateInterval(of: .hour, for: date)
    case .minute:
      stretch = calendar.dateInterval(of: .minute, for: date).map {
        DateInterval(start: $0.start, duration: Double(minuteInterval) * 60)
      }
    case .dayPeriod:
      stretch = calendar.dateInterval(of: .day, for: date).map {
        DateInterval(start: $0.start.addingTimeInterval(Double(value) * 43_200), duration: 43_200)
      }
    default: stretch = nil
    }
    guard let stretch else { return true }
    return stretch.end > limits.lowerBound && stretch.start <= limits.upperBound
  }

  // MARK: Titles

  /// The text of `value` on the wheel.
  func title(of column: DateColumn, value: Int) -> String {
    switch column {
    case .year: return number(value + 1)
    case .month: return monthNames.indices.contains(value) ? monthNames[value] : number(value + 1)
    case .day: return number(value + 1)
    case .calendarDay:
      let day =
        calendar.date(byAdding: .day, value: value - DateColumn.dayRows, to: anchorDay) ?? anchorDay
      // ICU's relative day names are not used; "Today" is UIKit's English one.
      if isEnglish, calendar.isDate(day, inSameDayAs: DatePicker.now()) { return "Today" }
      let fields = calendar.dateComponents([.year, .month, .day], from: day)
      return locale?.shortDay(
        year: fields.year ?? 1, month: fields.month ?? 1, day: fields.day ?? 1)
        ?? "\(fields.day ?? 1)"
    case .hour(let twelveHour, let padded):
      let hour = twelveHour && value == 0 ? 12 : value
      return number(hour, digits: padded ? 2 : 1)
    case .minute, .countDownMinutes: return number(value * minuteInterval, digits: 2)
    case .dayPeriod: return periodNames.indices.contains(value) ? periodNames[value] : ""
    case .countDownHours: return number(value)
    case .hoursUnit:
      return owner.map { $0.wantedValue(of: .countDownHours) == 1 } == true ? "hour" : "hours"
    case .minutesUnit: return "min"
    }
  }

  private func number(_ value: Int, digits: Int = 1) -> String {
    locale?.number(value, digits: digits) ?? String(value, digits: digits)
  }

  private var isEnglish: Bool { locale?.isEnglish ?? true }

  // MARK: Picker data source and delegate

  func numberOfComponents(in pickerView: PickerView) -> Int { columns.count }

  func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
    columns[component].rowCount(minuteInterval: minuteInterval)
  }

  func pickerView(
    _ pickerView: PickerView, viewForRow row: Int, forComponent component: Int,
    reusing view: View?
  ) -> View? {
    let column = columns[component]
    let value = column.value(atRow: row, minuteInterval: minuteInterval)
    let label = view as? Label ?? Label(frame: .zero)
    label.text = title(of: column, value: value)
    label.font = column.isUnit ? Self.unitFont : Self.titleFont
    label.textAlignment = column.textAlignment
    label.textColor = canPick(column, value: value) ? .black : Self.greyedColor
    return label
  }

  /// The same title as the row's label: the wheel draws the label, and a screen reader
  /// reads this as the component's value.
  func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int)
    -> String?
  {
    let column = columns[component]
    return title(of: column, value: column.value(atRow: row, minuteInterval: minuteInterval))
  }

  func pickerView(_ pickerView: PickerView, widthForComponent component: Int) -> Double {
    let width = pickerView.bounds.width
    if let widths, widths.pickerWidth == width, widths.values.count == columns.count {
      return widths.values[component]
    }
    let values = fittedWidths(pickerWidth: width)
    widths = (width, values)
    return values[component]
  }

  func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
    owner?.wheelDidSettle(inComponent: component)
  }

  /// Each wheel as wide as its widest title and some room, shrunk to fit the picker if
  /// need be, or given part of the room to spare.
  private func fittedWidths(pickerWidth: Double) -> [Double] {
    let natural = columns.map { column in
      samples(of: column).map { text in
        TextLayout(text: text, font: column.isUnit ? Self.unitFont : Self.titleFont).size.width
      }.max().map { $0.rounded(.up) + Self.titlePadding } ?? 0
    }
    let spacing = PickerView.componentSpacing * Double(max(0, columns.count - 1))
    let room = max(0, pickerWidth - 2 * PickerView.sideMargin - spacing)
    let total = natural.reduce(0, +)
    guard total > 0 else { return natural }
    if total > room { return natural.map { ($0 * room / total).rounded(.down) } }
    let extra = min((room - total) / Double(natural.count), Self.titlePadding)
    return natural.map { $0 + extra.rounded(.down) }
  }

  /// The titles a wheel's width must hold.
  private func samples(of column: DateColumn) -> [String] {
    switch column {
    case .year: return [title(of: column, value: 1999)]
    case .month: return monthNames
    case .day, .hour, .minute, .countDownHours, .countDownMinutes:
      return [number(28, digits: 2)]
    case .dayPeriod: return periodNames
    case .calendarDay:
      // A day of every weekday and every month.
      return (0..<12).map { month in
        title(of: column, value: DateColumn.dayRows + month * 31 + 27)
      } + (isEnglish ? ["Today"] : [])
    case .hoursUnit: return ["hours"]
    case .minutesUnit: return ["min"]
    }
  }
}

extension DateColumn {
  /// Whether the wheel holds a word beside a countdown wheel.
  var isUnit: Bool { self == .hoursUnit || self == .minutesUnit }

  /// How titles sit in the wheel: a countdown's numbers against their words.
  var textAlignment: TextAlignment {
    switch self {
    case .countDownHours, .countDownMinutes: .right
    case .hoursUnit, .minutesUnit: .left
    default: .center
    }
  }
}

extension DatePickerWheels {
  /// Each wheel is named for what it picks ("Hours", "Minutes"…), in English.
  func pickerView(_ pickerView: PickerView, accessibilityLabelForComponent component: Int)
    -> String?
  {
    columns.indices.contains(component) ? columns[component].accessibilityName : nil
  }
}
