internal import CLibinput
internal import CLinux
internal import CUdev
import Glibc
import KioskGraphics
import Logging

/// libinput could not start reading input.
package struct LibinputError: Error, CustomStringConvertible {
  /// What failed and what to do about it.
  package var message: String

  package var description: String { message }
}

/// A libinput context: the `LibinputBackend` protocol over the C library. Each libinput
/// call is made here; devices are opened and closed through `InputDeviceAccess`.
@MainActor
final class KernelLibinput: LibinputBackend {
  private let context: OpaquePointer
  private let log: LibinputLog
  /// Our ids of the devices libinput added (each holds a reference until removed).
  private var ids: [OpaquePointer: Int] = [:]
  private var devicesByID: [Int: OpaquePointer] = [:]
  private var nextID = 1

  private static let interface: UnsafeMutablePointer<libinput_interface> = {
    let pointer = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
    pointer.initialize(
      to: libinput_interface(
        open_restricted: { path, _, _ in
          guard let path else { return -EINVAL }
          return InputDeviceAccess.open(String(cString: path))
        },
        close_restricted: { fd, _ in InputDeviceAccess.close(fd) }))
    return pointer
  }()

  /// The devices of a udev seat, followed as they are plugged and unplugged.
  init(seat: String, logger: Logger) throws {
    // Without udev's database libinput ignores every device as "not initialized".
    guard access("/run/udev", F_OK) == 0 else {
      throw LibinputError(
        message:
          "no udev database (/run/udev): start udevd (systemd-udevd) or name the devices with --input-device"
      )
    }
    if access("/run/udev/control", F_OK) != 0 {
      logger.warning(
        "input: udevd does not seem to run (no /run/udev/control): devices plugged in later will not be seen"
      )
    }
    guard let udev = udev_new() else {
      throw LibinputError(message: "udev_new failed: \(String(cString: strerror(errno)))")
    }
    defer { udev_unref(udev) }
    let log = LibinputLog(logger: logger)
    guard
      let context = libinput_udev_create_context(
        Self.interface, Unmanaged.passUnretained(log).toOpaque(), udev)
    else {
      throw LibinputError(message: "libinput_udev_create_context failed")
    }
    self.context = context
    self.log = log
    configureLogging()
    guard libinput_udev_assign_seat(context, seat) == 0 else {
      libinput_unref(context)
      throw LibinputError(message: "libinput cannot use the udev seat \(seat)")
    }
  }

  /// The devices at `paths` (event nodes), without udev's hotplug.
  init(paths: [String], logger: Logger) throws {
    let log = LibinputLog(logger: logger)
    guard
      let context = libinput_path_create_context(
        Self.interface, Unmanaged.passUnretained(log).toOpaque())
    else {
      throw LibinputError(message: "libinput_path_create_context failed")
    }
    self.context = context
    self.log = log
    configureLogging()
    for path in paths where libinput_path_add_device(context, path) == nil {
      // libinput has logged why (no udev entry for it, not an input device…).
      logger.error("input: libinput did not take \(path)")
    }
  }

  isolated deinit {
    for device in ids.keys { libinput_device_unref(device) }
    libinput_unref(context)
  }

  private func configureLogging() {
    // Info always: libinput says at that priority that a device's kernel buffer overflowed
    // (SYN_DROPPED), which is a warning here; its other info messages are debug.
    libinput_log_set_priority(context, LIBINPUT_LOG_PRIORITY_INFO)
    // Formatted in C: a closure cannot take libinput's va_list on every architecture.
    kiosk_libinput_set_log_function(context) { libinput, priority, text in
      guard let libinput, let text, let box = libinput_get_user_data(libinput) else { return }
      let message = String(cString: text)
      let log = Unmanaged<LibinputLog>.fromOpaque(box).takeUnretainedValue()
      let level: Logger.Level =
        switch priority {
        case Int32(LIBINPUT_LOG_PRIORITY_ERROR.rawValue): .warning
        case Int32(LIBINPUT_LOG_PRIORITY_INFO.rawValue):
          // Keys lost (a scanner's code cut short) because input was not read in time.
          message.contains("SYN_DROPPED") ? .warning : .debug
        default: .trace
        }
      log.logger.log(level: level, "libinput: \(message)")
    }
  }

  var fileDescriptor: Int32 { libinput_get_fd(context) }

  func dispatch() throws {
    let result = libinput_dispatch(context)
    if result < 0 { throw SystemCallError(call: "libinput_dispatch", code: -result) }
  }

  func nextEvent() -> LibinputEvent? {
    while let event = libinput_get_event(context) {
      defer { libinput_event_destroy(event) }
      if let converted = convert(event) { return converted }
    }
    return nil
  }

  func suspend() {
    libinput_suspend(context)
  }

  func resume() throws {
    if libinput_resume(context) != 0 {
      throw LibinputError(message: "libinput_resume failed: devices could not be opened again")
    }
  }

  func setCalibration(_ calibration: TouchCalibration, device: Int) -> Bool {
    guard let pointer = devicesByID[device],
      libinput_device_config_calibration_has_matrix(pointer) != 0
    else { return false }
    let matrix = calibration.matrix.map { Float($0) }
    return libinput_device_config_calibration_set_matrix(pointer, matrix)
      == LIBINPUT_CONFIG_STATUS_SUCCESS
  }

  // MARK: Events

  private func convert(_ event: OpaquePointer) -> LibinputEvent? {
    guard let device = libinput_event_get_device(event) else { return nil }
    let type = libinput_event_get_type(event)
    switch type {
    case LIBINPUT_EVENT_DEVICE_ADDED:
      return .deviceAdded(register(device))
    case LIBINPUT_EVENT_DEVICE_REMOVED:
      guard let id = ids.removeValue(forKey: device) else { return nil }
      devicesByID[id] = nil
      libinput_device_unref(device)
      return .deviceRemoved(device: id)
    default:
      guard let id = ids[device] else { return nil }
      return convert(event, type: type, device: id)
    }
  }

  private func convert(_ event: OpaquePointer, type: libinput_event_type, device id: Int)
    -> LibinputEvent?
  {
    switch type {
    case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
      LIBINPUT_EVENT_TOUCH_CANCEL:
      guard let touch = libinput_event_get_touch_event(event) else { return nil }
      let slot = Int(libinput_event_touch_get_slot(touch))
      let seatSlot = Int(libinput_event_touch_get_seat_slot(touch))
      if type == LIBINPUT_EVENT_TOUCH_UP {
        return .touchUp(device: id, slot: slot, seatSlot: seatSlot)
      }
      if type == LIBINPUT_EVENT_TOUCH_CANCEL {
        return .touchCancel(device: id, slot: slot, seatSlot: seatSlot)
      }
      let position = Point(
        x: libinput_event_touch_get_x_transformed(touch, 1),
        y: libinput_event_touch_get_y_transformed(touch, 1))
      return type == LIBINPUT_EVENT_TOUCH_DOWN
        ? .touchDown(device: id, slot: slot, seatSlot: seatSlot, position: position)
        : .touchMotion(device: id, slot: slot, seatSlot: seatSlot, position: position)
    case LIBINPUT_EVENT_TOUCH_FRAME:
      return .touchFrame(device: id)
    case LIBINPUT_EVENT_POINTER_MOTION:
      guard let pointer = libinput_event_get_pointer_event(event) else { return nil }
      return .pointerMotion(
        device: id, dx: libinput_event_pointer_get_dx(pointer),
        dy: libinput_event_pointer_get_dy(pointer))
    case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
      guard let pointer = libinput_event_get_pointer_event(event) else { return nil }
      return .pointerMotionAbsolute(
        device: id,
        position: Point(
          x: libinput_event_pointer_get_absolute_x_transformed(pointer, 1),
          y: libinput_event_pointer_get_absolute_y_transformed(pointer, 1)))
    case LIBINPUT_EVENT_POINTER_BUTTON:
      guard let pointer = libinput_event_get_pointer_event(event) else { return nil }
      return .pointerButton(
        device: id, button: libinput_event_pointer_get_button(pointer),
        pressed: libinput_event_pointer_get_button_state(pointer)
          == LIBINPUT_BUTTON_STATE_PRESSED)
    case LIBINPUT_EVENT_KEYBOARD_KEY:
      guard let keyboard = libinput_event_get_keyboard_event(event) else { return nil }
      return .key(
        device: id, code: libinput_event_keyboard_get_key(keyboard),
        pressed: libinput_event_keyboard_get_key_state(keyboard) == LIBINPUT_KEY_STATE_PRESSED,
        time: Double(libinput_event_keyboard_get_time_usec(keyboard)) / 1_000_000)
    default:
      return nil  // scrolling, gestures, tablets, switches: not used
    }
  }

  private func register(_ device: OpaquePointer) -> InputDeviceInfo {
    libinput_device_ref(device)
    let id = nextID
    nextID += 1
    ids[device] = id
    devicesByID[id] = device
    var capabilities: InputCapabilities = []
    let known: [(libinput_device_capability, InputCapabilities)] = [
      (LIBINPUT_DEVICE_CAP_TOUCH, .touch), (LIBINPUT_DEVICE_CAP_POINTER, .pointer),
      (LIBINPUT_DEVICE_CAP_KEYBOARD, .keyboard), (LIBINPUT_DEVICE_CAP_TABLET_TOOL, .other),
      (LIBINPUT_DEVICE_CAP_TABLET_PAD, .other), (LIBINPUT_DEVICE_CAP_GESTURE, .other),
      (LIBINPUT_DEVICE_CAP_SWITCH, .other),
    ]
    for (capability, flag) in known where libinput_device_has_capability(device, capability) != 0 {
      capabilities.insert(flag)
    }
    // Letters and Return make a keyboard to type on (evdev codes: KEY_Q 16, KEY_A 30,
    // KEY_Z 44, KEY_ENTER 28); power buttons, lid switches and remotes have none.
    if capabilities.contains(.keyboard),
      [16, 30, 44, 28].allSatisfy({ libinput_device_keyboard_has_key(device, $0) == 1 })
    {
      capabilities.insert(.typing)
    }
    let (vendorID, modelID) = Self.ids(of: device)
    return InputDeviceInfo(
      id: id, name: String(cString: libinput_device_get_name(device)),
      sysname: String(cString: libinput_device_get_sysname(device)),
      capabilities: capabilities,
      touchCount: max(0, Int(libinput_device_touch_get_touch_count(device))),
      outputName: libinput_device_get_output_name(device).map { String(cString: $0) },
      vendorID: vendorID, modelID: modelID)
  }

  /// The device's vendor and product ids: udev's `ID_VENDOR_ID` and `ID_MODEL_ID` (set for
  /// USB devices), else the kernel's input ids (libinput's), which for a USB HID device are
  /// the same and for a uinput device are what it was created with; a 0 is unknown.
  private static func ids(of device: OpaquePointer) -> (String?, String?) {
    var vendor: String?
    var model: String?
    if let udevDevice = libinput_device_get_udev_device(device) {
      defer { udev_device_unref(udevDevice) }
      vendor = udev_device_get_property_value(udevDevice, "ID_VENDOR_ID")
        .flatMap { ScannerMatch.normalizedID(String(cString: $0)) }
      model = udev_device_get_property_value(udevDevice, "ID_MODEL_ID")
        .flatMap { ScannerMatch.normalizedID(String(cString: $0)) }
    }
    let kernelVendor = libinput_device_get_id_vendor(device)
    let kernelModel = libinput_device_get_id_product(device)
    if vendor == nil, kernelVendor != 0 {
      vendor = ScannerMatch.hex(UInt16(truncatingIfNeeded: kernelVendor))
    }
    if model == nil, kernelModel != 0 {
      model = ScannerMatch.hex(UInt16(truncatingIfNeeded: kernelModel))
    }
    return (vendor, model)
  }
}

/// The logger libinput's messages go to (libinput's user data, read from its C callback).
private final class LibinputLog: Sendable {
  let logger: Logger
  init(logger: Logger) { self.logger = logger }
}

/// Opening and closing input devices for libinput, through the process's seat (libseat,
/// or direct `open()` without a seat manager). libinput calls these on the main thread.
enum InputDeviceAccess {
  /// Opens an event node; returns the descriptor or minus errno, as libinput's
  /// `open_restricted` must.
  static func open(_ path: String) -> Int32 {
    MainActor.assumeIsolated { DeviceAccess.seat.openDevice(path) }
  }

  /// Closes a descriptor from `open`.
  static func close(_ fd: Int32) {
    MainActor.assumeIsolated { DeviceAccess.seat.closeDevice(fd) }
  }
}
