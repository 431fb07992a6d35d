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
  /// The screen (by its output's name) touch devices map to when neither `touchDevices`
  /// nor udev's output association (`WL_OUTPUT`) names one; `nil`: the main screen.
  package var touchOutput: String?
  /// Touch devices by the output name of the screen they belong to: device names (as
  /// libinput reports them), sysnames (`event5`) or event nodes (`/dev/input/event5`).
  package var touchDevices: [String: [String]] = [:]
  /// The keyboard layout.
  package var keyboardLayout = KeyboardLayout()
  /// Barcode and card readers: their keys are gathered into scans for the app, not typed
  /// (`[input] scanners`).
  package var scanners: [ScannerMatch] = []
  /// The pause, in seconds, after which a scanner's keys make a scan without a Return
  /// (`[input] scan-gap`).
  package var scanGap = LibinputConfiguration.defaultScanGap

  /// 100 ms: a keyboard-emulating scanner sends its keys 1 to 20 ms apart, and a person
  /// cannot scan twice within 100 ms.
  package static let defaultScanGap = 0.1

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
///
/// With several screens each touch device belongs to one: the screen whose configuration
/// lists it (`touchDevices`), else the one on the output udev associates with it
/// (`WL_OUTPUT`), else the one on `touchOutput`, else the main screen. A mouse moves on the
/// main screen.
@MainActor
package final class LibinputSource {
  /// The main screen: the mouse's, and touch's unless a device belongs to another.
  package let screen: Screen
  /// The other screens touch devices may belong to.
  package let otherScreens: [Screen]
  /// The screen of each touch device, by device id.
  package private(set) var deviceScreens: [Int: Screen] = [:]
  let configuration: LibinputConfiguration
  let backend: LibinputBackend
  let keyboard: XKBKeyboard?
  let logger: Logger
  let touchHandler: @MainActor ([TouchSample], Screen) -> Void
  let pressHandler: @MainActor ([PressSample]) -> Void
  let scanHandler: @MainActor (Scan) -> Void
  private var readSource: DispatchSourceRead?

  /// The devices plugged in now, by id.
  package internal(set) var devices: [Int: InputDeviceInfo] = [:]
  /// Devices whose first touch, click or key was logged since they were added.
  var devicesUsed: Set<Int> = []

  /// Changes of fingers since the last touch frame.
  var pendingTouches: [TouchSample] = []
  /// Fingers down, by seat slot (unique across the seat's devices: the touch id).
  var fingers: [Int: (device: Int, location: Point)] = [:]
  /// How many fingers each device has down, by device id.
  var fingersDown: [Int: Int] = [:]
  /// Fingers each device put down past its limit since the last touch frame, by device id.
  var droppedFingers: [Int: Int] = [:]
  /// The screen of the touches in `pendingTouches`, while they are all on one (`nil` when
  /// none are pending); a frame spanning screens is split when flushed.
  var pendingScreen: Screen?
  var pendingSpansScreens = false
  /// Once a frame spans screens: the screen of each sample queued since.
  var pendingTouchScreens: [Screen] = []
  /// Where the mouse is, in points (nothing draws it).
  var cursor: Point
  /// The device whose left button holds the mouse's finger down.
  var pointerButtonDevice: Int?
  /// Keys down, with the device they came from.
  var keysDown: [UInt32: Int] = [:]
  /// Set while the seat is disabled (see `seatDisabled`).
  var suspended = false
  /// Which devices are scanners, and how long a pause ends a scan
  /// (LibinputSource+Scanners.swift); `updateScanners` changes them at run time.
  package internal(set) var scannerMatches: [ScannerMatch]
  package internal(set) var scanGap: Double
  /// The scanners plugged in now, by device id.
  var scanners: [Int: ScannerInput] = [:]
  /// Ends scans after a pause: due at the earliest deadline of a scan going on.
  var scanPause: ScheduledAction?

  /// Opens libinput on the seat (or on `configuration.devicePaths`) and the keyboard layout.
  /// Throws when libinput cannot start (no udev, no context); a layout that does not
  /// compile is logged and keys then arrive without text.
  package convenience init(
    screen: Screen, otherScreens: [Screen] = [], configuration: LibinputConfiguration,
    logger: Logger
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
      backend: backend, screen: screen, otherScreens: otherScreens, configuration: configuration,
      keyboard: keyboard, logger: logger)
  }

  init(
    backend: LibinputBackend, screen: Screen, otherScreens: [Screen] = [],
    configuration: LibinputConfiguration, keyboard: XKBKeyboard?, logger: Logger,
    touchHandler: (@MainActor ([TouchSample], Screen) -> Void)? = nil,
    pressHandler: (@MainActor ([PressSample]) -> Void)? = nil,
    scanHandler: (@MainActor (Scan) -> Void)? = nil
  ) {
    self.backend = backend
    self.screen = screen
    self.otherScreens = otherScreens
    self.configuration = configuration
    self.keyboard = keyboard
    self.logger = logger
    self.touchHandler = touchHandler ?? { Application.shared.sendTouches($0, on: $1) }
    self.pressHandler = pressHandler ?? { Application.shared.sendPresses($0) }
    self.scanHandler = scanHandler ?? { Application.shared.sendScan($0) }
    scannerMatches = configuration.scanners
    scanGap = configuration.scanGap
    cursor = Point(x: screen.bounds.midX, y: screen.bounds.midY)
  }

  isolated deinit {
    readSource?.cancel()
    scanPause?.cancel()
  }

  /// Starts reading: the devices there now are added at once, later ones as they come.
  package func start() {
    if let name = configuration.touchOutput, self.screen(onOutput: name) == nil {
      let ours = ([screen] + otherScreens).map { $0.output?.name ?? "none" }
      logger.warning(
        "input: --touch-output \(name) is not one of this app's outputs (\(ours.joined(separator: ", "))); touch maps to \(ours[0])"
      )
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
    case .key(let device, let code, let pressed, let time):
      key(device: device, code: code, pressed: pressed, time: time)
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
    if let vendor = info.vendorID, let model = info.modelID { details += ", \(vendor):\(model)" }
    let scanner = scannerMatches.first { $0.matches(info) }
    if let scanner { details += ", a scanner (\(scanner))" }
    if info.capabilities.contains(.touch) {
      let (assigned, why) = screenAndReason(for: info)
      deviceScreens[info.id] = assigned
      if !otherScreens.isEmpty { details += ", on \(assigned.output?.name ?? "none") (\(why))" }
    }
    logger.info(
      "input: added \(info.sysname) \"\(info.name)\" (\(details))",
      metadata: JournalMessageID.inputDeviceFound.metadata([
        "KIOSK_INPUT_DEVICE": info.sysname, "KIOSK_INPUT_NAME": info.name,
        "KIOSK_INPUT_CAPABILITIES": info.capabilities.description,
      ]))
    if scanner != nil { addScanner(info) }
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
    fingersDown[device] = nil
    cancelPointer(of: device)
    cancelKeys(of: device)
    removeScanner(device)
    let info = devices.removeValue(forKey: device)
    deviceScreens.removeValue(forKey: device)
    devicesUsed.remove(device)
    logger.info(
      "input: removed \(info?.sysname ?? "device \(device)") \"\(info?.name ?? "")\"",
      metadata: JournalMessageID.inputDeviceLost.metadata([
        "KIOSK_INPUT_DEVICE": info?.sysname ?? "", "KIOSK_INPUT_NAME": info?.name ?? "",
      ]))
    updateHardwareKeyboard()
  }

  /// Whether a keyboard to type on is attached (one with letter keys that is no scanner).
  package var hasTypingKeyboard: Bool {
    devices.values.contains { $0.capabilities.contains(.typing) && scanners[$0.id] == nil }
  }

  /// Tells the app whether a keyboard to type on is attached: with
  /// `input.on-screen-keyboard = auto` the on-screen keyboard shows only while none is.
  func updateHardwareKeyboard() {
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

extension LibinputSource {
  /// The screen shown on the output named `name`.
  func screen(onOutput name: String) -> Screen? {
    ([screen] + otherScreens).first { $0.output?.name == name }
  }

  /// The screen a touch device belongs to, and why (for the log).
  private func screenAndReason(for info: InputDeviceInfo) -> (Screen, String) {
    let names = [info.name, info.sysname, "/dev/input/\(info.sysname)"]
    for (output, devices) in configuration.touchDevices.sorted(by: { $0.key < $1.key })
    where devices.contains(where: names.contains) {
      if let listed = screen(onOutput: output) { return (listed, "configured") }
    }
    if let output = info.outputName, let associated = screen(onOutput: output) {
      return (associated, "udev WL_OUTPUT")
    }
    if let output = configuration.touchOutput, let chosen = screen(onOutput: output) {
      return (chosen, "touch-output")
    }
    return (screen, "main screen")
  }

  /// The screen the touches of `device` land on.
  func touchScreen(of device: Int) -> Screen {
    deviceScreens[device] ?? screen
  }
}
