internal import CCEC
import Glibc
import Synchronization

/// libcec's C API (`libcec/cecc.h`), loaded with dlopen once per process from Debian's
/// `libcec6` (Debian 12) or `libcec7` (Debian 13): a panel with `display.cec = off`, or
/// without the package, never loads it.
struct LibCEC: @unchecked Sendable {
  /// The files libcec is loaded from, the first found. libcec 7 kept 6's C API and the
  /// layout of its configuration; its callbacks gained one pointer (`kiosk_cec_callbacks`
  /// has room for it).
  static let libraryNames = ["libcec.so.6", "libcec.so.7"]

  typealias Connection = UnsafeMutableRawPointer
  let clearConfiguration: @convention(c) (UnsafeMutablePointer<kiosk_cec_configuration>?) -> Void
  let initialise: @convention(c) (UnsafeMutablePointer<kiosk_cec_configuration>?) -> Connection?
  let destroy: @convention(c) (Connection?) -> Void
  let open: @convention(c) (Connection?, UnsafePointer<CChar>?, UInt32) -> Int32
  let close: @convention(c) (Connection?) -> Void
  let detectAdapters:
    @convention(c) (
      Connection?, UnsafeMutablePointer<kiosk_cec_adapter_descriptor>?, UInt8,
      UnsafePointer<CChar>?, Int32
    ) -> Int8
  let standbyDevices: @convention(c) (Connection?, Int32) -> Int32
  let powerOnDevices: @convention(c) (Connection?, Int32) -> Int32
  let setActiveSource: @convention(c) (Connection?, Int32) -> Int32
  let vendorID: @convention(c) (Connection?, Int32) -> UInt32
  let vendorName: @convention(c) (UInt32, UnsafeMutablePointer<CChar>?, Int) -> Void
  let powerStatus: @convention(c) (Connection?, Int32) -> Int32
  let physicalAddress: @convention(c) (Connection?, Int32) -> UInt16
  let logicalAddresses: @convention(c) (Connection?) -> kiosk_cec_logical_addresses

  private static let loaded = Mutex<Result<LibCEC, CECError>?>(nil)

  /// libcec, loaded on first use; the outcome (or the failure) stays for the process.
  static func load() throws(CECError) -> LibCEC {
    let result = loaded.withLock { loaded in
      if let loaded { return loaded }
      let result = Result { () throws(CECError) in try LibCEC() }
      loaded = result
      return result
    }
    return try result.get()
  }

  private init() throws(CECError) {
    var reasons: [String] = []
    var opened: (handle: UnsafeMutableRawPointer, name: String)?
    for name in Self.libraryNames where opened == nil {
      if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
        opened = (handle, name)
      } else {
        reasons.append(dlerror().map { String(cString: $0) } ?? "\(name): unknown error")
      }
    }
    guard let (library, fileName) = opened else {
      throw .libraryMissing(reason: reasons.joined(separator: "; "))
    }
    func load<T>(_ name: String, as type: T.Type) throws(CECError) -> T {
      guard let symbol = dlsym(library, name) else {
        throw .libraryMissing(reason: "\(fileName) has no \(name)")
      }
      return unsafeBitCast(symbol, to: type)
    }
    clearConfiguration = try load("libcec_clear_configuration", as: type(of: clearConfiguration))
    initialise = try load("libcec_initialise", as: type(of: initialise))
    destroy = try load("libcec_destroy", as: type(of: destroy))
    open = try load("libcec_open", as: type(of: open))
    close = try load("libcec_close", as: type(of: close))
    detectAdapters = try load("libcec_detect_adapters", as: type(of: detectAdapters))
    standbyDevices = try load("libcec_standby_devices", as: type(of: standbyDevices))
    powerOnDevices = try load("libcec_power_on_devices", as: type(of: powerOnDevices))
    setActiveSource = try load("libcec_set_active_source", as: type(of: setActiveSource))
    vendorID = try load("libcec_get_device_vendor_id", as: type(of: vendorID))
    vendorName = try load("libcec_vendor_id_to_string", as: type(of: vendorName))
    powerStatus = try load("libcec_get_device_power_status", as: type(of: powerStatus))
    physicalAddress = try load(
      "libcec_get_device_physical_address", as: type(of: physicalAddress))
    logicalAddresses = try load("libcec_get_logical_addresses", as: type(of: logicalAddresses))
  }
}

/// The CEC bus through libcec: one connection (libcec's client), made when the bus is, and
/// destroyed with it. `CECController` makes a new one after an adapter went away.
final class LibCECBus: CECBus {
  /// How long opening an adapter may take, in milliseconds.
  static let openTimeout: UInt32 = 10_000
  /// libcec's CEC_DEVICE_TYPE_RECORDING_DEVICE: what a player that is no tuner announces.
  private static let recordingDevice: Int32 = 1
  /// libcec's CEC_DEVICE_TYPE_RESERVED: "our own type" for set_active_source.
  private static let ownType: Int32 = 2
  /// libcec's CEC_ALERT_CONNECTION_LOST.
  private static let connectionLostAlert: Int32 = 1

  private let library: LibCEC
  private let connection: LibCEC.Connection
  private let configuration = UnsafeMutablePointer<kiosk_cec_configuration>.allocate(capacity: 1)
  private let callbacks = UnsafeMutablePointer<kiosk_cec_callbacks>.allocate(capacity: 1)
  private let lost = LostFlag()
  private var isOpen = false

  /// Loads libcec (once per process) and makes a connection named `name` on the bus.
  init(name: String = "KioskKit") throws(CECError) {
    library = try LibCEC.load()
    configuration.initialize(to: kiosk_cec_configuration())
    library.clearConfiguration(configuration)
    withUnsafeMutableBytes(of: &configuration.pointee.device_name) { bytes in
      bytes.initializeMemory(as: UInt8.self, repeating: 0)
      for (index, byte) in name.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
    }
    // libcec_clear_configuration leaves every type "reserved" (none): the first is ours.
    configuration.pointee.device_types.0 = Self.recordingDevice
    configuration.pointee.activate_source = 0
    callbacks.initialize(to: kiosk_cec_callbacks())
    callbacks.pointee.alert = { context, alert, _ in
      guard let context, alert == LibCECBus.connectionLostAlert else { return }
      Unmanaged<LostFlag>.fromOpaque(context).takeUnretainedValue().value.withLock { $0 = true }
    }
    configuration.pointee.callbacks = callbacks
    // libcec copies the configuration: the alert's context is set before.
    configuration.pointee.callback_context = Unmanaged.passUnretained(lost).toOpaque()
    guard let connection = library.initialise(configuration) else {
      configuration.deallocate()
      callbacks.deallocate()
      throw .openFailed(path: "libcec_initialise")
    }
    self.connection = connection
  }

  deinit {
    close()
    library.destroy(connection)
    configuration.deallocate()
    callbacks.deallocate()
  }

  var isConnectionLost: Bool { lost.value.withLock { $0 } }

  func detectAdapters() throws(CECError) -> [CECAdapter] {
    let capacity = 8
    let found = [kiosk_cec_adapter_descriptor](
      unsafeUninitializedCapacity: capacity
    ) { buffer, count in
      let got = library.detectAdapters(connection, buffer.baseAddress, UInt8(capacity), nil, 1)
      count = max(0, min(Int(got), capacity))
    }
    return found.map { descriptor in
      var descriptor = descriptor
      return CECAdapter(
        path: Self.text(&descriptor.path), name: Self.text(&descriptor.name))
    }
  }

  func open(_ adapter: CECAdapter) throws(CECError) -> Int {
    lost.value.withLock { $0 = false }
    guard library.open(connection, adapter.path, Self.openTimeout) != 0 else {
      throw .openFailed(path: adapter.path)
    }
    isOpen = true
    return Int(library.logicalAddresses(connection).primary)
  }

  func close() {
    guard isOpen else { return }
    library.close(connection)
    isOpen = false
  }

  func standby(_ address: Int) -> Bool {
    library.standbyDevices(connection, Int32(address)) != 0
  }

  func powerOn(_ address: Int) -> Bool {
    library.powerOnDevices(connection, Int32(address)) != 0
  }

  func setActiveSource() -> Bool {
    library.setActiveSource(connection, Self.ownType) != 0
  }

  func device(_ address: Int) -> CECDevice {
    let vendor = library.vendorID(connection, Int32(address))
    var name = [CChar](repeating: 0, count: 64)
    library.vendorName(vendor, &name, name.count)
    let physical = library.physicalAddress(connection, Int32(address))
    return CECDevice(
      vendor: vendor == 0
        ? nil
        : String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
      powerStatus: Self.powerText(library.powerStatus(connection, Int32(address))),
      physicalAddress: physical == 0xFFFF ? nil : CECDevice.physicalAddressText(physical))
  }

  /// libcec's cec_power_status as `kioskctl cec` shows it.
  static func powerText(_ status: Int32) -> String? {
    switch status {
    case 0: "on"
    case 1: "standby"
    case 2: "waking"
    case 3: "going to standby"
    default: nil
    }
  }

  private static func text<T>(_ field: inout T) -> String {
    withUnsafeBytes(of: &field) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}

/// Set by libcec's thread when the adapter went away (the connection-lost alert); outlives
/// the connection, whose callbacks point at it.
private final class LostFlag: Sendable {
  let value = Mutex(false)
}
