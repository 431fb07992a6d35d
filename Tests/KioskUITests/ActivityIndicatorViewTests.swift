import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor
struct ActivityIndicatorViewTests {
  private func makeApp() throws -> (TestApplication, ActivityIndicatorView, View) {
    let app = try TestApplication(pointSize: Size(width: 100, height: 100), scale: 2)
    let holder = View(frame: Rect(x: 10, y: 10, width: 60, height: 60))
    let spinner = ActivityIndicatorView(style: .large)
    spinner.center = Point(x: 30, y: 30)
    holder.addSubview(spinner)
    app.window.addSubview(holder)
    app.runUntilIdle()
    return (app, spinner, holder)
  }

  /// The pixels of the spinner's square (its centre is at (40, 40) points, scale 2).
  private func spinnerPixels(_ app: TestApplication) -> [Color] {
    let frame = app.snapshot()
    return (44..<116).flatMap { y in (44..<116).map { x in frame.pixel(x: x, y: y) } }
  }

  /// Frames presented while the clock moves on `seconds`.
  private func frames(_ app: TestApplication, over seconds: Double) -> Int {
    let before = app.framesPresented
    app.advance(by: seconds)
    return app.framesPresented - before
  }

  @Test func aNewSpinnerIsStoppedHiddenAndSizedToItsStyle() throws {
    let spinner = ActivityIndicatorView(style: .large)
    #expect(spinner.bounds.size == Size(width: 37, height: 37))
    #expect(!spinner.isAnimating && spinner.isHidden && spinner.hidesWhenStopped)
    #expect(ActivityIndicatorView().sizeThatFits(.zero) == Size(width: 20, height: 20))
    spinner.hidesWhenStopped = false
    #expect(!spinner.isHidden)
  }

  @Test func itTurnsOnceASecondWhileAnimatingAndHidesWhenStopped() throws {
    let (app, spinner, _) = try makeApp()
    spinner.startAnimating()
    app.runUntilIdle()
    #expect(spinner.isAnimating && !spinner.isHidden)
    let first = spinnerPixels(app)
    app.advance(by: 0.13)
    #expect(spinner.phase == 1)
    #expect(spinnerPixels(app) != first)
    #expect(frames(app, over: 1) >= 7)
    // Eight pictures, drawn once each; later turns reuse them.
    #expect(spinner.pictureDrawCount == 8)
    spinner.stopAnimating()
    app.runUntilIdle()
    #expect(spinner.isHidden)
  }

  @Test func noFramesOrTimersWhileStoppedHiddenOrOffScreen() throws {
    let (app, spinner, holder) = try makeApp()
    // Stopped but shown: nothing moves.
    spinner.hidesWhenStopped = false
    app.runUntilIdle()
    #expect(frames(app, over: 2) == 0)
    #expect(ScheduledAction.nextFireTime == nil)

    spinner.startAnimating()
    app.runUntilIdle()
    #expect(frames(app, over: 1) >= 7)

    // Each way of not being seen stops the frames, and showing it brings them back.
    let hideAndShow: [(String, () -> Void, () -> Void)] = [
      ("hidden", { spinner.isHidden = true }, { spinner.isHidden = false }),
      ("ancestor hidden", { holder.isHidden = true }, { holder.isHidden = false }),
      ("ancestor transparent", { holder.alpha = 0 }, { holder.alpha = 1 }),
      ("transparent", { spinner.alpha = 0 }, { spinner.alpha = 1 }),
      ("out of the window", { holder.removeFromSuperview() }, { app.window.addSubview(holder) }),
    ]
    for (name, hide, show) in hideAndShow {
      hide()
      app.runUntilIdle()
      #expect(frames(app, over: 2) == 0, "\(name)")
      #expect(ScheduledAction.nextFireTime == nil, "\(name)")
      show()
      app.runUntilIdle()
      #expect(frames(app, over: 1) >= 7, "\(name)")
    }
    spinner.stopAnimating()
    app.runUntilIdle()
    #expect(frames(app, over: 2) == 0)
    #expect(ScheduledAction.nextFireTime == nil)
  }

  @Test func startingWhileHiddenStepsOnlyOnceShown() throws {
    let (app, spinner, holder) = try makeApp()
    holder.isHidden = true
    app.runUntilIdle()
    spinner.startAnimating()
    app.runUntilIdle()
    #expect(frames(app, over: 2) == 0)
    #expect(spinner.phase == 0)
    holder.isHidden = false
    app.runUntilIdle()
    app.advance(by: 0.3)
    #expect(spinner.phase == 2)
  }

  @Test func aNewColourOrStyleRedrawsThePictures() throws {
    let (app, spinner, _) = try makeApp()
    spinner.startAnimating()
    app.runUntilIdle()
    let gray = spinnerPixels(app)
    spinner.color = .red
    app.runUntilIdle()
    #expect(spinnerPixels(app) != gray)
    #expect(spinner.spokes.image?.size == Size(width: 37, height: 37))
    spinner.style = .medium
    app.runUntilIdle()
    #expect(spinner.spokes.image?.size == Size(width: 20, height: 20))
    #expect(spinner.spokes.frame.center == spinner.bounds.center)
  }
}
