import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A connection to qemu's QMP socket (QEMU Machine Protocol): one JSON object per line
/// each way. qemu greets, we negotiate capabilities, then each command gets one
/// `return` or `error` reply; asynchronous `event` messages in between are skipped.
final class QMPConnection {
  private let descriptor: Int32
  private var received: [UInt8] = []

  /// Connects to `path`, retrying while qemu is still creating the socket.
  init(path: String, timeout: Duration = .seconds(10)) throws {
    let deadline = ContinuousClock.now + timeout
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let pathBytes = Array(path.utf8)
    guard pathBytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
      throw QEMUError("QMP socket path is too long for a unix socket: \(path)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: pathBytes)
      raw[pathBytes.count] = 0
    }
    while true {
      let descriptor = Int32(
        try systemCall("socket") {
          socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        })
      let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      if result == 0 {
        self.descriptor = descriptor
        break
      }
      let error = errno
      Glibc.close(descriptor)
      guard error == ENOENT || error == ECONNREFUSED || error == EINTR,
        ContinuousClock.now < deadline
      else {
        throw QEMUError("cannot connect to qemu's QMP socket \(path): \(describe(error))")
      }
      usleep(20_000)
    }
    _ = try readMessage(until: deadline)  // the greeting
    try execute("qmp_capabilities", timeout: timeout)
  }

  deinit {
    Glibc.close(descriptor)
  }

  /// Runs `command` and waits for its reply; a QMP error is thrown with qemu's message.
  @discardableResult
  func execute(
    _ command: String, arguments: [String: String] = [:], timeout: Duration = .seconds(10)
  ) throws -> [String: Any] {
    let deadline = ContinuousClock.now + timeout
    var message: [String: Any] = ["execute": command]
    if !arguments.isEmpty { message["arguments"] = arguments }
    var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
    bytes.append(UInt8(ascii: "\n"))
    var written = 0
    while written < bytes.count {
      written += try systemCall("write") {
        bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      }
    }
    while true {
      let reply = try readMessage(until: deadline)
      if let result = reply["return"] {
        return result as? [String: Any] ?? [:]
      }
      if let error = reply["error"] as? [String: Any] {
        throw QEMUError("QMP \(command) failed: \(error["desc"] ?? error)")
      }
    }
  }

  private func readMessage(until deadline: ContinuousClock.Instant) throws -> [String: Any] {
    while true {
      if let end = received.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Data(received[..<end])
        received.removeSubrange(...end)
        guard let message = try? JSONSerialization.jsonObject(with: line) as? [String: Any]
        else {
          throw QEMUError("QMP sent something that is not a JSON object: \(line)")
        }
        return message
      }
      let remaining = ContinuousClock.now.duration(to: deadline)
      guard remaining > .zero else { throw QEMUError("QMP: no reply from qemu in time") }
      var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = try systemCall("poll") {
        poll(&pollDescriptor, 1, Int32(max(1, remaining.seconds * 1000)))
      }
      guard ready > 0 else { continue }
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = try systemCall("read") {
        chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      }
      guard count > 0 else { throw QEMUError("QMP: qemu closed the connection") }
      received += chunk[..<count]
    }
  }
}

/// Runs a system call, retrying it on EINTR; a failure is thrown naming the call.
private func systemCall<Result: BinaryInteger>(_ name: String, _ call: () -> Result) throws
  -> Int
{
  while true {
    let result = call()
    if result >= 0 { return Int(result) }
    let error = errno
    if error != EINTR { throw QEMUError("\(name) failed: \(describe(error))") }
  }
}

private func describe(_ error: Int32) -> String {
  String(cString: strerror(error)) + " (errno \(error))"
}
