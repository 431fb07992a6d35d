import Testing

/// The shape check's scanner and body finder on small snippets: what a comment or a string
/// could fool, and the limits themselves at their edges.
@Suite struct SourceScannerTests {
  static func bodies(_ text: String) -> [SourceBodies.Body] {
    SourceBodies(SourceScanner(text).tokens).bodies
  }

  static func problems(_ text: String, allowlist: [String: String] = [:]) -> [String] {
    var allowed: Set<String> = []
    return SourceShape.problems(
      path: "A.swift", text: text, allowlist: allowlist, allowed: &allowed)
  }

  /// A function whose body has `lines` lines in all, keyword and closing brace included.
  static func function(lines: Int) -> String {
    "func long() {\n" + String(repeating: "  step()\n", count: lines - 2) + "}\n"
  }

  @Test func aBraceInAStringOrCommentIsNotCode() {
    let text = """
      func a() {
        let s = "}{ \\" }"
        // }
        /* { /* nested } */ } */
        let r = #"raw "}" \\(x) }"#
      }
      func b() {}
      """
    #expect(Self.bodies(text).map(\.name) == ["func a", "func b"])
    #expect(Self.bodies(text).first?.length == 6)
  }

  @Test func multiLineAndRawMultiLineStringsAreSkipped() {
    let text = """
      func a() {
        let s = \"\"\"
          } \\(value.map { "\\($0)}" }) {
          \"\"\"
        let r = #\"\"\"
          "}" \\(not) \\#(yes) \"\"\"
          \"\"\"#
      }
      var after: Int { 1 }
      """
    #expect(Self.bodies(text).map(\.name) == ["func a", "var after"])
    #expect(Self.bodies(text).first?.length == 8)
  }

  @Test func aNestedClosureBelongsToItsFunction() {
    let text = "func a() {\n  items.map { item in\n    { item }\n  }\n}\nfunc b() {\n}\n"
    #expect(
      Self.bodies(text) == [
        .init(name: "func a", line: 1, length: 5), .init(name: "func b", line: 6, length: 2),
      ])
  }

  @Test func aMultiLineSignatureCountsFromItsKeyword() {
    let text =
      "public func a(\n  x: Int = { 1 }(),\n  y: [Int: Int]\n) async throws -> Int\nwhere T: P {\n  x\n}\n"
    #expect(Self.bodies(text) == [.init(name: "func a", line: 1, length: 7)])
  }

  @Test func aProtocolRequirementHasNoBody() {
    let text =
      "protocol P {\n  func a() -> Int\n  var b: Int { get set }\n  init(x: Int)\n}\nstruct S {\n  init(x: Int) {}\n}\n"
    #expect(Self.bodies(text) == [.init(name: "init", line: 7, length: 1)])
  }

  @Test func aStoredPropertyBeforeABlockHasNoBody() {
    let text =
      "func f() {\n  var a: Int\n  if x { a = 1 } else { a = 2 }\n  var b: [Int]\n  for i in c {}\n}\n"
    #expect(Self.bodies(text) == [.init(name: "func f", line: 1, length: 6)])
  }

  @Test func initialisersSubscriptsAndAccessorsAreBodies() {
    let text = """
      final class C {
        init?(x: Int) {
          super.init()
          let y = Self.init(z: 1)
        }
        deinit {}
        subscript(i: Int) -> Int { i }
        var v: Int {
          get { 1 }
          set {}
        }
        var w = 0 {
          didSet { print(w) }
        }
        var stored: Int
        var later: Int
        func f() {}
      }
      """
    let found = Self.bodies(text).map { "\($0.name)@\($0.line)" }
    #expect(
      found == [
        "init@2", "deinit@6", "subscript@7", "var v.get@9", "var v.set@10", "didSet@13",
        "func f@17",
      ])
  }

  @Test func anUnclosedStringOrBraceIsReportedNotGuessed() {
    #expect(
      Self.problems("let s = \"open\nfunc a() {}\n").first?.hasPrefix(
        "A.swift:1: a comment or string") == true)
    #expect(Self.problems("func a() {\n").first?.hasPrefix("A.swift:1: this brace") == true)
  }

  @Test func aFileOf601LinesFailsAnd600Passes() {
    let lines = String(repeating: "let x = 1\n", count: 600)
    #expect(Self.problems(lines).isEmpty)
    #expect(Self.problems(lines + "\n") == ["A.swift:1: the file has 601 lines (over 600)"])
    #expect(Self.problems(lines + "\n", allowlist: ["A.swift": "a reason"]).isEmpty)
  }

  @Test func aFunctionOf81LinesFailsAnd80Passes() {
    #expect(Self.problems(Self.function(lines: 80)).isEmpty)
    #expect(
      Self.problems(Self.function(lines: 81)) == ["A.swift:1: func long is 81 lines (over 80)"])
    #expect(
      Self.problems(Self.function(lines: 81), allowlist: ["A.swift func long": "a table"]).isEmpty)
  }
}
