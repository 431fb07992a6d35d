internal import CLinux
import Dispatch
import Glibc

/// The headphone jack's switch: the sound card's input device (a `/dev/input/event*` node,
/// udev's `ID_INPUT_SWITCH`) that reports `SW_HEADPHONE_INSERT`. It reads the initial state
/// (`EVIOCGSW`) and then the device's `EV_SW` events, non-blocking, on the main queue as the
/// other input devices are read, and reports plugged (`true`) or unplugged to `onChange`.
/// libinput does not pass switches other than the lid and tablet mode on, so the node is
/// read directly.
@MainActor
public final class HeadphoneSwitch {
  /// `EV_SW`, the event type of switches.
  static let switchEventType: UInt16 = 5
  /// `EV_SYN`, the end of an event frame.
  static let syncEventType: UInt16 = 0
  /// `SW_HEADPHONE_INSERT`.
  static let headphoneInsert: UInt16 = 2
  /// `SW_MAX`: how many switches a device can have.
  static let switchCount = 0x10

  /// The event node read.
  public let path: String
  /// Whether a headset is plugged in, as last reported.
  public private(set) var isPlugged: Bool
  private let fd: Int32
  private var source: DispatchSourceRead?
  private var pending: [UInt8] = []
  private let onChange: @MainActor (Bool) -> Void

  /// Opens `path` and reads its state; throws `errno` when it cannot be opened or reports no
  /// headphone switch. `onChange` hears each change after `start()`.
  public init(path: String, onChange: @escaping @MainActor (Bool) -> Void) throws(SwitchError) {
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { throw SwitchError(path: path, reason: String(cString: strerror(errno))) }
    guard Self.reportsHeadphoneInsert(fd) else {
      close(fd)
      throw SwitchError(path: path, reason: "it reports no SW_HEADPHONE_INSERT")
    }
    self.path = path
    self.fd = fd
    self.onChange = onChange
    isPlugged = Self.headphoneState(fd) ?? false
  }

  /// Reads `fd`'s events from now on, on the main queue.
  public init(
    descriptor fd: Int32, path: String, isPlugged: Bool,
    onChange: @escaping @MainActor (Bool) -> Void
  ) {
    self.fd = fd
    self.path = path
    self.isPlugged = isPlugged
    self.onChange = onChange
  }

  isolated deinit {
    source?.cancel()
    if source == nil { close(fd) }
  }

  /// The first `/dev/input/event*` node (in `folder`) with a headphone switch, if any.
  public static func find(in folder: String = "/dev/input") -> String? {
    guard let directory = opendir(folder) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasPrefix("event") { names.append(name) }
    }
    for name in names.sorted(by: { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }) {
      let path = folder + "/" + name
      let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      guard fd >= 0 else { continue }
      defer { close(fd) }
      if reportsHeadphoneInsert(fd) { return path }
    }
    return nil
  }

  /// Starts reading events; each change of the headphone switch calls `onChange`.
  public func start() {
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated { self?.readAvailable() }
    }
    let fd = self.fd
    source.setCancelHandler { close(fd) }
    self.source = source
    source.resume()
  }

  /// Reads what the device has, and reports each change of state.
  func readAvailable() {
    var buffer = [UInt8](repeating: 0, count: 64 * Self.eventSize)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { break }
      pending += buffer[0..<count]
      let whole = pending.count - pending.count % Self.eventSize
      let states = Self.headphoneStates(in: pending[0..<whole])
      pending.removeFirst(whole)
      for state in states where state != isPlugged {
        isPlugged = state
        onChange(state)
      }
    }
  }

  /// The size of `struct input_event` (a `timeval`, type, code, value).
  static let eventSize = MemoryLayout<timeval>.size + 8

  /// The headphone switch's states in whole `input_event`s, in order.
  static func headphoneStates(in bytes: ArraySlice<UInt8>) -> [Bool] {
    var states: [Bool] = []
    var offset = bytes.startIndex
    let header = MemoryLayout<timeval>.size
    while offset + eventSize <= bytes.endIndex {
      func field<T: FixedWidthInteger>(_ at: Int, _: T.Type) -> T {
        var value = T.zero
        withUnsafeMutableBytes(of: &value) { raw in
          for index in 0..<MemoryLayout<T>.size { raw[index] = bytes[offset + at + index] }
        }
        return T(littleEndian: value)
      }
      let type = field(header, UInt16.self)
      let code = field(header + 2, UInt16.self)
      let value = field(header + 4, Int32.self)
      if type == switchEventType && code == headphoneInsert { states.append(value != 0) }
      offset += eventSize
    }
    return states
  }

  private static func reportsHeadphoneInsert(_ fd: Int32) -> Bool {
    var bits = [UInt8](repeating: 0, count: switchCount / 8 + 1)
    let count = kiosk_evdev_switch_bits(fd, &bits, UInt(bits.count))
    return count > 0 && bits[Int(headphoneInsert) / 8] & (1 << (headphoneInsert % 8)) != 0
  }

  private static func headphoneState(_ fd: Int32) -> Bool? {
    var bits = [UInt8](repeating: 0, count: switchCount / 8 + 1)
    guard kiosk_evdev_switch_states(fd, &bits, UInt(bits.count)) > 0 else { return nil }
    return bits[Int(headphoneInsert) / 8] & (1 << (headphoneInsert % 8)) != 0
  }
}
