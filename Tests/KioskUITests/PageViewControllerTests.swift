import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A page that writes its life to a log in API.md's notation ("B.wA", "B.willMove(page)").
@MainActor
final class PageChild: ViewController {
  let name: String
  let log: ControllerLog
  var animatedFlags: [Bool] = []

  init(_ name: String, log: ControllerLog) {
    self.name = name
    self.log = log
    super.init()
  }

  private func record(_ event: String) { log.entries.append("\(name).\(event)") }

  override func viewDidLoad() {
    super.viewDidLoad()
    let colors: [String: UInt32] = ["A": 0xff3b30, "B": 0x34c759, "C": 0x007aff, "D": 0xff9500]
    view.backgroundColor = Color(hex: colors[name] ?? 0xaf52de)
    record("viewDidLoad")
  }
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    animatedFlags.append(animated)
    record("wA")
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    record("dA")
  }
  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    animatedFlags.append(animated)
    record("wD")
  }
  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    record("dD")
  }
  override func willMove(toParent parent: ViewController?) {
    super.willMove(toParent: parent)
    record("willMove(\(parent is PageViewController ? "page" : parent == nil ? "nil" : "?"))")
  }
  override func didMove(toParent parent: ViewController?) {
    super.didMove(toParent: parent)
    record("didMove(\(parent is PageViewController ? "page" : parent == nil ? "nil" : "?"))")
  }
}

/// Weakly holds a page the source made, to see when it is let go.
struct WeakPage {
  weak var page: PageChild?
}

/// Pages named by letters, made afresh each time they are asked for; it keeps none of
/// them, and notes every question ("after A", "before B").
@MainActor
final class LetterPages: PageViewControllerDataSource {
  let names: [String]
  let log: ControllerLog
  var asked: [String] = []
  var made: [String: [WeakPage]] = [:]
  var countsPages = false

  init(_ names: String, log: ControllerLog) {
    self.names = names.map { String($0) }
    self.log = log
  }

  func page(_ name: String) -> PageChild {
    let page = PageChild(name, log: log)
    made[name, default: []].append(WeakPage(page: page))
    return page
  }

  /// How many pages named `name` are still alive.
  func alive(_ name: String) -> Int { made[name, default: []].filter { $0.page != nil }.count }

  private func neighbour(of controller: ViewController, by step: Int) -> ViewController? {
    guard let page = controller as? PageChild, let index = names.firstIndex(of: page.name),
      names.indices.contains(index + step)
    else { return nil }
    return self.page(names[index + step])
  }

  func pageViewController(
    _ pageViewController: PageViewController, viewControllerBefore viewController: ViewController
  ) -> ViewController? {
    asked.append("before \((viewController as? PageChild)?.name ?? "?")")
    return neighbour(of: viewController, by: -1)
  }

  func pageViewController(
    _ pageViewController: PageViewController, viewControllerAfter viewController: ViewController
  ) -> ViewController? {
    asked.append("after \((viewController as? PageChild)?.name ?? "?")")
    return neighbour(of: viewController, by: 1)
  }

  func presentationCount(for pageViewController: PageViewController) -> Int {
    countsPages ? names.count : 0
  }

  func presentationIndex(for pageViewController: PageViewController) -> Int {
    let name = (pageViewController.viewControllers?.first as? PageChild)?.name ?? ""
    return names.firstIndex(of: name) ?? 0
  }
}

/// Writes the delegate's calls to the log: "willTransition(B)", "didFinish(true, [A], false)".
@MainActor
final class LoggingPageDelegate: PageViewControllerDelegate {
  let log: ControllerLog
  init(log: ControllerLog) { self.log = log }

  private func names(_ controllers: [ViewController]) -> String {
    controllers.map { ($0 as? PageChild)?.name ?? "?" }.joined(separator: ", ")
  }

  func pageViewController(
    _ pageViewController: PageViewController,
    willTransitionTo pendingViewControllers: [ViewController]
  ) {
    log.entries.append("willTransition(\(names(pendingViewControllers)))")
  }

  func pageViewController(
    _ pageViewController: PageViewController, didFinishAnimating finished: Bool,
    previousViewControllers: [ViewController], transitionCompleted completed: Bool
  ) {
    log.entries.append(
      "didFinish(\(finished), [\(names(previousViewControllers))], \(completed))")
  }
}

/// Whether a log keeps API.md's guarantees for each controller: every wA is followed by
/// one dA (or a wD when cancelled), and no controller gets two wA in a row.
func keepsAppearanceGuarantees(_ entries: [String]) -> Bool {
  var last: [String: String] = [:]
  for entry in appearanceOnly(entries) {
    let parts = entry.split(separator: ".").map(String.init)
    let (name, event) = (parts[0], parts[1])
    switch (last[name], event) {
    case ("wA", "wA"), ("wA", "dD"), (nil, "dA"), ("dA", "dA"), ("wD", "dA"): return false
    default: last[name] = event
    }
  }
  return last.values.allSatisfy { $0 == "dA" || $0 == "dD" }
}

/// A page view controller that keeps its data source and delegate alive for a test.
@MainActor
final class RetainingPageViewController: PageViewController {
  var kept: [AnyObject] = []
}

/// A window-filling page view controller showing `first`, on screen, with the log emptied.
@MainActor
func makePages(
  _ app: TestApplication, log: ControllerLog, names: String = "ABC", first: String = "A",
  orientation: PageViewController.NavigationOrientation = .horizontal
) -> (PageViewController, LetterPages, LoggingPageDelegate) {
  let source = LetterPages(names, log: log)
  let delegate = LoggingPageDelegate(log: log)
  let pages = RetainingPageViewController(
    transitionStyle: .scroll, navigationOrientation: orientation)
  pages.kept = [source, delegate]  // the page view controller holds both weakly
  pages.dataSource = source
  pages.delegate = delegate
  pages.setViewControllers([source.page(first)], direction: .forward, animated: false)
  app.window.rootViewController = pages
  app.runUntilIdle()
  log.entries = []
  return (pages, source, delegate)
}

/// The name of the page shown.
@MainActor
func shownName(_ pages: PageViewController) -> String? {
  (pages.viewControllers?.first as? PageChild)?.name
}

@MainActor
struct PageViewControllerTests {
  @Test func aDragPastHalfwayTurnsToTheNextPage() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (pages, source, _) = makePages(app, log: log)
    slide(app, from: Point(x: 260, y: 120), to: Point(x: 80, y: 120), steps: 20)
    #expect(
      log.take() == ["B.willMove(page)", "B.viewDidLoad", "willTransition(B)", "B.wA", "A.wD"])
    #expect(source.asked == ["after A"])
    // Both pages follow the finger, the next one coming in from the right.
    let a = try #require(pages.children.first as? PageChild)
    let b = try #require(pages.children.last as? PageChild)
    #expect(a.view.frame.minX == -180 && b.view.frame.minX == 140)
    #expect(shownName(pages) == "A" && pages.children.count == 2)
    app.advance(by: 0.3)  // hold still: the release is slow
    app.touch(.ended, at: Point(x: 80, y: 120))
    #expect(log.take() == ["A.willMove(nil)"])
    app.advance(by: 0.4)
    #expect(
      log.take() == [
        "A.dD", "B.dA", "A.didMove(nil)", "B.didMove(page)", "didFinish(true, [A], true)",
      ])
    #expect(shownName(pages) == "B" && identical(pages.children, [b]))
    #expect(identical(pages.contentView.subviews, [b.view]))
    #expect(b.view.frame == pages.contentView.bounds)
    #expect(b.animatedFlags == [true] && a.animatedFlags == [false, true])
    #expect(app.snapshot().pixel(x: 5, y: 120) == b.view.backgroundColor)
  }

  @Test func aDragToTheRightGoesBack() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (pages, source, _) = makePages(app, log: log, first: "B")
    app.drag(from: Point(x: 40, y: 120), to: Point(x: 240, y: 120), duration: 0.3)
    app.advance(by: 0.4)
    let entries = log.take()
    #expect(
      entries == [
        "A.willMove(page)", "A.viewDidLoad", "willTransition(A)", "A.wA", "B.wD",
        "B.willMove(nil)", "B.dD", "A.dA", "B.didMove(nil)", "A.didMove(page)",
        "didFinish(true, [B], true)",
      ])
    #expect(keepsAppearanceGuarantees(entries))
    #expect(source.asked == ["before B"])
    #expect(shownName(pages) == "A" && pages.children.count == 1)
    #expect(source.alive("B") == 0)  // the page that left is let go
  }

  @Test func aShortSlowDragSpringsBackWithCancelledCallbacks() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (pages, source, _) = makePages(app, log: log)
    slide(app, from: Point(x: 260, y: 120), to: Point(x: 160, y: 120), steps: 20)
    app.advance(by: 0.3)
    app.touch(.ended, at: Point(x: 160, y: 120))
    #expect(log.entries.count == 5)  // nothing more until the page is back
    app.advance(by: 0.4)
    let entries = log.take()
    #expect(
      entries == [
        "B.willMove(page)", "B.viewDidLoad", "willTransition(B)", "B.wA", "A.wD",
        "B.willMove(nil)", "B.wD", "B.dD", "A.wA", "A.dA", "B.didMove(nil)",
        "didFinish(true, [A], false)",
      ])
    #expect(appearanceOnly(entries) == ["B.wA", "A.wD", "B.wD", "B.dD", "A.wA", "A.dA"])
    #expect(keepsAppearanceGuarantees(entries))
    let a = try #require(pages.children.first as? PageChild)
    #expect(shownName(pages) == "A" && pages.children.count == 1)
    #expect(identical(pages.contentView.subviews, [a.view]))
    #expect(a.view.frame == pages.contentView.bounds)
    #expect(source.alive("B") == 0)
  }

  @Test func aQuickFlickTurnsThePageEvenIfShort() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (pages, _, _) = makePages(app, log: log)
    app.drag(from: Point(x: 260, y: 120), to: Point(x: 200, y: 120), duration: 0.05)
    app.advance(by: 0.4)
    #expect(
      appearanceOnly(log.take()) == ["B.wA", "A.wD", "A.dD", "B.dA"])
    #expect(shownName(pages) == "B")
  }

  @Test func aFlickBackCancelsEvenPastHalfway() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (pages, _, _) = makePages(app, log: log)
    slide(app, from: Point(x: 300, y: 120), to: Point(x: 40, y: 120), steps: 20)
    slide(app, from: Point(x: 40, y: 120), to: Point(x: 120, y: 120), steps: 6, touchingDown: false)
    app.touch(.ended, at: Point(x: 120, y: 120))
    app.advance(by: 0.4)
    #expect(
      appearanceOnly(log.take()) == ["B.wA", "A.wD", "B.wD", "B.dD", "A.wA", "A.dA"])
    #expect(shownName(pages) == "A")
  }
}
