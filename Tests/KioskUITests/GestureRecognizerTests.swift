import KioskGraphics
import KioskTesting
import KioskUI
import Testing

/// Whether two points are the same but for rounding.
private func isNear(_ a: Point, _ b: Point, within tolerance: Double = 1e-6) -> Bool {
  abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// The four built-in recognizers, one by one and in the pairs apps combine them in.
@MainActor
struct GestureRecognizerTests {
  @Test func aPanMovesItsViewWhereTheFingerWent() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let card = View(frame: Rect(x: 20, y: 20, width: 80, height: 80))
    app.window.addSubview(card)
    var states: [GestureRecognizer.State] = []
    var lastVelocity = Point.zero
    let pan = PanGestureRecognizer { pan in
      states.append(pan.state)
      let moved = pan.translation(in: card.superview)
      card.center = card.center.offsetBy(dx: moved.x, dy: moved.y)
      pan.setTranslation(.zero, in: card.superview)
      lastVelocity = pan.velocity(in: card.superview)
    }
    card.addGestureRecognizer(pan)
    app.drag(from: Point(x: 50, y: 50), to: Point(x: 250, y: 170), duration: 0.2)
    #expect(isNear(card.center, Point(x: 260, y: 180)))
    #expect(states.first == .began)
    #expect(states.last == .ended)
    #expect(states.dropFirst().dropLast().allSatisfy { $0 == .changed })
    #expect(states.count == 13)  // 12 moves at 60 Hz, then the lift
    // 200 × 120 points in 0.2 s.
    #expect(abs(lastVelocity.x - 1000) < 10 && abs(lastVelocity.y - 600) < 10)
    #expect(pan.state == .possible)  // reset for the next gesture
  }

  @Test func aPanBeginsOnlyAfterTheFingerMovedTenPoints() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    app.window.addSubview(view)
    var translations: [Point] = []
    let pan = PanGestureRecognizer { translations.append($0.translation(in: nil)) }
    view.addGestureRecognizer(pan)
    app.touch(.began, at: Point(x: 100, y: 100))
    app.touch(.moved, at: Point(x: 106, y: 100))
    #expect(translations.isEmpty)
    #expect(pan.state == .possible)
    app.touch(.moved, at: Point(x: 112, y: 100))
    // The translation counts from where the finger touched down.
    #expect(translations == [Point(x: 12, y: 0)])
    #expect(pan.state == .began)
    app.touch(.ended, at: Point(x: 112, y: 100))
    #expect(pan.state == .possible)
  }

  @Test func aQuickSwipeFiresOnlyTheSwipeAndATapOnlyTheTap() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let view = RecordingView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    app.window.addSubview(view)
    var fired: [String] = []
    let swipe = SwipeGestureRecognizer { _ in fired.append("swipe") }
    swipe.direction = [.left, .right]
    let tap = TapGestureRecognizer { _ in fired.append("tap") }
    view.addGestureRecognizer(swipe)
    view.addGestureRecognizer(tap)

    app.drag(from: Point(x: 50, y: 100), to: Point(x: 200, y: 110), duration: 0.1)
    #expect(fired == ["swipe"])
    app.advance(by: 1)
    app.tap(at: Point(x: 100, y: 100))
    #expect(fired == ["swipe", "tap"])
    app.advance(by: 1)
    app.drag(from: Point(x: 200, y: 100), to: Point(x: 60, y: 100), duration: 0.1)
    #expect(fired == ["swipe", "tap", "swipe"])  // leftwards is allowed too
    #expect(view.log.last == "cancelled")  // the swipe took the view's touch
  }

  @Test func aSwipeFailsWhenTooSlowOrTheWrongWay() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    app.window.addSubview(view)
    var fired = 0
    let swipe = SwipeGestureRecognizer { _ in fired += 1 }
    swipe.direction = .right
    view.addGestureRecognizer(swipe)
    app.drag(from: Point(x: 50, y: 100), to: Point(x: 110, y: 100), duration: 1)  // slow
    app.advance(by: 1)
    app.drag(from: Point(x: 200, y: 100), to: Point(x: 50, y: 100), duration: 0.1)  // left
    app.advance(by: 1)
    app.drag(from: Point(x: 100, y: 50), to: Point(x: 130, y: 250), duration: 0.1)  // down
    app.advance(by: 1)
    app.drag(from: Point(x: 50, y: 100), to: Point(x: 80, y: 100), duration: 0.1)  // short
    #expect(fired == 0)
    app.advance(by: 1)
    app.drag(from: Point(x: 50, y: 100), to: Point(x: 200, y: 120), duration: 0.2)
    #expect(fired == 1)
  }

  @Test func aSingleTapWaitsForTheDoubleTapToFail() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let view = RecordingView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    app.window.addSubview(view)
    var fired: [String] = []
    let single = TapGestureRecognizer { _ in fired.append("single") }
    let double = TapGestureRecognizer { _ in fired.append("double") }
    double.numberOfTapsRequired = 2
    single.require(toFail: double)
    view.addGestureRecognizer(single)
    view.addGestureRecognizer(double)

    app.tap(at: Point(x: 100, y: 100))
    app.tap(at: Point(x: 102, y: 101))
    #expect(fired == ["double"])
    app.advance(by: 1)
    #expect(fired == ["double"])

    view.log.removeAll()
    app.tap(at: Point(x: 100, y: 100))
    app.advance(by: 0.3)
    #expect(fired == ["double"])
    #expect(view.log == ["began"])  // its touchesEnded waits for the recognizers
    app.advance(by: 0.1)
    #expect(fired == ["double", "single"])
    #expect(view.log == ["began", "cancelled"])
    #expect(single.state == .possible && double.state == .possible)
  }

  @Test func aLongPressFiresAfterItsDurationUnlessTheFingerMoves() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    app.window.addSubview(view)
    var states: [GestureRecognizer.State] = []
    let press = LongPressGestureRecognizer { states.append($0.state) }
    view.addGestureRecognizer(press)

    app.touch(.began, at: Point(x: 100, y: 100))
    app.touch(.moved, at: Point(x: 105, y: 100))  // within allowableMovement
    app.advance(by: 0.45)
    #expect(states.isEmpty)
    app.advance(by: 0.1)
    #expect(states == [.began])
    app.touch(.moved, at: Point(x: 160, y: 100))  // free to move once begun
    app.touch(.ended, at: Point(x: 160, y: 100))
    #expect(states == [.began, .changed, .ended])

    app.touch(.began, at: Point(x: 100, y: 100))
    app.advance(by: 0.2)
    app.touch(.moved, at: Point(x: 115, y: 100))
    app.advance(by: 1)
    app.touch(.ended, at: Point(x: 115, y: 100))
    app.tap(at: Point(x: 100, y: 100))  // too short
    app.advance(by: 1)
    #expect(states == [.began, .changed, .ended])
    #expect(press.state == .possible)
  }

  @Test func aTwoFingerTapNeedsBothFingers() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    app.window.addSubview(view)
    var fired = 0
    let tap = TapGestureRecognizer { tap in
      fired += 1
      #expect(tap.numberOfTouches == 2)
      #expect(isNear(tap.location(in: view), Point(x: 150, y: 100)))
    }
    tap.numberOfTouchesRequired = 2
    view.addGestureRecognizer(tap)
    app.tap(at: Point(x: 100, y: 100))
    #expect(fired == 0)
    app.advance(by: 1)
    // The view takes one finger (no multi-touch), its recognizer both.
    let a = Point(x: 100, y: 100)
    let b = Point(x: 200, y: 100)
    app.application.sendTouches(
      [
        TouchSample(id: 0, phase: .began, location: a),
        TouchSample(id: 1, phase: .began, location: b),
      ],
      on: app.screen)
    app.advance(by: 0.05)
    app.application.sendTouches(
      [
        TouchSample(id: 0, phase: .ended, location: a),
        TouchSample(id: 1, phase: .ended, location: b),
      ],
      on: app.screen)
    app.runUntilIdle()
    #expect(fired == 1)
  }
}
