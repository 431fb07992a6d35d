import Glibc

/// Writes `text` to standard error whole (a short write is continued; an interrupted one
/// retried): Foundation's `FileHandle.standardError.write`, for messages that have no
/// logger to go to (a bad command line, a storyboard error before the runtime runs).
public func writeToStandardError(_ text: String) {
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let written = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    if written < 0, errno == EINTR { continue }
    guard written > 0 else { return }
    bytes = bytes.dropFirst(written)
  }
}
