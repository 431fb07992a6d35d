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

  /// Creates an app on a `pointSize` screen at `scale`, turned by `rotation` on its panel.
  public init(pointSize: Size, scale: Double = 1, rotation: Rotation = .degrees0) throws {
    Transaction.resetForTesting()
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

  /// The pixels of the last presented frame, as the panel shows them.
  public func snapshot() -> Bitmap {
    runUntilIdle()
    guard let buffer = output.frontBuffer, let copy = try? buffer.copy() else {
      return Bitmap(width: output.pixelWidth, height: output.pixelHeight)
    }
    return Bitmap(buffer: copy)
  }

  /// How many frames the virtual panel has shown.
  public var framesPresented: Int { output.framesPresented }
}
