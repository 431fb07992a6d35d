/// A barcode or card reader that presents itself as a USB keyboard, as a scan names it.
///
/// UIKit has no such type: iOS apps read codes through the camera. KioskKit routes the keys
/// of the devices matched by `[input] scanners` to the app as whole scans instead of typing
/// them (see ``Scan``).
public struct ScannerDevice: Sendable, Hashable {
  /// The device's name as the kernel reports it, e.g. `Honeywell Imaging & Mobility 1900`.
  public var name: String
  /// The kernel's name of its event node, e.g. `event7`.
  public var sysname: String
  /// The USB vendor id, four lowercase hexadecimal digits (udev's `ID_VENDOR_ID`, else the
  /// kernel's input id), e.g. `0c2e`; `nil` when unknown.
  public var vendorID: String?
  /// The USB product id, four lowercase hexadecimal digits (udev's `ID_MODEL_ID`, else the
  /// kernel's input id), e.g. `0b61`; `nil` when unknown.
  public var modelID: String?

  /// Describes a scanner.
  public init(name: String, sysname: String, vendorID: String? = nil, modelID: String? = nil) {
    self.name = name
    self.sysname = sysname
    self.vendorID = vendorID
    self.modelID = modelID
  }
}

/// One code read by a scanner: the characters its keys typed, through the panel's keyboard
/// layout (`[input] keyboard-layout`), from the first key up to Return or a pause.
///
/// Scans reach the app through `Application.scanHandler` and `Application.scans`, not the
/// focused text field (unless `Application.typesScansIntoFocusedField` asks for that too).
///
/// ```swift
/// Application.shared.scanHandler = { scan in
///   ticketLabel.text = scan.text
/// }
/// ```
public struct Scan: Sendable, Equatable {
  /// How a scan came to its end.
  public enum Ending: Sendable, Equatable {
    /// The scanner pressed Return (or the keypad's Enter), which is not part of `text`.
    case returnKey
    /// No key came for `[input] scan-gap` milliseconds (scanners set up without a suffix).
    case pause
  }

  /// The characters read, without the Return that ended them. Tabs and other characters a
  /// scanner sends between fields are kept.
  public var text: String
  /// The scanner that read it.
  public var device: ScannerDevice
  /// When the scan ended (its Return, or its last key before the pause), on the run loop's
  /// monotonic clock in seconds (as `Event.timestamp`).
  public var time: Double
  /// Whether Return or a pause ended it.
  public var ending: Ending

  /// Creates a scan.
  public init(text: String, device: ScannerDevice, time: Double, ending: Ending) {
    self.text = text
    self.device = device
    self.time = time
    self.ending = ending
  }
}
