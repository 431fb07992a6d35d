import Testing

@testable import KioskKit
@testable import KioskUI
@testable import KioskVirtual
@testable import KioskctlCommand

/// The articles of kioskctl (Kioskctl.md) and of the metrics (Metrics.md) against
/// kioskctl's subcommands and the metrics `KioskMetrics` exports.
@MainActor
@Suite struct KioskctlAndMetricsArticleTests {
  @Test func everyKioskctlCommandHasARowAndNoRowNamesAnUnknownCommand() throws {
    let text = try DocumentationText.article("Kioskctl")
    let documented = DocumentationText.tableRows(in: text, header: "command").compactMap {
      DocumentationText.codeSpans(in: $0[0]).first?.split(separator: " ").dropFirst().first
        .map(String.init)
    }
    let commands = Kioskctl.configuration.subcommands.map { $0._commandName }
    #expect(commands.count >= 8)
    #expect(Set(documented) == Set(commands))
    #expect(documented.count == Set(documented).count, "each command has one row")
  }

  /// The names of every metric the app exports, with a second screen so that the
  /// per-screen series exist (as `MetricsTests` makes them).
  static func exportedMetricNames() throws -> Set<String> {
    let metrics = KioskMetrics.shared
    let saved = metrics.sample
    defer { metrics.sample = saved }
    let screen = Screen(panelWidth: 64, panelHeight: 48, scale: 1, rotation: .degrees0)
    let output = try VirtualOutput(name: "DSI-1", pixelWidth: 64, pixelHeight: 48)
    let report = ScreenReport(
      screen: screen, output: output, statistics: FrameStatistics(), isMain: true)
    metrics.sample = {
      KioskMetrics.Sample(
        displayConnected: true, width: 64, height: 48, refreshRate: 60, blanked: false,
        inputDevices: [:], lastActivity: nil, screens: [report])
    }
    let text = metrics.text()
    return Set(
      DocumentationText.matches(of: "(?m)^# TYPE (kiosk_[a-z_]+) ", in: text))
  }

  @Test func everyMetricHasARowAndNoRowNamesAnUnknownMetric() throws {
    let text = try DocumentationText.article("Metrics")
    let documented = DocumentationText.tableRows(in: text, header: "metric").compactMap {
      DocumentationText.codeSpans(in: $0[0]).first.flatMap {
        DocumentationText.matches(of: "^(kiosk_[a-z_]+)", in: $0).first
      }
    }
    let exported = try Self.exportedMetricNames()
    #expect(exported.count >= 20)
    #expect(Set(documented) == exported)
    #expect(documented.count == Set(documented).count, "each metric has one row")
  }
}
