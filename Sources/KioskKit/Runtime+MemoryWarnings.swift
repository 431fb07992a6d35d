import Foundation
import KioskLinux
import KioskUI
import Logging

extension Runtime {
  /// Starts watching Linux memory pressure (`--memory-pressure`, `--memory-floor`,
  /// `--memory-warning-interval`); each warning runs `handleMemoryWarning`. What cannot be
  /// watched is logged, and the app goes on without it.
  func startMemoryWarnings() -> MemoryPressureSource {
    let logger = self.logger
    let source = MemoryPressureSource(
      configuration: options.memoryPressureConfiguration, logger: logger
    ) { reason in
      Self.handleMemoryWarning(reason, logger: logger)
    }
    source.start()
    return source
  }

  /// The app lets go of what it can (`Application.simulateMemoryWarning()`: the delegate,
  /// every controller, offscreen views and caches), then freed heap pages go back to the
  /// kernel; the RSS before and after is logged.
  static func handleMemoryWarning(_ reason: MemoryWarningReason, logger: Logger) {
    let before = ProcessMemory.residentBytes()
    Application.shared.simulateMemoryWarning()
    ProcessMemory.trimMallocHeap()
    let after = ProcessMemory.residentBytes()
    logger.notice(
      "memory: warning (\(reason)); RSS \(megabytes(before)) MB -> \(megabytes(after)) MB")
  }

  private static func megabytes(_ bytes: Int?) -> String {
    bytes.map { String(format: "%.1f", Double($0) / 1_048_576) } ?? "?"
  }
}
