import Glibc

/// One request over the control socket: connect, send a line, read the reply to the end.
struct ControlClient {
  let path: String
  let timeout: Double

  struct Reply {
    var succeeded: Bool
    var lines: [String]
    /// The bytes after a `png: N` line (`screenshot -`), if the reply has them.
    var payload: [UInt8]?
  }

  struct Failure: Error {
    var message: String
    var exitCode: Int32
  }

  func send(_ request: String) throws(Failure) -> Reply {
    let fd = try connect()
    defer { close(fd) }
    var seconds = timeval(
      tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
    _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
    _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
    let bytes = Array((request + "\n").utf8)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        // The app may have answered and closed before reading ("busy" when every slot is
        // taken): its reply is still there to read.
        if let early = try? readReply(fd), let reply = try? Self.parse(early) {
          return try Self.checkedForBusy(reply)
        }
        throw broken("sending the request")
      }
      sent += count
    }
    return try Self.checkedForBusy(try Self.parse(try readReply(fd)))
  }

  /// The app's reply "busy" (every connection slot taken) as its own exit code, 75
  /// (EX_TEMPFAIL): trying again later may work.
  static func checkedForBusy(_ reply: Reply) throws(Failure) -> Reply {
    if !reply.succeeded, reply.lines.first?.hasPrefix("busy") == true {
      throw Failure(
        message: "the app is busy (every control connection is taken); try again", exitCode: 75)
    }
    return reply
  }

  /// Reads until the app closes the connection.
  private func readReply(_ fd: Int32) throws(Failure) -> [UInt8] {
    var reply: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count < 0 { throw broken("waiting for the reply") }
      if count == 0 { break }
      reply.append(contentsOf: chunk[0..<count])
    }
    return reply
  }

  /// A reply's lines, and the payload that follows a `png: N` line.
  static func parse(_ reply: [UInt8]) throws(Failure) -> Reply {
    var lines: [String] = []
    var start = 0
    var payload: [UInt8]?
    while let newline = reply[start...].firstIndex(of: UInt8(ascii: "\n")) {
      let line = String(decoding: reply[start..<newline], as: UTF8.self)
      start = newline + 1
      lines.append(line)
      if lines.first == "ok", line.hasPrefix("png: "), let count = Int(line.dropFirst(5)) {
        guard reply.count - start == count else {
          throw Failure(
            message: "the reply ended after \(reply.count - start) of \(count) bytes of PNG",
            exitCode: 74)
        }
        payload = Array(reply[start...])
        start = reply.count
        break
      }
    }
    guard let first = lines.first, start == reply.count else {
      throw Failure(message: "the app closed the connection without a reply", exitCode: 74)
    }
    if first == "ok" {
      return Reply(succeeded: true, lines: Array(lines.dropFirst()), payload: payload)
    }
    if first.hasPrefix("error: ") {
      return Reply(succeeded: false, lines: [String(first.dropFirst(7))])
    }
    throw Failure(message: "unexpected reply: \(first.prefix(80))", exitCode: 74)
  }

  private func connect() throws(Failure) -> Int32 {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard path.utf8.count < capacity else {
      throw Failure(message: "socket path longer than \(capacity - 1) bytes: \(path)", exitCode: 64)
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
    }
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw broken("creating a socket") }
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard result == 0 else {
      let code = errno
      close(fd)
      switch code {
      case ENOENT, ECONNREFUSED:
        throw Failure(
          message:
            "no KioskKit app is listening on \(path) (is kiosk.service running? systemctl status kiosk)",
          exitCode: 69)
      case EACCES, EPERM:
        throw Failure(
          message: "no permission to connect to \(path): run as the service's user or root",
          exitCode: 77)
      default:
        throw Failure(
          message: "cannot connect to \(path): \(String(cString: strerror(code)))", exitCode: 69)
      }
    }
    return fd
  }

  private func broken(_ doing: String) -> Failure {
    let reason =
      errno == EAGAIN || errno == EWOULDBLOCK
      ? "timed out after \(timeout) s" : String(cString: strerror(errno))
    return Failure(message: "\(doing): \(reason)", exitCode: 74)
  }
}
