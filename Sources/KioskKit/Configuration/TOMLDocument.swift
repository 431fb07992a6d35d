internal import CTOMLParser

/// A TOML text parsed by toml++ (through the `CTOMLParser` bridge) into Swift values; the
/// C++ side is freed before `init` returns, so reading a file again and again keeps nothing.
///
/// toml++ is used rather than a wrapper around it: TOMLKit, the Swift wrapper used before,
/// never freed a parsed table (about 5.7 KB per configuration reload) and let toml++'s
/// internal checks abort the app (see the bridge's comment on `TOML_ASSERT`).
struct TOMLDocument {
  /// The document's top-level table.
  let root: TOMLTable

  /// The most values one array may hold: configuration lists are short (devices,
  /// languages, screens), and a longer one is a mistake or an attack that would only
  /// cost time later.
  static let maximumArrayLength = 1_000

  /// Why a text is not a configuration document, and where (1-based, when known).
  struct Failure: Error {
    var line: Int?
    var column: Int?
    var message: String
    /// Whether the text is not TOML (else it is TOML beyond a limit).
    var isSyntaxError = true

    /// The text nests `depth` levels deep from `line` on, past `limit`.
    static func nesting(
      line: Int, depth: Int, limit: Int = ConfigurationLimits.maximumNestingDepth
    ) -> Failure {
      Failure(
        line: line > 0 ? line : nil,
        message:
          "this line nests \(depth) levels deep (parts of table headers and keys, arrays, inline tables); at most \(limit)",
        isSyntaxError: false)
    }
  }

  /// Parses `text`, or says why not and where. Before toml++ reads it, the bridge refuses
  /// (with their lines) a text that nests too deep and the inputs toml++ would assert on
  /// rather than report: a table header with no name, a `}` where an array expects a value.
  init(parsing text: String) throws(Failure) {
    var text = text
    let parsed = text.withUTF8 { bytes in
      ctoml_parse(
        bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
        bytes.count, ConfigurationLimits.maximumNestingDepth)
    }
    guard let document = parsed else { throw Failure(message: "out of memory") }
    defer { ctoml_free(document) }
    if let error = ctoml_error(document) {
      let line = Int(ctoml_error_line(document))
      let depth = ctoml_error_depth(document)
      if depth > 0 { throw Failure.nesting(line: line, depth: depth) }
      let column = Int(ctoml_error_column(document))
      throw Failure(
        line: line > 0 ? line : nil, column: column > 0 ? column : nil,
        message: String(cString: error))
    }
    let nodes = UnsafeBufferPointer(start: ctoml_nodes(document), count: ctoml_node_count(document))
    var reader = NodeReader(nodes: nodes)
    guard case .table(let root) = try reader.next(key: nil) else {
      throw Failure(message: "the document is not a table")
    }
    self.root = root
  }

  /// Refuses `text` when its tables, keys and values nest more than `limit` levels deep
  /// (`ConfigurationLimits.maximumNestingDepth`), in one pass over it: the check
  /// `init(parsing:)` makes first, on its own, to try other limits.
  static func checkNesting(
    _ text: String, limit: Int = ConfigurationLimits.maximumNestingDepth
  ) throws(Failure) {
    var text = text
    var line: UInt32 = 0
    var depth = 0
    let tooDeep = text.withUTF8 { bytes in
      ctoml_check_depth(
        bytes.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
        bytes.count, limit, &line, &depth)
    }
    if tooDeep != 0 { throw Failure.nesting(line: Int(line), depth: depth, limit: limit) }
  }

  /// Reads the bridge's depth-first list back into a tree.
  private struct NodeReader {
    let nodes: UnsafeBufferPointer<ctoml_node>
    var index = 0

    /// The next node, at `key` in its table (`nil` in an array).
    mutating func next(key: String?) throws(Failure) -> TOMLNode {
      guard index < nodes.count else { throw Failure(message: "the document ends early") }
      let node = nodes[index]
      index += 1
      let line = node.line > 0 ? Int(node.line) : nil
      switch node.kind {
      case CTOML_TABLE:
        var entries: [(key: String, node: TOMLNode)] = []
        entries.reserveCapacity(node.children)
        for _ in 0..<node.children {
          let key =
            nodes.indices.contains(index) ? text(nodes[index].key, nodes[index].key_length) : ""
          entries.append((key, try next(key: key)))
        }
        return .table(TOMLTable(entries: entries, line: line))
      case CTOML_ARRAY:
        guard node.children <= TOMLDocument.maximumArrayLength else {
          throw Failure(
            line: line,
            message:
              "\(key.map { "\($0) = [...]" } ?? "an array") has \(node.children) values; a configuration list holds at most \(TOMLDocument.maximumArrayLength)",
            isSyntaxError: false)
        }
        var elements: [TOMLNode] = []
        elements.reserveCapacity(node.children)
        for _ in 0..<node.children { elements.append(try next(key: nil)) }
        return .array(elements, line: line)
      case CTOML_STRING: return .value(.string(text(node.text, node.text_length)), line: line)
      case CTOML_INTEGER, CTOML_FLOAT:
        // Read from its text as the command line and the environment read numbers
        // (`WrittenValue(decimal:)`); toml++'s value where the bridge found no text.
        guard node.text != nil else {
          return .value(
            node.kind == CTOML_INTEGER ? .integer(Int(node.integer)) : .float(node.number),
            line: line)
        }
        let written = text(node.text, node.text_length)
        return .value(WrittenValue(decimal: written) ?? .tomlOnlyNumber(written), line: line)
      case CTOML_BOOLEAN: return .value(.bool(node.integer != 0), line: line)
      case CTOML_DATE: return .value(.other("date"), line: line)
      case CTOML_TIME: return .value(.other("time"), line: line)
      default: return .value(.other("date-time"), line: line)
      }
    }

    private func text(_ start: UnsafePointer<CChar>?, _ length: Int) -> String {
      guard let start else { return "" }
      return String(
        decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
    }
  }
}

/// A TOML table: its keys in toml++'s order (sorted), each with its node.
struct TOMLTable: Sequence {
  let entries: [(key: String, node: TOMLNode)]
  /// The line of its header or first key, when known.
  let line: Int?

  /// The node at `key`.
  subscript(key: String) -> TOMLNode? { entries.first { $0.key == key }?.node }

  /// The line of `key`'s node, else of the table (its header or first key).
  func line(of key: String?) -> Int? { key.flatMap { self[$0]?.line } ?? line }

  func makeIterator() -> IndexingIterator<[(key: String, node: TOMLNode)]> {
    entries.makeIterator()
  }
}

/// A TOML node: a table, an array, or a value as it was written.
enum TOMLNode {
  case table(TOMLTable)
  case array([TOMLNode], line: Int?)
  case value(WrittenValue, line: Int?)

  var table: TOMLTable? { if case .table(let table) = self { table } else { nil } }
  var array: [TOMLNode]? { if case .array(let elements, _) = self { elements } else { nil } }
  var string: String? { if case .value(.string(let text), _) = self { text } else { nil } }
  /// Where the node starts: a table's header (or first key), an array's `[` (an array of
  /// tables: its first header), a value's first character; `nil` when toml++ does not know.
  var line: Int? {
    switch self {
    case .table(let table): table.line
    case .array(let elements, let line): line ?? elements.first?.line
    case .value(_, let line): line
    }
  }
}

extension WrittenValue {
  /// A parsed node as written (a table is named, not shown).
  init(_ node: TOMLNode) {
    switch node {
    case .table: self = .other("table")
    case .array(let elements, _): self = .array(elements.map(WrittenValue.init))
    case .value(let value, _): self = value
    }
  }
}
