/// What the HDMI-CEC worker sees, as `kioskctl cec` and the metrics show it: a snapshot the
/// main actor reads without waiting for the bus.
struct CECReport: Sendable, Equatable {
  /// The worker's state.
  enum State: String, Sendable {
    /// `display.cec = off`.
    case off
    /// Looking for an adapter and opening it.
    case opening
    /// An adapter is open.
    case connected
    /// No adapter (none found, it went away, or it did not open).
    case unavailable
    /// libcec is not installed.
    case missingLibrary = "missing-library"
  }

  var state: State = .off
  /// The adapters found at the last look (`path (name)`).
  var adapters: [String] = []
  /// The adapter open now (its path), if any.
  var adapter: String?
  /// Our logical address on the bus, if an adapter is open.
  var logicalAddress: Int?
  /// What the TV (logical address 0) reported at the last look.
  var tv = CECDevice()
  /// The last problem, if any.
  var lastError: String?
  /// Commands sent to the TV, and those not acknowledged.
  var commandsSent = 0
  var commandsFailed = 0

  /// Whether CEC commands can be sent now.
  var isAvailable: Bool { state == .connected }

  /// `key: value` lines, as `kioskctl cec` prints them.
  var lines: [String] {
    [
      "state: \(state.rawValue)",
      "adapters: \(adapters.isEmpty ? "none" : adapters.joined(separator: ", "))",
      "adapter: \(adapter ?? "none")",
      "logical-address: \(logicalAddress.map(String.init) ?? "none")",
      "tv-vendor: \(tv.vendor ?? "unknown")",
      "tv-power: \(tv.powerStatus ?? "unknown")",
      "tv-physical-address: \(tv.physicalAddress ?? "unknown")",
      "commands-sent: \(commandsSent)",
      "commands-failed: \(commandsFailed)",
      "last-error: \(lastError ?? "none")",
    ]
  }

  /// The report as `kioskctl cec --json` writes it (unknowns are null).
  var jsonObject: [String: Any] {
    func value(_ value: Any?) -> Any { value ?? JSONNull() }
    return [
      "state": state.rawValue, "adapters": adapters, "adapter": value(adapter),
      "logical_address": value(logicalAddress),
      "tv": [
        "vendor": value(tv.vendor), "power": value(tv.powerStatus),
        "physical_address": value(tv.physicalAddress),
      ],
      "commands_sent": commandsSent, "commands_failed": commandsFailed,
      "last_error": value(lastError),
    ]
  }
}
