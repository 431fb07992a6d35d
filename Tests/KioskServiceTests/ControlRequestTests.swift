import KioskControl
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
    #expect(try parse("rotate 90") == .rotate(degrees: 90))
    #expect(try parse("rotate  270 ") == .rotate(degrees: 270))
    #expect(try parse("rotate 0") == .rotate(degrees: 0))
    #expect(try parse("reload-config") == .reloadConfig)
    #expect(try parse("metrics") == .metrics)
    #expect(try parse("help") == .help)
    #expect(try parse("cec") == .cec(json: false))
    #expect(try parse("cec json") == .cec(json: true))
    #expect(try parse("screenshot a b.png") == .screenshot(name: "a b.png"))
  }

  /// A screenshot request names a file, never a path: the app writes only into its folder.
  @Test(arguments: [
    "screenshot /run/kiosk/a.png", "screenshot ../a.png", "screenshot ..", "screenshot .",
    "screenshot a/b.png", "screenshot /proc/self/fd/2", "screenshot /dev/null",
  ])
  func screenshotPathsAreRefused(line: String) {
    #expect(error(Array(line.utf8))?.hasPrefix("screenshot takes a file name") == true)
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
    #expect(error(Array("cec standby".utf8)) == "cec takes no argument but json")
    #expect(error(Array("{\"cmd\": \"status\"}".utf8))?.hasPrefix("unknown request") == true)
    #expect(error([0xFF, 0xFE, 0x00, 0x80]) == "the request is not UTF-8 text")
    #expect(error(Array("sta\u{1B}tus".utf8)) == "the request holds control characters")
    #expect(error([0x73, 0x00]) == "the request holds control characters")
  }

  /// `rotate` takes exactly 0, 90, 180 or 270, written as a plain number.
  @Test(arguments: ["45", "360", "-90", "090", "+90", "90.0", "ninety", "90 180", "1e2"])
  func rotateRefusesOtherAngles(angle: String) {
    #expect(
      error(Array("rotate \(angle)".utf8))
        == "rotate \(angle) is not allowed; allowed: 0, 90, 180 or 270 (degrees)")
  }

  @Test func rotateNeedsAnAngle() {
    #expect(error(Array("rotate".utf8)) == "rotate needs an angle: 0, 90, 180 or 270 (degrees)")
  }

  @Test func otherWordsAreTheAppsOwnRequests() throws {
    // The service answers "unknown request" when the app added no such request.
    #expect(try parse("reboot") == .app(name: "reboot", argument: ""))
    #expect(try parse("checkin-count  today ") == .app(name: "checkin-count", argument: "today"))
    #expect(try parse("checkin-count").name == "checkin-count")
  }

  @Test func screenshotsNeedAName() {
    #expect(
      error(Array("screenshot".utf8))
        == "screenshot needs a file name (written in the app's screenshot folder) or -")
    #expect(
      error(Array("screenshot ../x.png".utf8))
        == "screenshot takes a file name, which the app writes in its screenshot folder (a name has no /); kioskctl screenshot PATH writes a file anywhere as kioskctl's user"
    )
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
