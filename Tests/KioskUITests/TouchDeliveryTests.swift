import KioskGraphics
import KioskTesting
import KioskUI
import Testing

/// A view that records what reaches it, optionally passing touches on.
@MainActor
final class RecordingView: View {
  var log: [String] = []
  var handles = true
  var lastLocation = Point.zero
  var lastTapCount = 0

  private func record(_ name: String, _ touches: Set<Touch>) {
    guard let touch = touches.first else { return }
    lastLocation = touch.location(in: self)
    lastTapCount = touch.tapCount
    log.append(name)
  }

  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    guard handles else { return super.touchesBegan(touches, with: event) }
    record("began", touches)
  }

  override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    guard handles else { return super.touchesMoved(touches, with: event) }
    record("moved", touches)
  }

  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    guard handles else { return super.touchesEnded(touches, with: event) }
    record("ended", touches)
  }

  override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    guard handles else { return super.touchesCancelled(touches, with: event) }
    record("cancelled", touches)
  }
}

/// A view that keeps the touches it gets (while `keeps`) and notes who they were.
@MainActor
final class KeepingView: View {
  var keeps = true
  var kept: [Touch] = []
  var seen: [ObjectIdentifier] = []
  var tapCounts: [Int] = []
  var beganAt = Point.zero

  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    for touch in touches {
      if keeps { kept.append(touch) }
      seen.append(ObjectIdentifier(touch))
      tapCounts.append(touch.tapCount)
      beganAt = touch.location(in: self)
    }
  }
}

@MainActor
struct TouchDeliveryTests {
  @Test func aTapReachesTheHitViewInItsCoordinates() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let target = RecordingView(frame: Rect(x: 50, y: 20, width: 60, height: 40))
    app.window.addSubview(target)
    app.tap(at: Point(x: 60, y: 30))
    #expect(target.log == ["began", "ended"])
    #expect(target.lastLocation == Point(x: 10, y: 10))
    app.tap(at: Point(x: 150, y: 90))
    #expect(target.log.count == 2)  // a tap elsewhere does not reach it
  }

  @Test func theViewKeepsItsTouchWhereverItMoves() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let target = RecordingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    app.window.addSubview(target)
    app.drag(from: Point(x: 10, y: 10), to: Point(x: 150, y: 80), duration: 0.1)
    #expect(target.log.first == "began" && target.log.last == "ended")
    #expect(target.log.filter { $0 == "moved" }.count == 6)  // one per refresh at 60 Hz
    #expect(target.lastLocation == Point(x: 150, y: 80))
  }

  @Test func unhandledTouchesGoUpTheResponderChain() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let parent = RecordingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let child = RecordingView(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    child.handles = false
    parent.addSubview(child)
    app.window.addSubview(parent)
    app.tap(at: Point(x: 15, y: 15))
    #expect(child.log.isEmpty)
    #expect(parent.log == ["began", "ended"])
    #expect(parent.lastLocation == Point(x: 15, y: 15))
    #expect(app.window.next === Application.shared)
  }

  /// A finished touch nothing holds serves the next finger, as new; one that an app kept is
  /// never reused.
  @Test func finishedTouchesAreReusedOnlyWhenNobodyHoldsThem() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let target = KeepingView(frame: Rect(x: 0, y: 0, width: 200, height: 100))
    app.window.addSubview(target)
    app.tap(at: Point(x: 10, y: 10))
    let kept = target.kept.popLast()
    let first = try #require(kept)
    let firstID = ObjectIdentifier(first)
    target.keeps = false
    app.advance(by: 1)
    app.tap(at: Point(x: 150, y: 80))
    #expect(target.seen.last != firstID, "a touch the test holds is not reused")
    let seen = target.seen.last
    let second = try #require(seen)
    app.advance(by: 1)
    app.drag(from: Point(x: 100, y: 50), to: Point(x: 120, y: 60), duration: 0.05)
    #expect(target.seen.last == second, "nothing held the second touch: it served the third")
    #expect(target.beganAt == Point(x: 100, y: 50) && target.tapCounts.last == 1)
    #expect(first.location(in: nil) == Point(x: 10, y: 10), "the kept touch is unchanged")
  }

  @Test func quickTapsInOnePlaceCount() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let target = RecordingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    app.window.addSubview(target)
    app.tap(at: Point(x: 20, y: 20))
    #expect(target.lastTapCount == 1)
    app.advance(by: 0.1)
    app.tap(at: Point(x: 22, y: 21))
    #expect(target.lastTapCount == 2)
    app.advance(by: 1)
    app.tap(at: Point(x: 22, y: 21))
    #expect(target.lastTapCount == 1)
  }

  @Test func aViewWithoutMultiTouchGetsOnlyItsFirstFinger() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let target = RecordingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    app.window.addSubview(target)
    app.touch(.began, at: Point(x: 10, y: 10), finger: 0)
    app.touch(.began, at: Point(x: 50, y: 50), finger: 1)
    #expect(target.log == ["began"])
    app.touch(.ended, at: Point(x: 50, y: 50), finger: 1)
    app.touch(.ended, at: Point(x: 10, y: 10), finger: 0)
    #expect(target.log == ["began", "ended"])
    target.isMultipleTouchEnabled = true
    app.touch(.began, at: Point(x: 10, y: 10), finger: 0)
    app.touch(.began, at: Point(x: 50, y: 50), finger: 1)
    #expect(target.log.suffix(2) == ["began", "began"])
  }

  @Test func theTouchThatWakesABlankedDisplayIsSwallowed() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let target = RecordingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    app.window.addSubview(target)
    var dark = true
    app.application.userActivityHandler = {
      defer { dark = false }
      return dark
    }
    defer { app.application.userActivityHandler = nil }
    app.drag(from: Point(x: 10, y: 10), to: Point(x: 20, y: 20), duration: 0.05)
    #expect(target.log.isEmpty)
    app.tap(at: Point(x: 10, y: 10))
    #expect(target.log == ["began", "ended"])
  }

  @Test func aTouchIsCancelledWhenItsViewLeavesTheWindow() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let container = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let target = RecordingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    container.addSubview(target)
    app.window.addSubview(container)
    app.touch(.began, at: Point(x: 10, y: 10))
    container.removeFromSuperview()
    #expect(target.log == ["began", "cancelled"])
    app.touch(.ended, at: Point(x: 10, y: 10))
    #expect(target.log == ["began", "cancelled"])  // the lift-off has nowhere to go
  }
}
