/// One entry of `[input] scanners`: a barcode or card reader by its USB ids (`"0c2e:0b61"`,
/// vendor then product, as `lsusb` shows them) or by its device name as libinput reports it
/// (`"Honeywell Imaging & Mobility 1900"`).
package struct ScannerMatch: Sendable, Equatable, CustomStringConvertible {
  /// How a device is recognised.
  package enum Rule: Sendable, Equatable {
    /// By vendor and product id.
    case ids(vendor: UInt16, model: UInt16)
    /// By its whole name, exactly (case and spaces count).
    case name(String)
  }

  /// The rule.
  package var rule: Rule

  /// Reads an entry: one to four hexadecimal digits, a colon and one to four more are ids;
  /// text of only hexadecimal digits and colons that is not that (`"0c2e:"`,
  /// `"0c2e:0b61:1"`, `"12345:1"`) is refused, as a mistyped id pair; any other text
  /// without blanks at either end is a name. Empty or blank-edged text is refused.
  package init?(parsing text: String) {
    guard let first = text.first, let last = text.last, !first.isWhitespace, !last.isWhitespace
    else { return nil }
    let isIDLike = text.allSatisfy { $0 == ":" || $0.isHexDigit } && text.contains(":")
    guard isIDLike else {
      rule = .name(text)
      return
    }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ (1...4).contains($0.count) }),
      let vendor = UInt16(parts[0], radix: 16), let model = UInt16(parts[1], radix: 16)
    else { return nil }
    rule = .ids(vendor: vendor, model: model)
  }

  /// Whether the device is this scanner.
  package func matches(_ device: InputDeviceInfo) -> Bool {
    switch rule {
    case .name(let name):
      return device.name == name
    case .ids(let vendor, let model):
      return device.vendorID == Self.hex(vendor) && device.modelID == Self.hex(model)
    }
  }

  package var description: String {
    switch rule {
    case .name(let name): return "\"\(name)\""
    case .ids(let vendor, let model): return "\(Self.hex(vendor)):\(Self.hex(model))"
    }
  }

  /// An id in four lowercase hexadecimal digits (`0c2e`).
  package static func hex(_ value: UInt16) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }

  /// An id as udev writes it (`0C2E`, `0c2e`), in four lowercase digits; `nil` when it is
  /// not one to four hexadecimal digits or is 0 (unknown).
  package static func normalizedID(_ text: String) -> String? {
    guard (1...4).contains(text.count), let value = UInt16(text, radix: 16), value != 0 else {
      return nil
    }
    return hex(value)
  }
}
