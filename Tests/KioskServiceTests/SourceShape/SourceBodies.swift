/// The bodies of a Swift file's functions, initialisers, deinitialisers, subscripts and
/// accessors (a computed property's getter, or each `get`/`set`/`willSet`/`didSet` it
/// spells out), found on `SourceScanner`'s tokens by matching braces.
///
/// A body's length counts the lines from its keyword to its closing brace, both included,
/// so a long multi-line signature counts too. Closures stored in properties are not bodies
/// here; a closure inside a body counts as part of it.
struct SourceBodies {
  /// One body: what it belongs to and where it is.
  struct Body: Equatable {
    /// `func name`, `init`, `deinit`, `subscript`, `var name` or `var name.get` and the like.
    let name: String
    /// The line of the declaration's keyword.
    let line: Int
    /// Lines from the keyword to the closing brace, both included.
    let length: Int
  }

  /// Every body in the file, in order of their keywords.
  private(set) var bodies: [Body] = []
  /// The line of a brace that has no partner, if any: the file could not be measured.
  private(set) var unbalancedLine: Int?

  private let tokens: [SourceScanner.Token]
  /// For each `{` token's index, the index of its `}`.
  private var closing: [Int: Int] = [:]

  /// Words that begin another declaration or a statement, so a signature that reaches one
  /// before any `{` has no body (a protocol requirement, or a stored property).
  private static let enders: Set<String> = [
    "func", "init", "deinit", "subscript", "var", "let", "typealias", "associatedtype", "case",
    "struct", "class", "enum", "protocol", "extension", "actor", "import", "static", "public",
    "private", "fileprivate", "internal", "package", "open", "override", "mutating",
    "nonmutating", "nonisolated", "convenience", "required", "final", "lazy", "weak", "unowned",
    "dynamic", "prefix", "postfix", "infix", "operator", "macro", "indirect", "#if", "#else",
    "#elseif", "#endif", "if", "guard", "for", "while", "switch", "return", "do", "repeat",
    "defer", "throw", "try", "await", "in",
  ]

  /// The words that open an accessor inside a property's or subscript's braces.
  private static let accessors: Set<String> = [
    "get", "set", "willSet", "didSet", "_read", "_modify",
  ]

  /// Finds the bodies among `tokens`.
  init(_ tokens: [SourceScanner.Token]) {
    self.tokens = tokens
    matchBraces()
    guard unbalancedLine == nil else { return }
    for index in tokens.indices where tokens[index].isWord {
      if index > 0, tokens[index - 1].text == "." { continue }
      switch tokens[index].text {
      case "func", "subscript":
        let name = tokens[index].text == "func" ? "func \(word(after: index))" : "subscript"
        addDeclaration(name, at: index, isProperty: false)
      case "init" where index + 1 < tokens.count && tokens[index + 1].text == "(":
        // `init?(` and `init<T>(` too: `?` and `<` are not tokens.
        addDeclaration("init", at: index, isProperty: false)
      case "willSet" where ["{", "("].contains(word(after: index)),
        "didSet" where ["{", "("].contains(word(after: index)):
        // Observers are found here rather than through their property, which may have an
        // initial value before its braces.
        addDeclaration(tokens[index].text, at: index, isProperty: false)
      case "deinit":
        addDeclaration("deinit", at: index, isProperty: false)
      case "var"
      where index + 2 < tokens.count && tokens[index + 1].isWord && tokens[index + 2].text == ":":
        addDeclaration("var \(tokens[index + 1].text)", at: index, isProperty: true)
      default:
        continue
      }
    }
  }

  private func word(after index: Int) -> String {
    index + 1 < tokens.count ? tokens[index + 1].text : ""
  }

  private mutating func matchBraces() {
    var open: [Int] = []
    for (index, token) in tokens.enumerated() {
      if token.text == "{" {
        open.append(index)
      } else if token.text == "}" {
        guard let start = open.popLast() else {
          unbalancedLine = token.line
          return
        }
        closing[start] = index
      }
    }
    if let start = open.first { unbalancedLine = tokens[start].line }
  }

  /// The index of the `{` that opens the body of the declaration whose keyword is at
  /// `keyword`, or nil when the declaration has none.
  private func bodyStart(after keyword: Int, isProperty: Bool) -> Int? {
    var depth = 0
    var index = keyword + 1
    while index < tokens.count {
      let token = tokens[index]
      switch token.text {
      case "(", "[":
        depth += 1
      case ")", "]":
        depth -= 1
        if depth < 0 { return nil }
      case "{" where depth == 0:
        return index
      case "}", ";", "=", ",":
        if depth == 0 { return nil }
      default:
        guard depth == 0, token.isWord else { break }
        if Self.enders.contains(token.text) { return nil }
        // After a property's type, a word on a new line starts the next statement.
        if isProperty, token.line > tokens[index - 1].line { return nil }
      }
      index += 1
    }
    return nil
  }

  private mutating func addDeclaration(_ name: String, at keyword: Int, isProperty: Bool) {
    guard let start = bodyStart(after: keyword, isProperty: isProperty),
      let end = closing[start]
    else { return }
    if let first = firstWordInside(start), Self.accessors.contains(first) {
      addAccessors(of: name, from: start, to: end)
    } else {
      append(name, from: keyword, to: end)
    }
  }

  private mutating func append(_ name: String, from keyword: Int, to end: Int) {
    let line = tokens[keyword].line
    bodies.append(Body(name: name, line: line, length: tokens[end].line - line + 1))
  }

  /// The first word in the braces at `start`, past attributes and `mutating`-like modifiers.
  private func firstWordInside(_ start: Int) -> String? {
    var index = start + 1
    while index < tokens.count, tokens[index].isWord {
      let text = tokens[index].text
      guard text == "mutating" || text == "nonmutating" || text.first == "@" else {
        return text
      }
      index += 1
    }
    return nil
  }

  /// Each accessor in a property's or subscript's braces: the `{` at the top level that
  /// follows an accessor word is that accessor's body.
  private mutating func addAccessors(of name: String, from start: Int, to end: Int) {
    var accessor: Int?
    var index = start + 1
    while index < end {
      let token = tokens[index]
      if token.isWord, Self.accessors.contains(token.text) {
        accessor = index
      } else if token.text == "{", let close = closing[index] {
        if let keyword = accessor, !["willSet", "didSet"].contains(tokens[keyword].text) {
          append("\(name).\(tokens[keyword].text)", from: keyword, to: close)
          accessor = nil
        }
        index = close
      }
      index += 1
    }
  }
}
