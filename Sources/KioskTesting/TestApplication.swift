import Foundation
import KioskGraphics
import KioskUI
import KioskVirtual

/// A whole KioskKit app in a test: a screen on a virtual output, a window on it, and a
/// manual clock. Nothing happens until the test says so: `runUntilIdle()` commits,
/// `advance(by:)` moves time (animations, scheduled actions), `snapshot()` reads the frame.
///
/// ```swift
/// let app = try TestApplication(pointSize: Size(width: 640, height: 400), scale: 2)
/// app.window.addSubview(myView)
/// app.runUntilIdle()
/// #expect(app.snapshot().pixel(x: 10, y: 10) == .white)
/// ```
@MainActor
public final class TestApplication {
  /// The screen under test (also `Screen.main` while this application lives).
  public let screen: Screen
  /// The virtual panel showing it.
  public let output: VirtualOutput
  /// A visible, key window covering the screen.
  public let window: Window
  /// The simulated clock and commit loop.
  public let loop: SimulatedRunLoop
  /// What `play(_:)` would have logged of fingers it dropped, one line per frame that
  /// dropped some.
  public private(set) var droppedTouchMessages: [String] = []

  /// Creates an app on a `pointSize` screen at `scale`, turned by `rotation` on its panel.
  public init(pointSize: Size, scale: Double = 1, rotation: Rotation = .degrees0) throws {
    Transaction.resetForTesting()
    // A fresh application: touches, tap counts and handlers of an earlier test stay behind,
    // and so do the app's options an earlier test launched with.
    Application.install(Application())
    Application.appOptions = nil
    screen = Screen(pointSize: pointSize, scale: scale, rotation: rotation)
    output = try VirtualOutput(for: screen)
    Screen.main = screen
    window = Window(screen: screen)
    window.backgroundColor = .white
    loop = SimulatedRunLoop(outputs: [output])
    loop.install()
    screen.attach(output)
    window.makeKeyAndVisible()
  }

  isolated deinit {
    screen.detachOutput()
    window.isHidden = true
  }

  /// The time on the manual clock, in seconds.
  public var now: Double { loop.now }

  /// Runs everything pending now (commits and deferred work) until nothing is left: layout,
  /// display and composite happen, and a frame is presented if anything changed.
  public func runUntilIdle() {
    loop.runUntilIdle()
  }

  /// Moves the manual clock on by `seconds`: every refresh that was asked for on the way
  /// fires (animations step) and due scheduled actions run.
  public func advance(by seconds: Double) {
    loop.advance(by: seconds)
  }

  // MARK: The app's own delegate

  /// Why `launch(_:mainStoryboard:)` did not launch the app.
  public enum LaunchError: Error, CustomStringConvertible {
    /// `application(_:didFinishLaunchingWithOptions:)` returned `false`.
    case refused(String)

    /// What refused to launch.
    public var description: String {
      switch self {
      case .refused(let type): "\(type) refused to launch (didFinishLaunching returned false)"
      }
    }
  }

  /// Launches the app's own delegate on this screen as `Application.main` does: creates it
  /// and makes it the application's delegate; with `mainStoryboard` (a file path, such as
  /// `Bundle.module.path(forResource: "Main", ofType: "storyboard.json")`) it gives it a window
  /// whose root is the storyboard's initial controller; then calls
  /// `application(_:didFinishLaunchingWithOptions:)`, where the delegate builds its window on
  /// `Screen.main` (this screen), and commits. The delegate's window covers this one's.
  @discardableResult
  public func launch<Delegate: ApplicationDelegate>(
    _ type: Delegate.Type, mainStoryboard: String? = nil
  ) throws -> Delegate {
    Application.appOptions = nil
    return try launchDelegate(type, mainStoryboard: mainStoryboard)
  }

  /// Launches the app's own delegate as `launch(_:mainStoryboard:)` does, with the app's
  /// own options as if given on its command line (UI tests' launch arguments): the app
  /// reads them with `Application.shared.options(_:)`, as when `Application.main` parsed
  /// them.
  ///
  /// ```swift
  /// try app.launch(CheckInApp.self, options: CheckInOptions.parse(["--max-party", "12"]))
  /// ```
  @discardableResult
  public func launch<Delegate: ApplicationDelegate, Options>(
    _ type: Delegate.Type, options: Options, mainStoryboard: String? = nil
  ) throws -> Delegate {
    Application.appOptions = options
    return try launchDelegate(type, mainStoryboard: mainStoryboard)
  }

  private func launchDelegate<Delegate: ApplicationDelegate>(
    _ type: Delegate.Type, mainStoryboard: String?
  ) throws -> Delegate {
    let launched =
      if let mainStoryboard {
        try application.launch(type, mainStoryboard: mainStoryboard)
      } else {
        application.launch(type)
      }
    guard launched, let delegate = application.delegate as? Delegate else {
      throw LaunchError.refused("\(type)")
    }
    runUntilIdle()
    return delegate
  }

  // MARK: Synthetic input

  /// The application that touches are delivered through.
  public var application: Application { Application.shared }

  /// Taps at `point` (screen points): a finger down and up 50 ms later, then commits.
  public func tap(at point: Point, finger: Int = 0) {
    touch(.began, at: point, finger: finger)
    advance(by: 0.05)
    touch(.ended, at: point, finger: finger)
  }

  /// Drags a finger from `start` to `end` (screen points) over `duration` seconds, one
  /// move per refresh (at least one), then lifts it.
  public func drag(from start: Point, to end: Point, duration: Double, finger: Int = 0) {
    touch(.began, at: start, finger: finger)
    let steps = max(1, Int((duration * output.refreshRate).rounded()))
    for step in 1...steps {
      advance(by: duration / Double(steps))
      let t = Double(step) / Double(steps)
      touch(
        .moved, at: Point(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t),
        finger: finger)
    }
    touch(.ended, at: end, finger: finger)
  }

  /// Sends one finger's change (several fingers: call it per finger between advances),
  /// then commits what the handlers changed.
  public func touch(_ phase: Touch.Phase, at point: Point, finger: Int = 0) {
    application.sendTouches([TouchSample(id: finger, phase: phase, location: point)], on: screen)
    runUntilIdle()
  }

  /// Sends one input frame with several fingers' changes at once (screen points), then
  /// commits what the handlers changed.
  public func touches(_ samples: [TouchSample]) {
    application.sendTouches(samples, on: screen)
    runUntilIdle()
  }

  /// Plays a touch script from now on the manual clock: each frame is delivered at its
  /// time, and the clock ends at the script's last frame. Fingers past
  /// `TouchLimits.maximumScriptFingers` down at once are dropped as the runtime drops them,
  /// and the lines it would log are added to `droppedTouchMessages`.
  ///
  /// ```swift
  /// try app.play(TouchScript(parsing: "0 down 0 100 100\n80 move 0 300 100\n120 up 0"))
  /// ```
  public func play(_ script: TouchScript) {
    let start = now
    for (frame, droppedMessage) in script.playedFrames {
      advance(by: max(0, start + frame.time - now))
      if let droppedMessage { droppedTouchMessages.append(droppedMessage) }
      if !frame.samples.isEmpty { touches(frame.samples) }
      if let typed = frame.typed { typeOnHardwareKeyboard(typed) }
    }
  }

  /// Sends a memory warning through the app (`Application.simulateMemoryWarning()`: views
  /// of controllers off screen are released), then commits what it changed. During a
  /// transition the warning waits for its end: `advance(by:)` past it.
  public func simulateMemoryWarning() {
    application.simulateMemoryWarning()
    runUntilIdle()
  }

  /// The pixels of the last presented frame, as the panel shows them.
  public func snapshot() -> Bitmap {
    snapshot(of: output)
  }

  /// How many frames the virtual panel has shown.
  public var framesPresented: Int { output.framesPresented }
}
