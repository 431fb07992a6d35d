import CLinux
import Foundation
import Testing

@testable import KioskKit

/// The TOML bridge on its own: toml++'s checks become errors, arrays have a limit, and
/// parsing keeps nothing once it returns.
@Suite("Configuration: the TOML bridge")
struct TOMLDocumentTests {
  /// Inputs on which toml++ asserts, given to the bridge: each is an error (with its line:
  /// the bridge refuses them before toml++ reads them), not an abort. A regression aborts
  /// the run.
  @Test(arguments: ["[:]\n", "[,,]1", "[#{f", "[é]\n", "[\n}=}", "a = [1,}\n", "a = [ # c\n}"])
  func toml_plus_plusChecksAreErrors(text: String) {
    #expect(throws: TOMLDocument.Failure.self) { try TOMLDocument(parsing: text) }
  }

  @Test func nodesKeepTheirValuesAndLines() throws {
    let document = try TOMLDocument(
      parsing: "# top\n[output]\nrotation = 90\nscale = 1.5\n[input]\ndevices = [\"a\", \"b\"]\n"
        + "when = 1979-05-27\non = true\n")
    let output = try #require(document.root["output"]?.table)
    #expect(output.line == 2)
    guard case .value(.integer(90), let line) = output["rotation"] else {
      Issue.record("rotation is \(String(describing: output["rotation"]))")
      return
    }
    #expect(line == 3)
    #expect(WrittenValue(try #require(output["scale"])) == .float(1.5))
    let input = try #require(document.root["input"]?.table)
    #expect(WrittenValue(try #require(input["devices"])) == .array([.string("a"), .string("b")]))
    #expect(WrittenValue(try #require(input["when"])) == .other("date"))
    #expect(WrittenValue(try #require(input["on"])) == .bool(true))
  }

  @Test func syntaxErrorsHaveTheirLineAndColumn() {
    do {
      _ = try TOMLDocument(parsing: "[output]\nrotation = \n")
      Issue.record("parsed")
    } catch {
      #expect(error.line == 2)
      #expect(error.column != nil)
    }
  }

  @Test func anArrayOverTheLimitIsRefusedWithItsLine() throws {
    let limit = TOMLDocument.maximumArrayLength
    let fits =
      "[input]\ndevices = [" + Array(repeating: "\"x\"", count: limit).joined(separator: ",")
      + "]\n"
    _ = try TOMLDocument(parsing: fits)
    let over =
      "\n[input]\ndevices = [" + Array(repeating: "\"x\"", count: limit + 1).joined(separator: ",")
      + "]\n"
    #expect(
      try problems(over) == [
        "FILE:3: devices = [...] has 1001 values; a configuration list holds at most 1000"
      ])
  }

  /// How the depth scan counts: each part of a header and of a key, each array and inline
  /// table a value opens; strings and comments not at all. Each text passes with its depth
  /// as the limit and is refused, naming that depth, with one less.
  @Test(arguments: [
    ("[a.b.c]\nx = 1\n", 4),
    ("[[a.b]]\nx.y = [1, [2, [3]]]\n", 7),
    ("a = { b.c = { d = [ {e = 1} ] } }\n", 6),
    ("a = [{}, {b.c = 1}, {}]\nz = 1\n", 4),
    ("[ a . \"b.c\" . d ]\n", 3),
    ("\"a.b\".c = 1\n", 2),
    ("a = [\n  [1, 2], # ]]]] [[[[\n  [3],\n]\nb.c.d = 1.5e3\n", 3),
    ("s = \"[[[{{{.\\\"[[\"\nt = '''\n[[[\n{{{'''\nu = 'a.[b'\n# [[[[\n[x.y]\n", 2),
    ("s = \"\"\"a\\\"\"\"b\"\"\"\n[x.y.z]\n", 3),
    ("[a\nb.c.d = 1\n", 4),
  ])
  func theDepthScanCountsLevels(text: String, depth: Int) throws {
    try TOMLDocument.checkNesting(text, limit: depth)
    #expect {
      try TOMLDocument.checkNesting(text, limit: depth - 1)
    } throws: { error in
      (error as? TOMLDocument.Failure)?.message.hasPrefix("this line nests \(depth) levels") == true
    }
  }

  /// Numbers reach the checks as written: TOML's other spellings are kept apart.
  @Test func numbersAreReadFromTheirText() throws {
    let document = try TOMLDocument(
      parsing: "a = 90\nb = 0x5A\nc = 1_000\nd = [2.5, +inf, 1e3]\n\"é\" = { f = -0, g = 0b1 }\n")
    let values = document.root.entries.map { ($0.key, WrittenValue($0.node)) }
    #expect(values.map(\.0) == ["a", "b", "c", "d", "é"])
    #expect(values[0].1 == .integer(90))
    #expect(values[1].1 == .tomlOnlyNumber("0x5A"))
    #expect(values[2].1 == .tomlOnlyNumber("1_000"))
    #expect(values[3].1 == .array([.float(2.5), .tomlOnlyNumber("+inf"), .float(1000)]))
    let inline = try #require(document.root["é"]?.table)
    #expect(WrittenValue(try #require(inline["f"])) == .integer(0))
    #expect(WrittenValue(try #require(inline["g"])) == .tomlOnlyNumber("0b1"))
  }

  /// TOMLKit, used before, never freed what it parsed: 2.4 KB per reload of the sample
  /// configuration. The heap is process-wide, so tests running beside this one allocate in
  /// it too: the heap is compared around 300 parses up to ten times, and the smallest growth
  /// kept. A leak like TOMLKit's (700 KB per 300 parses) grows every time; a busy neighbour
  /// (247 KB once, seen on a machine with a load of 14) does not hold its memory every time.
  @Test func parsingKeepsNoMemory() throws {
    let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../config/kiosk.toml").standardized.path
    let text = try String(contentsOfFile: sample, encoding: .utf8)
    _ = try KioskConfiguration.parse(text, file: sample)
    var growth = Int.max
    for _ in 0..<10 where growth >= 128 * 1024 {
      let before = kiosk_heap_bytes_in_use()
      for _ in 0..<300 { _ = try KioskConfiguration.parse(text, file: sample) }
      growth = min(growth, Int(kiosk_heap_bytes_in_use()) - Int(before))
    }
    #expect(growth < 128 * 1024, "the heap grew \(growth) bytes over 300 parses")
  }
}
