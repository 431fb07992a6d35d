import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A tab bar controller that logs its own appearance as "T.wA"…
@MainActor
final class LoggedTabBarController: TabBarController {
  var log: ControllerLog?
  override func viewWillAppear(_ animated: Bool) {
    log?.entries.append("T.wA")
    super.viewWillAppear(animated)
  }
  override func viewDidAppear(_ animated: Bool) {
    log?.entries.append("T.dA")
    super.viewDidAppear(animated)
  }
  override func viewWillDisappear(_ animated: Bool) {
    log?.entries.append("T.wD")
    super.viewWillDisappear(animated)
  }
  override func viewDidDisappear(_ animated: Bool) {
    log?.entries.append("T.dD")
    super.viewDidDisappear(animated)
  }
}

/// Writes the delegate's calls to the log and refuses the tabs it is told to.
@MainActor
final class LoggingTabBarDelegate: TabBarControllerDelegate {
  let log: ControllerLog
  var refused: [String] = []
  init(log: ControllerLog) { self.log = log }
  func tabBarController(
    _ tabBarController: TabBarController, shouldSelect viewController: ViewController
  ) -> Bool {
    let name = parentName(viewController)
    log.entries.append("shouldSelect(\(name))")
    return !refused.contains(name)
  }
  func tabBarController(
    _ tabBarController: TabBarController, didSelect viewController: ViewController
  ) {
    log.entries.append("didSelect(\(parentName(viewController)))")
  }
}

/// The window point in the middle of tab `index` of `count`, on a `width`-point screen.
func tabPoint(_ index: Int, of count: Int, width: Double, height: Double) -> Point {
  Point(x: (Double(index) + 0.5) * width / Double(count), y: height - 25)
}

@MainActor
struct TabBarControllerTests {
  private func makeTabs(_ app: TestApplication, log: ControllerLog) -> (
    TabBarController, StackChild, StackChild, StackChild
  ) {
    let a = StackChild("A", log: log, color: Color(hex: 0xff3b30))
    let b = StackChild("B", log: log, color: Color(hex: 0x34c759))
    let c = StackChild("C", log: log, color: Color(hex: 0x007aff))
    let tabs = TabBarController()
    tabs.setViewControllers([a, b, c], animated: false)
    app.window.rootViewController = tabs
    app.runUntilIdle()
    return (tabs, a, b, c)
  }

  @Test func onlyTheSelectedTabAppearsAndTheTabBarSitsAtTheBottom() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let (tabs, a, b, _) = makeTabs(app, log: log)
    #expect(
      log.take() == [
        "A.willMove(tab)", "B.willMove(tab)", "C.willMove(tab)", "A.didMove(tab)",
        "B.didMove(tab)", "C.didMove(tab)", "A.viewDidLoad", "A.wA", "A.dA",
      ])
    #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === a)
    #expect(!b.isViewLoaded)
    #expect(tabs.tabBar.frame == Rect(x: 0, y: 151, width: 300, height: 49))
    #expect(a.view.frame == Rect(x: 0, y: 0, width: 300, height: 151))
    #expect(identical(tabs.contentView.subviews, [a.view]))
    #expect(tabs.tabBar.buttons.count == 3)
    #expect(tabs.tabBar.buttons.map { $0.frame.width } == [100, 100, 100])
    #expect(tabs.tabBar.buttons.map(\.titleLabel.text) == ["A", "B", "C"])
  }

  /// Thousands of tabs: each button is appended to one row (each used to be inserted below
  /// the hairline, a search of the bar's subviews: 100,000 tabs took minutes), and
  /// duplicates and changes are found with sets, not nested searches.
  @Test func thousandsOfTabsAreSetInLinearSteps() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let tabs = TabBarController()
    let children = (0..<2_000).map { index in
      let child = ViewController()
      child.tabBarItem = TabBarItem(title: "\(index)", image: nil, tag: index)
      return child
    }
    tabs.viewControllers = children + children.prefix(10)
    app.window.rootViewController = tabs
    app.runUntilIdle()
    #expect(tabs.viewControllers?.count == 2_000)
    #expect(tabs.tabBar.buttons.count == 2_000)
    // The bar holds its row of buttons and its hairline, not 2,000 subviews of its own.
    #expect(tabs.tabBar.subviews.count == 2)
    #expect(tabs.tabBar.buttons.last?.superview?.superview === tabs.tabBar)
    tabs.viewControllers = Array(children.suffix(2))
    app.runUntilIdle()
    #expect(tabs.tabBar.buttons.map(\.titleLabel.text) == ["1998", "1999"])
    #expect(tabs.tabBar.buttons.map { $0.frame.width } == [150, 150])
    #expect(tabs.children.count == 2)
  }

  /// Tabs that share an image share its tinted copies (one for the selected colour, one for
  /// the other): 1,000 tabs of a storyboard scene with an image tinted it 1,000 times, most
  /// of their start-up.
  @Test func tabsWithOneImageTintItOnce() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let image = Image(pixelBuffer: try PixelBuffer(width: 8, height: 8))
    let tabs = TabBarController()
    tabs.viewControllers = (0..<1_000).map { index in
      let child = ViewController()
      child.tabBarItem = TabBarItem(title: "\(index)", image: image, tag: index)
      return child
    }
    app.window.rootViewController = tabs
    app.runUntilIdle()
    let tinted = Set(
      tabs.tabBar.buttons.compactMap { $0.imageView.image.map(ObjectIdentifier.init) })
    #expect(tinted.count == 2)
  }

  @Test func aTabSwitchKeepsAPIOrder() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let (tabs, a, b, _) = makeTabs(app, log: log)
    b.loadViewIfNeeded()
    log.entries = []
    tabs.selectedIndex = 1
    #expect(log.take() == ["B.wA", "A.wD", "A.dD", "B.dA"])
    #expect(tabs.selectedViewController === b)
    #expect(identical(tabs.contentView.subviews, [b.view]))
    #expect(a.view.window == nil && b.view.frame == tabs.contentView.bounds)
    #expect(tabs.tabBar.selectedItem === b.tabBarItem)
    #expect(app.snapshot().pixel(x: 150, y: 80) == b.color)
    tabs.selectedViewController = a
    #expect(log.take() == ["A.wA", "B.wD", "B.dD", "A.dA"])
    #expect(a.animatedFlags == [false, false, false, false, false, false])
    tabs.selectedIndex = 7  // out of range: nothing
    tabs.selectedIndex = 0  // already selected: nothing
    #expect(log.take().isEmpty && tabs.selectedIndex == 0)
  }

  @Test func anAnimatedReplacementOfTheSelectedTabKeepsTheSwitchOrder() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let (tabs, a, b, c) = makeTabs(app, log: log)
    let d = StackChild("D", log: log)
    log.entries = []
    tabs.setViewControllers([d, b, c], animated: true)
    #expect(
      log.take() == [
        "D.willMove(tab)", "A.willMove(nil)", "D.viewDidLoad", "D.wA", "A.wD", "A.dD", "D.dA",
        "A.didMove(nil)", "D.didMove(tab)",
      ])
    #expect(d.animatedFlags == [true, true] && a.animatedFlags.suffix(2) == [true, true])
    #expect(tabs.selectedViewController === d && a.parent == nil)
    #expect(tabs.tabBar.items.count == 3 && tabs.tabBar.items.first === d.tabBarItem)
    // When the selected tab stays, it stays selected wherever it moves.
    tabs.setViewControllers([c, d], animated: false)
    #expect(tabs.selectedIndex == 1 && tabs.selectedViewController === d)
    #expect(appearanceOnly(log.take()).isEmpty)
  }

  @Test func tappingATabSelectsItUnlessTheDelegateSaysNo() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let (tabs, _, b, c) = makeTabs(app, log: log)
    let delegate = LoggingTabBarDelegate(log: log)
    tabs.delegate = delegate
    delegate.refused = ["C"]
    log.entries = []
    app.tap(at: tabPoint(1, of: 3, width: 300, height: 200))
    #expect(
      log.take() == [
        "shouldSelect(B)", "B.viewDidLoad", "B.wA", "A.wD", "A.dD", "B.dA", "didSelect(B)",
      ])
    #expect(tabs.selectedViewController === b)
    app.tap(at: tabPoint(2, of: 3, width: 300, height: 200))
    #expect(log.take() == ["shouldSelect(C)"])
    #expect(tabs.selectedViewController === b && !c.isViewLoaded)
    app.tap(at: tabPoint(1, of: 3, width: 300, height: 200))
    #expect(log.take() == ["shouldSelect(B)", "didSelect(B)"])
    c.tabBarItem.isEnabled = false
    delegate.refused = []
    app.tap(at: tabPoint(2, of: 3, width: 300, height: 200))
    #expect(log.take().isEmpty)  // a disabled tab cannot be tapped
  }

  @Test func theBadgeIsARedPillAtTheImagesCornerAndFollowsTheItem() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let (tabs, _, b, _) = makeTabs(app, log: log)
    let icon = try Image.render(size: Size(width: 28, height: 28)) { context in
      context.setFillColor(.black)
      context.fillEllipse(in: Rect(x: 2, y: 2, width: 24, height: 24))
    }
    b.tabBarItem.image = icon
    b.tabBarItem.badgeValue = "3"
    app.runUntilIdle()
    let button = tabs.tabBar.buttons[1]
    #expect(!button.badge.isHidden && button.badgeLabel.text == "3")
    let badge = button.badge.convert(button.badge.bounds, to: nil)
    #expect(badge.height == 18 && badge.width >= 18)
    #expect(badge.minX > 150 && badge.minY < 160)  // right of the image's centre, at its top
    let frame = app.snapshot()
    let red = frame.pixel(x: Int(badge.minX + 3), y: Int(badge.midY))
    #expect(red == TabBarButton.standardBadgeColor)
    // The unselected image is drawn in grey, the selected one in the tint colour.
    let imageCentre = button.imageView.convert(Point(x: 14, y: 14), to: nil)
    #expect(frame.pixel(x: Int(imageCentre.x), y: Int(imageCentre.y)) == TabBar.unselectedColor)
    tabs.selectedIndex = 1
    let selected = app.snapshot()
    #expect(selected.pixel(x: Int(imageCentre.x), y: Int(imageCentre.y)) == Color.defaultTint)
    b.tabBarItem.badgeValue = nil
    app.runUntilIdle()
    #expect(button.badge.isHidden)
    #expect(app.snapshot().pixel(x: Int(badge.minX + 3), y: Int(badge.midY)) != red)
  }

  @Test func aTabHoldingANavigationControllerForwardsAppearanceDownTheChain() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let content = StackChild("C", log: log)
    let other = StackChild("X", log: log)
    let navigation = LoggedNavigationController(rootViewController: content)
    navigation.log = log
    let tabs = LoggedTabBarController()
    tabs.log = log
    tabs.setViewControllers([navigation, other], animated: false)
    log.entries = []
    app.window.rootViewController = tabs
    #expect(log.take() == ["C.viewDidLoad", "T.wA", "N.wA", "C.wA", "T.dA", "N.dA", "C.dA"])
    #expect(content.navigationController === navigation && content.tabBarController === tabs)
    #expect(content.view.convert(Point.zero, to: nil) == Point(x: 0, y: 44))
    #expect(content.view.frame.height == 200 - 44 - 49)

    // The stack works inside the tab.
    let detail = StackChild("D", log: log)
    content.navigationController?.pushViewController(detail, animated: true)
    app.advance(by: 0.4)
    #expect(
      log.take() == [
        "D.willMove(nav)", "D.viewDidLoad", "C.wD", "D.wA", "C.dD", "D.dA", "D.didMove(nav)",
      ])

    // Switching tabs: the navigation controller and its top leave together.
    tabs.selectedIndex = 1
    #expect(log.take() == ["X.viewDidLoad", "X.wA", "N.wD", "D.wD", "N.dD", "D.dD", "X.dA"])
    tabs.selectedIndex = 0
    #expect(log.take() == ["N.wA", "D.wA", "X.wD", "X.dD", "N.dA", "D.dA"])
    #expect(identical(contentViews(of: navigation), [detail.view]))
    #expect(detail.view.window === app.window && content.viewIfLoaded?.window == nil)

    app.window.isHidden = true
    #expect(log.take() == ["T.wD", "N.wD", "D.wD", "T.dD", "N.dD", "D.dD"])
  }

  @Test func aSlideInAnUnselectedTabGivesNoAppearanceCallbacks() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let root = StackChild("R", log: log)
    let navigation = NavigationController(rootViewController: root)
    let (tabs, _, _, _) = makeTabs(app, log: log)
    tabs.setViewControllers(
      [tabs.viewControllers?[0], navigation].compactMap { $0 }, animated: false)
    tabs.selectedIndex = 1
    tabs.selectedIndex = 0
    log.entries = []
    let pushed = StackChild("P", log: log)
    navigation.pushViewController(pushed, animated: true)
    app.advance(by: 0.4)
    #expect(log.take() == ["P.willMove(nav)", "P.viewDidLoad", "P.didMove(nav)"])
    #expect(identical(navigation.viewControllers, [root, pushed]))
    tabs.selectedIndex = 1
    #expect(appearanceOnly(log.take()) == ["P.wA", "A.wD", "A.dD", "P.dA"])
  }
}
