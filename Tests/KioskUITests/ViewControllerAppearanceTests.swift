import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// Notes whether its view was in a window at each appearance callback.
@MainActor
final class WindowCheckingController: LoggedController {
  var inWindow: [String] = []
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    inWindow.append("wA \(viewIfLoaded?.window != nil)")
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    inWindow.append("dA \(viewIfLoaded?.window != nil)")
  }
  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    inWindow.append("wD \(viewIfLoaded?.window != nil)")
  }
  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    inWindow.append("dD \(viewIfLoaded?.window != nil)")
  }
}

/// An app delegate that builds its window the way an app without a storyboard does.
@MainActor
final class LaunchingDelegate: ApplicationDelegate {
  static let log = ControllerLog()
  var window: Window?

  init() {
    Self.log.entries.append("init")
  }

  func application(
    _ application: Application, didFinishLaunchingWithOptions options: [String: String]
  ) -> Bool {
    Self.log.entries.append("didFinishLaunching")
    let window = Window(screen: .main)
    let root = LoggedController("Root", log: Self.log)
    root.color = Color(hex: 0x34c759)
    window.rootViewController = root
    Self.log.entries.append("makeKeyAndVisible")
    window.makeKeyAndVisible()
    self.window = window
    return true
  }
}

@MainActor
struct ViewControllerAppearanceTests {
  @Test func theRootOfAVisibleWindowAppearsAtOnce() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let root = WindowCheckingController("A", log: log)
    app.window.rootViewController = root
    #expect(log.take() == ["A.viewDidLoad", "A.wA", "A.dA"])
    #expect(root.inWindow == ["wA false", "dA true"])
    #expect(root.animatedFlags == [false])
    #expect(root.view.superview === app.window)
    #expect(app.window.rootViewController === root)
  }

  @Test func theRootOfAHiddenWindowAppearsWithMakeKeyAndVisible() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let window = Window(screen: app.screen)
    let root = WindowCheckingController("A", log: log)
    window.rootViewController = root
    #expect(log.take() == ["A.viewDidLoad"])
    window.makeKeyAndVisible()
    #expect(log.take() == ["A.wA", "A.dA"])
    #expect(window.isKeyWindow)
    window.isHidden = true
    #expect(log.take() == ["A.wD", "A.dD"])
    window.isHidden = true
    #expect(log.take().isEmpty)
  }

  @Test func replacingTheRootDisappearsTheOldOneWhileTheNewOneAppears() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let a = WindowCheckingController("A", log: log)
    let b = WindowCheckingController("B", log: log)
    let overlay = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    app.window.rootViewController = a
    app.window.addSubview(overlay)
    log.entries = []
    app.window.rootViewController = b
    #expect(log.take() == ["B.viewDidLoad", "A.wD", "B.wA", "A.dD", "B.dA"])
    #expect(a.inWindow == ["wA false", "dA true", "wD true", "dD false"])
    #expect(b.inWindow == ["wA false", "dA true"])
    #expect(a.view.superview == nil)
    #expect(app.window.subviews.first === b.view)
    #expect(app.window.subviews.last === overlay)
    app.window.rootViewController = b
    #expect(log.take().isEmpty)
    app.window.rootViewController = nil
    #expect(log.take() == ["B.wD", "B.dD"])
    #expect(app.window.subviews.count == 1)
  }

  @Test func theRootViewFillsTheWindowAndFollowsIt() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let root = ViewController()
    root.view.frame = Rect(x: 40, y: 40, width: 10, height: 10)
    root.view.autoresizingMask = []
    app.window.rootViewController = root
    #expect(root.view.frame == Rect(x: 0, y: 0, width: 300, height: 200))
    app.window.frame = Rect(x: 0, y: 0, width: 180, height: 120)
    #expect(root.view.frame == Rect(x: 0, y: 0, width: 180, height: 120))
    app.window.frame = Rect(x: 0, y: 0, width: 300, height: 200)
    let red = Color(hex: 0xff3b30)
    root.view.backgroundColor = red
    let frame = app.snapshot()
    #expect(frame.pixel(x: 1, y: 1) == red)
    #expect(frame.pixel(x: 298, y: 198) == red)
  }

  @Test func aViewLeavingAndReenteringTheWindowDrivesItsController() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let panel = WindowCheckingController("P", log: log)
    panel.view.frame = Rect(x: 10, y: 10, width: 100, height: 100)
    #expect(log.take() == ["P.viewDidLoad"])
    let holder = View(frame: app.window.bounds)
    holder.addSubview(panel.view)
    #expect(log.take().isEmpty)
    app.window.addSubview(holder)
    #expect(log.take() == ["P.wA", "P.dA"])
    panel.view.removeFromSuperview()
    #expect(log.take() == ["P.wD", "P.dD"])
    holder.addSubview(panel.view)
    #expect(log.take() == ["P.wA", "P.dA"])
    holder.addSubview(panel.view)  // only the order changes
    #expect(log.take().isEmpty)
    app.window.isHidden = true
    #expect(log.take() == ["P.wD", "P.dD"])
    #expect(panel.inWindow.suffix(2) == ["wD true", "dD true"])
  }

  @Test func aDelegateThatBuildsTheWindowGetsTheLaunchCallbacksInOrder() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    LaunchingDelegate.log.entries = []
    #expect(app.application.launch(LaunchingDelegate.self))
    #expect(
      LaunchingDelegate.log.take() == [
        "init", "didFinishLaunching", "Root.viewDidLoad", "makeKeyAndVisible", "Root.wA",
        "Root.dA",
      ])
    let delegate = try #require(app.application.delegate as? LaunchingDelegate)
    let window = try #require(delegate.window)
    #expect(app.application.keyWindow === window)
    #expect(window.rootViewController?.view.frame == Rect(x: 0, y: 0, width: 300, height: 200))
    #expect(app.snapshot().pixel(x: 150, y: 100) == Color(hex: 0x34c759))
  }

  @Test func beginAndEndKeepToOneCycle() {
    let log = ControllerLog()
    let a = LoggedController("A", log: log)
    a.beginAppearanceTransition(true, animated: true)
    a.beginAppearanceTransition(true, animated: true)
    a.endAppearanceTransition()
    a.endAppearanceTransition()
    a.beginAppearanceTransition(true, animated: false)
    #expect(log.take() == ["A.viewDidLoad", "A.wA", "A.dA"])
    #expect(a.animatedFlags == [true])
    a.beginAppearanceTransition(false, animated: false)
    a.beginAppearanceTransition(false, animated: false)
    a.endAppearanceTransition()
    a.beginAppearanceTransition(false, animated: false)
    a.endAppearanceTransition()
    #expect(log.take() == ["A.wD", "A.dD"])
  }

  @Test func anOppositeBeginCancelsTheTransitionInProgress() {
    let log = ControllerLog()
    let a = LoggedController("A", log: log)
    a.loadViewIfNeeded()
    log.entries = []
    a.beginAppearanceTransition(true, animated: true)
    a.beginAppearanceTransition(false, animated: true)
    a.endAppearanceTransition()
    #expect(log.take() == ["A.wA", "A.wD", "A.dD"])
    a.beginAppearanceTransition(true, animated: true)
    a.endAppearanceTransition()
    a.beginAppearanceTransition(false, animated: true)
    a.beginAppearanceTransition(true, animated: true)
    a.endAppearanceTransition()
    #expect(log.take() == ["A.wA", "A.dA", "A.wD", "A.wA", "A.dA"])
  }

  /// Hundreds of begins and ends in a scrambled order: the callbacks still read as one
  /// cycle (after wA only dA or wD, after dA only wD, after wD only dD or wA, after dD only
  /// wA).
  @Test func scrambledBeginsAndEndsNeverBreakTheCycle() {
    let log = ControllerLog()
    let a = LoggedController("A", log: log)
    a.loadViewIfNeeded()
    log.entries = []
    var seed: UInt64 = 0x9e37_79b9_7f4a_7c15
    for _ in 0..<600 {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      switch seed >> 62 {
      case 0: a.beginAppearanceTransition(true, animated: false)
      case 1: a.beginAppearanceTransition(false, animated: false)
      default: a.endAppearanceTransition()
      }
    }
    let allowed: [String: Set<String>] = [
      "start": ["A.wA"], "A.wA": ["A.dA", "A.wD"], "A.dA": ["A.wD"],
      "A.wD": ["A.dD", "A.wA"], "A.dD": ["A.wA"],
    ]
    var previous = "start"
    var broken: [String] = []
    for entry in log.entries {
      if !(allowed[previous]?.contains(entry) ?? false) { broken.append("\(previous) → \(entry)") }
      previous = entry
    }
    #expect(log.entries.count > 100)
    #expect(Set(log.entries) == ["A.wA", "A.dA", "A.wD", "A.dD"])
    #expect(broken.isEmpty)
  }

  @Test func aControllerAppearsOnlyAfterItsViewLoaded() {
    let log = ControllerLog()
    let a = LoggedController("A", log: log)
    a.beginAppearanceTransition(true, animated: false)
    #expect(log.take() == ["A.viewDidLoad", "A.wA"])
    #expect(!a.isBeingPresented && !a.isBeingDismissed)
  }
}
