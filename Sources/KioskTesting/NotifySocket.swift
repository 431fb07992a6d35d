import Foundation
import Glibc

/// A unix datagram socket bound at a fresh path in /tmp, standing in for systemd's
/// `NOTIFY_SOCKET`: a test sets the variable to `path` and reads what the app sends.
///
/// ```swift
/// let socket = try NotifySocket()
/// environment["NOTIFY_SOCKET"] = socket.path
/// let ready = socket.receive(timeout: 5)  // "READY=1\nSTATUS=…"
/// ```
public final class NotifySocket {
  /// Where the socket is bound.
  public let path: String
  private let fd: Int32

  /// Binds a new socket; throws the POSIX error of `socket` or `bind`.
  public init() throws {
    path = "/tmp/kiosk-notify-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else {
      let code = errno
      close(fd)
      throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
    }
  }

  deinit {
    close(fd)
    unlink(path)
  }

  /// The next datagram, or `nil` when none came within `timeout` seconds.
  public func receive(timeout: Double) -> String? {
    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, Int32(timeout * 1000)) > 0 else { return nil }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = recv(fd, &buffer, buffer.count, 0)
    return count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : nil
  }

  /// The datagrams waiting now, without blocking.
  public func received() -> [String] {
    var messages: [String] = []
    while let message = receive(timeout: 0) { messages.append(message) }
    return messages
  }
}
