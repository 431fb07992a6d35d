import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor
struct AnimationTests {
  /// A 100×20 pt screen with a 10×10 red box at the left.
  private func makeApp() throws -> (TestApplication, View) {
    let app = try TestApplication(pointSize: Size(width: 100, height: 20))
    let box = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    box.backgroundColor = .red
    app.window.addSubview(box)
    app.runUntilIdle()
    return (app, box)
  }

  /// The x of the box's left edge on screen, read from the pixels of row 5.
  private func leftEdge(_ app: TestApplication) -> Int? {
    let frame = app.snapshot()
    return (0..<frame.width).first { frame.pixel(x: $0, y: 5) == .red }
  }

  @Test func modelChangesAtOnceScreenCatchesUp() throws {
    let (app, box) = try makeApp()
    View.animate(
      withDuration: 1, delay: 0, options: .curveLinear,
      animations: {
        box.center = Point(x: 85, y: 5)
      })
    #expect(box.center == Point(x: 85, y: 5))
    #expect(box.frame == Rect(x: 80, y: 0, width: 10, height: 10))
    app.runUntilIdle()
    #expect(leftEdge(app) == 0)
    app.advance(by: 0.25)
    #expect(leftEdge(app) == 20)
    app.advance(by: 0.25)
    #expect(leftEdge(app) == 40)
    app.advance(by: 0.6)
    #expect(leftEdge(app) == 80)
  }

  @Test func easeInOutIsSlowAtTheEnds() throws {
    let (app, box) = try makeApp()
    View.animate(withDuration: 1, animations: { box.center = Point(x: 85, y: 5) })
    app.advance(by: 0.1)
    let early = try #require(leftEdge(app))
    app.advance(by: 0.4)
    let middle = try #require(leftEdge(app))
    #expect(early < 8)  // linear would be at 8
    #expect(abs(middle - 40) <= 1)  // symmetric curve: half way at half time
    #expect(abs(AnimationCurve.easeInOut.progress(at: 0.5) - 0.5) < 1e-6)
    #expect(AnimationCurve.easeIn.progress(at: 0.5) < 0.5)
    #expect(AnimationCurve.easeOut.progress(at: 0.5) > 0.5)
  }

  @Test func completionReportsFinished() throws {
    let (app, box) = try makeApp()
    var result: Bool?
    View.animate(
      withDuration: 0.5, animations: { box.alpha = 0.5 }, completion: { result = $0 })
    app.advance(by: 0.3)
    #expect(result == nil)
    app.advance(by: 0.3)
    #expect(result == true)
    #expect(!View.areAnimationsRunning)
  }

  @Test func settingThePropertyAgainInterrupts() throws {
    let (app, box) = try makeApp()
    var result: Bool?
    View.animate(
      withDuration: 1, animations: { box.center = Point(x: 85, y: 5) },
      completion: { result = $0 })
    app.advance(by: 0.2)
    box.center = Point(x: 45, y: 5)
    app.runUntilIdle()
    #expect(result == false)
    #expect(leftEdge(app) == 40)
  }

  @Test func delayShowsTheOldValueUntilItStarts() throws {
    let (app, box) = try makeApp()
    View.animate(
      withDuration: 0.5, delay: 0.5, options: .curveLinear,
      animations: { box.center = Point(x: 85, y: 5) })
    app.advance(by: 0.4)
    #expect(leftEdge(app) == 0)
    app.advance(by: 0.35)
    #expect(leftEdge(app) == 40)
  }

  @Test func animatesColourAlphaTransformAndBounds() throws {
    let (app, box) = try makeApp()
    View.animate(
      withDuration: 1, delay: 0, options: .curveLinear,
      animations: {
        box.backgroundColor = .blue
        box.bounds = Rect(x: 0, y: 0, width: 20, height: 10)
        box.transform = Transform(scaleX: 1, y: 2)
        box.contentStretch = Rect(x: 0.5, y: 0.5, width: 0, height: 0)
      })
    app.advance(by: 0.5)
    let mid = app.snapshot().pixel(x: 3, y: 5)
    #expect(abs(mid.red - 0.5) < 0.02 && abs(mid.blue - 0.5) < 0.02)
    #expect(box.layer.presentationStretchForTesting.width > 0)
    app.advance(by: 0.6)
    #expect(app.snapshot().pixel(x: 3, y: 5) == .blue)
  }

  @Test func nothingAnimatedStillCompletes() throws {
    let (app, box) = try makeApp()
    var result: Bool?
    View.animate(
      withDuration: 0.3, animations: { box.alpha = box.alpha }, completion: { result = $0 })
    #expect(result == nil)
    app.runUntilIdle()
    #expect(result == true)
  }

  @Test func animationsStopRequestingFramesWhenDone() throws {
    let (app, box) = try makeApp()
    View.animate(withDuration: 0.2, animations: { box.alpha = 0.3 })
    app.advance(by: 0.5)
    let frames = app.framesPresented
    app.advance(by: 2)
    #expect(app.framesPresented == frames)
    // About one frame per refresh while it ran (0.2 s at 60 Hz), not more.
    #expect(frames <= 2 + 13)
  }

  @Test func performWithoutAnimationIsImmediate() throws {
    let (app, box) = try makeApp()
    View.animate(
      withDuration: 1,
      animations: {
        View.performWithoutAnimation { box.center = Point(x: 85, y: 5) }
      })
    #expect(leftEdge(app) == 80)
  }
}

@MainActor
struct TransformInterpolationTests {
  @Test func decompositionRoundTrips() throws {
    let samples = [
      Transform.identity, Transform(rotationAngle: 0.7),
      Transform(scaleX: -2, y: 0.5).rotated(by: 2.1).translatedBy(x: 4, y: -3),
      Transform(a: 1, b: 0.2, c: 0.5, d: 1.5, tx: 9, ty: 1),
    ]
    for t in samples {
      let back = try #require(Transform.Decomposed(t)).transform
      for (x, y) in [(t.a, back.a), (t.b, back.b), (t.c, back.c), (t.d, back.d), (t.tx, back.tx)] {
        #expect(abs(x - y) < 1e-9, "\(t) came back as \(back)")
      }
    }
  }

  @Test func aQuarterTurnKeepsItsSizeHalfway() {
    let half = Transform.identity.interpolated(
      to: Transform(rotationAngle: .pi / 2), fraction: 0.5)
    let expected = Transform(rotationAngle: .pi / 4)
    #expect(abs(half.a - expected.a) < 1e-9 && abs(half.b - expected.b) < 1e-9)
    #expect(abs(half.determinant - 1) < 1e-9)
  }
}
