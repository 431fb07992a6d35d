import Foundation
import Logging

@testable import KioskKit

/// A client of the control socket for tests: connects, sends `bytes` as they are (no
/// newline added), half-closes if asked, and reads until the service closes. It blocks, so
/// it runs on a thread of its own (not the few of Swift's pool) while the server answers
/// on the main actor.
func exchange(
  _ bytes: [UInt8], at path: String, halfClose: Bool = false, pause: Double = 0
) async throws -> String {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      continuation.resume(
        with: Result { try blockingExchange(bytes, at: path, halfClose: halfClose, pause: pause) })
    }
    thread.start()
  }
}

private func blockingExchange(
  _ bytes: [UInt8], at path: String, halfClose: Bool, pause: Double
) throws -> String {
  let fd = try ControlSocket.connect(to: path)
  defer { close(fd) }
  var limit = timeval(tv_sec: 5, tv_usec: 0)
  _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
  if pause > 0 { usleep(UInt32(pause * 1_000_000)) }
  // A server that answers early and closes may refuse the rest: only the reply matters.
  _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
  if halfClose { shutdown(fd, Int32(SHUT_WR)) }
  var reply: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if count <= 0 { break }
    reply.append(contentsOf: chunk[0..<count])
  }
  return String(decoding: reply, as: UTF8.self)
}

/// Sends one request line.
func exchange(_ line: String, at path: String) async throws -> String {
  try await exchange(Array((line + "\n").utf8), at: path)
}

/// A socket path of its own in the temporary folder (short: sun_path holds 107 bytes).
func temporarySocketPath() -> String {
  "/tmp/kiosk-control-\(UUID().uuidString.prefix(8)).sock"
}

let testLogger = Logger(label: "control-test")

/// A stand-in for the app that kioskctl must not trust (issue 34): listens on `path`,
/// takes one connection, reads its request, hands the socket to `talk` on a thread of its
/// own, and closes it. `talk` should stop when a write fails (kioskctl gave up) and
/// after a bounded amount, so that a kioskctl that does not give up still ends.
final class HostileServer: Sendable {
  let path: String
  private let listener: Int32

  init(talk: @escaping @Sendable (Int32) -> Void) throws {
    path = temporarySocketPath()
    let listener = try ControlSocket.listen(at: path)
    self.listener = listener
    Thread {
      var ready = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 10_000) > 0 else { return }
      let fd = accept(listener, nil, nil)
      guard fd >= 0 else { return }
      var request = [UInt8](repeating: 0, count: 1024)
      _ = request.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      talk(fd)
      close(fd)
    }.start()
  }

  deinit {
    close(listener)
    unlink(path)
  }

  /// Writes all of `bytes` (blocking); false once the client is gone.
  static func send(_ bytes: [UInt8], to fd: Int32) -> Bool {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return false }
      sent += count
    }
    return true
  }
}

/// `count` connections to `path` that send nothing, made on a thread of their own: the
/// server accepts on the main queue, which a test on the main actor must leave free (a
/// full listen backlog would make connect() wait for it for ever).
func idleConnections(_ count: Int, to path: String) async throws -> [Int32] {
  try await withCheckedThrowingContinuation { continuation in
    Thread {
      continuation.resume(
        with: Result<[Int32], any Error> {
          try (0..<count).map { _ in try ControlSocket.connect(to: path) }
        })
    }.start()
  }
}

/// A request's handler held until the test opens it.
@MainActor
final class Gate {
  private(set) var isWaiting = false
  private var isOpen = false

  func wait() async {
    isWaiting = true
    for _ in 0..<500 where !isOpen { try? await Task.sleep(for: .milliseconds(10)) }
  }

  func open() { isOpen = true }
}
