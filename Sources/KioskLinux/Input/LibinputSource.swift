import Dispatch
import KioskGraphics
import KioskUI
import Logging

/// How the runtime reads input through libinput.
package struct LibinputConfiguration: Sendable, Equatable {
  /// The udev seat whose devices are used (and followed as they come and go).
  package var seat = "seat0"
  /// Event nodes to open instead of the seat's devices (libinput's path backend), e.g.
  /// `/dev/input/event3`. Empty: the udev seat.
  package var devicePaths: [String] = []
  /// A calibration matrix for every touchscreen, replacing udev's
  /// `LIBINPUT_CALIBRATION_MATRIX`; `nil` keeps what udev says.
  package var calibration: TouchCalibration?
  /// The output touch maps to, by name; `nil`: the screen's output.
  package var touchOutput: String?
  /// The keyboard layout.
  package var keyboardLayout = KeyboardLayout()

  /// The defaults: the devices of seat0, US keyboard layout.
  package init() {}
}

/// Touch, mouse and keyboard input from libinput, delivered to the app on the main queue:
/// touches as `TouchSample`s in screen points (one batch per touch frame), a mouse as one
/// finger, keys as `PressSample`s with their text from xkbcommon.
///
/// Positions go from the device to the panel (libinput's transformed coordinates, after the
/// calibration matrix) and from the panel to points through the screen's `pointsToPanel`,
/// the transform rendering uses. Devices may come and go at any time, and there may be none.
@MainActor
package final class LibinputSource {
  /// The screen touches land on.
  package let screen: Screen
  let configuration: LibinputConfiguration
  let backend: LibinputBackend
  let keyboard: XKBKeyboard?
  let logger: Logger
  let touchHandler: @MainActor ([TouchSample]) -> Void
  let pressHandler: @MainActor ([PressSample]) -> Void
  private var readSource: DispatchSourceRead?

  /// The devices plugged in now, by id.
  package internal(set) var devices: [Int: InputDeviceInfo] = [:]
  /// Devices whose first touch, click or key was logged since they were added.
  var devicesUsed: Set<Int> = []

  /// Changes of fingers since the last touch frame.
  var pendingTouches: [TouchSample] = []
  /// Fingers down, by seat slot (unique across the seat's devices: the touch id).
  var fingers: [Int: (device: Int, location: Point)] = [:]
  /// Where the mouse is, in points (nothing draws it).
  var cursor: Point
  /// The device whose left button holds the mouse's finger down.
  var pointerButtonDevice: Int?
  /// Keys down, with the device they came from.
  var keysDown: [UInt32: Int] = [:]
  /// Set while the seat is disabled (see `seatDisabled`).
  var suspended = false

  /// Opens libinput on the seat (or on `configuration.devicePaths`) and the keyboard layout.
  /// Throws when libinput cannot start (no udev, no context); a layout that does not
  /// compile is logged and keys then arrive without text.
  package convenience init(
    screen: Screen, configuration: LibinputConfiguration, logger: Logger
  ) throws {
    let backend =
      configuration.devicePaths.isEmpty
      ? try KernelLibinput(seat: configuration.seat, logger: logger)
      : try KernelLibinput(paths: configuration.devicePaths, logger: logger)
    var keyboard: XKBKeyboard?
    do {
      let loaded = try XKBKeyboard(layout: configuration.keyboardLayout)
      if let locale = loaded.composeLocale {
        logger.debug("input: dead keys and Compose sequences from the \(locale) compose table")
      } else {
        logger.warning(
          "input: no compose table for \(XKBKeyboard.typingLocale()) or en_US.UTF-8 (is libx11-data installed?); dead keys type nothing"
        )
      }
      keyboard = loaded
    } catch {
      logger.error("input: \(error); keys will arrive without text")
    }
    self.init(
      backend: backend, screen: screen, configuration: configuration, keyboard: keyboard,
      logger: logger)
  }

  init(
    backend: LibinputBackend, screen: Screen, configuration: LibinputConfiguration,
    keyboard: XKBKeyboard?, logger: Logger,
    touchHandler: (@MainActor ([TouchSample]) -> Void)? = nil,
    pressHandler: (@MainActor ([PressSample]) -> Void)? = nil
  ) {
    self.backend = backend
    self.screen = screen
    self.configuration = configuration
    self.keyboard = keyboard
    self.logger = logger
    self.touchHandler =
      touchHandler ?? { [screen] in Application.shared.sendTouches($0, on: screen) }
    self.pressHandler = pressHandler ?? { Application.shared.sendPresses($0) }
    cursor = Point(x: screen.bounds.midX, y: screen.bounds.midY)
  }

  isolated deinit {
    readSource?.cancel()
  }

  /// Starts reading: the devices there now are added at once, later ones as they come.
  package func start() {
    if let name = configuration.touchOutput {
      let ours = screen.output?.name ?? "none"
      if name != ours {
        logger.warning(
          "input: --touch-output \(name) is not this app's output (\(ours)); touch maps to \(ours)"
        )
      }
    }
    let fd = backend.fileDescriptor
    if fd >= 0, readSource == nil {
      let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
      source.setEventHandler { [weak self] in
        MainActor.assumeIsolated { self?.processEvents() }
      }
      source.resume()
      readSource = source
    }
    processEvents()
  }

  /// Reads what libinput has and handles every event waiting.
  func processEvents() {
    do {
      try backend.dispatch()
    } catch {
      logger.warning("input: \(error)")
    }
    while let event = backend.nextEvent() { handle(event) }
  }

  func handle(_ event: LibinputEvent) {
    switch event {
    case .deviceAdded(let info): deviceAdded(info)
    case .deviceRemoved(let device): deviceRemoved(device)
    case .touchDown(let device, _, let seatSlot, let position):
      touchDown(device: device, id: seatSlot, position: position)
    case .touchMotion(_, _, let seatSlot, let position):
      touchMoved(id: seatSlot, position: position)
    case .touchUp(_, _, let seatSlot): touchLifted(id: seatSlot, phase: .ended)
    case .touchCancel(_, _, let seatSlot): touchLifted(id: seatSlot, phase: .cancelled)
    case .touchFrame: flushTouches()
    case .pointerMotion(_, let dx, let dy): pointerMoved(dx: dx, dy: dy)
    case .pointerMotionAbsolute(_, let position): pointerMoved(to: position)
    case .pointerButton(let device, let button, let pressed):
      pointerButton(device: device, button: button, pressed: pressed)
    case .key(let device, let code, let pressed): key(device: device, code: code, pressed: pressed)
    }
  }

  // MARK: Devices

  private func deviceAdded(_ info: InputDeviceInfo) {
    devices[info.id] = info
    devicesUsed.remove(info.id)
    var details = info.capabilities.description
    if info.capabilities.contains(.touch), info.touchCount > 0 {
      details += ", \(info.touchCount) fingers"
    }
    if let output = info.outputName { details += ", udev output \(output)" }
    logger.info(
      "input: added \(info.sysname) \"\(info.name)\" (\(details))",
      metadata: JournalMessageID.inputDeviceFound.metadata([
        "KIOSK_INPUT_DEVICE": info.sysname, "KIOSK_INPUT_NAME": info.name,
        "KIOSK_INPUT_CAPABILITIES": info.capabilities.description,
      ]))
    updateHardwareKeyboard()
    guard let calibration = configuration.calibration, info.capabilities.contains(.touch) else {
      return
    }
    if backend.setCalibration(calibration, device: info.id) {
      logger.info("input: \(info.sysname) calibrated with \(calibration)")
    } else {
      logger.warning("input: \(info.sysname) takes no calibration matrix; \(calibration) ignored")
    }
  }

  private func deviceRemoved(_ device: Int) {
    cancelTouches(of: device)
    cancelPointer(of: device)
    cancelKeys(of: device)
    let info = devices.removeValue(forKey: device)
    devicesUsed.remove(device)
    logger.info(
      "input: removed \(info?.sysname ?? "device \(device)") \"\(info?.name ?? "")\"",
      metadata: JournalMessageID.inputDeviceLost.metadata([
        "KIOSK_INPUT_DEVICE": info?.sysname ?? "", "KIOSK_INPUT_NAME": info?.name ?? "",
      ]))
    updateHardwareKeyboard()
  }

  /// Whether a keyboard to type on is attached (one with letter keys).
  package var hasTypingKeyboard: Bool {
    devices.values.contains { $0.capabilities.contains(.typing) }
  }

  /// Tells the app whether a keyboard to type on is attached: with
  /// `input.on-screen-keyboard = auto` the on-screen keyboard shows only while none is.
  private func updateHardwareKeyboard() {
    let attached = hasTypingKeyboard
    guard Application.shared.isHardwareKeyboardAttached != attached else { return }
    Application.shared.isHardwareKeyboardAttached = attached
    logger.info(
      "input: \(attached ? "a keyboard to type on is attached" : "no keyboard to type on")")
  }

  /// Logs the first touch, click or key of a device since it was added (at info level, so
  /// that a log shows input working after a device came back).
  func noteFirstUse(of device: Int, _ what: String) {
    guard devicesUsed.insert(device).inserted else { return }
    logger.info("input: first \(what) from \(devices[device]?.sysname ?? "device \(device)")")
  }
}

extension Point {
  /// `(x, y)` with one decimal, for logs.
  var logDescription: String {
    let x = (self.x * 10).rounded() / 10
    let y = (self.y * 10).rounded() / 10
    return "(\(x), \(y))"
  }
}
