/// The line each table and key of a TOML text is written on.
///
/// Written when TOMLKit gave lines only for syntax errors. The `CTOMLParser` bridge that
/// replaced it passes toml++'s position of every node on (`TOMLNode`), which messages do
/// not use yet. Checks on values (unknown keys, wrong types, out of range) happen after
/// parsing, so their lines are found here instead, by a
/// small scan of the text that knows table headers (`[output]`), keys (bare, quoted, dotted)
/// and enough of strings and multi-line arrays not to mistake their insides for keys. The
/// text has already parsed as TOML, so the scan never has to judge syntax. Where it finds no
/// line (a key inside an inline table), the message names the line of the table, or none.
///
/// The same scan runs before parsing to find table headers whose name cannot start (`[:]`,
/// `[é]`, `[` at the end of a line): toml++ 3.3 and 3.4 assert on those instead of reporting
/// them (its `parse_key` precondition; upstream fixed the `[[[` case in pull request 301).
/// The bridge turns that assertion into a plain "not valid TOML" with no line; the scan
/// refuses them first, with their line and a message that says what is missing
/// (`malformedHeaderLine`).
///
/// Every step is linear in the text: paths are kept in a tree of their parts, not as one
/// string per prefix (recording each prefix of a 14,000-part key as a joined string took
/// 11.7 s and 260 MB), though `KioskConfiguration.parse` refuses a key that long first
/// (`ConfigurationLimits.maximumNestingDepth`).
struct ConfigurationLines {
  /// A part of a dotted path: the first line (from 1) that names it, and the parts below
  /// it, as indices into `paths`.
  private struct PathPart {
    var line: Int?
    var parts: [String: Int] = [:]
  }
  /// The tree of every path recorded, its root first: `output` for a header, `output` and
  /// `output.rotation` for a key under it.
  private var paths = [PathPart()]
  /// The first line whose table header (`[` or `[[` at the start of a line, outside strings
  /// and arrays) is not followed by a key — a bare key's letter, digit, `-` or `_`, or a
  /// quote — after its spaces and tabs.
  private(set) var malformedHeaderLine: Int?

  init(text: String) {
    var table: [String] = []
    var depth = 0  // open brackets of a multi-line array
    var inMultiLineString: String?
    var arrayTableCounts: [[String]: Int] = [:]
    // "\r\n" is one Character in Swift: split on it too, or a CRLF file is one long line.
    // toml++ skips a byte order mark; a key after it is no key named "\u{FEFF}name".
    let text = text.first == "\u{FEFF}" ? text.dropFirst() : Substring(text)
    let allLines = text.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
    for (index, rawLine) in allLines.enumerated() {
      let line = Substring(rawLine)
      if let quote = inMultiLineString {
        if line.contains(quote) { inMultiLineString = nil }
        continue
      }
      let scan = Self.scan(line, insideArray: depth > 0)
      defer {
        depth = max(0, depth + scan.bracketBalance)
        inMultiLineString = scan.openMultiLineString
      }
      guard depth == 0 else { continue }
      let trimmed = scan.code.trimmingWhitespace
      if trimmed.hasPrefix("[") {
        if malformedHeaderLine == nil,
          !Self.headerHasKey(line, isLastLine: index == allLines.count - 1)
        {
          malformedHeaderLine = index + 1
        }
        let inner = trimmed.drop { $0 == "[" }.prefix { $0 != "]" }
        table = Self.keyPath(inner)
        if trimmed.hasPrefix("[["), let last = table.last {
          // An array of tables: each `[[output]]` is `output[0]`, `output[1]`…, and the
          // first is `output` too.
          record(table, line: index + 1)
          let number = arrayTableCounts[table, default: 0]
          arrayTableCounts[table] = number + 1
          table[table.count - 1] = "\(last)[\(number)]"
        }
        record(table, line: index + 1)
        continue
      }
      guard let equals = trimmed.firstIndex(of: "=") else { continue }
      let key = Self.keyPath(trimmed[..<equals])
      guard !key.isEmpty else { continue }
      record(table + key, line: index + 1)
    }
  }

  /// The line of the first `}` where an array expects an element (after `[` or `,`, blanks,
  /// line breaks and comments aside: `a = [1, }`), outside strings and comments: toml++ 3.4
  /// asserts there (`parse_value`'s precondition) instead of reporting it.
  static func lineOfBraceForArrayElement(in text: String) -> Int? {
    enum Container { case array(expectingElement: Bool), table }
    var stack: [Container] = []
    var afterEquals = false
    var line = 1
    var index = text.unicodeScalars.startIndex
    let scalars = text.unicodeScalars
    func next(_ i: String.UnicodeScalarView.Index, _ n: Int = 1) -> String.UnicodeScalarView.Index {
      scalars.index(i, offsetBy: n, limitedBy: scalars.endIndex) ?? scalars.endIndex
    }
    func elementSeen() {
      if case .array = stack.last { stack[stack.count - 1] = .array(expectingElement: false) }
    }
    while index < scalars.endIndex {
      let c = scalars[index]
      switch c {
      case "\n":
        line += 1
        if stack.isEmpty { afterEquals = false }
        index = next(index)
      case "#":
        while index < scalars.endIndex, scalars[index] != "\n" { index = next(index) }
      case "\"", "'":
        elementSeen()
        let quote = String(c)
        let rest = String(scalars[index...].prefix(3))
        if rest == quote + quote + quote {
          // A multi-line string: to its closing triple, counting lines.
          index = next(index, 3)
          while index < scalars.endIndex, String(scalars[index...].prefix(3)) != rest {
            if scalars[index] == "\n" { line += 1 }
            if c == "\"", scalars[index] == "\\" { index = next(index) }
            index = next(index)
          }
          index = next(index, 3)
        } else {
          index = next(index)
          while index < scalars.endIndex, scalars[index] != c, scalars[index] != "\n" {
            if c == "\"", scalars[index] == "\\" { index = next(index) }
            index = next(index)
          }
          if index < scalars.endIndex, scalars[index] == c { index = next(index) }
        }
      case "=":
        if stack.isEmpty { afterEquals = true }
        index = next(index)
      case "[" where afterEquals || !stack.isEmpty:
        elementSeen()
        stack.append(.array(expectingElement: true))
        index = next(index)
      case "{" where afterEquals || !stack.isEmpty:
        elementSeen()
        stack.append(.table)
        index = next(index)
      case "]":
        if case .array = stack.last { stack.removeLast() }
        index = next(index)
      case "}":
        switch stack.last {
        case .array(expectingElement: true): return line
        case .table: stack.removeLast()
        default: break
        }
        index = next(index)
      case ",":
        if case .array = stack.last { stack[stack.count - 1] = .array(expectingElement: true) }
        index = next(index)
      case " ", "\t", "\r":
        index = next(index)
      default:
        elementSeen()
        index = next(index)
      }
    }
    return nil
  }

  /// Whether the header on `line` (comments and all, as toml++ reads it) has a key after its
  /// brackets and blanks; the end of the text there is toml++'s own error, not a crash.
  private static func headerHasKey(_ line: Substring, isLastLine: Bool) -> Bool {
    let afterBrackets = line.drop { $0 == " " || $0 == "\t" }.dropFirst()
    let name = (afterBrackets.first == "[" ? afterBrackets.dropFirst() : afterBrackets)
      .drop { $0 == " " || $0 == "\t" }
    guard let first = name.first else { return isLastLine }
    return first.isASCII && (first.isLetter || first.isNumber || "-_\"'".contains(first))
  }

  /// The line of `path`, else of the nearest table above it that has one.
  func line(of path: [String]) -> Int? {
    var index = 0
    var found: Int?
    for part in path {
      guard let next = paths[index].parts[part] else { break }
      index = next
      found = paths[index].line ?? found
    }
    return found
  }

  /// Gives `path` and each table above it `line`, unless an earlier line named them: a
  /// header (`[a.b]`) or a dotted key (`a.b = 1`) is the first mention of `a` too.
  private mutating func record(_ path: [String], line: Int) {
    var index = 0
    for part in path {
      if let next = paths[index].parts[part] {
        index = next
      } else {
        paths.append(PathPart())
        paths[index].parts[part] = paths.count - 1
        index = paths.count - 1
      }
      if paths[index].line == nil { paths[index].line = line }
    }
  }

  /// `a."b.c" . d` as `["a", "b.c", "d"]`.
  private static func keyPath(_ text: Substring) -> [String] {
    var parts: [String] = []
    var current = ""
    var quote: Character?
    for character in text {
      if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
      } else if character == "." {
        parts.append(current.trimmingWhitespace)
        current = ""
      } else {
        current.append(character)
      }
    }
    parts.append(current.trimmingWhitespace)
    return parts.allSatisfy(\.isEmpty) ? [] : parts
  }

  /// A line with its strings blanked and its comment cut, the balance of `[` and `]` outside
  /// strings after its `=` (or in all of it, inside an array), and a multi-line string it
  /// opens without closing.
  private static func scan(
    _ line: Substring, insideArray: Bool
  ) -> (code: String, bracketBalance: Int, openMultiLineString: String?) {
    var code = ""
    var balance = 0
    var afterEquals = insideArray
    var index = line.startIndex
    while index < line.endIndex {
      let character = line[index]
      if character == "#" { break }
      if character == "\"" || character == "'" {
        let triple = String(repeating: character, count: 3)
        if line[index...].hasPrefix(triple) {
          let rest = line[line.index(index, offsetBy: 3)...]
          guard let close = rest.firstRange(of: triple) else {
            return (code, balance, triple)
          }
          code += "\"\""
          index = close.upperBound
          continue
        }
        // A single-line string: kept in keys (quoted keys), skipped in values.
        var end = line.index(after: index)
        while end < line.endIndex, line[end] != character {
          if character == "\"", line[end] == "\\" { end = line.index(after: end) }
          if end < line.endIndex { end = line.index(after: end) }
        }
        let stop = end < line.endIndex ? line.index(after: end) : end
        code += afterEquals ? "\"\"" : String(line[index..<stop])
        index = stop
        continue
      }
      if character == "=" { afterEquals = true }
      if afterEquals {
        if character == "[" { balance += 1 }
        if character == "]" { balance -= 1 }
      }
      code.append(character)
      index = line.index(after: index)
    }
    return (code, balance, nil)
  }
}

extension StringProtocol {
  fileprivate var trimmingWhitespace: String {
    // By index: reversing twice built each key part a character at a time, most of the
    // time this scan took on a megabyte of dotted keys.
    let isText = { (character: Character) in
      character != " " && character != "\t" && character != "\r"
    }
    guard let first = firstIndex(where: isText), let last = lastIndex(where: isText) else {
      return ""
    }
    return String(self[first...last])
  }
}
