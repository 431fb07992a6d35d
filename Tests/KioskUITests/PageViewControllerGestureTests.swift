import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor
struct PageViewControllerGestureTests {
  @Test func theFirstAndLastPagesStretchWithoutATransition() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (pages, source, _) = makePages(app, log: log, names: "AB")
    slide(app, from: Point(x: 60, y: 120), to: Point(x: 260, y: 120), steps: 20)
    let a = try #require(pages.children.first as? PageChild)
    // The page follows the finger less than the finger went.
    #expect(a.view.frame.minX > 20 && a.view.frame.minX < 150)
    #expect(source.asked == ["before A"])
    app.touch(.ended, at: Point(x: 260, y: 120))
    app.advance(by: 0.4)
    #expect(log.take().isEmpty)
    #expect(a.view.frame == pages.contentView.bounds && identical(pages.children, [a]))
    pages.setViewControllers([source.page("B")], direction: .forward, animated: false)
    log.entries = []
    app.drag(from: Point(x: 260, y: 120), to: Point(x: 60, y: 120), duration: 0.1)
    app.advance(by: 0.4)
    #expect(log.take().isEmpty)  // no delegate calls either
    #expect(source.asked == ["before A", "after B"])
    #expect(shownName(pages) == "B")
    #expect(pages.children.first?.view.frame == pages.contentView.bounds)
  }

  @Test func onlyADragAlongTheAxisTurnsPages() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (pages, source, _) = makePages(app, log: log)
    app.drag(from: Point(x: 160, y: 20), to: Point(x: 140, y: 220), duration: 0.3)
    app.advance(by: 0.4)
    #expect(log.take().isEmpty && source.asked.isEmpty)
    pages.panGestureRecognizer.isEnabled = false
    app.drag(from: Point(x: 260, y: 120), to: Point(x: 40, y: 120), duration: 0.3)
    app.advance(by: 0.4)
    #expect(log.take().isEmpty && shownName(pages) == "A")
    #expect(pages.gestureRecognizers.first === pages.panGestureRecognizer)
  }

  @Test func aVerticalPageViewTurnsWithAnUpwardDrag() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (pages, source, _) = makePages(app, log: log, orientation: .vertical)
    app.drag(from: Point(x: 160, y: 120), to: Point(x: 300, y: 110), duration: 0.3)
    app.advance(by: 0.4)
    #expect(log.take().isEmpty)  // sideways does nothing here
    slide(app, from: Point(x: 160, y: 220), to: Point(x: 160, y: 60), steps: 20)
    let b = try #require(pages.children.last as? PageChild)
    #expect(b.view.frame.minY == 80 && b.view.frame.minX == 0)
    app.advance(by: 0.3)
    app.touch(.ended, at: Point(x: 160, y: 60))
    app.advance(by: 0.4)
    #expect(appearanceOnly(log.take()) == ["B.wA", "A.wD", "A.dD", "B.dA"])
    #expect(source.asked == ["after A"] && shownName(pages) == "B")
  }

  @Test func aChangeFromCodeDuringADragCancelsItFirst() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (pages, source, _) = makePages(app, log: log)
    slide(app, from: Point(x: 260, y: 120), to: Point(x: 100, y: 120), steps: 10)
    log.entries = []
    pages.setViewControllers([source.page("C")], direction: .forward, animated: false)
    #expect(
      log.take() == [
        "B.willMove(nil)", "B.wD", "B.dD", "A.wA", "A.dA", "B.didMove(nil)",
        "didFinish(false, [A], false)", "C.willMove(page)", "C.viewDidLoad", "A.willMove(nil)",
        "C.wA", "A.wD", "A.dD", "C.dA", "A.didMove(nil)", "C.didMove(page)",
      ])
    app.touch(.ended, at: Point(x: 100, y: 120))
    app.advance(by: 0.4)
    #expect(log.take().isEmpty)
    #expect(shownName(pages) == "C" && pages.children.count == 1)
    #expect(pages.contentView.subviews.count == 1)
  }

  @Test func aDragOnAVerticalListOrAButtonStillTurnsThePageSideways() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (pages, source, _) = makePages(app, log: log)
    let page = try #require(pages.children.first)
    let list = ScrollView(frame: page.view.bounds)
    list.contentSize = Size(width: 320, height: 1000)
    page.view.addSubview(list)
    var events: [String] = []
    let button = Button(type: .system)
    button.frame = Rect(x: 200, y: 100, width: 100, height: 44)
    button.addAction(Action { _ in events.append("up inside") }, for: .touchUpInside)
    button.addAction(Action { _ in events.append("cancel") }, for: .touchCancel)
    page.view.addSubview(button)  // over the list, outside it
    app.runUntilIdle()
    app.drag(from: Point(x: 60, y: 200), to: Point(x: 70, y: 40), duration: 0.3)
    app.advance(by: 1)
    #expect(list.contentOffset.y > 100)  // the list scrolled; the pages did not move
    #expect(log.take().isEmpty && source.asked.isEmpty)
    let onButton = button.convert(Point(x: 50, y: 22), to: nil)
    app.drag(from: onButton, to: Point(x: onButton.x - 200, y: onButton.y), duration: 0.3)
    app.advance(by: 0.4)
    #expect(appearanceOnly(log.take()) == ["B.wA", "A.wD", "A.dD", "B.dA"])
    #expect(shownName(pages) == "B")
    #expect(events == ["cancel"])  // the button let go when the page took the drag
  }
}
