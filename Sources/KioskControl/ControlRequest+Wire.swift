/// How a request travels: one line of UTF-8 text and its newline, at most
/// `maximumLength` bytes; a `\r` before the newline is no part of it.
extension ControlRequest {
  /// What a server has read of a request so far.
  package enum Framing: Equatable {
    /// A whole line, without its newline (or `\r\n`).
    case line(ArraySlice<UInt8>)
    /// No newline yet, and room for more.
    case incomplete
    /// `maximumLength` bytes or more without a newline: the request is refused.
    case tooLong
  }

  /// The bytes a client sends for `request`, one line of text.
  package static func bytes(of request: String) -> [UInt8] {
    Array((request + "\n").utf8)
  }

  /// The request line at the start of `buffer`, the bytes read so far.
  package static func framing(of buffer: [UInt8]) -> Framing {
    if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")), newline < maximumLength {
      var line = buffer[..<newline]
      if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
      return .line(line)
    }
    return buffer.count >= maximumLength ? .tooLong : .incomplete
  }
}
