/// An HDMI-CEC bus as KioskKit uses it: find the adapters, open one, put the TV in standby
/// or wake it, and read what the TV reports. `LibCECBus` is libcec's; tests give a fake.
///
/// Every call may block (opening an adapter takes a second or more, a command waits for the
/// TV's acknowledgement): `CECController` makes them on a thread of its own, one at a time.
protocol CECBus: AnyObject {
  /// The adapters present now (none: an empty list).
  func detectAdapters() throws(CECError) -> [CECAdapter]
  /// Opens `adapter` and takes a logical address on the bus; returns it (0 to 15).
  func open(_ adapter: CECAdapter) throws(CECError) -> Int
  /// Closes the adapter (nothing when none is open).
  func close()
  /// Asks the device at logical address `address` to go to standby; `false` when the
  /// command was not sent or not acknowledged.
  func standby(_ address: Int) -> Bool
  /// Asks the device at `address` to power on; `false` as for `standby`.
  func powerOn(_ address: Int) -> Bool
  /// Makes this panel the active source (the TV switches to its input).
  func setActiveSource() -> Bool
  /// What the device at `address` reports (its vendor, power status, physical address).
  func device(_ address: Int) -> CECDevice
  /// Whether the adapter went away since it was opened (libcec's connection-lost alert).
  var isConnectionLost: Bool { get }
}

/// A CEC adapter as found on the system.
struct CECAdapter: Sendable, Equatable {
  /// The port libcec opens (`/dev/ttyACM0`, `/dev/cec0`, or the Raspberry Pi's `RPI`).
  var path: String
  /// The adapter's name as libcec gives it.
  var name: String
}

/// What one device on the bus reports; nil fields are unknown (the device did not answer).
struct CECDevice: Sendable, Equatable {
  /// The vendor's name (`Samsung`, `LG`…).
  var vendor: String?
  /// `on`, `standby`, `waking`, `going to standby`, or nil.
  var powerStatus: String?
  /// The physical address, `1.0.0.0`.
  var physicalAddress: String?

  /// A physical address's text: four nibbles, `1.0.0.0`.
  static func physicalAddressText(_ address: UInt16) -> String {
    [12, 8, 4, 0].map { String((address >> UInt16($0)) & 0xF, radix: 16) }.joined(separator: ".")
  }
}

/// Why HDMI-CEC does not work.
enum CECError: Error, Equatable, Sendable, CustomStringConvertible {
  /// libcec could not be loaded (dlopen failed).
  case libraryMissing(reason: String)
  /// No adapter was found.
  case noAdapter
  /// The adapter at this path did not open.
  case openFailed(path: String)
  /// The adapter at this path went away.
  case adapterLost(path: String)
  /// A command was sent but the TV did not acknowledge it.
  case notAcknowledged(command: String)

  var description: String {
    switch self {
    case .libraryMissing(let reason):
      "libcec could not be loaded (\(reason)); HDMI-CEC is off (sudo apt install libcec6, or libcec7 on Debian 13)"
    case .noAdapter:
      "no HDMI-CEC adapter found; the display is blanked without CEC"
    case .openFailed(let path):
      "the HDMI-CEC adapter \(path) did not open; the display is blanked without CEC"
    case .adapterLost(let path):
      "the HDMI-CEC adapter \(path) went away; it is opened again at the next blank or wake"
    case .notAcknowledged(let command):
      "the TV did not acknowledge \(command) over HDMI-CEC (a display without CEC?)"
    }
  }

  /// Problems logged once: another of the same kind is not logged again (an adapter that
  /// went away is then not found).
  var kind: Int {
    switch self {
    case .libraryMissing: 0
    case .noAdapter, .adapterLost: 1
    case .openFailed: 2
    case .notAcknowledged: 3
    }
  }
}
