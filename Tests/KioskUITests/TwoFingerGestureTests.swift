import Foundation
import KioskGraphics
import KioskTesting
import KioskUI
import Testing

/// Two fingers moving together, one input frame each 60th of a second: both touch down
/// at `from`, move in `steps` even steps to `to`, and lift (unless `lift` is false).
@MainActor
func moveTwoFingers(
  _ app: TestApplication, from: (Point, Point), to: (Point, Point), steps: Int,
  lift: Bool = true, touchDown: Bool = true
) {
  if touchDown { sendTwoFingers(app, .began, at: from) }
  func between(_ a: Point, _ b: Point, _ t: Double) -> Point {
    Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
  }
  for step in 1...max(steps, 1) {
    app.advance(by: 1.0 / 60)
    let t = Double(step) / Double(max(steps, 1))
    sendTwoFingers(app, .moved, at: (between(from.0, to.0, t), between(from.1, to.1, t)))
  }
  guard lift else { return }
  app.advance(by: 1.0 / 60)
  sendTwoFingers(app, .ended, at: to)
}

/// Fingers 0 and 1 in one input frame.
@MainActor
func sendTwoFingers(_ app: TestApplication, _ phase: Touch.Phase, at points: (Point, Point)) {
  app.touches([
    TouchSample(id: 0, phase: phase, location: points.0),
    TouchSample(id: 1, phase: phase, location: points.1),
  ])
}

/// Two points `distance` apart about `center`, the line between them at `angle` radians.
func fingers(around center: Point, distance: Double, angle: Double = 0) -> (Point, Point) {
  let dx = cos(angle) * distance / 2
  let dy = sin(angle) * distance / 2
  return (
    Point(x: center.x - dx, y: center.y - dy), Point(x: center.x + dx, y: center.y + dy)
  )
}

/// Lets every pair of recognizers recognize together.
@MainActor
final class SimultaneousDelegate: GestureRecognizerDelegate {
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer,
    shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
  ) -> Bool { true }
}

/// Pinch, rotation and screen-edge pan recognizers, driven by scripted fingers.
@MainActor
struct TwoFingerGestureTests {
  private func makeApp() throws -> (TestApplication, View) {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let view = View(frame: app.window.bounds)
    app.window.addSubview(view)
    app.runUntilIdle()
    return (app, view)
  }

  @Test func aPinchReportsItsScaleVelocityAndStates() throws {
    let (app, view) = try makeApp()
    var reports: [(state: GestureRecognizer.State, scale: Double, velocity: Double)] = []
    var centroids: [Point] = []
    let pinch = PinchGestureRecognizer { pinch in
      reports.append((pinch.state, pinch.scale, pinch.velocity))
      centroids.append(pinch.location(in: view))
      #expect(pinch.numberOfTouches == 2)
    }
    view.addGestureRecognizer(pinch)
    let center = Point(x: 200, y: 150)
    // 100 points apart to 200, 10 points more each frame.
    moveTwoFingers(
      app, from: fingers(around: center, distance: 100), to: fingers(around: center, distance: 200),
      steps: 10)
    #expect(reports.map(\.state) == [.began] + Array(repeating: .changed, count: 9) + [.ended])
    // It began at 110 points apart (past the 8-point hysteresis), with scale 1.
    #expect(reports.first?.scale == 1)
    #expect(abs((reports.last?.scale ?? 0) - 200.0 / 110) < 1e-9)
    // 10 points a frame of 110: 600/110 per second.
    #expect(abs((reports.last?.velocity ?? 0) - 600.0 / 110) < 1e-6)
    #expect(centroids.allSatisfy { abs($0.x - 200) < 1e-9 && abs($0.y - 150) < 1e-9 })
    #expect(pinch.state == .possible)

    // Closing fingers: a scale below 1 and a negative velocity.
    reports.removeAll()
    app.advance(by: 1)
    moveTwoFingers(
      app, from: fingers(around: center, distance: 200), to: fingers(around: center, distance: 100),
      steps: 5)
    #expect(abs((reports.last?.scale ?? 0) - 100.0 / 180) < 1e-9)
    #expect((reports.last?.velocity ?? 0) < 0)
  }

  /// Touch scripts already carry several fingers a frame (lines with the same time): a
  /// pinch played from a script, as `--touch-script` plays it in an app.
  @Test func aPinchPlayedFromATouchScript() throws {
    let (app, view) = try makeApp()
    var states: [GestureRecognizer.State] = []
    var scale = 0.0
    let pinch = PinchGestureRecognizer { pinch in
      states.append(pinch.state)
      scale = pinch.scale
    }
    view.addGestureRecognizer(pinch)
    try app.play(
      TouchScript(
        parsing: """
          # two fingers 100 points apart spread to 300
          0   down 0 150 150
          0   down 1 250 150
          20  move 0 140 150
          20  move 1 260 150
          40  move 0 100 150
          40  move 1 300 150
          60  move 0 50 150
          60  move 1 350 150
          80  up   0
          80  up   1
          """))
    #expect(states == [.began, .changed, .changed, .ended])
    #expect(abs(scale - 300.0 / 120) < 1e-9)
  }

  @Test func settingTheScaleMakesTheNextOneRelative() throws {
    let (app, view) = try makeApp()
    var product = 1.0
    let pinch = PinchGestureRecognizer { pinch in
      product *= pinch.scale
      pinch.scale = 1
    }
    view.addGestureRecognizer(pinch)
    let center = Point(x: 200, y: 150)
    moveTwoFingers(
      app, from: fingers(around: center, distance: 100), to: fingers(around: center, distance: 250),
      steps: 15)
    #expect(abs(product - 250.0 / 110) < 1e-9)
  }

  @Test func aRotationReportsItsAngleVelocityAndStates() throws {
    let (app, view) = try makeApp()
    var reports: [(state: GestureRecognizer.State, rotation: Double, velocity: Double)] = []
    let rotation = RotationGestureRecognizer { rotation in
      reports.append((rotation.state, rotation.rotation, rotation.velocity))
    }
    view.addGestureRecognizer(rotation)
    let center = Point(x: 200, y: 150)
    // A quarter turn clockwise (on screen) in 15 frames of 6°: it begins after the first
    // (6° of 100 points is 10.5 points of travel).
    var previous = fingers(around: center, distance: 100)
    sendTwoFingers(app, .began, at: previous)
    for step in 1...15 {
      app.advance(by: 1.0 / 60)
      previous = fingers(around: center, distance: 100, angle: Double(step) * .pi / 30)
      sendTwoFingers(app, .moved, at: previous)
    }
    // As UIKit's, it goes on while a finger is still down and ends when both have lifted.
    app.touches([TouchSample(id: 1, phase: .ended, location: previous.1)])
    #expect(reports.map(\.state) == [.began] + Array(repeating: .changed, count: 14))
    #expect(rotation.state == .changed)
    app.touches([TouchSample(id: 0, phase: .ended, location: previous.0)])
    #expect(reports.map(\.state) == [.began] + Array(repeating: .changed, count: 14) + [.ended])
    #expect(reports.first?.rotation == 0)
    #expect(abs((reports.last?.rotation ?? 0) - 14 * .pi / 30) < 1e-9)
    // 6° a 60th of a second: a turn a second.
    #expect(abs((reports.last?.velocity ?? 0) - 2 * .pi) < 1e-6)
    #expect(rotation.state == .possible)
  }

  @Test func aRotationCountsPastHalfATurn() throws {
    let (app, view) = try makeApp()
    var last = 0.0
    let rotation = RotationGestureRecognizer { last = $0.rotation }
    view.addGestureRecognizer(rotation)
    let center = Point(x: 200, y: 150)
    // From 150° to 330° counter-clockwise through ±180°, in steps of 10°.
    let start = fingers(around: center, distance: 120, angle: 150 * .pi / 180)
    sendTwoFingers(app, .began, at: start)
    for step in 1...18 {
      app.advance(by: 1.0 / 60)
      let at = fingers(around: center, distance: 120, angle: (150 + Double(step) * 10) * .pi / 180)
      sendTwoFingers(app, .moved, at: at)
    }
    // Began after the first 10°: 170° more since.
    #expect(abs(last - 170 * .pi / 180) < 1e-9)
  }

  @Test func fingersJitteringOnTheGlassBeginNeither() throws {
    let (app, view) = try makeApp()
    var actions = 0
    let pinch = PinchGestureRecognizer { _ in actions += 1 }
    let rotation = RotationGestureRecognizer { _ in actions += 1 }
    view.addGestureRecognizer(pinch)
    view.addGestureRecognizer(rotation)
    let center = Point(x: 200, y: 150)
    let rest = fingers(around: center, distance: 100)
    sendTwoFingers(app, .began, at: rest)
    // Each finger wanders up to 3 points: the distance changes by at most 6, the line
    // turns by at most 6 points of travel.
    let jitter = [(3.0, 0.0), (-3.0, 3.0), (0.0, -3.0), (3.0, 3.0), (-3.0, -3.0)]
    for (dx, dy) in jitter {
      app.advance(by: 1.0 / 60)
      app.touches([
        TouchSample(id: 0, phase: .moved, location: rest.0.offsetBy(dx: -dx, dy: dy)),
        TouchSample(id: 1, phase: .moved, location: rest.1.offsetBy(dx: dx, dy: -dy)),
      ])
    }
    #expect(actions == 0)
    #expect(pinch.state == .possible && rotation.state == .possible)
    sendTwoFingers(app, .ended, at: rest)
    #expect(actions == 0)
  }

  @Test func aThirdFingerIsIgnoredAndThePinchEndsWhenBothFingersHaveLifted() throws {
    let (app, view) = try makeApp()
    var states: [GestureRecognizer.State] = []
    let pinch = PinchGestureRecognizer { states.append($0.state) }
    view.addGestureRecognizer(pinch)
    let center = Point(x: 200, y: 150)
    moveTwoFingers(
      app, from: fingers(around: center, distance: 100), to: fingers(around: center, distance: 150),
      steps: 5, lift: false)
    let scaleBefore = pinch.scale
    app.touches([TouchSample(id: 2, phase: .began, location: Point(x: 50, y: 50))])
    app.touches([TouchSample(id: 2, phase: .moved, location: Point(x: 20, y: 20))])
    #expect(pinch.numberOfTouches == 2)
    #expect(pinch.scale == scaleBefore)
    // One of the two lifts: the pinch goes on (UIKit ends it when both have lifted), and a
    // finger put down again carries on from the same scale.
    app.touches([TouchSample(id: 0, phase: .ended, location: Point(x: 125, y: 150))])
    #expect(states.last == .changed && pinch.state == .changed)
    app.touches([TouchSample(id: 3, phase: .began, location: Point(x: 75, y: 150))])
    #expect(pinch.scale == scaleBefore)
    app.touches([TouchSample(id: 3, phase: .moved, location: Point(x: 0, y: 150))])
    #expect(abs(pinch.scale - scaleBefore * 275 / 200) < 1e-9)
    app.touches([TouchSample(id: 2, phase: .ended, location: Point(x: 20, y: 20))])
    #expect(states.filter { $0 == .ended }.isEmpty)
    app.touches([
      TouchSample(id: 1, phase: .ended, location: Point(x: 275, y: 150)),
      TouchSample(id: 3, phase: .ended, location: Point(x: 0, y: 150)),
    ])
    #expect(states.last == .ended)
    #expect(states.filter { $0 == .ended }.count == 1)
  }

  /// A pan of two fingers pinching at the same time: both recognize when a delegate says
  /// so; without it, the first to begin wins and the other fails.
  @Test(arguments: [true, false])
  func aPinchAndAPanRecognizeTogetherOnlyWhenTheDelegateSays(simultaneous: Bool) throws {
    let (app, view) = try makeApp()
    var pinchStates: [GestureRecognizer.State] = []
    var panStates: [GestureRecognizer.State] = []
    var rotationStates: [GestureRecognizer.State] = []
    let pinch = PinchGestureRecognizer { pinchStates.append($0.state) }
    let pan = PanGestureRecognizer { panStates.append($0.state) }
    let rotation = RotationGestureRecognizer { rotationStates.append($0.state) }
    let delegate = SimultaneousDelegate()
    if simultaneous {
      pinch.delegate = delegate
      rotation.delegate = delegate
    }
    for recognizer in [pan, pinch, rotation] as [GestureRecognizer] {
      view.addGestureRecognizer(recognizer)
    }
    // Spreading first (the centroid stays), then moving and turning while spreading.
    let center = Point(x: 200, y: 150)
    moveTwoFingers(
      app, from: fingers(around: center, distance: 100), to: fingers(around: center, distance: 120),
      steps: 2, lift: false)
    #expect(pinchStates == [.began, .changed])
    moveTwoFingers(
      app, from: fingers(around: center, distance: 120),
      to: fingers(around: center.offsetBy(dx: 60, dy: 40), distance: 160, angle: 0.5), steps: 8,
      touchDown: false)
    #expect(pinchStates.last == .ended)
    #expect(pinchStates.count == 11)
    if simultaneous {
      // The delegates let each share the fingers with the others.
      #expect(panStates.first == .began && panStates.last == .ended)
      #expect(rotationStates.first == .began && rotationStates.last == .ended)
    } else {
      #expect(panStates.isEmpty)
      #expect(rotationStates.isEmpty)
    }
  }

  @Test func aRotationAndAPinchTogetherThroughTheRotationsDelegate() throws {
    let (app, view) = try makeApp()
    var scale = 1.0
    var angle = 0.0
    let pinch = PinchGestureRecognizer { scale = $0.scale }
    let rotation = RotationGestureRecognizer { angle = $0.rotation }
    let delegate = SimultaneousDelegate()
    rotation.delegate = delegate
    view.addGestureRecognizer(pinch)
    view.addGestureRecognizer(rotation)
    let center = Point(x: 200, y: 150)
    moveTwoFingers(
      app, from: fingers(around: center, distance: 100),
      to: fingers(around: center, distance: 200, angle: 0.6), steps: 10)
    #expect(scale > 1.5)
    #expect(angle > 0.4)
  }
}
