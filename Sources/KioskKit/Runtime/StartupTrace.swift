import Dispatch
import Glibc
import KioskUI

/// Where a start goes, for kiosk-bench: with `KIOSK_STARTUP_TRACE` set in the environment
/// the runtime writes `kiosk-startup: PHASE SECONDS [DETAILS]` lines to standard error as it
/// reaches each phase, SECONDS on the system-wide monotonic clock (`monotonicSeconds()`), so
/// that the process that spawned the app can subtract its own spawn time. Phases: `main`
/// (Application.main entered: process start, dynamic linking and the Swift runtime's set-up
/// are behind it), `configured` (options, configuration file, logging), `screen` (the
/// screen and its output), `launched` (the delegate's didFinishLaunching: the app's views),
/// `first-frame` (the first frame handed to the output), then `first-frame-parts` with that
/// frame's layout, display (drawing, and setting up fonts on first use) and
/// composite-and-present times. Without the variable nothing is written.
enum StartupTrace {
  static let isEnabled = getenv("KIOSK_STARTUP_TRACE") != nil

  /// Writes one phase line now (when tracing).
  static func mark(_ phase: String, _ details: String = "") {
    guard isEnabled else { return }
    let line = Array(
      "kiosk-startup: \(phase) \(monotonicSeconds())\(details.isEmpty ? "" : " " + details)\n"
        .utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }

  /// The first frame reached the output: its time now, its parts once its transaction is
  /// over (the transaction that presents it records them after the present).
  @MainActor
  static func firstFramePresented() {
    guard isEnabled else { return }
    mark("first-frame")
    DispatchQueue.main.async {
      MainActor.assumeIsolated {
        let parts = Transaction.lastTimings
        mark(
          "first-frame-parts",
          "layout=\(parts.layout) display=\(parts.display) composite=\(parts.composite)")
      }
    }
  }
}
