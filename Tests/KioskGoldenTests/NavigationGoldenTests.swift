import KioskKit
import KioskTesting
import Testing

/// A screen of a list-like app: a coloured view with a line of text in the middle.
@MainActor
private final class ScreenController: ViewController {
  private let color: Color
  private let text: String

  init(title: String, text: String, color: Color) {
    self.color = color
    self.text = text
    super.init()
    self.title = title
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = color
    let label = Label(frame: view.bounds)
    label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    label.text = text
    label.textAlignment = .center
    label.textColor = Color(hex: 0x1c1c1e)
    label.font = .systemFont(ofSize: 20)
    view.addSubview(label)
  }
}

/// Simple line icons for the Clock tabs, drawn in black (the tab bar tints them).
@MainActor
private enum ClockIcons {
  static func render(_ draw: (GraphicsContext) -> Void) throws -> Image {
    try Image.render(size: Size(width: 28, height: 28), scale: 2) { context in
      context.setStrokeColor(.black)
      context.setFillColor(.black)
      context.setLineWidth(2.5)
      context.setLineCap(.round)
      draw(context)
    }
  }

  static func globe() throws -> Image {
    try render { context in
      context.strokeEllipse(in: Rect(x: 3, y: 3, width: 22, height: 22))
      context.strokeEllipse(in: Rect(x: 9, y: 3, width: 10, height: 22))
      context.beginPath()
      context.move(to: Point(x: 3, y: 14))
      context.addLine(to: Point(x: 25, y: 14))
      context.strokePath()
    }
  }

  static func alarm() throws -> Image {
    try render { context in
      context.strokeEllipse(in: Rect(x: 5, y: 6, width: 18, height: 18))
      context.beginPath()
      context.move(to: Point(x: 14, y: 10))
      context.addLine(to: Point(x: 14, y: 15))
      context.addLine(to: Point(x: 18, y: 17))
      context.strokePath()
      context.fillEllipse(in: Rect(x: 2, y: 2, width: 7, height: 7))
      context.fillEllipse(in: Rect(x: 19, y: 2, width: 7, height: 7))
    }
  }

  static func stopwatch() throws -> Image {
    try render { context in
      context.strokeEllipse(in: Rect(x: 4, y: 6, width: 20, height: 20))
      context.fill(Rect(x: 11, y: 1, width: 6, height: 3))
      context.beginPath()
      context.move(to: Point(x: 14, y: 16))
      context.addLine(to: Point(x: 14, y: 10))
      context.strokePath()
    }
  }

  static func timer() throws -> Image {
    try render { context in
      context.strokeEllipse(in: Rect(x: 3, y: 3, width: 22, height: 22))
      context.beginPath()
      context.move(to: Point(x: 14, y: 14))
      context.addLine(to: Point(x: 20, y: 8))
      context.strokePath()
      context.fillEllipse(in: Rect(x: 12, y: 12, width: 4, height: 4))
    }
  }
}

/// Keeps the bar button items' targets alive.
@MainActor
private final class Actions {
  func edit() {}
  func add() {}
}

@MainActor
struct NavigationGoldenTests {
  /// A pushed screen: its title in the middle, a back button titled after the list, and
  /// an Edit button on the right.
  @Test func navigationBarWithBackAndBarButtons() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 200), scale: 2)
    let actions = Actions()
    let list = ScreenController(
      title: "Recipes", text: "12 recipes", color: Color(hex: 0xf2f2f7))
    let soup = ScreenController(
      title: "Soup", text: "Carrots, onions, stock", color: Color(hex: 0xffffff))
    soup.navigationItem.rightBarButtonItem = BarButtonItem(
      barButtonSystemItem: .edit, target: actions, action: { $0.edit() })
    let navigation = NavigationController(rootViewController: list)
    app.window.rootViewController = navigation
    app.runUntilIdle()
    navigation.pushViewController(soup, animated: true)
    app.advance(by: 0.5)
    #expect(navigation.topViewController === soup)
    try assertSnapshot(of: app, named: "navigation-bar")
  }

  /// The Clock example of the seed: a tab bar with four tabs, the first two holding
  /// navigation controllers, a badge on Alarm, World Clock selected.
  @Test func clockTabBarWithABadge() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240), scale: 2)
    let actions = Actions()
    let cities = ScreenController(
      title: "World Clock", text: "Lisbon  Tokyo  Lima", color: Color(hex: 0xffffff))
    cities.navigationItem.leftBarButtonItem = BarButtonItem(
      barButtonSystemItem: .edit, target: actions, action: { $0.edit() })
    cities.navigationItem.rightBarButtonItem = BarButtonItem(
      barButtonSystemItem: .add, target: actions, action: { $0.add() })
    let worldClock = NavigationController(rootViewController: cities)
    worldClock.tabBarItem = TabBarItem(title: "World Clock", image: try ClockIcons.globe(), tag: 0)
    let alarms = NavigationController(
      rootViewController: ScreenController(
        title: "Alarm", text: "7:00", color: Color(hex: 0xffffff)))
    alarms.tabBarItem = TabBarItem(title: "Alarm", image: try ClockIcons.alarm(), tag: 1)
    alarms.tabBarItem.badgeValue = "2"
    let stopwatch = ScreenController(
      title: "Stopwatch", text: "00:00.00", color: Color(hex: 0xffffff))
    stopwatch.tabBarItem = TabBarItem(
      title: "Stopwatch", image: try ClockIcons.stopwatch(), tag: 2)
    let timer = ScreenController(title: "Timer", text: "15:00", color: Color(hex: 0xffffff))
    timer.tabBarItem = TabBarItem(title: "Timer", image: try ClockIcons.timer(), tag: 3)
    let tabs = TabBarController()
    tabs.setViewControllers([worldClock, alarms, stopwatch, timer], animated: false)
    app.window.rootViewController = tabs
    app.runUntilIdle()
    #expect(tabs.selectedViewController === worldClock)
    try assertSnapshot(of: app, named: "clock-tab-bar")
  }
}
