import CLinux
import Foundation
import Testing

@testable import KioskKit

/// The TOML bridge on its own: toml++'s checks become errors, arrays have a limit, and
/// parsing keeps nothing once it returns.
@Suite("Configuration: the TOML bridge")
struct TOMLDocumentTests {
  /// Inputs on which toml++ asserts, given to the bridge without the line scan before it
  /// (`ConfigurationLines`): each is an error, not an abort. A regression aborts the run.
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

  /// TOMLKit, used before, never freed what it parsed: 2.4 KB per reload of the sample
  /// configuration. The heap is compared around 300 parses, three times, and the smallest
  /// growth kept, so other tests' allocations meanwhile do not count.
  @Test func parsingKeepsNoMemory() throws {
    let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../config/kiosk.toml").standardized.path
    let text = try String(contentsOfFile: sample, encoding: .utf8)
    _ = try KioskConfiguration.parse(text, file: sample)
    var growth = Int.max
    for _ in 0..<3 {
      let before = kiosk_heap_bytes_in_use()
      for _ in 0..<300 { _ = try KioskConfiguration.parse(text, file: sample) }
      growth = min(growth, Int(kiosk_heap_bytes_in_use()) - Int(before))
    }
    #expect(growth < 128 * 1024, "the heap grew \(growth) bytes over 300 parses")
  }
}
