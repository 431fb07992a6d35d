import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// Moves finger 0 from `start` to `end` in `steps` moves a frame apart, without lifting it
/// (and, unless `touchingDown` is false, putting it down at `start` first).
@MainActor
func slide(
  _ app: TestApplication, from start: Point, to end: Point, steps: Int, touchingDown: Bool = true
) {
  if touchingDown { app.touch(.began, at: start) }
  for step in 1...steps {
    app.advance(by: 1.0 / 60)
    let t = Double(step) / Double(steps)
    app.touch(
      .moved, at: Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
  }
}

@MainActor
struct NavigationInteractivePopTests {
  /// A on the root, B pushed on top; the log emptied.
  private func makeStack(_ app: TestApplication, log: ControllerLog) -> (
    NavigationController, StackChild, StackChild
  ) {
    let (navigation, a) = makeNavigation(app, log: log)
    let b = StackChild("B", log: log, color: Color(hex: 0x34c759))
    navigation.pushViewController(b, animated: false)
    app.runUntilIdle()
    log.entries = []
    b.animatedFlags = []
    return (navigation, a, b)
  }

  @Test func aSwipeFromTheEdgePastHalfwayCompletesThePop() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a, b) = makeStack(app, log: log)
    slide(app, from: Point(x: 5, y: 150), to: Point(x: 205, y: 150), steps: 20)
    #expect(log.take() == ["B.willMove(nil)", "B.wD", "A.wA"])
    #expect(b.animatedFlags == [true])
    // The top view follows the finger; the one below comes in from a third to the left.
    #expect(b.view.frame.minX == 200)
    #expect(abs(a.view.frame.minX - (-320 * 0.3 * (1 - 200.0 / 320))) < 0.01)
    #expect(identical(contentViews(of: navigation), [a.view, b.view]))
    #expect(navigation.viewControllers.count == 2)
    // Hold still so that the release is slow, then lift: past half the width completes.
    app.advance(by: 0.3)
    app.touch(.ended, at: Point(x: 205, y: 150))
    #expect(log.take().isEmpty)
    app.advance(by: 0.4)
    #expect(log.take() == ["B.dD", "A.dA", "B.didMove(nil)"])
    #expect(identical(navigation.viewControllers, [a]) && b.parent == nil)
    #expect(identical(contentViews(of: navigation), [a.view]))
    #expect(a.view.frame == navigation.contentView.bounds)
    #expect(barTitle(navigation) == "A" && backTitle(navigation) == nil)
  }

  @Test func aShortSlowSwipeCancelsWithAPIOrderAndKeepsTheStack() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a, b) = makeStack(app, log: log)
    slide(app, from: Point(x: 5, y: 150), to: Point(x: 105, y: 150), steps: 20)
    app.advance(by: 0.3)
    app.touch(.ended, at: Point(x: 105, y: 150))
    app.advance(by: 0.4)
    let entries = log.take()
    #expect(appearanceOnly(entries) == ["B.wD", "A.wA", "A.wD", "A.dD", "B.wA", "B.dA"])
    #expect(
      entries == [
        "B.willMove(nil)", "B.wD", "A.wA", "A.wD", "A.dD", "B.wA", "B.dA", "B.didMove(nav)",
      ])
    #expect(identical(navigation.viewControllers, [a, b]) && b.parent === navigation)
    #expect(!b.isMovingFromParent)
    #expect(identical(contentViews(of: navigation), [b.view]))
    #expect(b.view.frame == navigation.contentView.bounds)
    #expect(barTitle(navigation) == "B" && backTitle(navigation) == "A")
    #expect(app.snapshot().pixel(x: 4, y: 150) == b.color)
  }

  @Test func aQuickFlickCompletesEvenIfShort() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a, _) = makeStack(app, log: log)
    app.drag(from: Point(x: 5, y: 150), to: Point(x: 125, y: 150), duration: 0.1)
    app.advance(by: 0.4)
    #expect(
      log.take() == ["B.willMove(nil)", "B.wD", "A.wA", "B.dD", "A.dA", "B.didMove(nil)"])
    #expect(identical(navigation.viewControllers, [a]))
  }

  @Test func aFlickBackToTheLeftCancelsEvenPastHalfway() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a, b) = makeStack(app, log: log)
    slide(app, from: Point(x: 5, y: 150), to: Point(x: 285, y: 150), steps: 20)
    slide(
      app, from: Point(x: 285, y: 150), to: Point(x: 205, y: 150), steps: 6, touchingDown: false)
    #expect(b.view.frame.minX == 200)  // past half the width, but moving back fast
    app.touch(.ended, at: Point(x: 205, y: 150))
    app.advance(by: 0.4)
    #expect(appearanceOnly(log.take()) == ["B.wD", "A.wA", "A.wD", "A.dD", "B.wA", "B.dA"])
    #expect(identical(navigation.viewControllers, [a, b]))
  }

  @Test func onlyASwipeFromTheLeftEdgeWithSomethingToPopStartsIt() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a) = makeNavigation(app, log: log)
    app.drag(from: Point(x: 5, y: 150), to: Point(x: 250, y: 150), duration: 0.3)
    app.advance(by: 0.4)
    #expect(log.take().isEmpty)  // only the root: nothing to pop
    let b = StackChild("B", log: log)
    navigation.pushViewController(b, animated: false)
    log.entries = []
    app.drag(from: Point(x: 60, y: 150), to: Point(x: 300, y: 150), duration: 0.3)
    app.advance(by: 0.4)
    #expect(log.take().isEmpty)  // too far from the edge
    app.drag(from: Point(x: 5, y: 100), to: Point(x: 15, y: 230), duration: 0.3)
    app.advance(by: 0.4)
    #expect(log.take().isEmpty)  // downwards, not sideways
    navigation.interactivePopGestureRecognizer.isEnabled = false
    app.drag(from: Point(x: 5, y: 150), to: Point(x: 250, y: 150), duration: 0.3)
    app.advance(by: 0.4)
    #expect(log.take().isEmpty)
    #expect(identical(navigation.viewControllers, [a, b]))
  }

  @Test func theBarCrossFadesWithTheFinger() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, _, _) = makeStack(app, log: log)
    let current = try #require(barContent(navigation))
    slide(app, from: Point(x: 5, y: 150), to: Point(x: 85, y: 150), steps: 10)
    let incoming = navigation.navigationBar.subviews.compactMap { $0 as? NavigationBarContentView }
      .first { $0 !== current }
    #expect(incoming?.alpha == 0.25)
    #expect(current.alpha == 0.75)
    #expect((incoming?.titleView as? Label)?.text == "A")
    app.advance(by: 0.3)
    app.touch(.ended, at: Point(x: 85, y: 150))
    app.advance(by: 0.4)
    #expect(barContent(navigation) === current && current.alpha == 1)
    #expect(incoming?.superview == nil)
  }

  @Test func aPushDuringTheSwipeCancelsItFirst() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 240))
    let log = ControllerLog()
    let (navigation, a, b) = makeStack(app, log: log)
    slide(app, from: Point(x: 5, y: 150), to: Point(x: 105, y: 150), steps: 10)
    log.entries = []
    let c = StackChild("C", log: log)
    navigation.pushViewController(c, animated: false)
    #expect(
      log.take() == [
        "A.wD", "A.dD", "B.wA", "B.dA", "B.didMove(nav)", "C.willMove(nav)", "C.viewDidLoad",
        "B.wD", "C.wA", "B.dD", "C.dA", "C.didMove(nav)",
      ])
    app.touch(.ended, at: Point(x: 105, y: 150))
    app.advance(by: 0.4)
    #expect(log.take().isEmpty)
    #expect(identical(navigation.viewControllers, [a, b, c]))
    #expect(identical(contentViews(of: navigation), [c.view]))
  }
}
