import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// Where controllers write what happened to them, in order ("B.wA", "C.willMove(P)").
@MainActor
final class ControllerLog {
  var entries: [String] = []

  func take() -> [String] {
    defer { entries = [] }
    return entries
  }
}

/// A controller that writes its life to a log: viewDidLoad, wA/dA/wD/dD (with "+moving"
/// while isMovingToParent or isMovingFromParent), willMove/didMove, memory warnings.
@MainActor
class LoggedController: ViewController {
  let name: String
  let log: ControllerLog
  var color: Color = .white
  var animatedFlags: [Bool] = []

  init(_ name: String, log: ControllerLog) {
    self.name = name
    self.log = log
    super.init()
  }

  private func record(_ event: String) {
    log.entries.append("\(name).\(event)")
  }

  private var movingSuffix: String {
    isMovingToParent || isMovingFromParent ? "+moving" : ""
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = color
    record("viewDidLoad")
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    animatedFlags.append(animated)
    record("wA" + movingSuffix)
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    record("dA" + movingSuffix)
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    animatedFlags.append(animated)
    record("wD" + movingSuffix)
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    record("dD" + movingSuffix)
  }

  override func willMove(toParent parent: ViewController?) {
    super.willMove(toParent: parent)
    record("willMove(\((parent as? LoggedController)?.name ?? "nil"))")
  }

  override func didMove(toParent parent: ViewController?) {
    super.didMove(toParent: parent)
    record("didMove(\((parent as? LoggedController)?.name ?? "nil"))")
  }

  override func didReceiveMemoryWarning() {
    super.didReceiveMemoryWarning()
    record("memoryWarning")
  }
}

/// A view that writes its layout passes to a log.
@MainActor
final class LayoutLoggingView: View {
  let log: ControllerLog
  init(log: ControllerLog) {
    self.log = log
    super.init(frame: .zero)
  }
  override func layoutSubviews() {
    log.entries.append("layoutSubviews")
  }
}

/// A controller that builds its own view and logs its layout hooks.
@MainActor
final class CustomViewController: ViewController {
  let log: ControllerLog
  let customView: LayoutLoggingView
  init(log: ControllerLog) {
    self.log = log
    customView = LayoutLoggingView(log: log)
    super.init()
  }
  override func loadView() {
    log.entries.append("loadView")
    view = customView
  }
  override func viewDidLoad() {
    super.viewDidLoad()
    log.entries.append("viewDidLoad")
  }
  override func viewWillLayoutSubviews() {
    log.entries.append("viewWillLayoutSubviews")
  }
  override func viewDidLayoutSubviews() {
    log.entries.append("viewDidLayoutSubviews")
  }
}

/// A controller that records the touches and presses reaching it, passing them on when
/// `passes` is set.
@MainActor
final class EventController: ViewController {
  var log: [String] = []
  var passes = false
  var acceptsFirstResponder = false

  override var canBecomeFirstResponder: Bool { acceptsFirstResponder }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    log.append("began")
    if passes { super.touchesBegan(touches, with: event) }
  }
  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    log.append("ended")
    if passes { super.touchesEnded(touches, with: event) }
  }
  override func pressesBegan(_ presses: Set<Press>, with event: Event?) {
    log.append("press " + (presses.first?.key?.characters ?? "?"))
    if passes { super.pressesBegan(presses, with: event) }
  }
}

/// A window that records the touches reaching it and passes them on to the application.
@MainActor
final class LoggingWindow: Window {
  var log: [String] = []
  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    log.append("began")
    super.touchesBegan(touches, with: event)
  }
  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    log.append("ended")
    super.touchesEnded(touches, with: event)
  }
}

@MainActor
struct ViewControllerTests {
  @Test func theViewLoadsOnFirstAccessAndOnlyOnce() throws {
    _ = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let controller = CustomViewController(log: log)
    #expect(!controller.isViewLoaded)
    #expect(controller.viewIfLoaded == nil)
    #expect(log.entries.isEmpty)
    #expect(controller.view === controller.customView)
    #expect(controller.isViewLoaded)
    #expect(controller.viewIfLoaded === controller.customView)
    _ = controller.view
    controller.loadViewIfNeeded()
    #expect(log.take() == ["loadView", "viewDidLoad"])
  }

  @Test func loadViewIfNeededLoadsWithoutTouchingView() throws {
    _ = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let controller = LoggedController("A", log: log)
    controller.loadViewIfNeeded()
    #expect(controller.isViewLoaded)
    controller.loadViewIfNeeded()
    #expect(log.take() == ["A.viewDidLoad"])
  }

  @Test func theDefaultViewIsWhiteScreenSizedAndStretches() throws {
    _ = try TestApplication(pointSize: Size(width: 300, height: 200))
    let view = ViewController().view
    #expect(view.frame == Rect(x: 0, y: 0, width: 300, height: 200))
    #expect(view.backgroundColor == .white)
    #expect(view.autoresizingMask == [.flexibleWidth, .flexibleHeight])
  }

  @Test func layoutHooksSurroundTheViewsLayoutSubviews() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let controller = CustomViewController(log: log)
    app.window.rootViewController = controller
    app.runUntilIdle()
    #expect(
      log.take() == [
        "loadView", "viewDidLoad", "viewWillLayoutSubviews", "layoutSubviews",
        "viewDidLayoutSubviews",
      ])
    app.runUntilIdle()
    #expect(log.take().isEmpty)
    app.window.frame = Rect(x: 0, y: 0, width: 200, height: 200)
    app.runUntilIdle()
    #expect(log.take() == ["viewWillLayoutSubviews", "layoutSubviews", "viewDidLayoutSubviews"])
  }

  @Test func theNavigationAndTabItemsFollowTheTitleUntilGivenOne() throws {
    let controller = ViewController()
    controller.title = "Recipes"
    let item = controller.navigationItem
    #expect(item.title == "Recipes")
    #expect(controller.tabBarItem.title == "Recipes")
    controller.title = "All recipes"
    #expect(controller.navigationItem === item)
    #expect(item.title == "All recipes")
    #expect(controller.tabBarItem.title == "All recipes")
    item.title = "Cookbook"
    controller.title = "Favourites"
    #expect(item.title == "Cookbook")
    #expect(controller.tabBarItem.title == "Favourites")

    controller.tabBarItem = TabBarItem(title: "Alarm", image: nil, tag: 3)
    controller.title = "Clock"
    #expect(controller.tabBarItem.title == "Alarm")
    #expect(controller.tabBarItem.tag == 3)
    controller.tabBarItem = TabBarItem(title: nil, image: nil, tag: 4)
    #expect(controller.tabBarItem.title == "Clock")
  }

  @Test func barButtonItemsCallTheirTargetWhileEnabled() {
    final class Target {
      var saves = 0
    }
    let target = Target()
    var actions = 0
    let item = BarButtonItem(barButtonSystemItem: .save, target: target, action: { $0.saves += 1 })
    item.primaryAction = Action { _ in actions += 1 }
    #expect(item.title == "Save")
    #expect(item.style == .done)
    item.performAction()
    #expect(target.saves == 1 && actions == 1)
    item.isEnabled = false
    item.performAction()
    #expect(target.saves == 1 && actions == 1)

    let navigationItem = NavigationItem(title: "Add")
    navigationItem.rightBarButtonItem = item
    #expect(navigationItem.rightBarButtonItems?.count == 1)
    #expect(navigationItem.rightBarButtonItem === item)
    #expect(navigationItem.leftBarButtonItem == nil)
  }

  @Test func preferredContentSizeTellsTheParent() {
    final class Container: ViewController {
      var changed: [ViewController] = []
      override func preferredContentSizeDidChange(
        forChildContentContainer container: ViewController
      ) {
        changed.append(container)
      }
    }
    let container = Container()
    let child = ViewController()
    container.addChild(child)
    child.preferredContentSize = Size(width: 320, height: 240)
    child.preferredContentSize = Size(width: 320, height: 240)
    #expect(container.changed.count == 1)
    #expect(container.changed.first === child)
  }

  @Test func aTouchOnAnInertSubviewReachesTheControllerThenTheWindow() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let window = LoggingWindow(screen: app.screen)
    let controller = EventController()
    let inert = View(frame: Rect(x: 20, y: 20, width: 50, height: 50))
    controller.view.addSubview(inert)
    window.rootViewController = controller
    window.makeKeyAndVisible()

    #expect(inert.next === controller.view)
    #expect(controller.view.next === controller)
    #expect(controller.next === window)
    #expect(window.next === Application.shared)

    app.tap(at: Point(x: 30, y: 30))
    #expect(controller.log == ["began", "ended"])
    #expect(window.log.isEmpty)

    controller.passes = true
    app.tap(at: Point(x: 30, y: 30))
    #expect(controller.log == ["began", "ended", "began", "ended"])
    #expect(window.log == ["began", "ended"])
  }

  @Test func pressesTheViewDoesNotHandleReachTheController() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let controller = EventController()
    let field = FieldView(frame: Rect(x: 0, y: 0, width: 100, height: 40))
    field.handles = false
    controller.view.addSubview(field)
    app.window.rootViewController = controller
    #expect(field.becomeFirstResponder())
    let a = Key(keyCode: 30, characters: "a")
    app.application.sendPresses([PressSample(phase: .began, key: a)])
    app.application.sendPresses([PressSample(phase: .ended, key: a)])
    #expect(controller.log == ["press a"])

    // A controller can take key presses itself while its view is in a window.
    #expect(!controller.becomeFirstResponder())
    controller.acceptsFirstResponder = true
    #expect(controller.becomeFirstResponder())
    #expect(!field.isFirstResponder)
    let b = Key(keyCode: 48, characters: "b")
    app.application.sendPresses([PressSample(phase: .began, key: b)])
    app.application.sendPresses([PressSample(phase: .ended, key: b)])
    #expect(controller.log == ["press a", "press b"])

    app.window.rootViewController = nil
    #expect(!controller.isFirstResponder)
    #expect(!ViewController().becomeFirstResponder())
  }

  @Test func aMemoryWarningReachesEveryControllerAliveOnScreenOrNot() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let shown = LoggedController("Shown", log: log)
    let offscreen = LoggedController("Offscreen", log: log)
    offscreen.loadViewIfNeeded()
    app.window.rootViewController = shown
    log.entries = []
    app.application.simulateMemoryWarning()
    #expect(log.take() == ["Shown.memoryWarning", "Offscreen.memoryWarning"])
    // The view off screen is released; the one in the window stays.
    #expect(!offscreen.isViewLoaded && shown.isViewLoaded)
  }
}
