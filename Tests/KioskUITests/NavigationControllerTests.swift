import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// How the logs name a parent: "nav", "tab", a logged controller's name, or "nil".
@MainActor
func parentName(_ parent: ViewController?) -> String {
  switch parent {
  case nil: "nil"
  case let logged as StackChild: logged.name
  case is NavigationController: "nav"
  case is TabBarController: "tab"
  default: "?"
  }
}

/// A content controller that writes its life to a log in API.md's notation ("B.wA",
/// "B.willMove(nav)"), with a colour to tell its view apart on screen.
@MainActor
final class StackChild: ViewController {
  let name: String
  let log: ControllerLog
  let color: Color
  var animatedFlags: [Bool] = []
  /// Whether the controller was moving to or from its parent at each appearance callback.
  var movingFlags: [String] = []

  init(_ name: String, log: ControllerLog, color: Color = .white) {
    self.name = name
    self.log = log
    self.color = color
    super.init()
    title = name
  }

  private func record(_ event: String, animated: Bool? = nil) {
    log.entries.append("\(name).\(event)")
    if let animated {
      animatedFlags.append(animated)
      movingFlags.append(
        "\(event)\(isMovingToParent ? "+to" : "")\(isMovingFromParent ? "+from" : "")")
    }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = color
    record("viewDidLoad")
  }
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    record("wA", animated: animated)
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    record("dA", animated: animated)
  }
  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    record("wD", animated: animated)
  }
  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    record("dD", animated: animated)
  }
  override func willMove(toParent parent: ViewController?) {
    super.willMove(toParent: parent)
    record("willMove(\(parentName(parent)))")
  }
  override func didMove(toParent parent: ViewController?) {
    super.didMove(toParent: parent)
    record("didMove(\(parentName(parent)))")
  }
}

/// A navigation controller that logs its own appearance as "N.wA"…
@MainActor
final class LoggedNavigationController: NavigationController {
  var log: ControllerLog?
  override func viewWillAppear(_ animated: Bool) {
    log?.entries.append("N.wA")
    super.viewWillAppear(animated)
  }
  override func viewDidAppear(_ animated: Bool) {
    log?.entries.append("N.dA")
    super.viewDidAppear(animated)
  }
  override func viewWillDisappear(_ animated: Bool) {
    log?.entries.append("N.wD")
    super.viewWillDisappear(animated)
  }
  override func viewDidDisappear(_ animated: Bool) {
    log?.entries.append("N.dD")
    super.viewDidDisappear(animated)
  }
}

/// Writes the delegate's calls to the log.
@MainActor
final class LoggingNavigationDelegate: NavigationControllerDelegate {
  let log: ControllerLog
  init(log: ControllerLog) { self.log = log }
  func navigationController(
    _ navigationController: NavigationController, willShow viewController: ViewController,
    animated: Bool
  ) {
    log.entries.append("willShow(\(parentName(viewController)), \(animated))")
  }
  func navigationController(
    _ navigationController: NavigationController, didShow viewController: ViewController,
    animated: Bool
  ) {
    log.entries.append("didShow(\(parentName(viewController)), \(animated))")
  }
}

/// Only the appearance callbacks of a log ("B.wA"…), without containment or loading.
func appearanceOnly(_ entries: [String]) -> [String] {
  entries.filter { entry in
    ["wA", "dA", "wD", "dD"].contains { entry.hasSuffix(".\($0)") }
  }
}

/// A window-filling navigation controller with A at the root, on screen, log emptied.
@MainActor
func makeNavigation(
  _ app: TestApplication, log: ControllerLog
) -> (NavigationController, StackChild) {
  let root = StackChild("A", log: log, color: Color(hex: 0xff3b30))
  let navigation = NavigationController(rootViewController: root)
  app.window.rootViewController = navigation
  app.runUntilIdle()
  log.entries = []
  root.animatedFlags = []
  root.movingFlags = []
  return (navigation, root)
}

/// Whether two lists hold the same objects in the same order.
func identical(_ lhs: [AnyObject]?, _ rhs: [AnyObject]) -> Bool {
  guard let lhs, lhs.count == rhs.count else { return false }
  return zip(lhs, rhs).allSatisfy { $0 === $1 }
}

/// The views in the navigation controller's content area.
@MainActor
func contentViews(of navigation: NavigationController) -> [View] {
  navigation.contentView.subviews
}

@MainActor
struct NavigationControllerTests {
  static let green = Color(hex: 0x34c759)

  @Test func aPushWithoutAnimationKeepsAPIOrder() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a) = makeNavigation(app, log: log)
    let b = StackChild("B", log: log, color: Self.green)
    navigation.pushViewController(b, animated: false)
    #expect(
      log.take() == [
        "B.willMove(nav)", "B.viewDidLoad", "A.wD", "B.wA", "A.dD", "B.dA", "B.didMove(nav)",
      ])
    #expect(identical(navigation.viewControllers, [a, b]))
    #expect(navigation.topViewController === b && navigation.visibleViewController === b)
    #expect(identical(contentViews(of: navigation), [b.view]))
    #expect(a.viewIfLoaded?.window == nil && b.view.window === app.window)
    #expect(b.animatedFlags == [false, false] && a.animatedFlags == [false, false])
    #expect(b.view.frame == Rect(x: 0, y: 0, width: 320, height: 196))
    #expect(app.snapshot().pixel(x: 160, y: 150) == Self.green)
  }

  @Test func anAnimatedPushSlidesInFromTheRightBetweenTheCallbacks() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a) = makeNavigation(app, log: log)
    let b = StackChild("B", log: log, color: Self.green)
    navigation.pushViewController(b, animated: true)
    #expect(log.take() == ["B.willMove(nav)", "B.viewDidLoad", "A.wD", "B.wA"])
    #expect(b.movingFlags == ["wA+to"])
    app.advance(by: 0.15)
    #expect(log.take().isEmpty)
    #expect(identical(contentViews(of: navigation), [a.view, b.view]))
    let midway = app.snapshot()
    #expect(midway.pixel(x: 4, y: 150) == a.color)  // the old screen, moved left
    #expect(midway.pixel(x: 316, y: 150) == Self.green)  // the new one, coming in
    app.advance(by: 0.25)
    #expect(log.take() == ["A.dD", "B.dA", "B.didMove(nav)"])
    #expect(b.movingFlags == ["wA+to", "dA+to"] && !b.isMovingToParent)
    #expect(identical(contentViews(of: navigation), [b.view]))
    #expect(a.animatedFlags == [true, true] && b.animatedFlags == [true, true])
    #expect(app.snapshot().pixel(x: 4, y: 150) == Self.green)
  }

  @Test func aPopWithoutAnimationKeepsAPIOrder() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a) = makeNavigation(app, log: log)
    let b = StackChild("B", log: log, color: Self.green)
    navigation.pushViewController(b, animated: false)
    log.entries = []
    let popped = navigation.popViewController(animated: false)
    #expect(popped === b)
    #expect(
      log.take() == [
        "B.willMove(nil)", "B.wD", "A.wA", "B.dD", "A.dA", "B.didMove(nil)",
      ])
    #expect(identical(navigation.viewControllers, [a]))
    #expect(b.parent == nil && identical(navigation.children, [a]))
    #expect(identical(contentViews(of: navigation), [a.view]))
    #expect(navigation.popViewController(animated: false) == nil)  // the root stays
    #expect(log.take().isEmpty)
  }

  @Test func anAnimatedPopSlidesTheTopOffToTheRight() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a) = makeNavigation(app, log: log)
    let b = StackChild("B", log: log, color: Self.green)
    navigation.pushViewController(b, animated: false)
    log.entries = []
    b.movingFlags = []
    navigation.popViewController(animated: true)
    #expect(log.take() == ["B.willMove(nil)", "B.wD", "A.wA"])
    #expect(identical(navigation.viewControllers, [a]))
    app.advance(by: 0.15)
    #expect(log.take().isEmpty)
    #expect(identical(contentViews(of: navigation), [a.view, b.view]))
    let midway = app.snapshot()
    #expect(midway.pixel(x: 316, y: 150) == Self.green)  // the top, leaving to the right
    #expect(midway.pixel(x: 4, y: 150) == a.color)  // uncovered from the left
    app.advance(by: 0.25)
    #expect(log.take() == ["B.dD", "A.dA", "B.didMove(nil)"])
    #expect(b.movingFlags == ["wD+from", "dD+from"] && !b.isMovingFromParent)
    #expect(identical(contentViews(of: navigation), [a.view]))
    #expect(b.viewIfLoaded?.window == nil)
    #expect(a.view.frame == navigation.contentView.bounds)
  }

  @Test func popToRootGivesCallbacksOnlyToTheTopAndTheRoot() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a) = makeNavigation(app, log: log)
    let (b, c, d) = (
      StackChild("B", log: log), StackChild("C", log: log), StackChild("D", log: log)
    )
    navigation.setViewControllers([a, b, c, d], animated: false)
    log.entries = []
    let popped = navigation.popToRootViewController(animated: true)
    #expect(identical(popped, [b, c, d]))
    #expect(
      log.take() == [
        "D.willMove(nil)", "C.willMove(nil)", "B.willMove(nil)", "D.wD", "A.wA",
      ])
    app.advance(by: 0.4)
    #expect(
      log.take() == [
        "D.dD", "A.dA", "D.didMove(nil)", "C.didMove(nil)", "B.didMove(nil)",
      ])
    #expect(identical(navigation.viewControllers, [a]) && identical(navigation.children, [a]))
    #expect(!b.isViewLoaded && !c.isViewLoaded)
    #expect(navigation.popToRootViewController(animated: true) == nil)
    #expect(log.take().isEmpty)
  }

  @Test func popToAControllerRemovesOnlyThoseAboveIt() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a) = makeNavigation(app, log: log)
    let (b, c, d) = (
      StackChild("B", log: log), StackChild("C", log: log), StackChild("D", log: log)
    )
    navigation.setViewControllers([a, b, c, d], animated: false)
    log.entries = []
    #expect(navigation.popToViewController(StackChild("X", log: log), animated: false) == nil)
    #expect(navigation.popToViewController(d, animated: false) == nil)
    #expect(log.take().isEmpty)
    let popped = navigation.popToViewController(b, animated: false)
    #expect(identical(popped, [c, d]))
    #expect(
      log.take() == [
        "D.willMove(nil)", "C.willMove(nil)", "B.viewDidLoad", "D.wD", "B.wA", "D.dD", "B.dA",
        "D.didMove(nil)", "C.didMove(nil)",
      ])
    #expect(identical(navigation.viewControllers, [a, b]))
    #expect(identical(contentViews(of: navigation), [b.view]))
  }

  @Test func setViewControllersCallsOnlyTheVisibleOnesAndSlidesByWhereTheTopWas() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a) = makeNavigation(app, log: log)
    let (x, y, z) = (
      StackChild("X", log: log), StackChild("Y", log: log), StackChild("Z", log: log)
    )
    navigation.setViewControllers([a, x, y, x], animated: false)
    #expect(
      log.take() == [
        "X.willMove(nav)", "Y.willMove(nav)", "Y.viewDidLoad", "A.wD", "Y.wA", "A.dD", "Y.dA",
        "X.didMove(nav)", "Y.didMove(nav)",
      ])
    #expect(identical(navigation.viewControllers, [a, x, y]))
    // A new top slides in like a push.
    navigation.setViewControllers([z], animated: true)
    #expect(
      log.take() == [
        "Z.willMove(nav)", "Y.willMove(nil)", "X.willMove(nil)", "A.willMove(nil)",
        "Z.viewDidLoad", "Y.wD", "Z.wA",
      ])
    #expect(identical(contentViews(of: navigation), [y.view, z.view]))  // Z above: a push
    app.advance(by: 0.4)
    #expect(
      log.take() == [
        "Y.dD", "Z.dA", "Y.didMove(nil)", "X.didMove(nil)", "A.didMove(nil)", "Z.didMove(nav)",
      ])
    #expect(identical(navigation.viewControllers, [z]) && identical(navigation.children, [z]))
    // A top that was on the stack is uncovered like a pop.
    navigation.viewControllers = [z, a]
    log.entries = []
    navigation.setViewControllers([z], animated: true)
    #expect(identical(contentViews(of: navigation), [z.view, a.view]))  // Z below: a pop
    app.advance(by: 0.4)
    #expect(
      log.take() == [
        "A.willMove(nil)", "A.wD", "Z.wA", "A.dD", "Z.dA", "A.didMove(nil)",
      ])
  }

  @Test func aPushDuringASlideFinishesTheRunningOneFirst() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a) = makeNavigation(app, log: log)
    let b = StackChild("B", log: log)
    let c = StackChild("C", log: log, color: Self.green)
    navigation.pushViewController(b, animated: true)
    app.advance(by: 0.1)
    navigation.pushViewController(c, animated: true)
    #expect(
      log.take() == [
        "B.willMove(nav)", "B.viewDidLoad", "A.wD", "B.wA", "A.dD", "B.dA", "B.didMove(nav)",
        "C.willMove(nav)", "C.viewDidLoad", "B.wD", "C.wA",
      ])
    navigation.pushViewController(c, animated: true)  // already on the stack: ignored
    #expect(identical(contentViews(of: navigation), [b.view, c.view]))
    app.advance(by: 0.5)
    #expect(log.take() == ["B.dD", "C.dA", "C.didMove(nav)"])
    #expect(identical(navigation.viewControllers, [a, b, c]))
    #expect(identical(contentViews(of: navigation), [c.view]))
    #expect(c.view.frame == navigation.contentView.bounds)
    #expect(app.snapshot().pixel(x: 4, y: 150) == Self.green)
  }

  @Test func offScreenTheStackChangesWithoutAppearanceCallbacks() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let a = StackChild("A", log: log)
    let b = StackChild("B", log: log)
    let navigation = NavigationController(rootViewController: a)
    #expect(log.take() == ["A.willMove(nav)", "A.didMove(nav)"])
    navigation.pushViewController(b, animated: true)
    #expect(log.take() == ["B.willMove(nav)", "B.didMove(nav)"])
    #expect(!a.isViewLoaded && !b.isViewLoaded)
    app.window.rootViewController = navigation
    #expect(log.take() == ["B.viewDidLoad", "B.wA", "B.dA"])
    #expect(!a.isViewLoaded)
    #expect(navigation.navigationBar.items.count == 2)
    app.window.isHidden = true
    #expect(log.take() == ["B.wD", "B.dD"])
  }

  @Test func theDelegateHearsWillShowBeforeAndDidShowAfterTheTransition() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let a = StackChild("A", log: log)
    let b = StackChild("B", log: log)
    let navigation = NavigationController(rootViewController: a)
    let delegate = LoggingNavigationDelegate(log: log)
    navigation.delegate = delegate
    log.entries = []
    app.window.rootViewController = navigation
    #expect(
      log.take() == ["A.viewDidLoad", "willShow(A, false)", "A.wA", "A.dA", "didShow(A, false)"])
    navigation.pushViewController(b, animated: true)
    #expect(
      log.take() == ["B.willMove(nav)", "B.viewDidLoad", "willShow(B, true)", "A.wD", "B.wA"])
    app.advance(by: 0.4)
    #expect(log.take() == ["A.dD", "B.dA", "B.didMove(nav)", "didShow(B, true)"])
    navigation.popViewController(animated: false)
    #expect(
      log.take() == [
        "B.willMove(nil)", "willShow(A, false)", "B.wD", "A.wA", "B.dD", "A.dA", "B.didMove(nil)",
        "didShow(A, false)",
      ])
  }

  @Test func childrenFindTheirNavigationController() throws {
    let log = ControllerLog()
    let a = StackChild("A", log: log)
    let inner = StackChild("I", log: log)
    #expect(a.navigationController == nil && a.tabBarController == nil)
    let navigation = NavigationController(rootViewController: a)
    a.addChild(inner)
    #expect(a.navigationController === navigation)
    #expect(inner.navigationController === navigation)
    #expect(navigation.navigationController == nil)
    let tabs = TabBarController()
    tabs.setViewControllers([navigation], animated: false)
    #expect(inner.tabBarController === tabs && navigation.tabBarController === tabs)
  }

  @Test func theContentFillsTheAreaBelowTheBarAndFollowsTheWindow() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a) = makeNavigation(app, log: log)
    #expect(navigation.navigationBar.frame == Rect(x: 0, y: 0, width: 320, height: 44))
    #expect(a.view.frame == Rect(x: 0, y: 0, width: 320, height: 196))
    #expect(a.view.convert(Point.zero, to: nil) == Point(x: 0, y: 44))
    app.window.frame = Rect(x: 0, y: 0, width: 240, height: 320)
    app.runUntilIdle()
    #expect(navigation.navigationBar.frame.width == 240)
    #expect(a.view.frame == Rect(x: 0, y: 0, width: 240, height: 276))
    navigation.isNavigationBarHidden = true
    app.runUntilIdle()
    #expect(navigation.navigationBar.isHidden)
    #expect(a.view.frame == Rect(x: 0, y: 0, width: 240, height: 320))
    navigation.setNavigationBarHidden(false, animated: true)
    #expect(!navigation.navigationBar.isHidden)
    app.advance(by: 0.3)
    #expect(navigation.navigationBar.frame == Rect(x: 0, y: 0, width: 240, height: 44))
    #expect(a.view.frame == Rect(x: 0, y: 0, width: 240, height: 276))
  }
}

@MainActor
@Suite struct NavigationVisibleControllerTests {
  @Test func theVisibleControllerIsWhatTheTopPresents() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let root = ViewController()
    let nav = NavigationController(rootViewController: root)
    app.window.rootViewController = nav
    app.runUntilIdle()
    #expect(nav.visibleViewController === root)
    let sheet = ViewController()
    let picker = ViewController()
    root.present(sheet, animated: false)
    sheet.present(picker, animated: false)
    app.runUntilIdle()
    #expect(nav.topViewController === root)
    #expect(nav.visibleViewController === picker)
    sheet.dismiss(animated: false)
    app.runUntilIdle()
    #expect(nav.visibleViewController === sheet)
  }
}

@MainActor
@Suite struct NavigationShowTests {
  @Test func showFromInsideAStackPushes() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let root = ViewController()
    let nav = NavigationController(rootViewController: root)
    app.window.rootViewController = nav
    app.runUntilIdle()
    let detail = ViewController()
    root.show(detail, sender: nil)
    app.advance(by: 1)
    #expect(nav.viewControllers.count == 2)
    #expect(nav.topViewController === detail)
    #expect(root.presentedViewController == nil)
  }
}
