import Foundation
import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A date picker of UIKit's size at y = 100 on a 320 × 480 screen (the band's middle at
/// y = 208), in a fixed locale, the Gregorian calendar and UTC.
@MainActor
struct DatePickerScene {
  let app: TestApplication
  let picker = DatePicker()
  let log: ControlEventLog
  let calendar: Calendar
  static let middle = 208.0

  init(
    mode: DatePicker.Mode, locale: String = "en_US",
    date: DateComponents = DateComponents(year: 2024, month: 2, day: 29, hour: 14, minute: 37)
  ) throws {
    app = try TestApplication(pointSize: Size(width: 320, height: 480))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    self.calendar = calendar
    picker.locale = Locale(identifier: locale)
    picker.calendar = calendar
    picker.timeZone = TimeZone(identifier: "UTC")
    picker.datePickerMode = mode
    picker.frame.origin = Point(x: 0, y: 100)
    log = ControlEventLog(picker)
    app.window.addSubview(picker)
    picker.date = self.date(date)
    app.runUntilIdle()
  }

  func date(_ fields: DateComponents) -> Date {
    calendar.date(from: fields) ?? Date()
  }

  func date(year: Int, month: Int, day: Int, hour: Int = 14, minute: Int = 37) -> Date {
    date(DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))
  }

  var columns: [DateColumn] { picker.wheels.columns }

  func component(_ column: DateColumn) -> Int {
    columns.firstIndex(of: column) ?? -1
  }

  /// The label of a row of a wheel, if it is on the drum.
  func label(row: Int, of column: DateColumn) -> Label? {
    picker.pickerView.view(forRow: row, forComponent: component(column)) as? Label
  }

  /// The title in the band of a wheel.
  func titleInBand(_ column: DateColumn) -> String? {
    let row = picker.pickerView.selectedRow(inComponent: component(column))
    return label(row: row, of: column)?.text
  }

  /// The titles in the bands, left to right.
  var titlesInBands: [String] { columns.map { titleInBand($0) ?? "?" } }

  /// Taps the row `rows` rows below (negative: above) the band of a wheel, and lets it
  /// settle.
  func tap(_ rows: Int, rowsFrom column: DateColumn) {
    let wheel = picker.pickerView.wheels[component(column)]
    // Where the drum draws that row's middle.
    let angle = Double(rows) * wheel.rowHeight / (wheel.bounds.height / 2)
    let y = Self.middle + wheel.bounds.height / 2 * sin(angle)
    app.tap(at: Point(x: wheel.frame.midX, y: y))
    app.advance(by: 1)
  }

  /// Drags a wheel by `rows` rows (positive: up, to later values) and holds it still
  /// before lifting, then lets it settle.
  func turn(_ column: DateColumn, by rows: Int) {
    let wheel = picker.pickerView.wheels[component(column)]
    let x = wheel.frame.midX
    let distance = Double(rows) * wheel.rowHeight
    let start = rows > 0 ? 300.0 : 116.0
    app.touch(.began, at: Point(x: x, y: start))
    // The pan begins after a few points; those are made up at the end.
    let steps = 20
    for step in 1...steps {
      app.advance(by: 1.0 / 60)
      app.touch(.moved, at: Point(x: x, y: start - distance * Double(step) / Double(steps)))
    }
    app.advance(by: 1.0 / 60)
    let shortfall = wheel.contentOffset.y - wheel.offset(forRow: wheel.selectedRow) - distance
    app.touch(.moved, at: Point(x: x, y: start - distance + shortfall))
    app.advance(by: 0.3)
    app.touch(.ended, at: Point(x: x, y: start - distance + shortfall))
    app.advance(by: 2)
  }
}

@MainActor
struct DatePickerTests {
  @Test func eachModeHasTheLocalesWheelsInTheLocalesOrder() throws {
    let us = try DatePickerScene(mode: .date)
    #expect(us.columns == [.month, .day, .year])
    #expect(us.titlesInBands == ["February", "29", "2024"])
    #expect(us.picker.frame.size == Size(width: 320, height: 216))
    #expect(us.picker.datePickerMode == .date)
    let germany = try DatePickerScene(mode: .date, locale: "de_DE")
    #expect(germany.columns == [.day, .month, .year])
    #expect(germany.titlesInBands == ["29", "Februar", "2024"])
    let japan = try DatePickerScene(mode: .date, locale: "ja_JP")
    #expect(japan.columns == [.year, .month, .day])

    let time = try DatePickerScene(mode: .time)
    #expect(time.columns == [.hour(twelveHour: true, padded: false), .minute, .dayPeriod])
    #expect(time.titlesInBands == ["2", "37", "PM"])
    let korea = try DatePickerScene(mode: .time, locale: "ko_KR")  // "a h:mm"
    #expect(korea.columns == [.dayPeriod, .hour(twelveHour: true, padded: false), .minute])
    let britishTime = try DatePickerScene(mode: .time, locale: "en_GB")
    #expect(britishTime.columns == [.hour(twelveHour: false, padded: true), .minute])
    #expect(britishTime.titlesInBands == ["14", "37"])

    let both = try DatePickerScene(mode: .dateAndTime)
    #expect(both.titlesInBands == ["Thu, Feb 29", "2", "37", "PM"])
    let countdown = try DatePickerScene(mode: .countDownTimer)
    countdown.picker.countDownDuration = 3 * 3600 + 5 * 60 + 20
    #expect(countdown.titlesInBands == ["3", "hours", "05", "min"])
    countdown.picker.countDownDuration = 3600
    #expect(countdown.titlesInBands == ["1", "hour", "00", "min"])
    // Changing the mode rebuilds the wheels; nothing is sent.
    countdown.picker.datePickerMode = .date
    #expect(countdown.columns == [.month, .day, .year])
    #expect(countdown.log.events.isEmpty)
  }

  @Test func theRepeatingWheelsGoRoundAndTheYearsRunFromOneTo9999() throws {
    let scene = try DatePickerScene(mode: .date)
    let wheels = scene.picker.pickerView
    #expect(wheels.numberOfRows(inComponent: scene.component(.year)) == 9999)
    let months = wheels.numberOfRows(inComponent: scene.component(.month))
    #expect(months % 12 == 0 && months > 9000)
    // The month before January is December, right above it.
    scene.picker.date = scene.date(year: 2024, month: 1, day: 15)
    scene.app.runUntilIdle()
    let january = wheels.selectedRow(inComponent: scene.component(.month))
    #expect(scene.label(row: january - 1, of: .month)?.text == "December")
    scene.tap(-1, rowsFrom: .month)
    #expect(scene.picker.date == scene.date(year: 2024, month: 12, day: 15))
    // It rests in the middle copy again: as far from either end as before.
    #expect(wheels.selectedRow(inComponent: scene.component(.month)) == january + 11)
  }

  @Test func aMonthWithoutTheDayRollsTheDayBackToItsLast() throws {
    let scene = try DatePickerScene(mode: .date)
    scene.picker.date = scene.date(year: 2024, month: 1, day: 31)
    scene.app.runUntilIdle()
    scene.tap(1, rowsFrom: .month)
    // 31 February 2024 is the 29th (a leap year).
    #expect(scene.picker.date == scene.date(year: 2024, month: 2, day: 29))
    #expect(scene.titlesInBands == ["February", "29", "2024"])
    #expect(scene.log.events == ["valueChanged"])
    // The days February lacks are grey; the others black.
    let day = scene.picker.pickerView.selectedRow(inComponent: scene.component(.day))
    #expect(scene.label(row: day + 1, of: .day)?.textColor == DatePickerWheels.greyedColor)
    #expect(scene.label(row: day - 1, of: .day)?.textColor == .black)
    // A year on: 2025 has no 29 February.
    scene.tap(1, rowsFrom: .year)
    #expect(scene.picker.date == scene.date(year: 2025, month: 2, day: 28))
    #expect(scene.titleInBand(.day) == "28")
    // Turning the day onto a grey 30 rolls it back.
    scene.turn(.day, by: 2)
    #expect(scene.picker.date == scene.date(year: 2025, month: 2, day: 28))
    #expect(scene.titleInBand(.day) == "28")
    #expect(scene.log.count("valueChanged") == 2)
    // 1900 was not a leap year, 2000 was.
    scene.picker.date = scene.date(year: 2000, month: 2, day: 29)
    scene.tap(-1, rowsFrom: .year)
    #expect(scene.picker.date == scene.date(year: 1999, month: 2, day: 28))
  }

  @Test func theWheelsRollBackIntoTheLimits() throws {
    let scene = try DatePickerScene(mode: .date)
    scene.picker.minimumDate = scene.date(year: 2024, month: 3, day: 10, hour: 0, minute: 0)
    scene.picker.maximumDate = scene.date(year: 2024, month: 3, day: 20, hour: 12, minute: 0)
    // The date was before the minimum: brought to it, without an event.
    #expect(scene.picker.date == scene.picker.minimumDate)
    // The days out of the limits are grey.
    let grey = DatePickerWheels.greyedColor
    scene.picker.date = scene.date(year: 2024, month: 3, day: 16)
    scene.app.runUntilIdle()
    var day = scene.picker.pickerView.selectedRow(inComponent: scene.component(.day))
    #expect(scene.label(row: day + 4, of: .day)?.textColor == .black)  // the 20th
    #expect(scene.label(row: day + 5, of: .day)?.textColor == grey)
    scene.picker.date = scene.date(year: 2024, month: 3, day: 14)
    scene.app.runUntilIdle()
    day = scene.picker.pickerView.selectedRow(inComponent: scene.component(.day))
    #expect(scene.label(row: day - 4, of: .day)?.textColor == .black)  // the 10th
    #expect(scene.label(row: day - 5, of: .day)?.textColor == grey)
    #expect(scene.titleInBand(.month) == "March")
    scene.picker.date = scene.date(year: 2024, month: 3, day: 15)
    scene.app.runUntilIdle()
    #expect(scene.log.events.isEmpty)
    // Past the maximum: it rolls back to it.
    scene.turn(.day, by: 8)
    #expect(scene.picker.date == scene.picker.maximumDate)
    #expect(scene.titleInBand(.day) == "20")
    #expect(scene.log.events == ["valueChanged"])
    // A month later is out of range too: it rolls back to the maximum, which is the date
    // already, so nothing is sent.
    scene.tap(1, rowsFrom: .month)
    #expect(scene.titleInBand(.month) == "March")
    #expect(scene.log.events == ["valueChanged"])
    // Set in code past the limit, the date is brought to it; crossed limits are ignored.
    scene.picker.date = scene.date(year: 2030, month: 1, day: 1)
    #expect(scene.picker.date == scene.picker.maximumDate)
    scene.picker.minimumDate = scene.date(year: 2031, month: 1, day: 1)
    scene.picker.date = scene.date(year: 2030, month: 1, day: 1)
    #expect(scene.picker.date == scene.date(year: 2030, month: 1, day: 1))
    #expect(scene.log.events == ["valueChanged"])
  }

  @Test func settingTheDateInCodeSendsNothingAndCanSpinTheWheels() throws {
    let scene = try DatePickerScene(mode: .dateAndTime)
    let target = scene.date(year: 2024, month: 3, day: 4, hour: 9, minute: 5)
    scene.picker.setDate(target, animated: true)
    #expect(scene.picker.date == target)
    scene.app.advance(by: 0.1)
    #expect(
      scene.picker.pickerView.wheels[0].contentOffset.y
        != scene.picker.pickerView.wheels[0].offset(
          forRow: scene.picker.pickerView.selectedRow(inComponent: 0)))
    scene.app.advance(by: 1)
    #expect(scene.titlesInBands == ["Mon, Mar 4", "9", "05", "AM"])
    #expect(scene.log.events.isEmpty)
  }

  @Test func turningATimeWheelKeepsTheDayAndTheSeconds() throws {
    let scene = try DatePickerScene(
      mode: .time,
      date: DateComponents(year: 2024, month: 2, day: 29, hour: 14, minute: 37, second: 12))
    scene.tap(1, rowsFrom: .hour(twelveHour: true, padded: false))  // 3 PM
    #expect(
      scene.picker.date
        == scene.date(
          DateComponents(year: 2024, month: 2, day: 29, hour: 15, minute: 37, second: 12)))
    scene.tap(-1, rowsFrom: .dayPeriod)  // AM
    #expect(
      scene.picker.date
        == scene.date(
          DateComponents(year: 2024, month: 2, day: 29, hour: 3, minute: 37, second: 12)))
    scene.tap(-3, rowsFrom: .hour(twelveHour: true, padded: false))  // 12 AM
    #expect(scene.titleInBand(.hour(twelveHour: true, padded: false)) == "12")
    #expect(
      scene.picker.date
        == scene.date(
          DateComponents(year: 2024, month: 2, day: 29, hour: 0, minute: 37, second: 12)))
    scene.picker.date = scene.date(year: 2024, month: 2, day: 29, hour: 0, minute: 58)
    scene.app.runUntilIdle()
    scene.turn(.minute, by: 4)  // 58 comes round to 02, in the same hour
    #expect(scene.picker.date == scene.date(year: 2024, month: 2, day: 29, hour: 0, minute: 2))
    #expect(scene.log.count("valueChanged") == 4 && scene.log.events.count == 4)
  }

  @Test func theDayWheelOfDateAndTimeMovesWholeDays() throws {
    DatePicker.now = { Date(timeIntervalSince1970: 1_709_251_200) }  // 1 March 2024, UTC
    defer { DatePicker.now = { Date() } }
    let scene = try DatePickerScene(mode: .dateAndTime)
    let day = scene.picker.pickerView.selectedRow(inComponent: 0)
    #expect(scene.label(row: day + 1, of: .calendarDay)?.text == "Today")
    scene.tap(2, rowsFrom: .calendarDay)
    #expect(scene.picker.date == scene.date(year: 2024, month: 3, day: 2))
    #expect(scene.titlesInBands == ["Sat, Mar 2", "2", "37", "PM"])
    #expect(scene.log.events == ["valueChanged"])
  }

  @Test func theMinuteIntervalStepsTheMinutes() throws {
    let scene = try DatePickerScene(mode: .time)
    scene.picker.minuteInterval = 15
    #expect(scene.picker.minuteInterval == 15)
    let minutes = scene.component(.minute)
    #expect(scene.picker.pickerView.numberOfRows(inComponent: minutes) % 4 == 0)
    // 14:37 shows the step it is in; the date stays as set until a person turns a wheel.
    #expect(scene.titleInBand(.minute) == "30")
    #expect(scene.picker.date == scene.date(year: 2024, month: 2, day: 29))
    let row = scene.picker.pickerView.selectedRow(inComponent: minutes)
    #expect(scene.label(row: row + 1, of: .minute)?.text == "45")
    #expect(scene.label(row: row + 2, of: .minute)?.text == "00")
    scene.tap(1, rowsFrom: .minute)
    #expect(scene.picker.date == scene.date(year: 2024, month: 2, day: 29, hour: 14, minute: 45))
    // Values that do not divide 60, or out of 1...30, give the default 1.
    for wrong in [7, 45, 0, -5] {
      scene.picker.minuteInterval = 15
      scene.picker.minuteInterval = wrong
      #expect(scene.picker.minuteInterval == 1)
    }
  }

  @Test func aCountdownIsAtLeastOneMinuteStep() throws {
    let scene = try DatePickerScene(mode: .countDownTimer)
    scene.picker.countDownDuration = 5400
    scene.app.runUntilIdle()
    #expect(scene.titlesInBands == ["1", "hour", "30", "min"])
    scene.tap(-1, rowsFrom: .countDownHours)
    #expect(scene.picker.countDownDuration == 1800)
    #expect(scene.titlesInBands == ["0", "hours", "30", "min"])
    // Zero minutes: it rolls back to one.
    scene.picker.countDownDuration = 120
    scene.app.runUntilIdle()
    scene.turn(.countDownMinutes, by: -2)
    #expect(scene.picker.countDownDuration == 60)
    #expect(scene.titleInBand(.countDownMinutes) == "01")
    #expect(scene.log.events == ["valueChanged", "valueChanged"])
    // The words beside the wheels do not turn.
    #expect(!scene.picker.pickerView.wheels[scene.component(.hoursUnit)].isScrollEnabled)
    // Kept within 23:59; the date picker's limits do not apply.
    scene.picker.countDownDuration = 100_000
    #expect(scene.picker.countDownDuration == 86_340)
    scene.picker.countDownDuration = -.infinity
    #expect(scene.picker.countDownDuration == 0)
    #expect(scene.log.count("valueChanged") == 2)
  }

  @Test func onlyTheWheelsStyleExists() throws {
    let picker = DatePicker()
    #expect(picker.preferredDatePickerStyle == .automatic)
    for style in [DatePicker.Style.automatic, .wheels, .compact, .inline] {
      picker.preferredDatePickerStyle = style
      #expect(picker.datePickerStyle == .wheels)
    }
    #expect(picker.sizeThatFits(.zero) == Size(width: 320, height: 216))
    #expect(picker.datePickerMode == .dateAndTime)
  }
}
