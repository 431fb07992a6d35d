import KioskGraphics
import KioskTesting
import KioskUI
import Testing

/// A scroll view whose answers about content touches can be set.
@MainActor
final class ConfigurableScrollView: ScrollView {
  var cancelsControls = false
  var refusesTouches = false

  override func touchesShouldCancel(in view: View) -> Bool {
    cancelsControls || super.touchesShouldCancel(in: view)
  }

  override func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View)
    -> Bool
  {
    !refusesTouches
  }
}

/// A tall scroll view with a button and a recording view in it.
@MainActor
struct ContentTouchScene {
  let app: TestApplication
  let scrollView = ConfigurableScrollView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
  let button = Button(type: .system)
  let pad = RecordingView(frame: Rect(x: 0, y: 200, width: 320, height: 200))
  var buttonEvents: [String] = []

  init() throws {
    app = try TestApplication(pointSize: Size(width: 320, height: 480))
    scrollView.contentSize = Size(width: 320, height: 3000)
    button.setTitle("Press", for: .normal)
    button.frame = Rect(x: 60, y: 40, width: 200, height: 60)
    scrollView.addSubview(button)
    scrollView.addSubview(pad)
    app.window.addSubview(scrollView)
    app.runUntilIdle()
  }

  func record(_ events: Control.Event, as name: String, into log: Box<[String]>) {
    button.addAction(Action { _ in log.value.append(name) }, for: events)
  }
}

/// A reference to a value that closures can change.
@MainActor
final class Box<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}

@MainActor
struct ScrollViewContentTouchTests {
  @Test func aQuickTapOnAButtonInsideStillFiresIt() throws {
    let scene = try ContentTouchScene()
    let log = Box<[String]>([])
    scene.record(.touchDown, as: "down", into: log)
    scene.record(.touchUpInside, as: "up", into: log)
    scene.app.touch(.began, at: Point(x: 160, y: 70))
    #expect(log.value.isEmpty)  // held back while the scroll view decides
    scene.app.advance(by: 0.05)
    scene.app.touch(.ended, at: Point(x: 160, y: 70))
    #expect(log.value == ["down", "up"])  // delivered when the finger lifted
  }

  @Test func aDragThatStartsOnAButtonScrollsAndNeverPressesIt() throws {
    let scene = try ContentTouchScene()
    let log = Box<[String]>([])
    scene.record(.allTouchEvents, as: "event", into: log)
    scene.app.drag(from: Point(x: 160, y: 70), to: Point(x: 160, y: 20), duration: 0.1)
    #expect(scene.scrollView.contentOffset.y > 30)
    #expect(log.value.isEmpty)
    #expect(!scene.button.isHighlighted)
  }

  @Test func contentGetsItsTouchOnlyAfterTheDelay() throws {
    let scene = try ContentTouchScene()
    scene.app.touch(.began, at: Point(x: 160, y: 300))
    scene.app.advance(by: 0.1)
    #expect(scene.pad.log.isEmpty)
    scene.app.advance(by: 0.1)
    #expect(scene.pad.log == ["began"])
    // A drag now takes the touch away from it and scrolls.
    for step in 1...5 {
      scene.app.advance(by: 1.0 / 60)
      scene.app.touch(.moved, at: Point(x: 160, y: 300 - Double(step) * 10))
    }
    #expect(scene.pad.log == ["began", "cancelled"])
    #expect(scene.scrollView.contentOffset.y > 20)
    scene.app.touch(.ended, at: Point(x: 160, y: 250))
    #expect(scene.pad.log == ["began", "cancelled"])
  }

  @Test func withoutTheDelayContentGetsItsTouchAtOnce() throws {
    let scene = try ContentTouchScene()
    scene.scrollView.delaysContentTouches = false
    scene.app.touch(.began, at: Point(x: 160, y: 300))
    #expect(scene.pad.log == ["began"])
    scene.app.advance(by: 0.05)
    scene.app.touch(.ended, at: Point(x: 160, y: 300))
    #expect(scene.pad.log == ["began", "ended"])
  }

  @Test func aHeldButtonKeepsItsFingerUnlessTheScrollViewMayCancelIt() throws {
    let scene = try ContentTouchScene()
    let log = Box<[String]>([])
    scene.record(.touchDown, as: "down", into: log)
    scene.record(.touchCancel, as: "cancel", into: log)
    scene.record(.touchUpInside, as: "up", into: log)
    // Held past the delay, the button has the finger; dragging does not scroll (UIKit).
    scene.app.touch(.began, at: Point(x: 160, y: 70))
    scene.app.advance(by: 0.2)
    #expect(scene.button.isHighlighted)
    for step in 1...4 {
      scene.app.advance(by: 1.0 / 60)
      scene.app.touch(.moved, at: Point(x: 160, y: 70 - Double(step) * 10))
    }
    #expect(scene.scrollView.contentOffset.y == 0)
    scene.app.touch(.ended, at: Point(x: 160, y: 30))
    #expect(log.value == ["down", "up"])
    // A scroll view that may cancel controls takes the finger and scrolls.
    scene.scrollView.cancelsControls = true
    log.value.removeAll()
    scene.app.touch(.began, at: Point(x: 160, y: 70))
    scene.app.advance(by: 0.2)
    for step in 1...4 {
      scene.app.advance(by: 1.0 / 60)
      scene.app.touch(.moved, at: Point(x: 160, y: 70 - Double(step) * 10))
    }
    scene.app.touch(.ended, at: Point(x: 160, y: 30))
    #expect(log.value == ["down", "cancel"])
    #expect(scene.scrollView.contentOffset.y > 10)
  }

  @Test func withoutCancellingContentTouchesAHeldTouchDoesNotScroll() throws {
    let scene = try ContentTouchScene()
    scene.scrollView.canCancelContentTouches = false
    scene.app.touch(.began, at: Point(x: 160, y: 300))
    scene.app.advance(by: 0.2)
    for step in 1...4 {
      scene.app.advance(by: 1.0 / 60)
      scene.app.touch(.moved, at: Point(x: 160, y: 300 - Double(step) * 10))
    }
    scene.app.touch(.ended, at: Point(x: 160, y: 260))
    #expect(scene.scrollView.contentOffset.y == 0)
    #expect(scene.pad.log == ["began", "moved", "moved", "moved", "moved", "ended"])
  }

  @Test func touchesTheScrollViewRefusesNeverReachTheContent() throws {
    let scene = try ContentTouchScene()
    scene.scrollView.refusesTouches = true
    scene.app.tap(at: Point(x: 160, y: 300))
    scene.app.touch(.began, at: Point(x: 160, y: 300))
    scene.app.advance(by: 0.3)
    scene.app.touch(.ended, at: Point(x: 160, y: 300))
    #expect(scene.pad.log.isEmpty)
    #expect(!scene.scrollView.isTracking)
  }

  @Test func isTrackingFollowsTheFinger() throws {
    let scene = try ContentTouchScene()
    #expect(!scene.scrollView.isTracking)
    scene.app.touch(.began, at: Point(x: 160, y: 300))
    #expect(scene.scrollView.isTracking && !scene.scrollView.isDragging)
    scene.app.advance(by: 1.0 / 60)
    scene.app.touch(.moved, at: Point(x: 160, y: 260))
    #expect(scene.scrollView.isTracking && scene.scrollView.isDragging)
    scene.app.touch(.ended, at: Point(x: 160, y: 260))
    #expect(!scene.scrollView.isTracking && !scene.scrollView.isDragging)
  }
}
