import KioskGraphics
import KioskUI
import Logging

@testable import KioskLinux

/// libinput in memory: tests plug devices and script touches, clicks and keys; events come
/// out as libinput would hand them over (seat slots allocated across the seat, positions
/// normalised and passed through the device's calibration matrix as libinput applies it).
@MainActor
final class FakeLibinputBackend: LibinputBackend {
  let fileDescriptor: Int32 = -1
  private var queue: [LibinputEvent] = []
  /// The matrices set through the seam, by device.
  private(set) var calibrations: [Int: TouchCalibration] = [:]
  /// Devices that take a calibration matrix (touchscreens).
  private var calibratable: Set<Int> = []
  /// Seat slots of fingers down, by device and slot.
  private var seatSlots: [Int: [Int: Int]] = [:]
  private var nextDevice = 1
  private(set) var dispatches = 0
  /// The devices plugged in, by id (they leave on suspend and come back on resume).
  private var plugged: [Int: InputDeviceInfo] = [:]
  /// Whether libinput is suspended (its devices closed).
  private(set) var isSuspended = false

  /// Plugs a device in; returns its id.
  @discardableResult
  func plug(
    _ name: String, _ capabilities: InputCapabilities, touchCount: Int = 10,
    outputName: String? = nil, vendorID: String? = nil, modelID: String? = nil
  ) -> Int {
    let id = nextDevice
    nextDevice += 1
    if capabilities.contains(.touch) { calibratable.insert(id) }
    let info = InputDeviceInfo(
      id: id, name: name, sysname: "event\(id)", capabilities: capabilities,
      touchCount: capabilities.contains(.touch) ? touchCount : 0, outputName: outputName,
      vendorID: vendorID, modelID: modelID)
    plugged[id] = info
    queue.append(.deviceAdded(info))
    return id
  }

  /// Unplugs a device, without lifting its fingers first.
  func unplug(_ device: Int) {
    plugged[device] = nil
    seatSlots[device] = nil
    calibratable.remove(device)
    queue.append(.deviceRemoved(device: device))
  }

  /// A finger touches down at `raw` (0…1 across the digitizer, before calibration).
  func down(_ device: Int, slot: Int, at raw: Point) {
    let used = Set(seatSlots.values.flatMap(\.values))
    let seatSlot = (0...).first { !used.contains($0) } ?? 0
    seatSlots[device, default: [:]][slot] = seatSlot
    queue.append(
      .touchDown(device: device, slot: slot, seatSlot: seatSlot, position: calibrated(raw, device)))
  }

  func move(_ device: Int, slot: Int, to raw: Point) {
    guard let seatSlot = seatSlots[device]?[slot] else { return }
    queue.append(
      .touchMotion(
        device: device, slot: slot, seatSlot: seatSlot, position: calibrated(raw, device)))
  }

  func up(_ device: Int, slot: Int) {
    guard let seatSlot = seatSlots[device]?.removeValue(forKey: slot) else { return }
    queue.append(.touchUp(device: device, slot: slot, seatSlot: seatSlot))
  }

  func frame(_ device: Int) {
    queue.append(.touchFrame(device: device))
  }

  func mouseMove(_ device: Int, dx: Double, dy: Double) {
    queue.append(.pointerMotion(device: device, dx: dx, dy: dy))
  }

  func mouseMove(_ device: Int, toAbsolute raw: Point) {
    queue.append(.pointerMotionAbsolute(device: device, position: calibrated(raw, device)))
  }

  func button(_ device: Int, _ button: UInt32 = 0x110, pressed: Bool) {
    queue.append(.pointerButton(device: device, button: button, pressed: pressed))
  }

  /// A key goes down or up; `time` is the kernel's time of it (`nil`: the time it is read).
  func key(_ device: Int, _ code: UInt32, pressed: Bool, at time: Double? = nil) {
    queue.append(.key(device: device, code: code, pressed: pressed, time: time))
  }

  /// libinput: `x' = a·x + b·y + c`, `y' = d·x + e·y + f` on normalised coordinates.
  private func calibrated(_ raw: Point, _ device: Int) -> Point {
    calibrations[device]?.apply(to: raw) ?? raw
  }

  // MARK: LibinputBackend

  func dispatch() throws { dispatches += 1 }

  /// As libinput: every device is removed (fingers down with it), and nothing more comes.
  func suspend() {
    isSuspended = true
    seatSlots.removeAll()
    for id in plugged.keys.sorted() { queue.append(.deviceRemoved(device: id)) }
  }

  /// As libinput: the devices are opened again and come back as added.
  func resume() throws {
    isSuspended = false
    for id in plugged.keys.sorted() {
      if let info = plugged[id] { queue.append(.deviceAdded(info)) }
    }
  }

  func nextEvent() -> LibinputEvent? {
    queue.isEmpty ? nil : queue.removeFirst()
  }

  func setCalibration(_ calibration: TouchCalibration, device: Int) -> Bool {
    guard calibratable.contains(device) else { return false }
    calibrations[device] = calibration
    return true
  }
}

/// A `LibinputSource` on the fake, recording what it delivers.
@MainActor
final class LibinputHarness {
  let backend = FakeLibinputBackend()
  let log = LogRecorder()
  let source: LibinputSource
  private let delivered = Deliveries()

  /// With `deliver`, touches, keys and scans go to the application instead of being
  /// recorded.
  init(
    screen: Screen, otherScreens: [Screen] = [],
    configuration: LibinputConfiguration = LibinputConfiguration(),
    keyboard: XKBKeyboard? = nil, deliver: Bool = false
  ) {
    let log = self.log
    let delivered = self.delivered
    let logger = Logger(label: "test") { _ in RecordingLogHandler(recorder: log) }
    let recordTouches: @MainActor ([TouchSample], Screen) -> Void = { batch, screen in
      delivered.batches.append(batch)
      delivered.screens.append(screen)
    }
    let recordPresses: @MainActor ([PressSample]) -> Void = {
      delivered.presses.append(contentsOf: $0)
    }
    let recordScans: @MainActor (Scan) -> Void = { delivered.scans.append($0) }
    source = LibinputSource(
      backend: backend, screen: screen, otherScreens: otherScreens, configuration: configuration,
      keyboard: keyboard, logger: logger, touchHandler: deliver ? nil : recordTouches,
      pressHandler: deliver ? nil : recordPresses, scanHandler: deliver ? nil : recordScans)
    source.start()
  }

  /// Lets the source read what the fake queued, as its dispatch source would.
  func run() { source.processEvents() }

  /// The touch batches delivered so far, one per frame (or pointer event).
  var batches: [[TouchSample]] { delivered.batches }
  /// Every touch sample delivered so far.
  var samples: [TouchSample] { delivered.batches.flatMap { $0 } }
  /// The screen of each batch.
  var batchScreens: [Screen] { delivered.screens }
  /// Every key sample delivered so far.
  var presses: [PressSample] { delivered.presses }
  /// Every scan delivered so far.
  var scans: [Scan] { delivered.scans }
}

@MainActor
private final class Deliveries {
  var batches: [[TouchSample]] = []
  var screens: [Screen] = []
  var presses: [PressSample] = []
  var scans: [Scan] = []
}

/// Log lines kept in memory (`"info input: added …"`).
final class LogRecorder: @unchecked Sendable {
  var lines: [String] = []
}

struct RecordingLogHandler: LogHandler {
  let recorder: LogRecorder
  var logLevel: Logger.Level = .trace
  var metadata: Logger.Metadata = [:]

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    recorder.lines.append("\(event.level) \(event.message)")
  }
}
