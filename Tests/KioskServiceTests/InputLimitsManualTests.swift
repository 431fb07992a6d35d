import Foundation
import KioskControl
import Testing

@testable import KioskGraphics
@testable import KioskKit
@testable import KioskUI
@testable import KioskctlCommand

/// Every bound KioskKit puts on input from outside is listed, with its value, in the LIMITS
/// section of kiosk.toml(5) and in the Limits article's table: both are written by hand,
/// and this checks them against the constants the code uses, so a changed limit cannot
/// leave a stale number in either.
@MainActor
@Suite struct InputLimitsManualTests {
  /// Each limit's name as the manual and the article give it, and its value written out
  /// from the code's constant.
  static let limits: [String: String] = [
    "Configuration file or drop-in": mebibytes(KioskConfiguration.maximumFileSize),
    "Nesting in a configuration file": "\(ConfigurationLimits.maximumNestingDepth) levels",
    "Entries in a configuration list": TOMLDocument.maximumArrayLength.grouped,
    "Problems reported for one file": "\(KioskConfiguration.maximumProblemsShown)",
    "Time to reload the configuration": "\(LiveSettings.reloadTimeLimit.components.seconds) s",
    "Storyboard file": mebibytes(StoryboardLoader.maximumFileSize),
    "Nesting in a storyboard": "\(JSONSyntaxCheck.maximumDepth) levels",
    "Entries in a storyboard object or list": StoryboardLimits.maximumEntriesPerList.grouped,
    "Tabs or listed scenes of one scene": StoryboardLimits.maximumRelationshipCount.grouped,
    "Scenes inside scenes": "\(StoryboardLimits.maximumContainmentDepth) deep",
    "Controllers one scene makes": StoryboardLimits.maximumControllersPerScene.grouped,
    "Image file": mebibytes(Image.maximumFileSize),
    "Touch script file": mebibytes(TouchLimits.maximumScriptSize),
    "Fingers down from a touch script": "\(TouchLimits.maximumScriptFingers)",
    "Fingers down from a touch device":
      "its slot count, else \(TouchLimits.defaultDeviceFingers)",
    "Touch script coordinate":
      "\(Int(TouchLimits.maximumScriptCoordinate).grouped) points either way",
    "Smallest touch script coordinate but 0":
      "1/\(Int((1 / TouchLimits.minimumScriptCoordinate).rounded()).grouped) of a point",
    "Control request line": "\(ControlRequest.maximumLength.grouped) bytes",
    "Control reply": mebibytes(ControlReply.maximumSize),
    "Control reply kioskctl reads": mebibytes(ControlReply.maximumSize),
    "Control connections at once": "\(ControlServer.defaultMaximumConnections)",
    "Connections waiting to be accepted": "\(ControlSocket.listenBacklog)",
    "Time to send a control request": seconds(ControlServer.defaultReadTimeout),
    "Time for the app to answer": seconds(ControlServer.defaultAnswerTimeout),
    "Time to read a control reply": seconds(ControlConnection.replyTimeout),
    "Time for kioskctl's whole exchange":
      "\(seconds(Kioskctl.Connection.defaultTimeout)), at most"
      + " \(seconds(Kioskctl.Connection.maximumTimeout))",
    "kioskctl's wait before asking a busy app again":
      "\(milliseconds(ControlClient.firstRetryDelay)), doubling to"
      + " \(milliseconds(ControlClient.maximumRetryDelay))",
  ]

  static func mebibytes(_ bytes: Int) -> String { "\(bytes >> 20) MiB" }
  static func seconds(_ value: Double) -> String { "\(Int(value).grouped) s" }
  static func milliseconds(_ value: Double) -> String { "\(Int((value * 1000).rounded())) ms" }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// kiosk.toml(5)'s LIMITS section: `.It NAME \(em VALUE` items.
  @Test func theManualListsEveryLimitWithItsValue() throws {
    let manual = try String(
      contentsOf: Self.root.appendingPathComponent("docs/man/kiosk.toml.5"), encoding: .utf8)
    var listed: [String: String] = [:]
    var inSection = false
    for line in manual.split(separator: "\n") {
      if line.hasPrefix(".Sh ") { inSection = line == ".Sh LIMITS" }
      guard inSection, line.hasPrefix(".It "), let dash = line.range(of: " \\(em ") else {
        continue
      }
      let name = line[line.index(line.startIndex, offsetBy: 4)..<dash.lowerBound]
      listed[String(name)] = String(line[dash.upperBound...]).replacingOccurrences(
        of: "\\(aq", with: "'")
    }
    #expect(listed == Self.limits)
  }

  /// The Limits article's table: `| name | value | past it |` rows under `| Limit |`.
  @Test func theLimitsArticleListsEveryLimitWithItsValue() throws {
    let article = try DocumentationText.article("Limits")
    var listed: [String: String] = [:]
    for cells in DocumentationText.tableRows(in: article, header: "Limit") where cells.count >= 2 {
      #expect(listed[cells[0]] == nil, "\(cells[0]) is listed once")
      listed[cells[0].replacingOccurrences(of: "`", with: "")] = cells[1]
    }
    #expect(listed == Self.limits)
  }
}
