import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// Where a view's left edge is on screen now (mid-animation, not where it is going).
@MainActor
func onScreenMinX(_ view: View) -> Double {
  let shown = view.layer.presented
  return shown.position.x - shown.bounds.width / 2
}

@MainActor
struct PageViewControllerSetTests {
  @Test func settingAPageWithoutAnimationKeepsTheTabOrder() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (pages, source, _) = makePages(app, log: log)
    var completions: [Bool] = []
    pages.setViewControllers([source.page("C")], direction: .forward, animated: false) {
      completions.append($0)
    }
    #expect(
      log.take() == [
        "C.willMove(page)", "C.viewDidLoad", "A.willMove(nil)", "C.wA", "A.wD", "A.dD", "C.dA",
        "A.didMove(nil)", "C.didMove(page)",
      ])
    #expect(completions == [true])
    let c = try #require(pages.children.first as? PageChild)
    #expect(c.animatedFlags == [false] && identical(pages.children, [c]))
    #expect(identical(pages.contentView.subviews, [c.view]))
    #expect(source.asked.isEmpty && source.alive("A") == 0)
  }

  @Test func settingAPageAnimatedSlidesItInFromTheDirection() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (pages, source, _) = makePages(app, log: log)
    var completions: [Bool] = []
    let a = try #require(pages.children.first as? PageChild)
    pages.setViewControllers([source.page("C")], direction: .forward, animated: true) {
      completions.append($0)
    }
    let c = try #require(pages.children.last as? PageChild)
    #expect(log.take() == ["C.willMove(page)", "C.viewDidLoad", "A.willMove(nil)", "C.wA", "A.wD"])
    app.advance(by: 0.1)
    // Mid-slide the new page is on its way in from the right, the old one out to the left.
    let cX = onScreenMinX(c.view)
    let aX = onScreenMinX(a.view)
    #expect(cX > 0 && cX < 320 && aX < 0 && abs(cX - aX - 320) < 0.5)
    let midway = app.snapshot()
    #expect(midway.pixel(x: 2, y: 120) == a.view.backgroundColor)
    #expect(midway.pixel(x: 317, y: 120) == c.view.backgroundColor)
    #expect(completions.isEmpty && log.entries.isEmpty)
    app.advance(by: 0.3)
    #expect(log.take() == ["A.dD", "C.dA", "A.didMove(nil)", "C.didMove(page)"])
    #expect(completions == [true] && c.animatedFlags == [true])
    #expect(identical(pages.children, [c]) && identical(pages.contentView.subviews, [c.view]))

    pages.setViewControllers([source.page("B")], direction: .reverse, animated: true)
    let b = try #require(pages.children.last as? PageChild)
    app.advance(by: 0.1)
    let bX = onScreenMinX(b.view)
    #expect(bX < 0 && bX > -320 && onScreenMinX(c.view) > 0)
    app.advance(by: 0.3)
    #expect(appearanceOnly(log.take()) == ["B.wA", "C.wD", "C.dD", "B.dA"])
    #expect(shownName(pages) == "B" && b.view.frame == pages.contentView.bounds)
  }

  @Test func pagesSetBeforeTheViewIsOnScreenOnlyJoinUntilItAppears() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let source = LetterPages("ABC", log: log)
    let pages = PageViewController()
    pages.dataSource = source
    pages.setViewControllers([source.page("A")], direction: .forward, animated: true)
    pages.setViewControllers([source.page("B")], direction: .forward, animated: true)
    #expect(
      log.take() == [
        "A.willMove(page)", "A.didMove(page)", "B.willMove(page)", "A.willMove(nil)",
        "A.didMove(nil)", "B.didMove(page)",
      ])
    #expect(!pages.isViewLoaded && source.alive("A") == 0)
    app.window.rootViewController = pages
    app.runUntilIdle()
    #expect(log.take() == ["B.viewDidLoad", "B.wA", "B.dA"])
    #expect(pages.transitionStyle == .scroll && pages.navigationOrientation == .horizontal)
  }

  @Test func insideANavigationControllerThePageAppearsAndDisappearsWithIt() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let source = LetterPages("AB", log: log)
    let pages = PageViewController()
    pages.dataSource = source
    pages.setViewControllers([source.page("A")], direction: .forward, animated: false)
    let navigation = NavigationController(rootViewController: ViewController())
    app.window.rootViewController = navigation
    app.runUntilIdle()
    log.entries = []
    navigation.pushViewController(pages, animated: true)
    #expect(log.take() == ["A.viewDidLoad", "A.wA"])
    app.advance(by: 0.5)
    #expect(log.take() == ["A.dA"])
    app.drag(from: Point(x: 260, y: 120), to: Point(x: 40, y: 120), duration: 0.3)
    app.advance(by: 0.4)
    #expect(appearanceOnly(log.take()) == ["B.wA", "A.wD", "A.dD", "B.dA"])
    navigation.popViewController(animated: true)
    #expect(log.take() == ["B.wD"])
    app.advance(by: 0.5)
    #expect(log.take() == ["B.dD"])
  }

  @Test func theDataSourceIsAskedOnlyWhenADragNeedsANeighbour() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (pages, source, _) = makePages(app, log: log)
    app.advance(by: 1)
    #expect(source.asked.isEmpty && source.made["B"] == nil)
    app.drag(from: Point(x: 260, y: 120), to: Point(x: 40, y: 120), duration: 0.3)
    app.advance(by: 0.4)
    app.drag(from: Point(x: 260, y: 120), to: Point(x: 40, y: 120), duration: 0.3)
    app.advance(by: 0.4)
    #expect(source.asked == ["after A", "after B"])
    #expect(shownName(pages) == "C")
    // Only the page shown is a child; those that left are let go.
    #expect(pages.children.count == 1 && pages.contentView.subviews.count == 1)
    #expect(source.alive("A") == 0 && source.alive("B") == 0 && source.alive("C") == 1)
    app.drag(from: Point(x: 40, y: 120), to: Point(x: 260, y: 120), duration: 0.3)
    app.advance(by: 0.4)
    #expect(source.asked.last == "before C" && shownName(pages) == "B")
    #expect(source.made["B"]?.count == 2)  // made again on demand
  }

  @Test func theDelegateHearsTheOutcomeWithThePreviousPage() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (pages, _, _) = makePages(app, log: log)
    let a = pages.children.first
    app.drag(from: Point(x: 260, y: 120), to: Point(x: 230, y: 120), duration: 0.5)
    app.advance(by: 0.4)
    app.drag(from: Point(x: 260, y: 120), to: Point(x: 40, y: 120), duration: 0.3)
    app.advance(by: 0.4)
    let calls = log.take().filter { !$0.contains(".") }
    #expect(
      calls == [
        "willTransition(B)", "didFinish(true, [A], false)", "willTransition(B)",
        "didFinish(true, [A], true)",
      ])
    #expect(pages.children.first !== a)
  }

  @Test func theDotsShowTheCountAndFollowThePage() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let source = LetterPages("ABCD", log: log)
    source.countsPages = true
    let pages = PageViewController(
      transitionStyle: .pageCurl, navigationOrientation: .horizontal,
      options: [.interPageSpacing: 10])
    pages.dataSource = source
    pages.setViewControllers([source.page("B")], direction: .forward, animated: false)
    app.window.rootViewController = pages
    app.runUntilIdle()
    #expect(!pages.pageControl.isHidden)
    #expect(pages.pageControl.numberOfPages == 4 && pages.pageControl.currentPage == 1)
    #expect(pages.contentView.frame == Rect(x: 0, y: 0, width: 320, height: 214))
    #expect(pages.children.first?.view.frame.size == Size(width: 320, height: 214))
    slide(app, from: Point(x: 260, y: 100), to: Point(x: 60, y: 100), steps: 20)
    // The next page keeps the gap from the one leaving.
    let b = try #require(pages.children.first)
    let c = try #require(pages.children.last)
    #expect(c.view.frame.minX - b.view.frame.maxX == 10)
    app.advance(by: 0.3)
    app.touch(.ended, at: Point(x: 60, y: 100))
    app.advance(by: 0.4)
    #expect(pages.pageControl.currentPage == 2 && shownName(pages) == "C")
    // The current dot is drawn darker than the others.
    let frame = app.snapshot()
    let dots = pages.pageControl
    let current = dots.convert(dots.dotCenter(2), to: nil)
    let other = dots.convert(dots.dotCenter(0), to: nil)
    #expect(frame.pixel(x: Int(current.x), y: Int(current.y)) == PageControl.defaultCurrentDotColor)
    #expect(frame.pixel(x: Int(other.x), y: Int(other.y)) == PageControl.defaultDotColor)
  }

  @Test func withoutACountThereAreNoDots() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (pages, _, _) = makePages(app, log: log)
    #expect(pages.pageControl.isHidden)
    #expect(pages.contentView.frame == Rect(x: 0, y: 0, width: 320, height: 240))
  }

  @Test func aPageControlStepsTowardsTheSideTapped() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let dots = PageControl(frame: Rect(x: 0, y: 200, width: 320, height: 26))
    dots.numberOfPages = 3
    #expect(dots.sizeThatFits(.zero) == Size(width: 39, height: 26))
    var changes: [Int] = []
    dots.addAction(Action { _ in changes.append(dots.currentPage) }, for: .valueChanged)
    app.window.addSubview(dots)
    app.runUntilIdle()
    app.tap(at: Point(x: 200, y: 213))
    app.tap(at: Point(x: 200, y: 213))
    app.tap(at: Point(x: 200, y: 213))  // already the last page: nothing to send
    app.tap(at: Point(x: 100, y: 213))
    #expect(changes == [1, 2, 1])
    dots.currentPage = 7
    #expect(dots.currentPage == 2 && changes.count == 3)
    dots.numberOfPages = 2
    #expect(dots.currentPage == 1)
  }
}
