import Testing

@testable import KioskKit

struct ControlRequestTests {
  private func parse(_ line: String) throws(ControlError) -> ControlRequest {
    try ControlRequest(parsing: Array(line.utf8))
  }

  private func error(_ bytes: [UInt8]) -> String? {
    do {
      _ = try ControlRequest(parsing: bytes)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func everyRequestParses() throws {
    #expect(try parse("status") == .status)
    #expect(try parse("  status\t") == .status)
    #expect(try parse("status json") == .statusJSON)
    #expect(try parse("screenshot -") == .screenshotToClient)
    #expect(try parse("memory-warning") == .memoryWarning)
    #expect(try parse("blank") == .blank)
    #expect(try parse("unblank") == .unblank)
    #expect(try parse("reload-config") == .reloadConfig)
    #expect(try parse("metrics") == .metrics)
    #expect(try parse("help") == .help)
    #expect(try parse("screenshot /run/kiosk/a b.png") == .screenshot(path: "/run/kiosk/a b.png"))
  }

  @Test func everyRequestNamesTheWordItParsesFrom() throws {
    for line in ControlRequest.summary {
      #expect(try parse(line).name == String(line.prefix { $0 != " " }))
    }
  }

  @Test func badRequestsAreRefusedWithAReason() {
    #expect(error([]) == "empty request; try help")
    #expect(error(Array("   ".utf8)) == "empty request; try help")
    #expect(error(Array("Reboot!".utf8)) == "unknown request Reboot!; try help")
    #expect(error(Array("status now".utf8)) == "status takes no argument but json")
    #expect(error(Array("{\"cmd\": \"status\"}".utf8))?.hasPrefix("unknown request") == true)
    #expect(error([0xFF, 0xFE, 0x00, 0x80]) == "the request is not UTF-8 text")
    #expect(error(Array("sta\u{1B}tus".utf8)) == "the request holds control characters")
    #expect(error([0x73, 0x00]) == "the request holds control characters")
  }

  @Test func otherWordsAreTheAppsOwnRequests() throws {
    // The service answers "unknown request" when the app added no such request.
    #expect(try parse("reboot") == .app(name: "reboot", argument: ""))
    #expect(try parse("checkin-count  today ") == .app(name: "checkin-count", argument: "today"))
    #expect(try parse("checkin-count").name == "checkin-count")
  }

  @Test func screenshotsNeedAnAbsolutePath() {
    #expect(error(Array("screenshot".utf8))?.contains("absolute path") == true)
    #expect(
      error(Array("screenshot shot.png".utf8))
        == "screenshot needs an absolute path (the service writes it), not shot.png")
    #expect(error(Array("screenshot ../x.png".utf8))?.contains("absolute path") == true)
  }

  @Test func repliesAreOkWithLinesOrOneErrorLine() {
    #expect(ControlReply.ok().text == "ok\n")
    #expect(ControlReply.ok(["a: 1", "b: 2"]).text == "ok\na: 1\nb: 2\n")
    #expect(ControlReply.error("no").text == "error: no\n")
  }

  @Test func percentilesTakeTheNearestRankOfTheLastSamples() {
    var ring = SampleRing(capacity: 4)
    #expect(ring.percentile(0.5) == nil)
    for sample in [9.0, 1, 2, 3, 4] { ring.append(sample) }
    #expect(ring.samples.count == 4)  // 9 was pushed out
    #expect(ring.percentile(0.5) == 2)
    #expect(ring.percentile(0.99) == 4)
    #expect(ring.percentile(0) == 1)
  }
}
