import FoundationEssentials
import KioskBase
import KioskLinux
import KioskUI
import Logging

extension Runtime {
  /// Starts watching Linux memory pressure as `configuration` says (`--memory-pressure`,
  /// `--memory-floor`, `--memory-warning-interval`); each warning runs
  /// `handleMemoryWarning`. What cannot be watched is logged, and the app goes on without it.
  func startMemoryWarnings(_ configuration: MemoryPressureConfiguration) -> MemoryPressureSource {
    let logger = self.logger
    let source = MemoryPressureSource(configuration: configuration, logger: logger) { reason in
      Self.handleMemoryWarning(reason, logger: logger)
    }
    source.start()
    return source
  }

  /// The app lets go of what it can (`Application.simulateMemoryWarning()`: the delegate,
  /// every controller, offscreen views, caches, then freed heap pages back to the kernel);
  /// the RSS before and after is logged once the sequence has run (a warning that comes
  /// during a transition runs when it ends).
  static func handleMemoryWarning(_ reason: MemoryWarningReason, logger: Logger) {
    ControlService.memoryWarningsSeen += 1
    KioskMetrics.shared.memoryWarning(reason)
    let before = ProcessMemory.residentBytes()
    let application = Application.shared
    application.didHandleMemoryWarning = { [weak application] in
      application?.didHandleMemoryWarning = nil
      let after = ProcessMemory.residentBytes()
      logger.notice(
        "memory: warning (\(reason)); RSS \(megabytes(before)) MB -> \(megabytes(after)) MB",
        metadata: JournalMessageID.memoryWarning.metadata([
          "KIOSK_MEMORY_WARNING_REASON": "\(reason)",
          "KIOSK_RSS_BYTES_BEFORE": before.map(String.init) ?? "",
          "KIOSK_RSS_BYTES_AFTER": after.map(String.init) ?? "",
        ]))
    }
    application.simulateMemoryWarning()
  }

  private static func megabytes(_ bytes: Int?) -> String {
    bytes.map { String(Double($0) / 1_048_576, decimals: 1) } ?? "?"
  }
}
