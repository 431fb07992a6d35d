import FoundationEssentials
import KioskBase
import KioskKit

/// What the alarm editor tells the list that presented it.
@MainActor
protocol AlarmEditDelegate: AnyObject {
  /// The person finished: `alarm` is the new alarm, or `nil` when they cancelled. The
  /// delegate keeps it and dismisses the editor.
  func alarmEditController(_ controller: AlarmEditController, didSave alarm: Alarm?)
}

/// Clock: a new alarm, presented in a navigation controller by the alarms' "+": the time on
/// wheels (24-hour, in five-minute steps), a label, Save or Cancel. By keypad and speech
/// alone the arrows reach each wheel, Enter starts turning it, the arrows turn it and Enter
/// ends (the screen reader's adjusting), then Save.
@MainActor
final class AlarmEditController: ViewController {
  weak var delegate: AlarmEditDelegate?
  /// The time; its wheels show hours and minutes of a day in UTC, so that the alarm's time
  /// is the one shown whatever the panel's time zone.
  let picker = DatePicker(frame: .zero)
  /// The alarm's label; "Alarm" when left empty.
  let labelField = TextField(frame: .zero)
  private static let utc = TimeZone(identifier: "UTC") ?? .current
  private let initialHour: Int
  private let initialMinute: Int

  /// An editor for a new alarm at `hour`:`minute`.
  init(hour: Int = 7, minute: Int = 0) {
    initialHour = hour
    initialMinute = minute
    super.init()
    title = "New Alarm"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = Color(hex: 0xf2f2f7)
    navigationItem.leftBarButtonItem = BarButtonItem(
      barButtonSystemItem: .cancel, target: self, action: { $0.cancel() })
    navigationItem.rightBarButtonItem = BarButtonItem(
      barButtonSystemItem: .save, target: self, action: { $0.save() })
    picker.datePickerMode = .time
    picker.locale = Locale(identifier: "en_GB")
    picker.timeZone = Self.utc
    picker.minuteInterval = 5
    picker.date = Date(timeIntervalSince1970: Double(initialHour * 3600 + initialMinute * 60))
    picker.backgroundColor = .white
    labelField.placeholder = "Label"
    labelField.borderStyle = .roundedRect
    labelField.returnKeyType = .done
    labelField.clearButtonMode = .whileEditing
    labelField.addTarget(
      self, action: { $0.labelField.resignFirstResponder() }, for: .editingDidEndOnExit)
    view.addSubview(picker)
    view.addSubview(labelField)
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let bounds = view.bounds
    let width = min(bounds.width - 32, 480)
    let left = ((bounds.width - width) / 2).rounded()
    let height = picker.sizeThatFits(Size(width: width, height: 0)).height
    picker.frame = Rect(x: left, y: 24, width: max(width, 0), height: height)
    labelField.frame = Rect(x: left, y: picker.frame.maxY + 24, width: max(width, 0), height: 44)
  }

  /// The hour and minute on the wheels.
  var time: (hour: Int, minute: Int) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = Self.utc
    let parts = calendar.dateComponents([.hour, .minute], from: picker.date)
    return (parts.hour ?? 0, parts.minute ?? 0)
  }

  /// Save: hands the alarm to the delegate, on, ringing once.
  func save() {
    let label = (labelField.text ?? "").trimmingWhitespace()
    let (hour, minute) = time
    delegate?.alarmEditController(
      self,
      didSave: Alarm(
        hour: hour, minute: minute, label: label.isEmpty ? "Alarm" : label, days: "Never",
        isOn: true))
  }

  /// Cancel: tells the delegate nothing was added.
  func cancel() {
    delegate?.alarmEditController(self, didSave: nil)
  }
}
