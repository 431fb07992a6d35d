import Foundation

/// The environment for a process a test starts: this process's, without the systemd
/// service variables (`NOTIFY_SOCKET`, `WATCHDOG_USEC`, `WATCHDOG_PID`). Tests that check
/// sd_notify set those for this whole process while they run, and a child that inherited
/// them (kiosk-demo, systemd-analyze…) would send its own notifications to that test's
/// socket.
///
/// ```swift
/// process.environment = childEnvironment()
/// ```
public func childEnvironment() -> [String: String] {
  ProcessInfo.processInfo.environment.filter {
    !["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"].contains($0.key)
  }
}
