import KioskKit
import KioskTesting
import Testing

/// How the accessibility settings change the standard controls (issue 36), compared with
/// reference PNGs: a screen of them at the largest text size, with Increase Contrast, with
/// Bold Text, and a push half-way through with Reduce Motion (a cross-fade, not a slide).
@MainActor @Suite struct AccessibilityLooksGoldenTests {
  /// A form as a kiosk shows one: a navigation bar with a title and a Done item, a label in
  /// the body style, a text field in the body style, a switch, a slider, a segmented
  /// control, a button titled in the headline style, and a table of three rows under them.
  private final class FormController: ViewController, TableViewDataSource {
    let table = TableView(frame: .zero, style: .plain)
    let intro = Label(frame: .zero)
    let field = TextField(frame: Rect(x: 16, y: 88, width: 220, height: 36))
    let order = Button(type: .system)
    private var belowIntro: [(View, Rect)] = []

    override func viewDidLoad() {
      super.viewDidLoad()
      title = "Order"
      navigationItem.rightBarButtonItem = BarButtonItem(barButtonSystemItem: .done)
      view.backgroundColor = .white
      intro.numberOfLines = 0
      intro.font = .preferredFont(forTextStyle: .body)
      intro.adjustsFontForContentSizeCategory = true
      intro.text = "Your coffee"
      field.borderStyle = .roundedRect
      field.placeholder = "Name"
      field.font = .preferredFont(forTextStyle: .body)
      field.adjustsFontForContentSizeCategory = true
      let toggle = Switch(frame: Rect(x: 252, y: 90, width: 0, height: 0))
      toggle.isOn = true
      let slider = Slider(frame: Rect(x: 320, y: 92, width: 144, height: 28))
      slider.value = 0.6
      let sizes = SegmentedControl(items: ["Small", "Large"])
      sizes.frame = Rect(x: 16, y: 136, width: 220, height: 32)
      sizes.selectedSegmentIndex = 1
      order.setTitle("Order", for: .normal)
      order.titleLabel?.font = .preferredFont(forTextStyle: .headline)
      order.titleLabel?.adjustsFontForContentSizeCategory = true
      order.frame = Rect(x: 252, y: 132, width: 212, height: 40)
      table.frame = Rect(x: 0, y: 180, width: 480, height: 140)
      table.dataSource = self
      for subview in [intro, field, toggle, slider, sizes, order, table] {
        view.addSubview(subview)
      }
      belowIntro = [field, toggle, slider, sizes, order, table].map { ($0, $0.frame) }
    }

    /// The label takes the height its text needs at the text size, the field and the
    /// button the height their fonts need; what is below each moves down.
    override func viewDidLayoutSubviews() {
      super.viewDidLayoutSubviews()
      let height = intro.sizeThatFits(Size(width: 448, height: 400)).height
      intro.frame = Rect(x: 16, y: 52, width: 448, height: height)
      let fieldGrowth = max(field.intrinsicContentSize.height - 36, 0)
      let buttonGrowth = max(order.intrinsicContentSize.height - 40, 0)
      for (subview, frame) in belowIntro {
        var placed = frame.offsetBy(dx: 0, dy: height - 28)
        if subview === field {
          placed.size.height += fieldGrowth
        } else if subview === order {
          placed = placed.offsetBy(dx: 0, dy: fieldGrowth)
          placed.size.height += buttonGrowth
        } else if subview === table {
          placed = placed.offsetBy(dx: 0, dy: fieldGrowth + buttonGrowth)
        } else if frame.minY > 100 {
          placed = placed.offsetBy(dx: 0, dy: fieldGrowth)
        }
        subview.frame = placed
      }
    }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 3 }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
      let cell = TableViewCell(style: .subtitle, reuseIdentifier: nil)
      cell.textLabel?.text = ["Espresso", "Latte", "Tea"][indexPath.row]
      cell.detailTextLabel?.text = ["2.50", "3.20", "2.10"][indexPath.row]
      return cell
    }
  }

  private func form(_ change: (inout AccessibilitySettings) -> Void) throws -> TestApplication {
    let app = try TestApplication(pointSize: Size(width: 480, height: 320), scale: 2)
    var settings = AccessibilitySettings()
    change(&settings)
    Accessibility.settings = settings
    app.window.rootViewController = NavigationController(rootViewController: FormController())
    app.runUntilIdle()
    return app
  }

  @Test func theLargestTextSize() throws {
    let app = try form { $0.contentSizeCategory = .accessibilityExtraExtraExtraLarge }
    try assertSnapshot(of: app, named: "a11y-largest-text")
  }

  @Test func increaseContrast() throws {
    let app = try form { $0.increaseContrast = true }
    try assertSnapshot(of: app, named: "a11y-high-contrast")
  }

  @Test func boldText() throws {
    let app = try form { $0.boldText = true }
    try assertSnapshot(of: app, named: "a11y-bold-text")
  }

  /// With Reduce Motion a push cross-fades: half-way, both screens show in place, each at
  /// half strength, where a slide would show each half off the screen.
  @Test func aPushHalfWayWithReduceMotion() throws {
    let app = try form { $0.reduceMotion = true }
    let navigation = try #require(app.window.rootViewController as? NavigationController)
    let next = ViewController()
    next.title = "Latte"
    next.view.backgroundColor = Color(hex: 0xffe4b5)
    let note = Label(frame: Rect(x: 16, y: 200, width: 448, height: 40))
    note.text = "Steamed milk over espresso"
    note.font = .systemFont(ofSize: 24)
    next.view.addSubview(note)
    navigation.pushViewController(next, animated: true)
    app.advance(by: 0.35 / 2)  // NavigationController's transition: 0.35 s
    try assertSnapshot(of: app, named: "a11y-reduce-motion-push-halfway")
  }
}
