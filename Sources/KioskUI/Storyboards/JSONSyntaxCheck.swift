/// Finds where a JSON text goes wrong, as a line and column. `JSONDecoder` on Linux only
/// says that the data is not valid JSON; a person editing a storyboard needs the place.
/// It is also stricter than `JSONDecoder`, which takes a comma before `}` or `]` and a key
/// twice in one object (the last one winning in silence): both are errors here.
struct JSONSyntaxCheck {
  /// Where the first syntax error is, and what was expected there.
  struct Failure: Error, Equatable {
    var line: Int
    var column: Int
    var message: String
  }

  private let bytes: [UInt8]
  private var index = 0
  /// The deepest a storyboard's objects and lists nest: past it the file is refused with
  /// the line and column, before anything recurses into it.
  static let maximumDepth = 256

  /// The first syntax error in `bytes`, or `nil` when they are valid JSON.
  static func firstFailure(in bytes: [UInt8]) -> Failure? {
    var check = JSONSyntaxCheck(bytes: bytes)
    do throws(Failure) {
      check.skipWhitespace()
      try check.value(depth: 0)
      check.skipWhitespace()
      if check.index < bytes.count { throw check.failure("expected the end of the file") }
      return nil
    } catch {
      return error
    }
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private func failure(_ expectation: String) -> Failure {
    var line = 1
    var column = 1
    for byte in bytes[..<min(index, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {  // count characters, not UTF-8 continuation bytes
        column += 1
      }
    }
    let found =
      current.map { "found \"\(String(decoding: [$0], as: UTF8.self))\"" } ?? "found the end"
    return Failure(line: line, column: column, message: "\(expectation), \(found)")
  }

  private mutating func skipWhitespace() {
    while let byte = current, [0x20, 0x09, 0x0A, 0x0D].contains(byte) { index += 1 }
  }

  private mutating func expect(_ character: Character) throws(Failure) {
    guard let ascii = character.asciiValue, current == ascii else {
      throw failure("expected \"\(character)\"")
    }
    index += 1
  }

  private mutating func value(depth: Int) throws(Failure) {
    guard depth < Self.maximumDepth else { throw failure("nested too deeply") }
    switch current ?? 0 {
    case UInt8(ascii: "{"): try object(depth: depth)
    case UInt8(ascii: "["): try array(depth: depth)
    case UInt8(ascii: "\""): try string()
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
    default:
      throw failure("expected a value (an object, a list, a string, a number, true, false or null)")
    }
  }

  private mutating func object(depth: Int) throws(Failure) {
    try expect("{")
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      index += 1
      return
    }
    var keys: Set<ArraySlice<UInt8>> = []
    while true {
      try checkEntryCount(keys.count)
      skipWhitespace()
      if current == UInt8(ascii: "}") {
        throw failure("expected a key in quotes after the comma (JSON has no comma before \"}\")")
      }
      guard current == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
      let keyStart = index
      try string()
      // Keys are compared as written: "\u0061" and "a" count as two.
      guard keys.insert(bytes[keyStart..<index]).inserted else {
        let key = String(decoding: bytes[keyStart..<index], as: UTF8.self)
        index = keyStart
        throw failure("the key \(key) again (a key appears once in an object)")
      }
      skipWhitespace()
      try expect(":")
      skipWhitespace()
      try value(depth: depth + 1)
      skipWhitespace()
      if current == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard current == UInt8(ascii: "}") else { throw failure("expected \",\" or \"}\"") }
      index += 1
      return
    }
  }

  private mutating func array(depth: Int) throws(Failure) {
    try expect("[")
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      index += 1
      return
    }
    var entries = 0
    while true {
      try checkEntryCount(entries)
      entries += 1
      skipWhitespace()
      if current == UInt8(ascii: "]") {
        throw failure("expected a value after the comma (JSON has no comma before \"]\")")
      }
      try value(depth: depth + 1)
      skipWhitespace()
      if current == UInt8(ascii: ",") {
        index += 1
        continue
      }
      guard current == UInt8(ascii: "]") else { throw failure("expected \",\" or \"]\"") }
      index += 1
      return
    }
  }

  /// Refuses an entry past `StoryboardLimits.maximumEntriesPerList` in one object or list.
  private func checkEntryCount(_ count: Int) throws(Failure) {
    let limit = StoryboardLimits.maximumEntriesPerList
    guard count >= limit else { return }
    throw failure(
      "expected the end of an object or list of \(limit.grouped) entries, the most one may"
        + " hold (StoryboardLimits.maximumEntriesPerList)")
  }

  private mutating func string() throws(Failure) {
    try expect("\"")
    while let byte = current {
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        return
      case UInt8(ascii: "\\"):
        index += 2
      case 0..<0x20:
        throw failure("expected a closing quote before the end of the line")
      default:
        index += 1
      }
    }
    throw failure("expected a closing quote")
  }

  private mutating func literal(_ word: String) throws(Failure) {
    for ascii in word.utf8 {
      guard current == ascii else { throw failure("expected \(word)") }
      index += 1
    }
  }

  private mutating func number() throws(Failure) {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    var digits = 0
    let allowed = Set("0123456789.eE+-".utf8)
    while let byte = current, allowed.contains(byte) {
      index += 1
      digits += 1
    }
    if digits == 0 {
      index = start
      throw failure("expected a number")
    }
  }
}
