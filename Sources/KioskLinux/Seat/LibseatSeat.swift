internal import CLinux
internal import CSeat
import Dispatch
import FoundationEssentials
import Glibc
import Logging

/// A seat from a seat manager through libseat: logind (systemd) or seatd, or libseat's
/// builtin seatd when `LIBSEAT_BACKEND=builtin` asks for it (root only). Devices are opened
/// by the manager, so the app needs no device permissions, and VT switches disable and
/// enable the seat.
@MainActor
package final class LibseatSeat: Seat {
  private let handle: OpaquePointer
  private let events: LibseatEvents
  /// libseat's device ids, by descriptor (closing needs the id).
  private var deviceIDs: [Int32: Int32] = [:]
  private var readSource: DispatchSourceRead?
  private let logger: Logger
  package let description: String
  package var isEnabled: Bool { events.isEnabled }
  package var disableHandler: (@MainActor () -> Void)?
  package var enableHandler: (@MainActor () -> Void)?

  /// Opens the seat and waits up to `timeout` seconds for the manager to enable it.
  /// Throws when no seat manager answers (none runs, or this process has no session).
  package init(logger: Logger, timeout: Double = 5) throws {
    libseat_set_log_level(LIBSEAT_LOG_LEVEL_ERROR)
    // Formatted in C: a closure cannot take libseat's va_list on every architecture.
    kiosk_libseat_set_log_function { _, message in
      guard let message else { return }
      LibseatEvents.lastMessage = String(cString: message)
    }
    let events = LibseatEvents()
    guard
      let handle = libseat_open_seat(
        Self.listener, Unmanaged.passUnretained(events).toOpaque())
    else {
      let reason = LibseatEvents.lastMessage ?? "no seat manager answered"
      throw SystemCallError(call: "libseat_open_seat", code: errno, context: reason)
    }
    self.handle = handle
    self.events = events
    self.logger = logger
    self.description = "libseat " + (libseat_seat_name(handle).map { String(cString: $0) } ?? "?")
    let deadline = Date().addingTimeInterval(timeout)
    while !events.isEnabled, Date() < deadline {
      if libseat_dispatch(handle, 100) < 0 { break }
    }
    guard events.isEnabled else {
      libseat_close_seat(handle)
      throw SystemCallError(
        call: "libseat_dispatch", code: ETIMEDOUT,
        context: "the seat was not enabled within \(timeout) s (is this VT in the foreground?)")
    }
    events.seat = self
    listen()
  }

  isolated deinit {
    readSource?.cancel()
    libseat_close_seat(handle)
  }

  private static let listener: UnsafeMutablePointer<libseat_seat_listener> = {
    let pointer = UnsafeMutablePointer<libseat_seat_listener>.allocate(capacity: 1)
    pointer.initialize(
      to: libseat_seat_listener(
        enable_seat: { _, userdata in
          guard let userdata else { return }
          let events = Unmanaged<LibseatEvents>.fromOpaque(userdata).takeUnretainedValue()
          MainActor.assumeIsolated { events.changed(enabled: true) }
        },
        disable_seat: { _, userdata in
          guard let userdata else { return }
          let events = Unmanaged<LibseatEvents>.fromOpaque(userdata).takeUnretainedValue()
          MainActor.assumeIsolated { events.changed(enabled: false) }
        }))
    return pointer
  }()

  private func listen() {
    let fd = libseat_get_fd(handle)
    guard fd >= 0 else { return }
    let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: .main)
    source.setEventHandler { [weak self] in
      MainActor.assumeIsolated {
        guard let self else { return }
        if libseat_dispatch(self.handle, 0) < 0 {
          self.logger.error("seat: libseat_dispatch failed: \(String(cString: strerror(errno)))")
        }
      }
    }
    source.resume()
    readSource = source
  }

  fileprivate func seatChanged(enabled: Bool) {
    logger.notice(
      "seat: \(enabled ? "enabled" : "disabled") (\(description))",
      metadata: (enabled ? JournalMessageID.seatResumed : .seatPaused).metadata())
    if enabled { enableHandler?() } else { disableHandler?() }
  }

  package func openDevice(_ path: String) -> Int32 {
    var fd: Int32 = -1
    let id = libseat_open_device(handle, path, &fd)
    guard id >= 0, fd >= 0 else { return -(errno != 0 ? errno : EACCES) }
    deviceIDs[fd] = id
    return fd
  }

  package func closeDevice(_ fd: Int32) {
    if let id = deviceIDs.removeValue(forKey: fd) {
      _ = libseat_close_device(handle, id)
    }
    _ = close(fd)
  }

  package func acknowledgeDisable() {
    if libseat_disable_seat(handle) != 0 {
      logger.warning("seat: libseat_disable_seat failed: \(String(cString: strerror(errno)))")
    }
  }
}

/// libseat's callbacks land here (its user data), also while the seat is being opened.
@MainActor
private final class LibseatEvents {
  /// The last message libseat logged (why opening failed); libseat logs on the thread that
  /// calls it, the main one.
  nonisolated(unsafe) static var lastMessage: String?
  var isEnabled = false
  weak var seat: LibseatSeat?

  func changed(enabled: Bool) {
    isEnabled = enabled
    seat?.seatChanged(enabled: enabled)
  }
}

extension LibseatSeat {
  /// The seat to open devices through: libseat with the seat manager that runs (seatd's
  /// socket, else logind's seat0), or the backend `LIBSEAT_BACKEND` names (`builtin`, root
  /// only, runs seatd inside the app); otherwise, or when libseat fails, direct `open()`,
  /// and the log says why.
  package static func best(logger: Logger) -> Seat {
    let environment = ProcessInfo.processInfo.environment
    let seatdSocket = environment["SEATD_SOCK"] ?? "/run/seatd.sock"
    let chosen: String
    if let named = environment["LIBSEAT_BACKEND"] {
      chosen = named
    } else if FileManager.default.fileExists(atPath: seatdSocket) {
      chosen = "seatd"
    } else if FileManager.default.fileExists(atPath: "/run/systemd/seats/seat0") {
      chosen = "logind"
    } else {
      logger.info("seat: no seat manager (no seatd socket, no logind); opening devices directly")
      return DirectSeat()
    }
    // Named, so that libseat does not go on to its builtin seatd when the manager refuses
    // (as root that would take the VT over unasked).
    setenv("LIBSEAT_BACKEND", chosen, 1)
    do {
      let seat = try LibseatSeat(logger: logger)
      logger.info("seat: devices through \(seat.description) (\(chosen))")
      return seat
    } catch {
      logger.warning("seat: \(error); opening devices directly")
      return DirectSeat()
    }
  }
}
