/// Issue 35's size rules for the package's Swift: no file over 600 lines and no function,
/// initialiser, deinitialiser, subscript or accessor over 80 lines, except what
/// `SourceShapeAllowlist` names with a reason.
enum SourceShape {
  /// The most lines a Swift file may have.
  static let maximumFileLines = 600
  /// The most lines a body may have, from its keyword to its closing brace.
  static let maximumBodyLines = 80

  /// What is wrong with the shape of the file at `path` (relative to the repository, used
  /// in the messages and the allowlist's keys) whose text is `text`, as `path:line: …`
  /// messages; `allowed` receives each allowlist key that excused something.
  static func problems(
    path: String, text: String, allowlist: [String: String], allowed: inout Set<String>
  ) -> [String] {
    var problems: [String] = []
    let lines = text.utf8.count(where: { $0 == UInt8(ascii: "\n") })
    if lines > maximumFileLines {
      if allowlist[path] != nil {
        allowed.insert(path)
      } else {
        problems.append("\(path):1: the file has \(lines) lines (over \(maximumFileLines))")
      }
    }
    let scanner = SourceScanner(text)
    if let line = scanner.unterminatedLine {
      problems.append("\(path):\(line): a comment or string is never closed; cannot measure")
      return problems
    }
    let found = SourceBodies(scanner.tokens)
    if let line = found.unbalancedLine {
      problems.append("\(path):\(line): this brace has no partner; cannot measure")
      return problems
    }
    for body in found.bodies where body.length > maximumBodyLines {
      let key = "\(path) \(body.name)"
      if allowlist[key] != nil {
        allowed.insert(key)
        continue
      }
      problems.append(
        "\(path):\(body.line): \(body.name) is \(body.length) lines (over \(maximumBodyLines))")
    }
    return problems
  }
}
