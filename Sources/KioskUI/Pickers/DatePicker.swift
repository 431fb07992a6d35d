import FoundationEssentials
import KioskGraphics

/// A control for picking a date, a time, both, or a countdown's length on spinning wheels,
/// like UIKit's `UIDatePicker` in its wheels style. It is made of a `PickerView`.
///
/// ```swift
/// let picker = DatePicker()              // 320 × 216 points, as UIKit's
/// picker.datePickerMode = .date
/// picker.minimumDate = Date()
/// picker.addTarget(self, action: { $0.dateChanged($1) }, for: .valueChanged)
/// view.addSubview(picker)
/// ```
///
/// The wheels follow `locale`: their order is the locale's ("November | 15 | 2007" in the
/// US, "15 | November | 2007" in Germany), the hours run 1–12 beside an AM/PM wheel where
/// the locale uses a 12-hour clock and 0–23 where it does not, and the names are the
/// locale's (CLDR's, through the system's ICU: see `DateLocale`). The month, day, hour and minute wheels come
/// round again without end; the year wheel runs from 1 to 9999.
///
/// When a person turns a wheel and it comes to rest, the picker works out the new date,
/// sends `.valueChanged` if it changed, and rolls the other wheels where they must go: a
/// day past the month's end rolls back to its last day (30 February becomes 28 or 29),
/// and a date outside `minimumDate...maximumDate` rolls back to the nearest limit. Values
/// outside the limits, and days the month does not have, are shown in grey. Setting the
/// date in code sends nothing, as in UIKit.
///
/// KioskKit differs from UIKit in its styles: only the wheels exist (see
/// `preferredDatePickerStyle`); there is no compact button or inline calendar.
@MainActor
open class DatePicker: Control {
  /// What the wheels pick.
  public enum Mode: Int, Sendable, Hashable {
    /// Hours, minutes and, where the locale uses a 12-hour clock, AM/PM ("6 | 53 | PM").
    case time
    /// Month, day and year in the locale's order ("November | 15 | 2007").
    case date
    /// A day, hours, minutes and AM/PM ("Wed, Nov 15 | 6 | 53 | PM"). The default.
    case dateAndTime
    /// Hours and minutes of a countdown ("1 hours | 53 min"): `countDownDuration`.
    case countDownTimer
  }

  /// How a date picker presents itself. KioskKit draws every style as wheels: UIKit's
  /// compact button with a pop-up calendar and its inline calendar do not exist here.
  public enum Style: Int, Sendable, Hashable {
    /// The system's choice: wheels.
    case automatic
    /// Spinning wheels.
    case wheels
    /// UIKit's compact button; shown as wheels in KioskKit.
    case compact
    /// UIKit's inline calendar; shown as wheels in KioskKit.
    case inline
  }

  /// What the wheels pick. The default is `.dateAndTime`, as in UIKit.
  open var datePickerMode = Mode.dateAndTime {
    didSet { if oldValue != datePickerMode { rebuildWheels() } }
  }

  /// The style asked for. Any style is drawn as wheels (`datePickerStyle` says so).
  open var preferredDatePickerStyle = Style.automatic

  /// The style shown: always `.wheels` in KioskKit.
  open var datePickerStyle: Style { .wheels }

  /// The date shown (in `.date` mode its time is kept; in `.time` mode its day). The
  /// default is the moment the picker was made. Setting it moves the wheels at once and
  /// sends nothing; a date outside `minimumDate...maximumDate` is brought to the nearest
  /// limit. Ignored in `.countDownTimer` mode.
  open var date: Date {
    get { storedDate }
    set { setDate(newValue, animated: false) }
  }

  /// The earliest date a person can pick, or `nil` (the default) for none. If it is later
  /// than `maximumDate`, both are ignored, as in UIKit; both are ignored in
  /// `.countDownTimer` mode.
  open var minimumDate: Date? {
    didSet { if oldValue != minimumDate { limitsDidChange() } }
  }

  /// The latest date a person can pick, or `nil` (the default) for none.
  open var maximumDate: Date? {
    didSet { if oldValue != maximumDate { limitsDidChange() } }
  }

  /// The step of the minutes wheel, in minutes: from 1 (the default) to 30, and it must
  /// divide 60; any other value sets 1, as in UIKit.
  open var minuteInterval: Int {
    get { storedMinuteInterval }
    set {
      let interval = (1...30).contains(newValue) && 60 % newValue == 0 ? newValue : 1
      guard interval != storedMinuteInterval else { return }
      storedMinuteInterval = interval
      rebuildWheels()
    }
  }

  /// The countdown's length in seconds (`.countDownTimer` mode), shown as hours and
  /// minutes (in steps of `minuteInterval`, rounded down). The default is 0; it is kept
  /// within 0 and 23:59 (86,340 seconds). A person cannot pick less than one minute step:
  /// the wheels roll back to it.
  open var countDownDuration: TimeInterval {
    get { storedCountDownDuration }
    set {
      storedCountDownDuration = newValue.isFinite ? min(max(newValue, 0), 86_340) : 0
      showValues(animated: false)
      refreshRows()
    }
  }

  /// The locale of the names, order and clock of the wheels, or `nil` (the default) for
  /// the system's (`LC_ALL`, `LC_TIME` or `LANG`).
  open var locale: Locale? {
    didSet { if oldValue != locale { rebuildWheels() } }
  }

  /// The calendar the wheels count in (the current calendar by default). KioskKit's
  /// wheels suit calendars of 12 months of at most 31 days, such as the Gregorian.
  open var calendar = Calendar.current {
    didSet { if oldValue != calendar { rebuildWheels() } }
  }

  /// The time zone the wheels show the date in, or `nil` (the default) for the
  /// calendar's.
  open var timeZone: TimeZone? {
    didSet { if oldValue != timeZone { rebuildWheels() } }
  }

  /// The clock that says which day is today (tests set their own).
  static var now: () -> Date = { Date() }

  /// The wheels.
  let pickerView = PickerView()
  let wheels = DatePickerWheels()
  private var storedDate = DatePicker.now()
  private var storedMinuteInterval = 1
  private var storedCountDownDuration: TimeInterval = 0

  /// Creates a date picker; a frame of zero size gets UIKit's 320 × 216 points.
  public override init(frame: Rect) {
    var frame = frame
    if frame.size == .zero { frame.size = PickerView.defaultSize }
    super.init(frame: frame)
    pickerView.frame = bounds
    pickerView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    wheels.owner = self
    pickerView.dataSource = wheels
    pickerView.delegate = wheels
    addSubview(pickerView)
    rebuildWheels()
  }

  /// Sets the date shown, turning the wheels to it when `animated`. Sends nothing. A date
  /// outside `minimumDate...maximumDate` is brought to the nearest limit.
  open func setDate(_ date: Date, animated: Bool) {
    storedDate = clamped(date)
    showValues(animated: animated)
    refreshRows()
  }

  /// UIKit's picker size, 320 × 216 points.
  open override var intrinsicContentSize: Size { pickerView.intrinsicContentSize }

  /// UIKit's picker size, 320 × 216 points (a wider `size` keeps its width).
  open override func sizeThatFits(_ size: Size) -> Size {
    pickerView.sizeThatFits(size)
  }

  // MARK: Dates and wheels

  /// The calendar in the picker's time zone and locale.
  var effectiveCalendar: Calendar {
    var calendar = calendar
    if let timeZone {
      calendar.timeZone = timeZone
    } else if calendar.timeZone == .current {
      calendar.timeZone = DateLocale.systemTimeZone()
    }
    if let locale { calendar.locale = locale }
    return calendar
  }

  /// The dates a person may pick, or `nil` for any (none set, the two cross, or a
  /// countdown).
  var limits: ClosedRange<Date>? {
    guard datePickerMode != .countDownTimer, minimumDate != nil || maximumDate != nil else {
      return nil
    }
    let low = minimumDate ?? .distantPast
    let high = maximumDate ?? .distantFuture
    return low <= high ? low...high : nil
  }

  private func clamped(_ date: Date) -> Date {
    guard let limits else { return date }
    return min(max(date, limits.lowerBound), limits.upperBound)
  }

  private func limitsDidChange() {
    if datePickerMode != .countDownTimer { storedDate = clamped(storedDate) }
    showValues(animated: false)
    refreshRows()
  }

  /// Lays the wheels out again for the mode, locale, calendar or minute step.
  private func rebuildWheels() {
    let names = DateLocale.of(locale)
    wheels.configure(
      columns: DateColumn.columns(for: datePickerMode, locale: names),
      calendar: effectiveCalendar, locale: names, minuteInterval: storedMinuteInterval)
    pickerView.reloadAllComponents()
    for (component, column) in wheels.columns.enumerated() {
      pickerView.wheels[component].isScrollEnabled = column.valueCount(minuteInterval: 1) > 1
    }
    storedDate = clamped(storedDate)
    showValues(animated: false)
  }

  /// The value each wheel must show for the current date or countdown.
  func wantedValue(of column: DateColumn) -> Int {
    let interval = storedMinuteInterval
    switch column {
    case .countDownHours:
      return Int(storedCountDownDuration) / 3600
    case .countDownMinutes:
      return Int(storedCountDownDuration) % 3600 / 60 / interval
    case .hoursUnit, .minutesUnit:
      return 0
    default:
      return wheels.value(of: column, in: wheels.fields(of: storedDate))
    }
  }

  /// Turns each wheel to the value it must show; with `animated`, only `settled` and the
  /// wheels no finger holds or spins (such a wheel comes back here when it stops).
  private func showValues(animated: Bool, settled: Int? = nil) {
    for (component, column) in wheels.columns.enumerated()
    where component < pickerView.wheels.count {
      let wheel = pickerView.wheels[component]
      let moving = wheel.isTracking || wheel.isDragging || wheel.isDecelerating
      if animated && moving && component != settled { continue }
      let value = wantedValue(of: column)
      let interval = storedMinuteInterval
      let shown = wheel.selectedRow
      if shown >= 0 && column.value(atRow: shown, minuteInterval: interval) == value {
        if !animated { recentre(component) }
        continue
      }
      let row =
        animated
        ? column.row(forValue: value, near: shown, minuteInterval: interval)
        : column.middleRow(forValue: value, minuteInterval: interval)
      pickerView.selectRow(row, inComponent: component, animated: animated)
    }
  }

  /// Puts a repeating wheel at rest back in its middle copy of values (the same look).
  private func recentre(_ component: Int) {
    let column = wheels.columns[component]
    let row = pickerView.selectedRow(inComponent: component)
    guard column.repeats, row >= 0 else { return }
    let value = column.value(atRow: row, minuteInterval: storedMinuteInterval)
    let middle = column.middleRow(forValue: value, minuteInterval: storedMinuteInterval)
    if middle != row { pickerView.selectRow(middle, inComponent: component, animated: false) }
  }

  /// The rows' titles and greys follow the date.
  private func refreshRows() {
    for component in wheels.columns.indices where component < pickerView.numberOfComponents {
      pickerView.reloadComponent(component)
    }
  }

  // MARK: A person turned a wheel

  /// A wheel came to rest on a new row: the date (or countdown) the wheels now show,
  /// rolled back into range, becomes the value.
  func wheelDidSettle(inComponent component: Int) {
    recentre(component)
    let changed: Bool
    if datePickerMode == .countDownTimer {
      let duration = Double(pickedCountDownMinutes() * 60)
      changed = duration != Double(Int(storedCountDownDuration) / 60 * 60)
      if changed { storedCountDownDuration = duration }
    } else {
      let picked = clamped(pickedDate())
      changed = picked != storedDate
      storedDate = picked
    }
    showValues(animated: true, settled: component)
    refreshRows()
    if changed { sendActions(for: .valueChanged) }
  }

  /// The date the wheels show: the stored date with each wheel's field replaced, a day
  /// past the month's end brought back to its last day.
  private func pickedDate() -> Date {
    var fields = wheels.fields(of: storedDate)
    for (component, column) in wheels.columns.enumerated() {
      let row = pickerView.selectedRow(inComponent: component)
      guard row >= 0 else { continue }
      wheels.apply(
        column, value: column.value(atRow: row, minuteInterval: storedMinuteInterval),
        to: &fields)
    }
    return wheels.date(from: fields) ?? storedDate
  }

  /// The countdown the wheels show, in minutes: at least one minute step.
  private func pickedCountDownMinutes() -> Int {
    var minutes = 0
    for (component, column) in wheels.columns.enumerated() {
      let row = pickerView.selectedRow(inComponent: component)
      guard row >= 0 else { continue }
      let value = column.value(atRow: row, minuteInterval: storedMinuteInterval)
      if column == .countDownHours { minutes += value * 60 }
      if column == .countDownMinutes { minutes += value * storedMinuteInterval }
    }
    return max(minutes, storedMinuteInterval)
  }
}
