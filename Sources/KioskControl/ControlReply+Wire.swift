/// How a reply travels: its lines (`ok` and `key: value` lines, or one `error: …` line),
/// then, after a `png: N` line, N bytes of PNG; the app closes the connection after it. A
/// reply is at most `maximumSize` bytes.
extension ControlReply {
  /// The bytes the app sends: `bytes`, or `tooLong`'s when they are more than
  /// `maximumSize`.
  package var boundedBytes: [UInt8] {
    let bytes = bytes
    return bytes.count <= Self.maximumSize ? bytes : Self.tooLong(self, size: bytes.count).bytes
  }

  /// Whether a reply of `count` bytes (read so far) is longer than any the app sends: a
  /// client stops reading there.
  package static func isTooLong(_ count: Int) -> Bool { count > maximumSize }

  /// Why bytes read are not a reply.
  package struct ReadError: Error, Equatable {
    /// What is wrong with them, for a message.
    package let message: String

    /// Bytes that are no reply because of `message`.
    package init(message: String) {
      self.message = message
    }
  }

  /// Reads a whole reply (everything up to the app's close), as `bytes` wrote it.
  package init(reading reply: [UInt8]) throws(ReadError) {
    var lines: [String] = []
    var start = 0
    var payload: [UInt8]?
    while let newline = reply[start...].firstIndex(of: UInt8(ascii: "\n")) {
      let line = String(decoding: reply[start..<newline], as: UTF8.self)
      start = newline + 1
      lines.append(line)
      if lines.first == "ok", line.hasPrefix("png: "), let count = Int(line.dropFirst(5)) {
        guard reply.count - start == count else {
          throw ReadError(
            message: "the reply ended after \(reply.count - start) of \(count) bytes of PNG")
        }
        payload = Array(reply[start...])
        start = reply.count
        break
      }
    }
    guard let first = lines.first, start == reply.count else {
      throw ReadError(message: "the app closed the connection without a reply")
    }
    if first == "ok" {
      self.init(succeeded: true, lines: Array(lines.dropFirst()), payload: payload)
    } else if first.hasPrefix("error: ") {
      self.init(succeeded: false, lines: [String(first.dropFirst(7))])
    } else {
      throw ReadError(message: "unexpected reply: \(first.prefix(80))")
    }
  }
}
