/// Why a memory warning was sent, for the log.
package enum MemoryWarningReason: Sendable, Equatable, CustomStringConvertible {
  /// The PSI trigger fired: tasks stalled on memory for longer than its threshold.
  case psi
  /// The cgroup went over its `memory.high` (the unit's `MemoryHigh=`) again: the `high`
  /// counter of `memory.events` rose to this value.
  case cgroupHigh(Int)
  /// `MemAvailable` in `/proc/meminfo` fell below the floor: this many MB were left.
  case lowMemAvailable(Int)
  /// Someone asked for one (`kioskctl memory-warning`, a test, the app itself).
  case requested

  package var description: String {
    switch self {
    case .psi: "PSI"
    case .cgroupHigh(let count): "cgroup over memory.high, \(count) times so far"
    case .lowMemAvailable(let megabytes): "MemAvailable \(megabytes) MB"
    case .requested: "requested"
    }
  }
}
