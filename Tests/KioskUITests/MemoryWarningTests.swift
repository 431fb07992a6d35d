import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor
struct MemoryWarningTests {
  private func makeApp(_ log: ControllerLog) throws -> (TestApplication, MemoryLogDelegate) {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let delegate = MemoryLogDelegate()
    delegate.log = log
    app.application.delegate = delegate
    return (app, delegate)
  }

  /// Eight screens on a navigation stack, one of them a custom container with a child and
  /// one a page view: a warning unloads the seven under the top (containers before their
  /// children), releases their views for good, and popping back shows every screen as it
  /// was.
  @Test func aNavigationStackOfEightUnloadsTheSevenUnderTheTop() throws {
    let log = ControllerLog()
    let (app, _) = try makeApp(log)
    let child = MemoryController(11, log: log)
    let pages = makePages(showing: MemoryController(2, log: log))
    let stack: [ViewController] =
      [MemoryController(0, log: log), PairController(1, child: child, log: log), pages]
      + (3...7).map { MemoryController($0, log: log) }
    let navigation = NavigationController(rootViewController: stack[0])
    app.window.rootViewController = navigation
    var before = [app.snapshot()]
    for controller in stack.dropFirst() {
      navigation.pushViewController(controller, animated: false)
      before.append(app.snapshot())
    }
    let offscreen = stack.dropLast()
    let oldViews = (offscreen.map(\.view) + [child.view]).map { WeakView(view: $0) }
    let offscreenBytes = offscreen.reduce(0) { $0 + $1.view.backingStoreByteCount() }
    #expect(offscreenBytes >= 7 * 320 * (240 - 44) * 4)
    let allBytes = View.totalBackingStoreByteCount
    log.entries = []

    app.simulateMemoryWarning()
    #expect(log.take() == expectedUnloading([0, 1, 11, 2, 3, 4, 5, 6, 7], warnedOnly: [7]))
    #expect(offscreen.allSatisfy { !$0.isViewLoaded } && !child.isViewLoaded)
    #expect(stack[7].isViewLoaded && navigation.isViewLoaded)
    #expect(oldViews.allSatisfy { $0.view == nil }, "an unloaded view is still alive")
    #expect(allBytes - View.totalBackingStoreByteCount >= offscreenBytes)
    #expect(samePixels(app.snapshot(), before[7]))

    for index in stride(from: 6, through: 0, by: -1) {
      navigation.popViewController(animated: true)
      app.advance(by: 0.5)
      #expect(samePixels(app.snapshot(), before[index]), "screen \(index) came back different")
    }
    // Each came back through loadView and viewDidLoad, before it appeared.
    let entries = log.take()
    for number in [0, 1, 11, 2, 3, 4, 5, 6] {
      let mine = entries.filter { $0.hasPrefix("m\(number).") }
      #expect(
        Array(mine.prefix(3)) == ["m\(number).loadView", "m\(number).viewDidLoad", "m\(number).wA"])
    }
  }

  /// Four tabs, the third a navigation controller and the fourth a split view: a warning
  /// unloads the three unselected tabs with everything in them; selecting each again shows
  /// it as it was.
  @Test func aTabBarOfFourUnloadsTheUnselectedTabs() throws {
    let log = ControllerLog()
    let app = try TestApplication(pointSize: Size(width: 800, height: 480))
    let delegate = MemoryLogDelegate()
    delegate.log = log
    app.application.delegate = delegate
    let navigation = NavigationController(rootViewController: MemoryController(20, log: log))
    let split = SplitViewController(
      primary: MemoryController(30, log: log), secondary: MemoryController(31, log: log))
    let tabs = TabBarController()
    tabs.setViewControllers(
      [MemoryController(0, log: log), MemoryController(1, log: log), navigation, split],
      animated: false)
    app.window.rootViewController = tabs
    var before: [Bitmap] = []
    for index in 0..<4 {
      tabs.selectedIndex = index
      if index == 2 {
        app.runUntilIdle()
        navigation.pushViewController(MemoryController(21, log: log), animated: false)
      }
      before.append(app.snapshot())
    }
    tabs.selectedIndex = 0
    app.runUntilIdle()
    log.entries = []

    app.simulateMemoryWarning()
    #expect(log.take() == expectedUnloading([0, 1, 20, 21, 30, 31], warnedOnly: [0]))
    #expect(!navigation.isViewLoaded && !split.isViewLoaded)
    #expect(tabs.viewControllers?.first?.isViewLoaded == true)

    for index in [3, 2, 1] {
      tabs.selectedIndex = index
      #expect(samePixels(app.snapshot(), before[index]), "tab \(index) came back different")
    }
    #expect(split.displayMode == .oneBesideSecondary)
  }

  /// A chain of two presentations over the root: a warning unloads the root and the first
  /// presented controller, under the second; dismissing each shows what was under it.
  @Test func aChainOfTwoPresentationsUnloadsWhatIsCovered() throws {
    let log = ControllerLog()
    let (app, _) = try makeApp(log)
    let root = MemoryController(0, log: log)
    let first = MemoryController(1, log: log)
    let second = MemoryController(2, log: log)
    app.window.rootViewController = root
    let underFirst = app.snapshot()
    root.present(first, animated: false)
    let underSecond = app.snapshot()
    first.present(second, animated: false)
    let top = app.snapshot()
    log.entries = []

    app.simulateMemoryWarning()
    #expect(log.take() == expectedUnloading([0, 1, 2], warnedOnly: [2]))
    #expect(!root.isViewLoaded && !first.isViewLoaded && second.isViewLoaded)
    #expect(samePixels(app.snapshot(), top))

    second.dismiss(animated: true)
    app.advance(by: 0.5)
    #expect(samePixels(app.snapshot(), underSecond))
    #expect(log.take() == ["m1.loadView", "m1.viewDidLoad", "m1.wA", "m1.dA"])
    first.dismiss(animated: true)
    app.advance(by: 0.5)
    #expect(samePixels(app.snapshot(), underFirst))
    #expect(log.take() == ["m0.loadView", "m0.viewDidLoad", "m0.wA", "m0.dA"])
  }

  /// A screen the app keeps state in comes back with that state: the count lives in the
  /// controller, not in the view.
  @Test func stateTheControllerKeepsComesBackWithTheView() throws {
    let log = ControllerLog()
    let (app, _) = try makeApp(log)
    let list = MemoryController(0, log: log)
    let navigation = NavigationController(rootViewController: list)
    app.window.rootViewController = navigation
    list.count = 42
    list.countLabel?.text = "Screen 0: 42"
    let shown = app.snapshot()
    navigation.pushViewController(MemoryController(1, log: log), animated: false)
    app.simulateMemoryWarning()
    #expect(list.countLabel == nil)
    navigation.popViewController(animated: false)
    #expect(list.countLabel?.text == "Screen 0: 42")
    #expect(samePixels(app.snapshot(), shown))
  }

  /// A controller that overrides `didReceiveMemoryWarning()` without `super` keeps its
  /// view off screen; the controllers on screen keep theirs, containers included.
  @Test func theOptOutAndTheVisibleKeepTheirViews() throws {
    let log = ControllerLog()
    let (app, _) = try makeApp(log)
    let video = KeepingController(0, log: log)
    let child = MemoryController(11, log: log)
    let visible = PairController(1, child: child, log: log)
    let navigation = NavigationController(rootViewController: video)
    app.window.rootViewController = navigation
    let videoView = video.view
    navigation.pushViewController(visible, animated: false)
    app.runUntilIdle()
    log.entries = []

    app.simulateMemoryWarning()
    #expect(log.take() == expectedUnloading([0, 1, 11], warnedOnly: [0, 1, 11]))
    #expect(video.viewIfLoaded === videoView)
    #expect(visible.isViewLoaded && child.isViewLoaded)
    navigation.popViewController(animated: false)
    #expect(log.take() == ["m0.wA", "m0.dA"])  // no loadView: the same view came back
  }

  /// A container that keeps its view keeps its children's views in it too: they go with
  /// the container's view or not at all.
  @Test func aChildInsideAKeptViewStays() throws {
    let log = ControllerLog()
    let (app, _) = try makeApp(log)
    let container = KeepingContainer(0, child: MemoryController(11, log: log), log: log)
    let navigation = NavigationController(rootViewController: container)
    app.window.rootViewController = navigation
    navigation.pushViewController(MemoryController(1, log: log), animated: false)
    app.runUntilIdle()
    log.entries = []
    app.simulateMemoryWarning()
    #expect(log.take() == expectedUnloading([0, 11, 1], warnedOnly: [0, 11, 1]))
    #expect(container.child.viewIfLoaded?.superview === container.viewIfLoaded)
  }

  /// A warning during an animated push waits for the push to end, then runs once, however
  /// many came meanwhile.
  @Test func aWarningDuringAPushWaitsForItsEnd() throws {
    let log = ControllerLog()
    let (app, delegate) = try makeApp(log)
    let root = MemoryController(0, log: log)
    let navigation = NavigationController(rootViewController: root)
    app.window.rootViewController = navigation
    app.runUntilIdle()
    navigation.pushViewController(MemoryController(1, log: log), animated: true)
    app.advance(by: 0.1)
    app.simulateMemoryWarning()
    app.simulateMemoryWarning()
    app.advance(by: 0.1)
    app.simulateMemoryWarning()
    #expect(delegate.warnings == 0)
    #expect(root.isViewLoaded)
    app.advance(by: 0.3)
    #expect(delegate.warnings == 1)
    #expect(!root.isViewLoaded)
    app.advance(by: 10)
    #expect(delegate.warnings == 1)
  }

  /// Any animation that ends by itself holds a warning back; one that repeats for ever
  /// does not.
  @Test func aWarningWaitsForAnimationsThatEnd() throws {
    let log = ControllerLog()
    let (app, delegate) = try makeApp(log)
    let badge = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
    app.window.addSubview(badge)
    app.runUntilIdle()
    View.animate(withDuration: 1) { badge.center = Point(x: 200, y: 100) }
    app.advance(by: 0.5)
    app.simulateMemoryWarning()
    #expect(delegate.warnings == 0)
    app.advance(by: 0.6)
    #expect(delegate.warnings == 1)

    View.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse]) {
      badge.alpha = 0.5
    }
    app.advance(by: 0.2)
    app.simulateMemoryWarning()
    #expect(delegate.warnings == 2)
  }

  /// An edge swipe held under a finger is a transition too; a warning waits for it at most
  /// five seconds.
  @Test func aWarningWaitsForAHeldSwipeAtMostFiveSeconds() throws {
    let log = ControllerLog()
    let (app, delegate) = try makeApp(log)
    let navigation = NavigationController(rootViewController: MemoryController(0, log: log))
    navigation.pushViewController(MemoryController(1, log: log), animated: false)
    app.window.rootViewController = navigation
    app.runUntilIdle()
    app.touch(.began, at: Point(x: 5, y: 120))
    for x in stride(from: 15.0, through: 95, by: 20) {
      app.advance(by: 1 / 60)
      app.touch(.moved, at: Point(x: x, y: 120))
    }
    app.simulateMemoryWarning()
    app.advance(by: 4)
    #expect(delegate.warnings == 0)
    app.advance(by: 1.1)
    #expect(delegate.warnings == 1)
    // Both controllers of the swipe are on screen: neither lost its view.
    #expect(navigation.viewControllers.allSatisfy { $0.isViewLoaded })
    app.touch(.ended, at: Point(x: 95, y: 120))
    app.advance(by: 0.5)
  }
}

/// A container that keeps its view through warnings, with a child in it.
@MainActor
final class KeepingContainer: MemoryController {
  let child: MemoryController

  init(_ number: Int, child: MemoryController, log: ControllerLog) {
    self.child = child
    super.init(number, log: log)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    addChild(child)
    view.addSubview(child.view)
    child.didMove(toParent: self)
  }

  override func didReceiveMemoryWarning() {
    record("warning")
  }
}
