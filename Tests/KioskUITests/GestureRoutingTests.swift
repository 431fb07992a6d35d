import KioskGraphics
import KioskTesting
import KioskUI
import Testing

/// An app-written recognizer: begins as soon as a finger is down, changes as it moves and
/// ends when it lifts.
@MainActor
final class HoldGestureRecognizer: GestureRecognizer {
  private(set) var resets = 0

  override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    if state == .possible { state = .began }
  }

  override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    if state == .began || state == .changed { state = .changed }
  }

  override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    guard numberOfTouches == touches.count else { return }
    state = state == .possible ? .failed : .ended
  }

  override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
    state = .cancelled
  }

  override func reset() {
    super.reset()
    resets += 1
  }
}

/// A delegate with switches.
@MainActor
final class SwitchDelegate: GestureRecognizerDelegate {
  var allowsBeginning = true
  var allowsSimultaneity = false

  func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    allowsBeginning
  }

  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
  ) -> Bool { allowsSimultaneity }
}

/// A view that lets only vertical pans begin.
@MainActor
final class VerticalPanView: View {
  override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    guard let pan = gestureRecognizer as? PanGestureRecognizer else { return true }
    let moved = pan.translation(in: self)
    return abs(moved.y) > abs(moved.x)
  }
}

/// How recognizers and views share touches: cancelling, delaying, vetoes, simultaneity,
/// recognizers up the hierarchy, and exclusive touch.
@MainActor
struct GestureRoutingTests {
  @Test func aPanThatBeginsCancelsTheViewsTouchesUnlessToldNotTo() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let view = RecordingView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    app.window.addSubview(view)
    let pan = PanGestureRecognizer()
    view.addGestureRecognizer(pan)

    app.touch(.began, at: Point(x: 20, y: 20))
    app.touch(.moved, at: Point(x: 24, y: 20))  // not yet a pan
    #expect(view.log == ["began", "moved"])
    app.touch(.moved, at: Point(x: 60, y: 20))
    #expect(view.log == ["began", "moved", "cancelled"])
    app.touch(.moved, at: Point(x: 80, y: 20))
    app.touch(.ended, at: Point(x: 80, y: 20))
    #expect(view.log == ["began", "moved", "cancelled"])

    view.log.removeAll()
    pan.cancelsTouchesInView = false
    app.drag(from: Point(x: 20, y: 20), to: Point(x: 120, y: 20), duration: 0.1)
    #expect(view.log == ["began"] + Array(repeating: "moved", count: 6) + ["ended"])
  }

  @Test func delaysTouchesBeganHoldsTheTouchUntilTheRecognizerFails() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let view = RecordingView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    app.window.addSubview(view)
    let press = LongPressGestureRecognizer()
    press.delaysTouchesBegan = true
    view.addGestureRecognizer(press)

    app.touch(.began, at: Point(x: 20, y: 20))
    app.touch(.moved, at: Point(x: 24, y: 20))
    #expect(view.log.isEmpty)
    app.touch(.moved, at: Point(x: 50, y: 20))  // too far: the press fails
    #expect(view.log == ["began", "moved"])
    #expect(view.lastLocation == Point(x: 50, y: 20))
    app.touch(.moved, at: Point(x: 60, y: 20))
    app.touch(.ended, at: Point(x: 60, y: 20))
    #expect(view.log == ["began", "moved", "moved", "ended"])

    // When it recognizes, the view never sees the touch at all.
    view.log.removeAll()
    app.touch(.began, at: Point(x: 20, y: 20))
    app.advance(by: 0.6)
    app.touch(.ended, at: Point(x: 20, y: 20))
    #expect(view.log.isEmpty)

    // A tap that ends before the press fails: held touches come in order.
    app.tap(at: Point(x: 20, y: 20))
    #expect(view.log == ["began", "ended"])
  }

  @Test func theDelegateAndTheViewCanStopARecognizerFromBeginning() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let view = RecordingView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    app.window.addSubview(view)
    var fired = 0
    let pan = PanGestureRecognizer { _ in fired += 1 }
    let delegate = SwitchDelegate()
    delegate.allowsBeginning = false
    pan.delegate = delegate
    view.addGestureRecognizer(pan)

    app.drag(from: Point(x: 20, y: 20), to: Point(x: 120, y: 20), duration: 0.1)
    #expect(fired == 0)
    #expect(view.log.last == "ended")  // the view kept its touch
    delegate.allowsBeginning = true
    app.drag(from: Point(x: 20, y: 20), to: Point(x: 120, y: 20), duration: 0.1)
    #expect(fired > 0)

    let column = VerticalPanView(frame: Rect(x: 0, y: 0, width: 100, height: 300))
    var verticalPans = 0
    column.addGestureRecognizer(PanGestureRecognizer { _ in verticalPans += 1 })
    app.window.addSubview(column)
    app.drag(from: Point(x: 20, y: 20), to: Point(x: 90, y: 30), duration: 0.1)
    #expect(verticalPans == 0)
    app.drag(from: Point(x: 20, y: 20), to: Point(x: 30, y: 200), duration: 0.1)
    #expect(verticalPans > 0)
  }

  @Test func recognizersExcludeEachOtherUnlessTheDelegateLetsThemRunTogether() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    app.window.addSubview(view)
    var holdStates: [GestureRecognizer.State] = []
    var panStates: [GestureRecognizer.State] = []
    let hold = HoldGestureRecognizer { holdStates.append($0.state) }
    let pan = PanGestureRecognizer { panStates.append($0.state) }
    view.addGestureRecognizer(hold)
    view.addGestureRecognizer(pan)

    app.drag(from: Point(x: 20, y: 20), to: Point(x: 120, y: 20), duration: 0.1)
    #expect(holdStates.first == .began && holdStates.last == .ended)
    #expect(holdStates.count == 8)  // began, six changes, ended
    #expect(panStates.isEmpty)  // the hold began first and keeps the pan out
    #expect(hold.resets == 1)

    let delegate = SwitchDelegate()
    delegate.allowsSimultaneity = true
    pan.delegate = delegate
    holdStates.removeAll()
    app.drag(from: Point(x: 20, y: 20), to: Point(x: 120, y: 20), duration: 0.1)
    #expect(holdStates.count == 8)
    #expect(panStates.first == .began && panStates.last == .ended)
    #expect(panStates.count == 7)  // began at the first move, five changes, ended
  }

  @Test func recognizersOfAncestorsGetTheTouchesOfSubviewsUnlessDisabled() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let parent = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let child = RecordingView(frame: Rect(x: 50, y: 50, width: 50, height: 50))
    parent.addSubview(child)
    app.window.addSubview(parent)
    var fired = 0
    let tap = TapGestureRecognizer { tap in
      fired += 1
      #expect(tap.view === parent)
      #expect(tap.location(in: child) == Point(x: 10, y: 10))
    }
    parent.addGestureRecognizer(tap)
    let windowTap = TapGestureRecognizer()
    app.window.addGestureRecognizer(windowTap)

    app.touch(.began, at: Point(x: 60, y: 60))
    #expect(app.window.hitTest(Point(x: 60, y: 60), with: nil) === child)
    app.touch(.ended, at: Point(x: 60, y: 60))
    #expect(fired == 1)
    #expect(child.log == ["began", "cancelled"])

    tap.isEnabled = false
    app.advance(by: 1)
    app.tap(at: Point(x: 60, y: 60))
    #expect(fired == 1)
    #expect(windowTap.state == .possible)
    #expect(child.log == ["began", "cancelled", "began", "cancelled"])  // the window's tap won

    app.window.removeGestureRecognizer(windowTap)
    #expect(app.window.gestureRecognizers == nil)
    app.advance(by: 1)
    app.tap(at: Point(x: 60, y: 60))
    #expect(child.log.suffix(2) == ["began", "ended"])
  }

  @Test func aTouchOnAnExclusiveViewKeepsOtherViewsOutAndTheOtherWayRound() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let exclusive = RecordingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    exclusive.isExclusiveTouch = true
    let other = RecordingView(frame: Rect(x: 200, y: 0, width: 100, height: 100))
    app.window.addSubview(exclusive)
    app.window.addSubview(other)
    let a = Point(x: 50, y: 50)
    let b = Point(x: 250, y: 50)

    // A finger on the exclusive view: a second one elsewhere reaches nobody.
    app.touch(.began, at: a, finger: 0)
    app.touch(.began, at: b, finger: 1)
    app.touch(.moved, at: b.offsetBy(dx: 5, dy: 0), finger: 1)
    app.touch(.ended, at: b, finger: 1)
    app.touch(.ended, at: a, finger: 0)
    #expect(exclusive.log == ["began", "ended"])
    #expect(other.log.isEmpty)

    // A finger elsewhere: the exclusive view gets no touch while it is down.
    app.touch(.began, at: b, finger: 0)
    app.touch(.began, at: a, finger: 1)
    app.touch(.ended, at: a, finger: 1)
    app.touch(.ended, at: b, finger: 0)
    #expect(other.log == ["began", "ended"])
    #expect(exclusive.log == ["began", "ended"])

    // Without exclusive touch both get theirs.
    exclusive.isExclusiveTouch = false
    app.touch(.began, at: a, finger: 0)
    app.touch(.began, at: b, finger: 1)
    #expect(exclusive.log.last == "began")
    #expect(other.log.last == "began")
  }

  /// Exclusive touch counts the fingers down once a frame, then follows the frame: a finger
  /// lifted from the exclusive view earlier in the same frame keeps nobody out.
  @Test func aFingerLiftedEarlierInTheFrameNoLongerExcludes() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let exclusive = RecordingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    exclusive.isExclusiveTouch = true
    let other = RecordingView(frame: Rect(x: 200, y: 0, width: 100, height: 100))
    app.window.addSubview(exclusive)
    app.window.addSubview(other)
    app.touch(.began, at: Point(x: 50, y: 50), finger: 0)
    app.touches([
      TouchSample(id: 0, phase: .ended, location: Point(x: 50, y: 50)),
      TouchSample(id: 1, phase: .began, location: Point(x: 250, y: 50)),
      TouchSample(id: 2, phase: .began, location: Point(x: 50, y: 50)),
    ])
    #expect(exclusive.log == ["began", "ended"])
    #expect(other.log == ["began"])
  }

  @Test func actionsHoldTheirTargetWeaklyAndCanBeRemoved() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    app.window.addSubview(view)
    final class Counter { var taps = 0 }
    var counter: Counter? = Counter()
    weak let weakCounter = counter
    let tap = TapGestureRecognizer()
    if let counter { tap.addTarget(counter, action: { counter, _ in counter.taps += 1 }) }
    view.addGestureRecognizer(tap)
    app.tap(at: Point(x: 10, y: 10))
    #expect(counter?.taps == 1)
    counter = nil
    #expect(weakCounter == nil)  // the recognizer did not keep it
    app.advance(by: 1)
    app.tap(at: Point(x: 10, y: 10))  // no crash, no action

    let kept = Counter()
    tap.addTarget(kept, action: { counter, _ in counter.taps += 1 })
    app.advance(by: 1)
    app.tap(at: Point(x: 10, y: 10))
    tap.removeTarget(kept)
    app.advance(by: 1)
    app.tap(at: Point(x: 10, y: 10))
    #expect(kept.taps == 1)
  }

  @Test func removingARecognizerMidGestureGivesTheViewItsTouchBack() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let view = RecordingView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    app.window.addSubview(view)
    let press = LongPressGestureRecognizer()
    press.delaysTouchesBegan = true
    view.addGestureRecognizer(press)
    app.touch(.began, at: Point(x: 20, y: 20))
    #expect(view.log.isEmpty)
    view.removeGestureRecognizer(press)
    #expect(view.log == ["began"])
    #expect(press.view == nil && press.state == .possible)
    app.advance(by: 1)  // its timer is gone with it
    app.touch(.ended, at: Point(x: 20, y: 20))
    #expect(view.log == ["began", "ended"])
  }
}
