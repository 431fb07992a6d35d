import Logging

/// The journal's message IDs (`MESSAGE_ID=`) of the events an operator looks for across a
/// fleet: `journalctl MESSAGE_ID=…` finds them on every panel and in every version. Each
/// was made once with a random 128-bit number (as `systemd-id128 new` does) and must never
/// change; the documentation's "Running as a service" article lists them.
package enum JournalMessageID: String, CaseIterable, Sendable {
  /// The display was unplugged or switched off (DRM connector disconnected).
  case displayLost = "7ed2a6c0812a4f3e9f0de6b7469d771b"
  /// The display is connected again.
  case displayFound = "a7870b568d9f4ee8bf725ba5fa7af582"
  /// An input device went away.
  case inputDeviceLost = "7cd8f02171a54d14bb868e589bdd32c5"
  /// An input device was added (at start-up too).
  case inputDeviceFound = "bb8802227711411485c1678932c49ae6"
  /// The app got a memory warning (memory pressure, a low floor, or kioskctl).
  case memoryWarning = "16fd2806ecc04de694c68cd7c18cea5c"
  /// The seat was taken away (a switch to another VT): no frames, no input.
  case seatPaused = "2eadd174ca674ecc8610004324bb1600"
  /// The seat came back.
  case seatResumed = "47be40902a3a4a3ea22aeccf9d0e6659"
  /// Frames could not be presented (logged at most every 10 s, with a count).
  case presentFailed = "219030f9ebea4dd4ab188480ee09e7ad"

  /// Log metadata carrying the ID and `fields` (journal field names: capitals, digits and
  /// `_`, e.g. `KIOSK_OUTPUT`). The journal handler sends them as fields of the entry; the
  /// plain format leaves them out (the message says the same in words).
  package func metadata(_ fields: [String: String] = [:]) -> Logger.Metadata {
    var metadata: Logger.Metadata = ["MESSAGE_ID": .string(rawValue)]
    for (name, value) in fields { metadata[name] = .string(value) }
    return metadata
  }
}

extension Logger.Metadata {
  /// Whether `key` is a journal field of the caller's (capitals, digits and `_`, not
  /// starting with `_`, which journald keeps for its own fields).
  package static func isJournalField(_ key: String) -> Bool {
    guard let first = key.utf8.first, first != UInt8(ascii: "_"), key.utf8.count <= 64 else {
      return false
    }
    return key.utf8.allSatisfy {
      ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
        || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: "_")
    }
  }

  /// The metadata without journal fields: what a plain log line shows.
  package var withoutJournalFields: Logger.Metadata {
    filter { !Logger.Metadata.isJournalField($0.key) }
  }
}
