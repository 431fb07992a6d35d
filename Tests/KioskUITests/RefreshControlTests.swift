import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor
struct RefreshControlTests {
  /// A 320×300 scroll view of 1,000 points of content, with a refresh control.
  private func makeScene(contentHeight: Double = 1000) throws -> (
    TestApplication, ScrollView, RefreshControl, ControlEventLog
  ) {
    let app = try TestApplication(pointSize: Size(width: 320, height: 400), scale: 1)
    let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 300))
    let content = View(frame: Rect(x: 0, y: 0, width: 320, height: contentHeight))
    content.backgroundColor = .white
    scrollView.addSubview(content)
    scrollView.contentSize = content.bounds.size
    let refresh = RefreshControl()
    scrollView.refreshControl = refresh
    app.window.addSubview(scrollView)
    app.runUntilIdle()
    return (app, scrollView, refresh, ControlEventLog(refresh))
  }

  /// Puts a finger down at the top and pulls it down by `distance`, without lifting it.
  private func pull(_ app: TestApplication, by distance: Double) {
    app.touch(.began, at: Point(x: 160, y: 10))
    let steps = 20
    for step in 1...steps {
      app.advance(by: 0.016)
      app.touch(.moved, at: Point(x: 160, y: 10 + distance * Double(step) / Double(steps)))
    }
  }

  private func lift(_ app: TestApplication) {
    app.advance(by: 0.3)  // held still: no flick
    app.touch(.ended, at: Point(x: 160, y: 300))
  }

  @Test func settingItPlacesItBehindTheContentHidden() throws {
    let (_, scrollView, refresh, _) = try makeScene(contentHeight: 100)
    #expect(scrollView.subviews.first === refresh)
    #expect(scrollView.alwaysBounceVertical)
    #expect(refresh.isHidden && !refresh.isRefreshing)
    #expect(!refresh.isUserInteractionEnabled)
  }

  @Test func aLongPullBeginsRefreshingOnceAndTheContentRestsBelowTheSpinner() throws {
    let (app, scrollView, refresh, log) = try makeScene()
    pull(app, by: 290)
    #expect(refresh.isRefreshing)
    #expect(refresh.spinner.isAnimating)
    #expect(log.events == ["valueChanged"])
    #expect(!refresh.isHidden)
    lift(app)
    app.advance(by: 2)
    #expect(scrollView.contentOffset.y == -60)
    #expect(refresh.frame == Rect(x: 0, y: -60, width: 320, height: 60))
    #expect(log.events == ["valueChanged"])
    // The spinner shows and turns.
    let phase = refresh.spinner.phase
    app.advance(by: 0.13)
    #expect(refresh.spinner.phase != phase)

    refresh.endRefreshing()
    #expect(!refresh.isRefreshing && !refresh.spinner.isAnimating)
    app.advance(by: 0.1)
    #expect(scrollView.contentOffset.y < 0 && scrollView.contentOffset.y > -60)
    app.advance(by: 1)
    #expect(scrollView.contentOffset.y == 0)
    #expect(refresh.isHidden)
    // Nothing is left running.
    let frames = app.framesPresented
    app.advance(by: 2)
    #expect(app.framesPresented == frames)
    #expect(ScheduledAction.nextFireTime == nil)
  }

  @Test func theContentDoesNotJumpWhenTheRefreshBegins() throws {
    let (app, scrollView, refresh, _) = try makeScene()
    app.touch(.began, at: Point(x: 160, y: 10))
    var offsets: [Double] = []
    var y = 10.0
    while !refresh.isRefreshing && y < 390 {
      y += 10
      app.advance(by: 0.016)
      app.touch(.moved, at: Point(x: 160, y: y))
      offsets.append(scrollView.contentOffset.y)
    }
    #expect(refresh.isRefreshing)
    app.advance(by: 0.016)
    app.touch(.moved, at: Point(x: 160, y: y + 10))
    // One more move of 10 points moves the content down a little, not up or far.
    let step = scrollView.contentOffset.y - (offsets.last ?? 0)
    #expect(step < 0 && step > -10)
    lift(app)
  }

  @Test func aShortPullDoesNotRefresh() throws {
    let (app, scrollView, refresh, log) = try makeScene()
    pull(app, by: 120)
    #expect(!refresh.isRefreshing)
    #expect(refresh.spinner.alpha > 0 && refresh.spinner.alpha < 1)
    #expect(!refresh.spinner.isAnimating)
    lift(app)
    app.advance(by: 2)
    #expect(scrollView.contentOffset.y == 0)
    #expect(log.events.isEmpty)
  }

  @Test func anotherPullNeedsTheContentBackAtItsTop() throws {
    let (app, _, refresh, log) = try makeScene()
    pull(app, by: 290)
    #expect(refresh.isRefreshing)
    refresh.endRefreshing()  // while the finger still pulls
    app.advance(by: 0.016)
    app.touch(.moved, at: Point(x: 160, y: 310))
    #expect(!refresh.isRefreshing)
    lift(app)
    app.advance(by: 2)
    pull(app, by: 290)
    #expect(refresh.isRefreshing)
    #expect(log.count("valueChanged") == 2)
    lift(app)
  }

  @Test func beginRefreshingFromCodeRevealsTheSpinnerWithoutAnEvent() throws {
    let (app, scrollView, refresh, log) = try makeScene()
    refresh.beginRefreshing()
    #expect(refresh.isRefreshing)
    app.advance(by: 1)
    #expect(scrollView.contentOffset.y == -60)
    #expect(!refresh.isHidden)
    #expect(refresh.spinner.isVisibleOnScreen)
    let turning = refresh.spinner.phase
    app.advance(by: 0.13)
    #expect(refresh.spinner.phase != turning)
    #expect(log.events.isEmpty)
    // Scrolled away from the top, the spinner is hidden and costs nothing.
    scrollView.showsVerticalScrollIndicator = false
    scrollView.contentOffset = Point(x: 0, y: 300)
    app.runUntilIdle()
    #expect(refresh.isHidden)
    let frames = app.framesPresented
    let phase = refresh.spinner.phase
    app.advance(by: 1)
    #expect(app.framesPresented == frames)
    #expect(refresh.spinner.phase == phase)
    refresh.endRefreshing()
    app.advance(by: 1)
    #expect(scrollView.contentOffset.y == 300)
  }

  @Test func aTitleAndTintShowUnderTheSpinner() throws {
    let (app, scrollView, refresh, _) = try makeScene()
    refresh.title = "Pull to refresh"
    refresh.tintColor = .red
    #expect(refresh.spinner.color == .red)
    #expect(refresh.titleLabel.textColor == .red)
    refresh.beginRefreshing()
    app.advance(by: 1)
    #expect(scrollView.contentOffset.y == -80)
    #expect(!refresh.titleLabel.isHidden)
    scrollView.refreshControl = nil
    #expect(refresh.superview == nil)
    app.advance(by: 1)
    #expect(scrollView.offsetRange.y.lowerBound == 0)
    #expect(scrollView.contentOffset.y == 0)
  }
}
