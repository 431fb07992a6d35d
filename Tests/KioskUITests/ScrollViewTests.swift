import KioskGraphics
import KioskTesting
import KioskUI
import Testing

/// A scroll view delegate that writes down what it hears.
@MainActor
final class ScrollRecorder: ScrollViewDelegate {
  var log: [String] = []
  var offsets: [Point] = []
  var releaseVelocity = Point.zero
  var releaseTarget = Point.zero
  /// Rewrites the target of a release, if set.
  var retarget: ((Point) -> Point)?

  func count(_ name: String) -> Int { log.filter { $0 == name }.count }

  func scrollViewDidScroll(_ scrollView: ScrollView) {
    offsets.append(scrollView.contentOffset)
  }
  func scrollViewWillBeginDragging(_ scrollView: ScrollView) { log.append("willBeginDragging") }
  func scrollViewWillEndDragging(
    _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: inout Point
  ) {
    log.append("willEndDragging")
    releaseVelocity = velocity
    releaseTarget = targetContentOffset
    if let retarget { targetContentOffset = retarget(targetContentOffset) }
  }
  func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
    log.append("didEndDragging(\(decelerate))")
  }
  func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {
    log.append("willBeginDecelerating")
  }
  func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { log.append("didEndDecelerating") }
  func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {
    log.append("didEndScrollingAnimation")
  }
}

/// A screen with a tall scroll view filling it.
@MainActor
struct ScrollScene {
  let app: TestApplication
  let scrollView: ScrollView
  let content: View
  let recorder = ScrollRecorder()

  init(contentSize: Size = Size(width: 320, height: 5000)) throws {
    app = try TestApplication(pointSize: Size(width: 320, height: 480))
    scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    content = View(frame: Rect(origin: .zero, size: contentSize))
    content.backgroundColor = Color(hex: 0xeeeeee)
    scrollView.addSubview(content)
    scrollView.contentSize = contentSize
    scrollView.delegate = recorder
    app.window.addSubview(scrollView)
    app.runUntilIdle()
  }
}

@MainActor
struct ScrollViewTests {
  @Test func aFlickGlidesOnSlowsDownAndStops() throws {
    let scene = try ScrollScene()
    let scrollView = scene.scrollView
    scene.app.drag(from: Point(x: 160, y: 400), to: Point(x: 160, y: 200), duration: 0.1)
    let atLift = scrollView.contentOffset.y
    #expect(atLift > 150 && atLift <= 200)
    #expect(scrollView.isDecelerating)
    #expect(scene.recorder.releaseVelocity.y > 1)  // points per millisecond, as UIKit
    var gains: [Double] = []
    var last = atLift
    for _ in 0..<4 {
      scene.app.advance(by: 0.25)
      gains.append(scrollView.contentOffset.y - last)
      last = scrollView.contentOffset.y
    }
    #expect(gains.allSatisfy { $0 > 0 })
    #expect(zip(gains, gains.dropFirst()).allSatisfy { $0.1 < $0.0 })  // slowing down
    scene.app.advance(by: 5)
    let rest = scrollView.contentOffset.y
    #expect(!scrollView.isDecelerating)
    scene.app.advance(by: 1)
    #expect(scrollView.contentOffset.y == rest)
    #expect(scene.recorder.count("didEndDecelerating") == 1)
    #expect(
      scene.recorder.log == [
        "willBeginDragging", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating",
        "didEndDecelerating",
      ])
    // The glide ended near where the delegate was told it would.
    #expect(abs(rest - scene.recorder.releaseTarget.y) < 8)
  }

  @Test func theFastRateGlidesLessFar() throws {
    var distances: [Double] = []
    for rate in [ScrollView.DecelerationRate.normal, .fast] {
      let scene = try ScrollScene()
      scene.scrollView.decelerationRate = rate
      scene.app.drag(from: Point(x: 160, y: 400), to: Point(x: 160, y: 300), duration: 0.1)
      let atLift = scene.scrollView.contentOffset.y
      scene.app.advance(by: 6)
      distances.append(scene.scrollView.contentOffset.y - atLift)
    }
    // The same release: about 0.002 against 0.01 of the speed lost per millisecond.
    #expect(distances[0] > 3 * distances[1] && distances[1] > 10)
  }

  @Test func aGlideGoesOnFromWhereTheAppMovesTheContent() throws {
    let scene = try ScrollScene()
    scene.app.drag(from: Point(x: 160, y: 400), to: Point(x: 160, y: 250), duration: 0.1)
    scene.app.advance(by: 0.1)
    let before = scene.scrollView.contentOffset.y
    scene.scrollView.contentOffset.y += 1000
    scene.app.advance(by: 1.0 / 60)
    let after = scene.scrollView.contentOffset.y
    #expect(after > before + 1000 && after < before + 1000 + 50)  // still gliding, from there
    #expect(scene.scrollView.isDecelerating)
    // An animated scroll stops where the app puts the content.
    scene.app.advance(by: 6)
    scene.scrollView.setContentOffset(Point(x: 0, y: 100), animated: true)
    scene.app.advance(by: 0.1)
    scene.scrollView.contentOffset = Point(x: 0, y: 2000)
    scene.app.advance(by: 1)
    #expect(scene.scrollView.contentOffset.y == 2000)
  }

  @Test func aSlowDragAndHoldDoesNotGlide() throws {
    let scene = try ScrollScene()
    let app = scene.app
    app.touch(.began, at: Point(x: 160, y: 400))
    for step in 1...10 {
      app.advance(by: 1.0 / 60)
      app.touch(.moved, at: Point(x: 160, y: 400 - Double(step) * 10))
    }
    app.advance(by: 0.3)  // the finger rests before it lifts
    app.touch(.ended, at: Point(x: 160, y: 300))
    let offset = scene.scrollView.contentOffset.y
    #expect(offset > 80 && offset <= 100)
    #expect(scene.recorder.log.last == "didEndDragging(false)")
    app.advance(by: 1)
    #expect(scene.scrollView.contentOffset.y == offset)
  }

  @Test func draggingPastTheTopStretchesAndSpringsBack() throws {
    let scene = try ScrollScene()
    let app = scene.app
    app.touch(.began, at: Point(x: 160, y: 100))
    for step in 1...20 {
      app.advance(by: 1.0 / 60)
      app.touch(.moved, at: Point(x: 160, y: 100 + Double(step) * 10))
    }
    let stretched = scene.scrollView.contentOffset.y
    #expect(stretched < -20)
    #expect(-stretched < 200 / 2)  // far less than the 200 points the finger moved
    // More pull stretches less and less.
    app.advance(by: 1.0 / 60)
    app.touch(.moved, at: Point(x: 160, y: 400))
    let further = scene.scrollView.contentOffset.y
    #expect(further < stretched && stretched - further < 100 / 2)
    app.advance(by: 0.5)
    app.touch(.ended, at: Point(x: 160, y: 400))
    #expect(scene.recorder.log.suffix(2) == ["didEndDragging(true)", "willBeginDecelerating"])
    scene.recorder.offsets.removeAll()
    app.advance(by: 1.5)
    #expect(scene.scrollView.contentOffset.y == 0)
    #expect(scene.recorder.offsets.count > 10)  // it moved back over many frames
    #expect(scene.recorder.offsets.allSatisfy { $0.y <= 0 })  // never past the edge
    #expect(scene.recorder.count("didEndDecelerating") == 1)
  }

  @Test func withoutBouncesTheContentStopsAtTheEdge() throws {
    let scene = try ScrollScene()
    scene.scrollView.bounces = false
    let app = scene.app
    app.touch(.began, at: Point(x: 160, y: 100))
    for step in 1...20 {
      app.advance(by: 1.0 / 60)
      app.touch(.moved, at: Point(x: 160, y: 100 + Double(step) * 10))
      #expect(scene.scrollView.contentOffset.y == 0)
    }
    app.touch(.ended, at: Point(x: 160, y: 300))
    // A flick toward the end stops there.
    scene.scrollView.contentOffset = Point(x: 0, y: 4400)
    app.drag(from: Point(x: 160, y: 400), to: Point(x: 160, y: 100), duration: 0.1)
    for _ in 0..<30 {
      app.advance(by: 1.0 / 60)
      #expect(scene.scrollView.contentOffset.y <= 4520)
    }
    app.advance(by: 3)
    #expect(scene.scrollView.contentOffset.y == 4520)
  }

  @Test func aFlickIntoTheEndBouncesBack() throws {
    let scene = try ScrollScene()
    scene.scrollView.contentOffset = Point(x: 0, y: 4300)
    scene.app.drag(from: Point(x: 160, y: 400), to: Point(x: 160, y: 100), duration: 0.1)
    var deepest = 0.0
    for _ in 0..<90 {
      scene.app.advance(by: 1.0 / 60)
      deepest = max(deepest, scene.scrollView.contentOffset.y)
    }
    #expect(deepest > 4520)  // it went past the end…
    #expect(deepest < 4520 + ScrollViewTests.maximumOvershoot)
    #expect(scene.scrollView.contentOffset.y == 4520)  // …and came back
    #expect(scene.recorder.count("didEndDecelerating") == 1)
  }

  static let maximumOvershoot = 121.0

  @Test func pagingTurnsOnePagePerFlick() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let pager = ScrollView(frame: Rect(x: 0, y: 0, width: 300, height: 200))
    pager.isPagingEnabled = true
    pager.contentSize = Size(width: 1500, height: 200)
    app.window.addSubview(pager)
    app.runUntilIdle()
    // A long, fast flick still turns one page.
    app.drag(from: Point(x: 290, y: 100), to: Point(x: 10, y: 100), duration: 0.05)
    app.advance(by: 2)
    #expect(pager.contentOffset == Point(x: 300, y: 0))
    // A short flick turns one too.
    app.drag(from: Point(x: 200, y: 100), to: Point(x: 160, y: 100), duration: 0.05)
    app.advance(by: 2)
    #expect(pager.contentOffset == Point(x: 600, y: 0))
    // A slow drag under half a page settles back; past half it turns the page.
    app.touch(.began, at: Point(x: 200, y: 100))
    for step in 1...10 {
      app.advance(by: 1.0 / 60)
      app.touch(.moved, at: Point(x: 200 - Double(step) * 10, y: 100))
    }
    app.advance(by: 0.3)
    app.touch(.ended, at: Point(x: 100, y: 100))
    app.advance(by: 2)
    #expect(pager.contentOffset == Point(x: 600, y: 0))
    app.drag(from: Point(x: 60, y: 100), to: Point(x: 260, y: 100), duration: 1)
    app.advance(by: 2)
    #expect(pager.contentOffset == Point(x: 300, y: 0))
    #expect(!pager.isDecelerating)
  }

  @Test func theIndicatorShowsWhileScrollingAndFadesAfter() throws {
    let scene = try ScrollScene()
    let app = scene.app
    #expect(scene.scrollView.verticalScrollIndicatorForTesting.isHidden)
    app.touch(.began, at: Point(x: 160, y: 400))
    for step in 1...10 {
      app.advance(by: 1.0 / 60)
      app.touch(.moved, at: Point(x: 160, y: 400 - Double(step) * 20))
    }
    let shown = scene.scrollView.verticalScrollIndicatorForTesting
    #expect(!shown.isHidden && shown.alpha == 1)
    // A thin bar at the right edge, as long as the visible fraction of the track.
    #expect(shown.frame.width == 3 && shown.frame.maxX == scene.scrollView.bounds.maxX - 3)
    #expect(abs(shown.frame.height - 474 * 480 / 5000) < 0.01)  // the track × the visible part
    let frame = app.snapshot()
    let x = 320 - 3 - 2
    let y = Int(shown.frame.midY - scene.scrollView.contentOffset.y)
    #expect(frame.pixel(x: x, y: y) != frame.pixel(x: x - 20, y: y))
    app.touch(.ended, at: Point(x: 160, y: 200))
    app.advance(by: 0.2)
    #expect(scene.scrollView.verticalScrollIndicatorForTesting.alpha == 1)  // still there
    app.advance(by: 8)
    let hidden = scene.scrollView.verticalScrollIndicatorForTesting
    #expect(hidden.alpha == 0 && hidden.isHidden)
    let after = app.snapshot()
    #expect(after.pixel(x: x, y: y) == after.pixel(x: x - 20, y: y))
    // The indicators are no subviews of the scroll view.
    #expect(scene.scrollView.subviews.count == 1 && scene.scrollView.subviews[0] === scene.content)
  }

  @Test func flashingShowsTheIndicatorsForAMoment() throws {
    let scene = try ScrollScene()
    scene.scrollView.flashScrollIndicators()
    scene.app.advance(by: 0.1)
    #expect(scene.scrollView.verticalScrollIndicatorForTesting.alpha == 1)
    scene.app.advance(by: 2)
    #expect(scene.scrollView.verticalScrollIndicatorForTesting.isHidden)
  }

  @Test func settingTheOffsetAnimatedTakesFramesAndTellsTheDelegate() throws {
    let scene = try ScrollScene()
    scene.scrollView.setContentOffset(Point(x: 0, y: 600), animated: true)
    scene.app.advance(by: 0.15)
    let halfway = scene.scrollView.contentOffset.y
    #expect(halfway > 0 && halfway < 600)
    scene.app.advance(by: 0.3)
    #expect(scene.scrollView.contentOffset.y == 600)
    #expect(scene.recorder.log == ["didEndScrollingAnimation"])
    scene.scrollView.setContentOffset(Point(x: 0, y: 100), animated: false)
    #expect(scene.scrollView.contentOffset.y == 100)
    // Show a rectangle below: the least scroll puts its bottom at the bottom edge.
    scene.scrollView.scrollRectToVisible(
      Rect(x: 0, y: 900, width: 10, height: 50), animated: false)
    #expect(scene.scrollView.contentOffset.y == 950 - 480)
    scene.scrollView.scrollRectToVisible(Rect(x: 0, y: 500, width: 10, height: 50), animated: false)
    #expect(scene.scrollView.contentOffset.y == 950 - 480)  // already visible
  }

  @Test func theDelegateCanChooseWhereAGlideEnds() throws {
    let scene = try ScrollScene()
    scene.recorder.retarget = { Point(x: $0.x, y: (($0.y / 100).rounded()) * 100 + 30) }
    scene.app.drag(from: Point(x: 160, y: 400), to: Point(x: 160, y: 250), duration: 0.1)
    let target = scene.recorder.releaseTarget.y
    scene.app.advance(by: 6)
    #expect(scene.scrollView.contentOffset.y == (target / 100).rounded() * 100 + 30)
    #expect(scene.recorder.count("didEndDecelerating") == 1)
  }

  @Test func aTouchStopsTheGlideAndDoesNotReachTheContent() throws {
    let scene = try ScrollScene()
    let target = RecordingView(frame: Rect(x: 0, y: 0, width: 320, height: 5000))
    scene.content.addSubview(target)
    scene.app.drag(from: Point(x: 160, y: 400), to: Point(x: 160, y: 150), duration: 0.1)
    scene.app.advance(by: 0.2)
    #expect(scene.scrollView.isDecelerating)
    scene.app.tap(at: Point(x: 160, y: 240))
    let stopped = scene.scrollView.contentOffset.y
    scene.app.advance(by: 1)
    #expect(scene.scrollView.contentOffset.y == stopped)
    #expect(!scene.scrollView.isDecelerating)
    #expect(target.log.isEmpty)
    #expect(scene.recorder.count("didEndDecelerating") == 0)  // stopped, not ended (UIKit)
    // The next tap, with the content at rest, reaches it.
    scene.app.tap(at: Point(x: 160, y: 240))
    #expect(target.log == ["began", "ended"])
  }

  @Test func contentThatFitsDoesNotScrollUnlessAlwaysBouncing() throws {
    let scene = try ScrollScene(contentSize: Size(width: 320, height: 300))
    scene.app.drag(from: Point(x: 160, y: 100), to: Point(x: 160, y: 300), duration: 0.2)
    #expect(scene.scrollView.contentOffset == .zero)
    #expect(scene.recorder.log.isEmpty)
    scene.scrollView.alwaysBounceVertical = true
    scene.app.touch(.began, at: Point(x: 160, y: 100))
    scene.app.advance(by: 1.0 / 60)
    scene.app.touch(.moved, at: Point(x: 160, y: 200))
    scene.app.advance(by: 1.0 / 60)
    scene.app.touch(.moved, at: Point(x: 160, y: 300))
    #expect(scene.scrollView.contentOffset.y < 0)
    scene.app.touch(.ended, at: Point(x: 160, y: 300))
    scene.app.advance(by: 1.5)
    #expect(scene.scrollView.contentOffset == .zero)
  }

  @Test func aVerticalScrollViewLeavesSidewaysDragsAlone() throws {
    let scene = try ScrollScene()
    scene.app.drag(from: Point(x: 300, y: 200), to: Point(x: 20, y: 210), duration: 0.2)
    #expect(scene.scrollView.contentOffset == .zero)
    #expect(!scene.scrollView.isTracking)
    #expect(scene.recorder.log.isEmpty)
  }
}
