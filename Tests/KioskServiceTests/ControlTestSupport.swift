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
