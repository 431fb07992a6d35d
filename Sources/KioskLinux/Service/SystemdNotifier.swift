internal import CSystemd
import Dispatch
import Glibc
import Logging

/// Tells systemd how the service is doing (`Type=notify`): READY=1 once the first frame is
/// on screen, STATUS= lines, WATCHDOG=1 from the main queue at half the `WatchdogSec`
/// interval (so a hung main queue gets the service restarted), STOPPING=1 before a clean
/// exit. Without `NOTIFY_SOCKET` (not started by systemd) nothing is sent.
@MainActor
package final class SystemdNotifier {
  private let logger: Logger
  private var watchdogTimer: DispatchSourceTimer?
  private var readyTimer: DispatchSourceTimer?
  /// Whether READY=1 was sent.
  package private(set) var isReady = false

  package init(logger: Logger) {
    self.logger = logger
  }

  /// Whether systemd listens (`NOTIFY_SOCKET` is set).
  package var isListening: Bool { getenv("NOTIFY_SOCKET") != nil }

  /// Sends one or more `KEY=value` lines; failures are logged at debug (a missing socket
  /// must not stop the app).
  package func send(_ state: String) {
    let result = sd_notify(0, state)
    if result < 0 {
      logger.debug("sd_notify \(state): \(String(cString: strerror(-result)))")
    }
  }

  /// Sends `STATUS=text` (what `systemctl status` shows).
  package func status(_ text: String) {
    send("STATUS=\(text)")
  }

  /// Sends READY=1 (with a status line) once `framesPresented` counts a frame, looking
  /// after each main-queue turn's frame at most every `interval` seconds.
  package func ready(
    afterFirstFrame framesPresented: @escaping @MainActor () -> Int,
    status: @escaping @MainActor () -> String, interval: Double = 0.02
  ) {
    guard !isReady, readyTimer == nil else { return }
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now(), repeating: interval)
    timer.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        guard let self, framesPresented() > 0 else { return }
        self.ready(status: status())
      }
    }
    timer.resume()
    readyTimer = timer
  }

  /// Sends READY=1 with a status line now (once; a pending `ready(afterFirstFrame:)` is
  /// dropped).
  package func ready(status text: String) {
    readyTimer?.cancel()
    readyTimer = nil
    guard !isReady else { return }
    isReady = true
    send("READY=1\nSTATUS=\(text)")
    logger.info("ready: \(text)")
  }

  /// Starts WATCHDOG=1 pings on the main queue at half the interval systemd asked for
  /// (`WATCHDOG_USEC`); returns that interval in seconds, or `nil` when no watchdog is set.
  @discardableResult
  package func startWatchdog() -> Double? {
    var microseconds: UInt64 = 0
    guard sd_watchdog_enabled(0, &microseconds) > 0, microseconds > 0 else { return nil }
    let interval = Double(microseconds) / 1_000_000
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now(), repeating: interval / 2, leeway: .milliseconds(10))
    timer.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.send("WATCHDOG=1") }
    }
    timer.resume()
    watchdogTimer = timer
    logger.info("watchdog: pinging systemd every \(interval / 2) s")
    return interval
  }

  /// Runs `reload` between RELOADING=1 and READY=1, so `systemctl reload` waits for it and
  /// the unit shows "reloading" meanwhile. Before the service is ready it just runs
  /// `reload` (a READY=1 now would come before the first frame).
  package func reloading(_ reload: () -> Void) {
    guard isReady else { return reload() }
    sendReloading()
    reload()
    send("READY=1")
  }

  /// As `reloading(_:)`, for a reload that waits (one that reads its file off the main
  /// queue); the watchdog pings go on meanwhile.
  @MainActor
  package func reloading(_ reload: @MainActor () async -> Void) async {
    guard isReady else { return await reload() }
    sendReloading()
    await reload()
    send("READY=1")
  }

  private func sendReloading() {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let microseconds = Int(now.tv_sec) * 1_000_000 + Int(now.tv_nsec) / 1000
    // MONOTONIC_USEC: what systemd ≥ 253 (Type=notify-reload) matches the reload by.
    send("RELOADING=1\nMONOTONIC_USEC=\(microseconds)")
  }

  /// Sends STOPPING=1 and stops the pings (the process is about to exit cleanly).
  package func stopping() {
    watchdogTimer?.cancel()
    watchdogTimer = nil
    readyTimer?.cancel()
    readyTimer = nil
    send("STOPPING=1")
  }
}
