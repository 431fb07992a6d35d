import Glibc
import KioskControl

/// One request over the control socket: connect, send a line, read the reply to the end.
///
/// kioskctl (usually run as root) does not trust what answers on the socket: the whole
/// exchange — connecting, sending, every byte of the reply — has one deadline (`timeout`),
/// a reply is read only up to `ControlReply.maximumSize`, and an app that says it is busy is asked
/// again, with a short back-off, until the deadline.
struct ControlClient {
  let path: String
  /// Seconds for the whole exchange (`--timeout`), retries for a busy app included.
  let timeout: Double

  /// The first wait before asking a busy app again, in seconds; each retry waits twice as
  /// long as the one before, up to `maximumRetryDelay`, while the deadline allows.
  static let firstRetryDelay = 0.02
  /// The longest wait between two tries at a busy app, in seconds.
  static let maximumRetryDelay = 0.25

  /// A reply too long (more than `ControlReply.maximumSize`): the app does not speak the control
  /// protocol. EX_PROTOCOL.
  static let replyTooLongExitCode: Int32 = 76
  /// No whole reply within the deadline, or the connection broke. EX_IOERR.
  static let brokenExitCode: Int32 = 74
  /// The app is busy (every connection taken) until the deadline. EX_TEMPFAIL.
  static let busyExitCode: Int32 = 75

  struct Failure: Error {
    var message: String
    var exitCode: Int32
  }

  /// When the exchange must be over.
  private struct Deadline {
    let end: ContinuousClock.Instant

    init(seconds: Double) {
      end = .now + .seconds(seconds)
    }

    /// What is left, in seconds (0 once passed).
    var remaining: Double {
      let left = (end - .now).components
      return max(0, Double(left.seconds) + Double(left.attoseconds) / 1e18)
    }

    var hasPassed: Bool { remaining <= 0 }
  }

  /// Sends `request` and returns the app's reply, asking again while the app is busy.
  /// A busy reply means the app did not read the request (`ControlServer` says so before
  /// reading a line), so asking again never runs a request twice.
  func send(_ request: String) throws(Failure) -> ControlReply {
    let deadline = Deadline(seconds: timeout)
    var delay = Self.firstRetryDelay
    var tries = 1
    while true {
      let reply = try exchange(request, deadline: deadline)
      guard Self.isBusy(reply) else { return reply }
      guard deadline.remaining > delay else {
        throw Failure(
          message:
            "the app is busy (every control connection is taken; \(tries) tries in \(timeout) s, --timeout); try again",
          exitCode: Self.busyExitCode)
      }
      usleep(UInt32(delay * 1_000_000))
      delay = min(delay * 2, Self.maximumRetryDelay)
      tries += 1
    }
  }

  /// The app's reply "busy": every connection slot taken, the request not read.
  static func isBusy(_ reply: ControlReply) -> Bool {
    !reply.succeeded && reply.lines.first?.hasPrefix("busy") == true
  }

  /// One connection: the request sent, the reply read to its end.
  private func exchange(_ request: String, deadline: Deadline) throws(Failure) -> ControlReply {
    let fd = try connect(deadline: deadline)
    defer { close(fd) }
    // From here on the socket never blocks: each wait is a poll() for what is left of
    // the deadline, so neither a silent app nor one that trickles bytes can stretch it.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    let bytes = ControlRequest.bytes(of: request)
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count < 0 && errno == EINTR { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        try wait(fd, for: Int16(POLLOUT), until: deadline, doing: "sending the request")
        continue
      }
      guard count > 0 else {
        // The app may have answered and closed before reading ("busy" when every slot is
        // taken): its reply is still there to read.
        if let early = try? readReply(fd, until: deadline), let reply = try? Self.parse(early) {
          return reply
        }
        throw broken("sending the request")
      }
      sent += count
    }
    return try Self.parse(try readReply(fd, until: deadline))
  }

  /// Reads until the app closes the connection, the deadline passes, or the reply is
  /// longer than `ControlReply.maximumSize`; never holds more than that (and a chunk).
  private func readReply(_ fd: Int32, until deadline: Deadline) throws(Failure) -> [UInt8] {
    var reply: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
        try wait(
          fd, for: Int16(POLLIN), until: deadline,
          doing: "waiting for the reply (\(reply.count) bytes so far)")
        continue
      }
      if count < 0 { throw broken("waiting for the reply") }
      if count == 0 { break }
      guard !ControlReply.isTooLong(reply.count + count) else {
        throw Failure(
          message:
            "the reply is longer than \(ControlReply.maximumSize >> 20) MiB, the most kioskctl reads; gave up (is that a KioskKit app?)",
          exitCode: Self.replyTooLongExitCode)
      }
      reply.append(contentsOf: chunk[0..<count])
    }
    return reply
  }

  /// Waits until `fd` is ready for `events`, or throws once the deadline has passed.
  private func wait(
    _ fd: Int32, for events: Int16, until deadline: Deadline, doing: String
  ) throws(Failure) {
    while true {
      let remaining = deadline.remaining
      guard remaining > 0 else { throw timedOut(doing) }
      var poll = pollfd(fd: fd, events: events, revents: 0)
      // Rounded up, so that a last fraction of a millisecond is waited, not spun.
      let result = Glibc.poll(&poll, 1, Int32(min((remaining * 1000).rounded(.up), 86_400_000)))
      if result < 0 && errno == EINTR { continue }
      if result < 0 { throw broken(doing) }
      if result > 0 { return }
    }
  }

  /// A whole reply read (`ControlReply.init(reading:)`); bytes that are none break the
  /// exchange.
  static func parse(_ reply: [UInt8]) throws(Failure) -> ControlReply {
    do {
      return try ControlReply(reading: reply)
    } catch {
      throw Failure(message: error.message, exitCode: brokenExitCode)
    }
  }

  /// A connected socket, blocking. Connecting waits while the app's listen backlog is full
  /// (a unix socket's connect() does), for at most what is left of the deadline.
  private func connect(deadline: Deadline) throws(Failure) -> Int32 {
    guard let address = ControlSocketAddress(path: path) else {
      throw Failure(
        message: "socket path longer than \(ControlSocketAddress.maximumPathLength) bytes: \(path)",
        exitCode: 64)
    }
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { throw broken("creating a socket") }
    // connect() on a unix socket waits for room in the backlog for as long as SO_SNDTIMEO
    // says (0 would be for ever: at least a microsecond).
    let remaining = max(deadline.remaining, 0.000_001)
    var limit = timeval(
      tv_sec: Int(remaining), tv_usec: Int((remaining - remaining.rounded(.down)) * 1_000_000))
    _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    var result: Int32
    repeat {
      result = address.withSocketAddress { Glibc.connect(fd, $0, $1) }
    } while result != 0 && errno == EINTR && !deadline.hasPassed
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
      case EAGAIN, EWOULDBLOCK, EINTR:
        throw timedOut("connecting to \(path) (its backlog is full)")
      default:
        throw Failure(
          message: "cannot connect to \(path): \(String(cString: strerror(code)))", exitCode: 69)
      }
    }
    return fd
  }

  /// The deadline passed while `doing`.
  private func timedOut(_ doing: String) -> Failure {
    Failure(
      message: "\(doing): no whole reply within \(timeout) s (--timeout, for the whole exchange)",
      exitCode: Self.brokenExitCode)
  }

  private func broken(_ doing: String) -> Failure {
    Failure(message: "\(doing): \(String(cString: strerror(errno)))", exitCode: Self.brokenExitCode)
  }
}
