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
  /// The time on the manual clock, in seconds.
  public private(set) var now: Double = 0
  private var pendingWork: [@MainActor () -> Void] = []

  /// Creates an app on a `pointSize` screen at `scale`, turned by `rotation` on its panel.
  public init(pointSize: Size, scale: Double = 1, rotation: Rotation = .degrees0) throws {
    screen = Screen(pointSize: pointSize, scale: scale, rotation: rotation)
    output = try VirtualOutput(for: screen)
    Screen.main = screen
    window = Window(screen: screen)
    window.backgroundColor = .white
    // Weak: the harness may be gone while a later test still commits through these.
    Transaction.clock = { [weak self] in self?.now ?? 0 }
    Transaction.scheduler = { [weak self] work in self?.pendingWork.append(work) }
    ScheduledAction.cancelAll()
    screen.attach(output)
    window.makeKeyAndVisible()
  }

  isolated deinit {
    screen.detachOutput()
    window.isHidden = true
  }

  /// Runs everything pending now (commits and deferred work) until nothing is left: layout,
  /// display and composite happen, and a frame is presented if anything changed.
  public func runUntilIdle() {
    var rounds = 0
    while rounds < 1000 {
      rounds += 1
      if !pendingWork.isEmpty {
        let work = pendingWork
        pendingWork.removeAll()
        for item in work { item() }
        continue
      }
      if Transaction.isCommitPending {
        Transaction.flush()
        continue
      }
      break
    }
  }

  /// Moves the manual clock on by `seconds`, refresh by refresh: at each refresh the
  /// output's frame event fires (animations step) and due scheduled actions run.
  public func advance(by seconds: Double) {
    let end = now + max(seconds, 0)
    runUntilIdle()
    while now < end - 1e-9 {
      let refresh = output.nextRefresh(after: now)
      let timer = ScheduledAction.nextFireTime ?? .infinity
      now = min(refresh, timer, end)
      ScheduledAction.runDue(at: now)
      if now >= refresh - 1e-9 { output.fireFrameEvent(at: now) }
      runUntilIdle()
    }
    now = end
  }

  /// The pixels of the last presented frame, as the panel shows them.
  public func snapshot() -> Bitmap {
    runUntilIdle()
    guard let buffer = output.frontBuffer, let copy = try? buffer.copy() else {
      return Bitmap(width: output.pixelWidth, height: output.pixelHeight)
    }
    return Bitmap(buffer: copy)
  }

  /// Sends a memory warning through the app (controllers arrive with the Controllers issue).
  public var framesPresented: Int { output.framesPresented }
}
