import KioskGraphics

/// What an input device can do, as libinput sees it.
package struct InputCapabilities: OptionSet, Sendable, Hashable, CustomStringConvertible {
  package let rawValue: Int
  /// Creates capabilities from raw bits.
  package init(rawValue: Int) { self.rawValue = rawValue }

  /// Keys (a keyboard, or the buttons of a remote).
  package static let keyboard = InputCapabilities(rawValue: 1 << 0)
  /// A pointer: a mouse, a touchpad, or an absolute pointer such as QEMU's tablet.
  package static let pointer = InputCapabilities(rawValue: 1 << 1)
  /// A touchscreen.
  package static let touch = InputCapabilities(rawValue: 1 << 2)
  /// Anything else libinput reports (tablet tools, switches, gestures): not used.
  package static let other = InputCapabilities(rawValue: 1 << 3)
  /// Keys for typing text (letters and Return), not only a power button, volume keys or a
  /// remote's: a keyboard a person can type on, so the on-screen one can stay away.
  package static let typing = InputCapabilities(rawValue: 1 << 4)

  package var description: String {
    let names: [(InputCapabilities, String)] = [
      (.touch, "touch"), (.pointer, "pointer"), (.keyboard, "keyboard"), (.typing, "typing"),
      (.other, "other"),
    ]
    let list = names.filter { contains($0.0) }.map(\.1)
    return list.isEmpty ? "nothing" : list.joined(separator: ", ")
  }
}

/// An input device libinput added: how it is known and what it can do.
package struct InputDeviceInfo: Sendable, Equatable {
  /// Identifies the device while it is plugged in (a new number after it is plugged again).
  package var id: Int
  /// The device's name, e.g. `ILITEK ILITEK-TP`.
  package var name: String
  /// The kernel's name of its event node, e.g. `event5`.
  package var sysname: String
  /// What it can do.
  package var capabilities: InputCapabilities
  /// How many fingers a touchscreen tracks at once (0: unknown).
  package var touchCount: Int
  /// The output udev assigns the device to (`WL_OUTPUT`), if any.
  package var outputName: String?
  /// The USB vendor id in four lowercase hexadecimal digits: udev's `ID_VENDOR_ID`, else
  /// the kernel's input id (what a uinput device was created with); `nil` when unknown.
  package var vendorID: String?
  /// The USB product id, as `vendorID`: udev's `ID_MODEL_ID`, else the kernel's input id.
  package var modelID: String?

  /// Creates a description.
  package init(
    id: Int, name: String, sysname: String, capabilities: InputCapabilities, touchCount: Int = 0,
    outputName: String? = nil, vendorID: String? = nil, modelID: String? = nil
  ) {
    self.id = id
    self.name = name
    self.sysname = sysname
    self.capabilities = capabilities
    self.touchCount = touchCount
    self.outputName = outputName
    self.vendorID = vendorID
    self.modelID = modelID
  }
}

/// One libinput event, as the source needs it. Positions are libinput's transformed
/// coordinates normalised to 0…1 across the device (after its calibration matrix): x from
/// the left edge, y from the top edge of the panel as mounted.
enum LibinputEvent: Equatable, Sendable {
  case deviceAdded(InputDeviceInfo)
  case deviceRemoved(device: Int)
  case touchDown(device: Int, slot: Int, seatSlot: Int, position: Point)
  case touchMotion(device: Int, slot: Int, seatSlot: Int, position: Point)
  case touchUp(device: Int, slot: Int, seatSlot: Int)
  case touchCancel(device: Int, slot: Int, seatSlot: Int)
  case touchFrame(device: Int)
  /// Relative motion in libinput's (accelerated) pixel units.
  case pointerMotion(device: Int, dx: Double, dy: Double)
  case pointerMotionAbsolute(device: Int, position: Point)
  case pointerButton(device: Int, button: UInt32, pressed: Bool)
  /// A key; `time` is when the kernel saw it, in seconds on CLOCK_MONOTONIC (libinput's
  /// event time), `nil` when unknown. Only the gaps between a scanner's keys use it.
  case key(device: Int, code: UInt32, pressed: Bool, time: Double? = nil)
}

/// The seam between `LibinputSource` and libinput: the real one wraps a libinput context
/// (`KernelLibinput`); tests script events with a fake.
@MainActor
protocol LibinputBackend: AnyObject {
  /// The descriptor that becomes readable when devices sent something, or -1.
  var fileDescriptor: Int32 { get }
  /// Reads what the devices sent and turns it into events (libinput_dispatch).
  func dispatch() throws
  /// The next event, or `nil` when none is waiting.
  func nextEvent() -> LibinputEvent?
  /// Closes every device (the seat was disabled); their removal comes as events.
  func suspend()
  /// Opens the devices again after `suspend` (they come back as added events).
  func resume() throws
  /// Replaces the calibration matrix of a device (udev's, if it had one); `false` when the
  /// device takes none.
  func setCalibration(_ calibration: TouchCalibration, device: Int) -> Bool
}
