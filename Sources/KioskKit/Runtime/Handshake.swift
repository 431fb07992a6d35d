import Dispatch
import FoundationEssentials
import Glibc
import KioskUI

/// For test harnesses (`--handshake`): when no frame has been shown for a while after one
/// was, print `KIOSK SETTLED n NAME WxH frames=N` (N: frames composited so far) and wait
/// for a line on standard input before going on, so the host can capture the screen while
/// this process still holds it. The line `quit` ends the app cleanly (as SIGTERM does), so
/// a harness need not guess a `--duration` long enough for a slow machine.
@MainActor
enum Handshake {
  private static var quietTimer: DispatchSourceTimer?
  private static var settledCount = 0
  private static var detector = SettleDetector()

  static func start(
    on output: DisplayOutput, screen: Screen, quit: @escaping @MainActor () -> Void
  ) {
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now() + 0.1, repeating: 0.1)
    timer.setEventHandler {
      MainActor.assumeIsolated {
        // Every screen's frames: a second screen still painting has not settled either.
        let frames = Screen.screens.reduce(0) { $0 + $1.compositor.framesComposited }
        guard
          detector.hasSettled(
            frames: frames, busy: Transaction.isCommitPending || View.areAnimationsRunning,
            at: monotonicSeconds())
        else { return }
        settledCount += 1
        print(
          "KIOSK SETTLED \(settledCount) \(output.name) \(output.pixelWidth)x\(output.pixelHeight)"
            + " frames=\(frames)")
        fflush(nil)  // all streams: stdout is a global C variable Swift 6 will not touch
        if readLine() == "quit" { quit() }
      }
    }
    timer.resume()
    quietTimer = timer
  }
}
