import KioskKit

/// An alarm of the Clock example.
struct Alarm: Equatable {
  var hour: Int
  var minute: Int
  var label: String
  var days: String
  var isOn: Bool

  var time: String {
    (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
  }
}

/// Clock, second tab (in a navigation controller): the alarms; a tap on a row pushes its
/// details, "+" presents a new alarm's editor (`AlarmEditController`).
@MainActor
final class AlarmListController: ScaledRowsTableViewController, StoryboardInstantiable,
  AlarmEditDelegate
{
  private(set) var alarms = [
    Alarm(hour: 6, minute: 30, label: "Wake up", days: "Weekdays", isOn: true),
    Alarm(hour: 8, minute: 0, label: "Weekend", days: "Saturday, Sunday", isOn: false),
    Alarm(hour: 13, minute: 15, label: "Open the shop", days: "Every day", isOn: true),
  ]

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(SubtitleCell.self, forCellReuseIdentifier: "alarm")
    designRowHeight = 72
    navigationItem.rightBarButtonItem = BarButtonItem(
      barButtonSystemItem: .add, target: self, action: { $0.addAlarm() })
    navigationItem.rightBarButtonItem?.accessibilityLabel = "Add Alarm"
  }

  /// What "+" does: presents the editor of a new alarm.
  func addAlarm() {
    let editor = AlarmEditController()
    editor.delegate = self
    let navigation = NavigationController(rootViewController: editor)
    navigation.modalPresentationStyle = .formSheet
    present(navigation, animated: true)
  }

  func alarmEditController(_ controller: AlarmEditController, didSave alarm: Alarm?) {
    if let alarm {
      // In time order, as the Clock app keeps them.
      let row =
        alarms.firstIndex { ($0.hour, $0.minute) > (alarm.hour, alarm.minute) }
        ?? alarms.count
      alarms.insert(alarm, at: row)
      if isViewLoaded {
        tableView.insertRows(at: [IndexPath(row: row, section: 0)], with: .automatic)
      }
    }
    dismiss(animated: true)
  }

  /// Shows the details of alarm `row`, as a tap on the row does.
  func showAlarm(row: Int) {
    guard alarms.indices.contains(row) else { return }
    tableView.selectRow(at: IndexPath(row: row, section: 0), animated: false, scrollPosition: .none)
    navigationController?.pushViewController(
      AlarmDetailController(alarm: alarms[row]), animated: true)
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    alarms.count
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let cell = tableView.dequeueReusableCell(withIdentifier: "alarm", for: indexPath)
    let alarm = alarms[indexPath.row]
    cell.textLabel?.text = alarm.time
    cell.textLabel?.font = .systemFont(ofSize: 30)
    cell.detailTextLabel?.text = "\(alarm.label), \(alarm.days)" + (alarm.isOn ? "" : " (off)")
    cell.textLabel?.textColor = alarm.isOn ? .black : .systemGray
    cell.accessoryType = .disclosureIndicator
    return cell
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    navigationController?.pushViewController(
      AlarmDetailController(alarm: alarms[indexPath.row]), animated: true)
  }
}

/// Clock: one alarm, large.
@MainActor
final class AlarmDetailController: ViewController {
  private let alarm: Alarm

  init(alarm: Alarm) {
    self.alarm = alarm
    super.init()
    title = alarm.label
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    let time = Label(frame: .zero)
    time.text = alarm.time
    time.font = .systemFont(ofSize: 80)
    time.textAlignment = .center
    let days = Label(frame: .zero)
    days.text = "Repeats: \(alarm.days)"
    days.font = .systemFont(ofSize: 20)
    days.textColor = .darkGray
    days.textAlignment = .center
    for label in [time, days] {
      label.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(label)
      label.leadingAnchor.constraint(equalTo: view.leadingAnchor).isActive = true
      label.trailingAnchor.constraint(equalTo: view.trailingAnchor).isActive = true
    }
    LayoutConstraint.activate([
      time.topAnchor.constraint(equalTo: view.topAnchor, constant: 26),
      time.heightAnchor.constraint(equalToConstant: 100),
      days.topAnchor.constraint(equalTo: time.bottomAnchor, constant: 6),
      days.heightAnchor.constraint(equalToConstant: 30),
    ])
  }
}
