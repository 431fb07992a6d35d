/// The answer to one request.
package struct ControlReply: Equatable, Sendable {
  /// Whether the request was carried out.
  package var succeeded: Bool
  /// `key: value` lines after `ok`, or the reason after `error: `.
  package var lines: [String]
  /// Bytes sent after the lines (a PNG), if any.
  package var payload: [UInt8]?

  /// A reply as given.
  package init(succeeded: Bool, lines: [String], payload: [UInt8]? = nil) {
    self.succeeded = succeeded
    self.lines = lines
    self.payload = payload
  }

  /// A reply of `ok`, `lines` and `payload`.
  package static func ok(_ lines: [String] = [], payload: [UInt8]? = nil) -> ControlReply {
    ControlReply(succeeded: true, lines: lines, payload: payload)
  }

  /// A reply of `error: message`.
  package static func error(_ message: String) -> ControlReply {
    ControlReply(succeeded: false, lines: [message], payload: nil)
  }

  /// The longest reply, in bytes (16 MiB): what the app sends at most (a longer one is
  /// replaced by `tooLong`), and so what a connection holds while its client reads; what
  /// kioskctl reads at most (`init(reading:)`'s input). Far more than a status, the
  /// metrics, a reload's list of changes (the configuration file is at most 1 MiB) or a
  /// screenshot of a kiosk's screen.
  package static let maximumSize = 16 << 20

  /// What is sent instead of `reply`, `size` bytes long, when that is more than
  /// `maximumSize`.
  package static func tooLong(_ reply: ControlReply, size: Int) -> ControlReply {
    let hint =
      reply.payload == nil
      ? "" : "; kioskctl screenshot --in-app-folder has the app write it in its folder"
    return .error(
      "the reply is \(size) bytes, more than the \(maximumSize) a client reads\(hint)")
  }

  /// Everything sent back: `text`, then the payload.
  package var bytes: [UInt8] { Array(text.utf8) + (payload ?? []) }

  /// The text sent back: `ok` and its lines, or one `error: …` line.
  package var text: String {
    if succeeded { return (["ok"] + lines).map { $0 + "\n" }.joined() }
    return "error: \(lines.joined(separator: " "))\n"
  }
}
