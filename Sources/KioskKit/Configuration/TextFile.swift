import KioskFiles

/// A text file the runtime reads at start-up or on reload (the configuration and its
/// drop-ins, a touch script), read so that a wrong one is refused in words rather than
/// hanging, aborting or being half-read: read by `RegularFile` (without blocking, only a
/// regular file: a FIFO or a device named by mistake would block `open()` or never end; at
/// most `limit` bytes), UTF-8 without NUL bytes (a NUL silently ended the file for the TOML
/// parser). A refusal names the line where it can.
enum TextFile {
  /// Why a file was not read.
  struct Refusal: Error, CustomStringConvertible {
    /// The line (from 1) of the bad byte, when the problem has one.
    let line: Int?
    let message: String
    var description: String { message }
  }

  /// The file's text.
  static func read(_ path: String, limit: Int) throws(Refusal) -> String {
    let bytes: [UInt8]
    do {
      bytes = try RegularFile.read(path, limit: limit)
    } catch {
      throw Refusal(line: nil, message: error.description)
    }
    return try text(of: bytes)
  }

  /// `bytes` as text: refused at the first NUL byte or the first byte that is not UTF-8.
  static func text(of bytes: [UInt8]) throws(Refusal) -> String {
    func line(at offset: Int) -> Int { bytes[..<offset].lazy.filter { $0 == 0x0A }.count + 1 }
    if let nul = bytes.firstIndex(of: 0) {
      throw Refusal(line: line(at: nul), message: "a NUL byte: the file must be text")
    }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    decoding: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: break decoding
      case .error(let length):
        let shown = bytes[offset..<min(offset + max(length, 1), bytes.count)]
          .map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
        throw Refusal(line: line(at: offset), message: "not UTF-8 (bytes \(shown))")
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
