import KioskKit

/// Clock, first tab (in a navigation controller): cities and how far their time is from
/// UTC. "+" pushes the cities that can be added; picking one adds it and goes back.
@MainActor
final class WorldClockController: ScaledRowsTableViewController, StoryboardInstantiable {
  /// A city and its offset from UTC, in hours.
  struct City: Equatable {
    var name: String
    var offset: Double
  }

  private(set) var cities = [
    City(name: "Lisbon", offset: 0), City(name: "Moscow", offset: 3),
    City(name: "Shanghai", offset: 8), City(name: "Lima", offset: -5),
  ]
  static let moreCities = [
    City(name: "Reykjavík", offset: 0), City(name: "Nairobi", offset: 3),
    City(name: "Mumbai", offset: 5.5), City(name: "Tokyo", offset: 9),
    City(name: "Sydney", offset: 10), City(name: "Honolulu", offset: -10),
  ]

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(ValueCell.self, forCellReuseIdentifier: "city")
    designRowHeight = 56
    // Edit turns on deletion of rows and becomes Done, which turns it off. The mode is the
    // controller's, so a table made again after a memory warning takes it on.
    navigationItem.leftBarButtonItem = editButtonItem
    navigationItem.rightBarButtonItem = BarButtonItem(
      barButtonSystemItem: .add, target: self, action: { $0.chooseCity() })
  }

  /// "+": pushes the list of cities to add.
  func chooseCity() {
    let choices = Self.moreCities.filter { !cities.contains($0) }
    let picker = CityPickerController(cities: choices) { [weak self] city in
      guard let self else { return }
      self.cities.append(city)
      // A table released meanwhile is made again from `cities`, the new one included.
      if self.isViewLoaded {
        self.tableView.insertRows(
          at: [IndexPath(row: self.cities.count - 1, section: 0)], with: .automatic)
      }
      self.navigationController?.popViewController(animated: true)
    }
    navigationController?.pushViewController(picker, animated: true)
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    cities.count
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let cell = tableView.dequeueReusableCell(withIdentifier: "city", for: indexPath)
    let city = cities[indexPath.row]
    cell.textLabel?.text = city.name
    cell.detailTextLabel?.text = Self.describe(offset: city.offset)
    cell.selectionStyle = .none
    return cell
  }

  override func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
    true
  }

  override func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle,
    forRowAt indexPath: IndexPath
  ) {
    guard editingStyle == .delete, cities.indices.contains(indexPath.row) else { return }
    cities.remove(at: indexPath.row)
    tableView.deleteRows(at: [indexPath], with: .automatic)
  }

  /// "UTC", "UTC+3", "UTC+5:30", "UTC−5".
  static func describe(offset: Double) -> String {
    guard offset != 0 else { return "UTC" }
    let minutes = Int((abs(offset) * 60).rounded())
    let sign = offset > 0 ? "+" : "−"
    return "UTC\(sign)\(minutes / 60)" + (minutes % 60 == 0 ? "" : ":\(minutes % 60)")
  }
}

/// Clock: the cities the world clock can add; a tap picks one.
@MainActor
final class CityPickerController: TableViewController {
  private let cities: [WorldClockController.City]
  private let onPick: (WorldClockController.City) -> Void

  init(cities: [WorldClockController.City], onPick: @escaping (WorldClockController.City) -> Void) {
    self.cities = cities
    self.onPick = onPick
    super.init(style: .plain)
    title = "Choose a City"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(ValueCell.self, forCellReuseIdentifier: "city")
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    cities.count
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let cell = tableView.dequeueReusableCell(withIdentifier: "city", for: indexPath)
    cell.textLabel?.text = cities[indexPath.row].name
    cell.detailTextLabel?.text = WorldClockController.describe(offset: cities[indexPath.row].offset)
    return cell
  }

  override func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    onPick(cities[indexPath.row])
  }
}

/// A cell with a title on the left and a grey value on the right.
@MainActor
final class ValueCell: TableViewCell {
  override init(style: CellStyle, reuseIdentifier: String?) {
    super.init(style: .value1, reuseIdentifier: reuseIdentifier)
  }
}
