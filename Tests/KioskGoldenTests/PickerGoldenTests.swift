import Foundation
import KioskKit
import KioskTesting
import Testing

/// Pickers' looks, compared with reference PNGs in Goldens/: the drum of rows, the band,
/// and each date picker mode. Locale, time zone and calendar are fixed, so that the
/// pictures do not depend on the machine.
@MainActor
struct PickerGoldenTests {
  /// A two-wheel picker of sizes and colours, at rest on "Large" and "Teal".
  @Test func pickerWithTwoComponents() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240), scale: 2)
    app.window.backgroundColor = .white
    let model = ChoiceModel(components: [
      ["Extra small", "Small", "Medium", "Large", "Extra large", "Huge", "Gigantic"],
      ["Red", "Orange", "Yellow", "Green", "Teal", "Blue", "Indigo", "Violet"],
    ])
    let picker = PickerView()
    picker.frame.origin = Point(x: 0, y: 12)
    picker.dataSource = model
    picker.delegate = model
    picker.selectRow(3, inComponent: 0, animated: false)
    picker.selectRow(4, inComponent: 1, animated: false)
    app.window.addSubview(picker)
    app.runUntilIdle()
    try assertSnapshot(of: app, named: "picker-two-components")
  }

  /// The date picker in each mode at 14:37 on 29 February 2024, in US English (12-hour
  /// clock, month before day) and UTC.
  @Test(arguments: [
    (DatePicker.Mode.date, "date"), (.time, "time"), (.dateAndTime, "date-and-time"),
    (.countDownTimer, "count-down-timer"),
  ])
  func datePicker(mode: DatePicker.Mode, name: String) throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240), scale: 2)
    app.window.backgroundColor = .white
    let picker = DatePicker()
    picker.frame.origin = Point(x: 0, y: 12)
    picker.locale = Locale(identifier: "en_US")
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    picker.calendar = calendar
    picker.timeZone = TimeZone(identifier: "UTC")
    picker.datePickerMode = mode
    picker.date =
      calendar.date(
        from: DateComponents(year: 2024, month: 2, day: 29, hour: 14, minute: 37)) ?? Date()
    picker.countDownDuration = 1 * 3600 + 25 * 60
    app.window.addSubview(picker)
    app.runUntilIdle()
    try assertSnapshot(of: app, named: "date-picker-\(name)")
  }
}

/// Rows of titles, one list per wheel.
@MainActor
final class ChoiceModel: PickerViewDataSource, PickerViewDelegate {
  let components: [[String]]
  init(components: [[String]]) { self.components = components }
  func numberOfComponents(in pickerView: PickerView) -> Int { components.count }
  func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
    components[component].count
  }
  func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int)
    -> String?
  {
    components[component][row]
  }
}
