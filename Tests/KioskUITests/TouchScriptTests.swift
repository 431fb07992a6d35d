import KioskGraphics
import KioskTesting
import KioskUI
import Testing

@MainActor
@Suite struct TouchScriptTests {
  @Test func linesWithOneTimeAreOneFrame() throws {
    let script = try TouchScript(
      parsing: """
        # two fingers down together, one lifts early
        0    down 0 10 20
        0    down 1 30 40   # same frame
        16.5 move 0 12 22
        40   up   0
        40   up   1 31 41
        """)
    #expect(script.frames.map(\.time) == [0, 0.0165, 0.04])
    #expect(
      script.frames[0].samples == [
        TouchSample(id: 0, phase: .began, location: Point(x: 10, y: 20)),
        TouchSample(id: 1, phase: .began, location: Point(x: 30, y: 40)),
      ])
    // `up` without a position lifts where the finger last was.
    #expect(
      script.frames[2].samples == [
        TouchSample(id: 0, phase: .ended, location: Point(x: 12, y: 22)),
        TouchSample(id: 1, phase: .ended, location: Point(x: 31, y: 41)),
      ])
    #expect(script.duration == 0.04)
  }

  /// Lines may end with LF, CRLF or a lone CR (a CR-only file was read as no touches).
  @Test(arguments: ["\n", "\r\n", "\r"])
  func everyLineEndingEndsALine(ending: String) throws {
    let script = try TouchScript(
      parsing: ["0 down 0 10 20", "16 move 0 12 22", "32 up 0"].joined(separator: ending) + ending)
    #expect(script.frames.map(\.time) == [0, 0.016, 0.032])
    #expect(
      script.frames.last?.samples == [
        TouchSample(id: 0, phase: .ended, location: Point(x: 12, y: 22))
      ])
    #expect {
      _ = try TouchScript(parsing: ["0 down 0 1 2", "5 tap 0"].joined(separator: ending))
    } throws: { ($0 as? TouchScript.ParseError)?.line == 2 }
  }

  @Test(arguments: [
    ("0 down 0 1 2\n10 tap 0 1 2", 2, "not down, move, up or cancel"),
    ("0 down 0 1 2\n-5 up 0", 2, "not milliseconds"),
    ("10 down 0 1 2\n5 up 0", 2, "goes back in time"),
    ("0 move 0 1 2", 1, "finger 0 is not down"),
    ("0 down 0 1 2\n1 down 0 3 4", 2, "already down"),
    ("0 down 0 1", 1, "needs x and y"),
    ("0 down 0", 1, "needs a position"),
    ("0 down", 1, "expected"),
    ("\n\n0 down x 1 2", 3, "not an integer"),
    ("0 down 0 1 y", 1, "not a point"),
    ("0 down 0 1 2 3", 1, "unexpected \"3\""),
    // Finite but absurd: they reached view geometry as infinities and NaN.
    ("0 down 0 1.79e308 5", 1, "coordinate 1.79e308 is out of bounds"),
    ("0 down 0 1 -1.79e308", 1, "coordinate -1.79e308 is out of bounds"),
    ("0 down 0 1 2\n5 move 0 4.9e-324 2", 2, "coordinate 4.9e-324 is out of bounds"),
    ("0 down 0 1000000001 0", 1, "1,000,000,000"),
    ("0 down 0 1 2\n5 type", 2, "needs text"),
    ("10 type Hi\n5 type Ho", 2, "goes back in time"),
  ])
  func aBadLineIsNamedWithItsNumber(text: String, line: Int, reason: String) {
    #expect {
      _ = try TouchScript(parsing: text)
    } throws: { error in
      guard let error = error as? TouchScript.ParseError else { return false }
      return error.line == line && error.reason.contains(reason)
    }
  }

  @Test func playingAScriptDeliversItsTouchesOnTime() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 200))
    let view = RecordingView(frame: Rect(x: 50, y: 50, width: 100, height: 100))
    app.window.addSubview(view)
    app.runUntilIdle()
    let start = app.now
    try app.play(
      TouchScript(
        parsing: """
          0   down 0 60 60
          100 move 0 90 70
          250 up   0
          """))
    #expect(view.log == ["began", "moved", "ended"])
    #expect(view.lastLocation == Point(x: 40, y: 20))
    #expect(abs(app.now - start - 0.25) < 1e-9)
  }

  @Test func coordinatesWithinTheBoundsAreTaken() throws {
    let script = try TouchScript(parsing: "0 down 0 -1e9 0.000001\n1 up 0 1000000000 0")
    #expect(script.frames[0].samples[0].location == Point(x: -1e9, y: 0.000_001))
  }

  /// A flood of fingers from a script: at most `TouchLimits.maximumScriptFingers` are down
  /// at once; the others are dropped with their moves and lifts, and each frame that
  /// dropped some says how many. (10,000 fingers down at once took 47 s: each new one was
  /// checked against every finger down.)
  @Test func aScriptHoldsAtMost64FingersDown() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 200))
    let view = PhaseCountingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    view.isMultipleTouchEnabled = true
    app.window.addSubview(view)
    app.runUntilIdle()
    let fingers = 0..<1_000
    let lines =
      fingers.map { "0 down \($0) \($0 % 200) 10" } + fingers.map { "50 move \($0) \($0 % 200) 20" }
      + fingers.map { "100 up \($0)" } + ["150 down 999 5 5", "200 up 999"]
    try app.play(TouchScript(parsing: lines.joined(separator: "\n")))
    // Once the flood has lifted, a finger that was dropped is a finger like any other.
    #expect(view.counts == ["began": 65, "moved": 64, "ended": 65])
    #expect(
      app.droppedTouchMessages == [
        "touch script: dropped 936 touches beyond the 64 a touch script may hold down"
      ])
  }

  @Test func typeLinesTypeTheirTextIntoTheFieldBeingEdited() throws {
    let script = try TouchScript(
      parsing: """
        0    down 0 100 60   # tap the field
        50   up   0
        400  type Ada  # the rest of the line, after one space, without trailing spaces
        400  type  Lovelace
        900  type ·你好
        """)
    #expect(script.frames.map(\.typed) == [nil, nil, "Ada Lovelace", "·你好"])
    #expect(script.frames[2].samples.isEmpty)
    // In a test, on the manual clock.
    let (app, field) = try appWithTextField()
    app.play(script)
    #expect(field.text == "Ada Lovelace·你好")
    // Scheduled, as `--touch-script` plays it on every backend.
    let (scheduledApp, scheduledField) = try appWithTextField()
    script.play(on: scheduledApp.screen)
    scheduledApp.advance(by: 0.5)
    #expect(scheduledField.text == "Ada Lovelace")
    scheduledApp.advance(by: 0.5)
    #expect(scheduledField.text == "Ada Lovelace·你好")
  }

  @Test func scheduledPlaybackFollowsTheClock() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 200))
    let view = RecordingView(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    app.window.addSubview(view)
    app.runUntilIdle()
    try TouchScript(parsing: "500 down 0 10 10\n600 up 0").play(on: app.screen)
    app.advance(by: 0.4)
    #expect(view.log.isEmpty)
    app.advance(by: 0.15)
    #expect(view.log == ["began"])
    app.advance(by: 0.1)
    #expect(view.log == ["began", "ended"])
  }
}

/// A view that counts the touches of each phase that reach it.
@MainActor
private final class PhaseCountingView: View {
  var counts: [String: Int] = [:]

  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    counts["began", default: 0] += touches.count
  }

  override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    counts["moved", default: 0] += touches.count
  }

  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    counts["ended", default: 0] += touches.count
  }
}
