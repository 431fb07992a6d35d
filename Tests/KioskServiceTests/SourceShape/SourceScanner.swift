/// Swift source cut into the few tokens the shape check needs (words and brackets, each with
/// its line), with comments and the text of string literals left out.
///
/// A brace inside a comment or a string must not open a body, so this reads the language's
/// lexical forms rather than guessing with patterns: `//` and nested `/* */` comments,
/// single-line, multi-line and raw strings (`#"…"#`, `#"""…"""#`) with their escapes, and
/// interpolations (`\(…)`, `\#(…)` in raw strings), whose contents are code and are read as
/// code, closures and nested strings included. Extended regex literals (`#/…/#`) are skipped
/// whole; bare `/…/` regex literals are not recognised (the package uses none), and a `/` is
/// read as an operator.
struct SourceScanner {
  /// A word (identifier or keyword, `#if` and backticked names included) or one of the
  /// punctuation characters the declaration finder looks at.
  struct Token: Equatable {
    /// The token's text: a word, or one punctuation character.
    let text: String
    /// The 1-based line the token starts on.
    let line: Int
    /// Whether the token is a word rather than punctuation.
    let isWord: Bool
  }

  /// The tokens of the text, in order.
  private(set) var tokens: [Token] = []
  /// The line of a comment or string that the text never closes, if any.
  private(set) var unterminatedLine: Int?

  private let bytes: [UInt8]
  private var index = 0
  private var line = 1

  /// Reads all of `text`.
  init(_ text: String) {
    bytes = Array(text.utf8)
    scanCode(untilClosingParenthesis: false)
  }

  private func byte(at offset: Int) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  private mutating func emit(_ text: String, isWord: Bool) {
    tokens.append(Token(text: text, line: line, isWord: isWord))
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...:
      return true
    default:
      return false
    }
  }

  /// The punctuation the declaration finder uses; every other operator character is dropped.
  private static let punctuation: Set<UInt8> = Set("{}()[];:=.,".utf8)

  /// Reads code until the end of the text or, inside an interpolation, until the `)` that
  /// closes it (which is consumed and not emitted).
  private mutating func scanCode(untilClosingParenthesis: Bool) {
    var parentheses = 0
    while let current = byte(at: 0) {
      switch current {
      case UInt8(ascii: "\n"):
        line += 1
        index += 1
      case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "/"):
        while let next = byte(at: 0), next != UInt8(ascii: "\n") { index += 1 }
      case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "*"):
        skipBlockComment()
      case UInt8(ascii: "\""):
        scanString(hashes: 0)
      case UInt8(ascii: "#"):
        scanHash()
      case UInt8(ascii: "`"):
        scanBacktickedName()
      case UInt8(ascii: "@"):
        // An attribute is one word with its `@`.
        let start = index
        index += 1
        while let next = byte(at: 0), Self.isWordByte(next) { index += 1 }
        emit(String(decoding: bytes[start..<index], as: UTF8.self), isWord: true)
      case UInt8(ascii: ")") where untilClosingParenthesis && parentheses == 0:
        index += 1
        return
      case _ where Self.isWordByte(current):
        let start = index
        while let next = byte(at: 0), Self.isWordByte(next) { index += 1 }
        emit(String(decoding: bytes[start..<index], as: UTF8.self), isWord: true)
      case _ where Self.punctuation.contains(current):
        if current == UInt8(ascii: "(") { parentheses += 1 }
        if current == UInt8(ascii: ")") { parentheses -= 1 }
        emit(String(UnicodeScalar(current)), isWord: false)
        index += 1
      default:
        index += 1
      }
    }
    if untilClosingParenthesis { unterminatedLine = unterminatedLine ?? line }
  }

  /// `/* … */`, which nests in Swift.
  private mutating func skipBlockComment() {
    let startLine = line
    var depth = 0
    while let current = byte(at: 0) {
      if current == UInt8(ascii: "/"), byte(at: 1) == UInt8(ascii: "*") {
        depth += 1
        index += 2
      } else if current == UInt8(ascii: "*"), byte(at: 1) == UInt8(ascii: "/") {
        depth -= 1
        index += 2
        if depth == 0 { return }
      } else {
        if current == UInt8(ascii: "\n") { line += 1 }
        index += 1
      }
    }
    unterminatedLine = unterminatedLine ?? startLine
  }

  /// A `#`: the start of a raw string or an extended regex literal, or a directive or
  /// literal such as `#if` or `#filePath` (emitted as one word).
  private mutating func scanHash() {
    var hashes = 0
    while byte(at: hashes) == UInt8(ascii: "#") { hashes += 1 }
    switch byte(at: hashes) {
    case UInt8(ascii: "\""):
      index += hashes
      scanString(hashes: hashes)
    case UInt8(ascii: "/"):
      index += hashes
      skipExtendedRegex(hashes: hashes)
    case let next? where Self.isWordByte(next) && hashes == 1:
      let start = index
      index += 1
      while let more = byte(at: 0), Self.isWordByte(more) { index += 1 }
      emit(String(decoding: bytes[start..<index], as: UTF8.self), isWord: true)
    default:
      index += hashes
    }
  }

  /// `` `name` ``: a word that is never a keyword, so it keeps its backticks.
  private mutating func scanBacktickedName() {
    let start = index
    index += 1
    while let next = byte(at: 0), next != UInt8(ascii: "`"), next != UInt8(ascii: "\n") {
      index += 1
    }
    if byte(at: 0) == UInt8(ascii: "`") { index += 1 }
    emit(String(decoding: bytes[start..<index], as: UTF8.self), isWord: true)
  }

  /// Whether the bytes at `offset` are `count` copies of `#`.
  private func hashes(_ count: Int, at offset: Int) -> Bool {
    (0..<count).allSatisfy { byte(at: offset + $0) == UInt8(ascii: "#") }
  }

  /// A string literal from its opening quote (after any `#`s): its text is skipped, its
  /// interpolations are read as code.
  private mutating func scanString(hashes: Int) {
    let startLine = line
    let isMultiline = byte(at: 1) == UInt8(ascii: "\"") && byte(at: 2) == UInt8(ascii: "\"")
    let quotes = isMultiline ? 3 : 1
    index += quotes
    while let current = byte(at: 0) {
      switch current {
      case UInt8(ascii: "\\") where self.hashes(hashes, at: 1):
        if byte(at: 1 + hashes) == UInt8(ascii: "(") {
          index += 2 + hashes
          scanCode(untilClosingParenthesis: true)
        } else {
          // An escape: skip the escaped character, which may be a line break in a
          // multi-line string.
          if byte(at: 1 + hashes) == UInt8(ascii: "\n") { line += 1 }
          index += 2 + hashes
        }
      case UInt8(ascii: "\"")
      where (0..<quotes).allSatisfy({ byte(at: $0) == UInt8(ascii: "\"") })
        && self.hashes(hashes, at: quotes):
        index += quotes + hashes
        return
      case UInt8(ascii: "\n"):
        if !isMultiline {
          unterminatedLine = unterminatedLine ?? startLine
          return
        }
        line += 1
        index += 1
      default:
        index += 1
      }
    }
    unterminatedLine = unterminatedLine ?? startLine
  }

  /// `#/ … /#`, which may span lines.
  private mutating func skipExtendedRegex(hashes: Int) {
    let startLine = line
    index += 1
    while let current = byte(at: 0) {
      if current == UInt8(ascii: "/"), self.hashes(hashes, at: 1) {
        index += 1 + hashes
        return
      }
      if current == UInt8(ascii: "\n") { line += 1 }
      index += 1
    }
    unterminatedLine = unterminatedLine ?? startLine
  }
}
