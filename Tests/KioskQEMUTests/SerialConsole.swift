import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The lines a process writes to a pipe, collected by a reader thread and waited for by
/// the test: qemu's `-serial stdio` (the guest's ttyS0) and qemu's own standard error.
final class SerialConsole: @unchecked Sendable {
  /// What a wait for a line found.
  enum Wait {
    case found(index: Int, line: String, at: ContinuousClock.Instant)
    case ended
    case timedOut
  }

  private let condition = NSCondition()
  // Guarded by `condition`.
  private var lines: [(text: String, time: ContinuousClock.Instant)] = []
  private var partial: [UInt8] = []
  private var isClosed = false
  private let echoPrefix: String?

  /// Starts reading `handle` until end of file; with `echoPrefix`, every line is also
  /// printed (for `KIOSK_QEMU_VERBOSE=1`).
  init(reading handle: FileHandle, echoPrefix: String? = nil) {
    self.echoPrefix = echoPrefix
    // read(2) rather than FileHandle.read(upToCount:), which waits for the whole count.
    let descriptor = handle.fileDescriptor
    Thread.detachNewThread { [self, handle] in
      defer { withExtendedLifetime(handle) {} }
      var chunk = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
          append(chunk[..<count])
        } else if count == 0 || errno != EINTR {
          break
        }
      }
      close()
    }
  }

  /// Waits until a line at `index` or later satisfies `matches`, the pipe ends, or
  /// `deadline` passes.
  func waitForLine(
    from index: Int, until deadline: ContinuousClock.Instant, where matches: (String) -> Bool
  ) -> Wait {
    condition.lock()
    defer { condition.unlock() }
    var next = index
    while true {
      while next < lines.count {
        if matches(lines[next].text) {
          return .found(index: next, line: lines[next].text, at: lines[next].time)
        }
        next += 1
      }
      if isClosed { return .ended }
      let remaining = ContinuousClock.now.duration(to: deadline)
      if remaining <= .zero { return .timedOut }
      _ = condition.wait(until: Date(timeIntervalSinceNow: min(remaining.seconds, 1)))
    }
  }

  /// Waits until the pipe ends (the process exited); `false` if `deadline` passed first.
  func waitForEnd(until deadline: ContinuousClock.Instant) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while !isClosed {
      let remaining = ContinuousClock.now.duration(to: deadline)
      if remaining <= .zero { return false }
      _ = condition.wait(until: Date(timeIntervalSinceNow: min(remaining.seconds, 1)))
    }
    return true
  }

  /// The last `count` lines, for error messages.
  func tail(_ count: Int = 30) -> String {
    condition.lock()
    defer { condition.unlock() }
    let text = lines.suffix(count).map(\.text) + (partial.isEmpty ? [] : [decode(partial)])
    return text.map { "  | " + $0 }.joined(separator: "\n")
  }

  private func append(_ data: ArraySlice<UInt8>) {
    condition.lock()
    defer { condition.unlock() }
    let now = ContinuousClock.now
    for byte in data {
      if byte == UInt8(ascii: "\n") {
        let line = decode(partial)
        partial.removeAll(keepingCapacity: true)
        lines.append((line, now))
        if let echoPrefix { print(echoPrefix + line) }
      } else {
        partial.append(byte)
      }
    }
    condition.broadcast()
  }

  private func close() {
    condition.lock()
    defer { condition.unlock() }
    if !partial.isEmpty {
      lines.append((decode(partial), .now))
      partial.removeAll()
    }
    isClosed = true
    condition.broadcast()
  }

  /// The tty turns "\n" into "\r\n"; the kernel may send other control bytes too.
  private func decode(_ bytes: [UInt8]) -> String {
    String(decoding: bytes.filter { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
