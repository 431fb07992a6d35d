import Foundation
import KioskLinux
import KioskUI
import KioskVirtual
import Logging
import Testing

@testable import KioskKit

/// The metrics: what the runtime counts, that Prometheus' own checker accepts the text, and
/// the textfile node_exporter reads, written whole or not at all.
@MainActor
struct MetricsTests {
  /// The value of the sample `line` (a metric name with its labels) in `text`, if present.
  static func value(of line: String, in text: String) -> Double? {
    for sample in text.split(separator: "\n") where sample.hasPrefix(line + " ") {
      return Double(sample.dropFirst(line.count + 1))
    }
    return nil
  }

  @Test func framesFailuresMemoryWarningsAndSeatChangesAreCounted() {
    let metrics = KioskMetrics.shared
    let before = metrics.text()
    let statistics = FrameStatistics()
    statistics.metrics = metrics
    statistics.recordFrame(at: 10, duration: 0.003)
    statistics.recordFrame(at: 10.016, duration: 0.003)
    statistics.recordFailure()
    metrics.memoryWarning(.cgroupHigh(3))
    metrics.seatChanged(enabled: false)
    let after = metrics.text()
    func grew(_ line: String) -> Double {
      (Self.value(of: line, in: after) ?? .nan) - (Self.value(of: line, in: before) ?? .nan)
    }
    #expect(grew("kiosk_frames_presented_total") == 2)
    #expect(grew("kiosk_frames_failed_total") == 1)
    #expect(grew("kiosk_present_duration_seconds_bucket{le=\"0.004\"}") == 2)
    #expect(grew("kiosk_frame_interval_seconds_bucket{le=\"0.0175\"}") == 1)
    #expect(grew("kiosk_frame_interval_seconds_count") == 1)
    #expect(grew("kiosk_memory_warnings_total{reason=\"cgroup-high\"}") == 1)
    #expect(grew("kiosk_memory_warnings_total{reason=\"psi\"}") == 0)
    #expect(grew("kiosk_seat_paused_total") == 1)
    #expect(grew("kiosk_seat_resumed_total") == 0)
    #expect(
      Self.value(of: "kiosk_build_info{version=\"\(KioskKitVersion.string)\"}", in: after) == 1)
    #expect((Self.value(of: "kiosk_resident_memory_bytes", in: after) ?? 0) > 1_000_000)
  }

  /// Each screen has its own series, labelled with its output; frames are counted as they
  /// come.
  @Test func everyScreenHasItsSeries() throws {
    let metrics = KioskMetrics.shared
    let saved = metrics.sample
    defer { metrics.sample = saved }
    let main = Screen(panelWidth: 64, panelHeight: 48, scale: 1, rotation: .degrees0)
    let mainOutput = try VirtualOutput(name: "DSI-1", pixelWidth: 64, pixelHeight: 48)
    let customer = Screen(panelWidth: 80, panelHeight: 40, scale: 1, rotation: .degrees0)
    let customerOutput = try VirtualOutput(name: "HDMI-A-9", pixelWidth: 80, pixelHeight: 40)
    let statistics = FrameStatistics()
    var reports: [ScreenReport] {
      [
        ScreenReport(screen: main, output: mainOutput, statistics: FrameStatistics(), isMain: true),
        ScreenReport(
          screen: customer, output: customerOutput, statistics: statistics, isMain: false),
      ]
    }
    metrics.sample = {
      KioskMetrics.Sample(
        displayConnected: true, width: 64, height: 48, refreshRate: 60, blanked: false,
        inputDevices: [:], lastActivity: nil, screens: reports)
    }
    statistics.recordFrame(at: 1, duration: 0.001)
    let first = metrics.text()
    #expect(Self.value(of: "kiosk_screen_connected{output=\"HDMI-A-9\"}", in: first) == 1)
    #expect(Self.value(of: "kiosk_screen_width_pixels{output=\"HDMI-A-9\"}", in: first) == 80)
    #expect(Self.value(of: "kiosk_screen_height_pixels{output=\"DSI-1\"}", in: first) == 48)
    #expect(Self.value(of: "kiosk_screen_refresh_hertz{output=\"DSI-1\"}", in: first) == 60)
    #expect(
      Self.value(of: "kiosk_screen_frames_presented_total{output=\"HDMI-A-9\"}", in: first) == 1)
    statistics.recordFrame(at: 1.02, duration: 0.001)
    statistics.recordFrame(at: 1.04, duration: 0.001)
    #expect(
      Self.value(
        of: "kiosk_screen_frames_presented_total{output=\"HDMI-A-9\"}", in: metrics.text()) == 3)
  }

  @Test func theSampledGaugesDescribeTheDisplayAndInput() {
    let metrics = KioskMetrics.shared
    let saved = metrics.sample
    defer { metrics.sample = saved }
    let touched = monotonicSeconds() - 42
    metrics.sample = {
      KioskMetrics.Sample(
        displayConnected: true, width: 1024, height: 600, refreshRate: 75, blanked: true,
        inputDevices: ["touch": 1, "keyboard": 2], lastActivity: touched)
    }
    let text = metrics.text()
    #expect(Self.value(of: "kiosk_display_connected", in: text) == 1)
    #expect(Self.value(of: "kiosk_display_width_pixels", in: text) == 1024)
    #expect(Self.value(of: "kiosk_display_height_pixels", in: text) == 600)
    #expect(Self.value(of: "kiosk_display_refresh_hertz", in: text) == 75)
    #expect(Self.value(of: "kiosk_display_blanked", in: text) == 1)
    #expect(Self.value(of: "kiosk_input_devices{kind=\"touch\"}", in: text) == 1)
    #expect(Self.value(of: "kiosk_input_devices{kind=\"keyboard\"}", in: text) == 2)
    #expect(Self.value(of: "kiosk_input_devices{kind=\"pointer\"}", in: text) == 0)
    let since = Self.value(of: "kiosk_seconds_since_last_touch", in: text) ?? 0
    #expect(since >= 42 && since < 60, "\(since)")
  }

  /// `promtool check metrics` (Debian's prometheus package, which `make test` installs)
  /// reads the text and lints it: names, units, help text, histogram series.
  @Test func promtoolAcceptsTheMetrics() throws {
    let promtool = "/usr/bin/promtool"
    try #require(
      FileManager.default.isExecutableFile(atPath: promtool), "make test-deps installs it")
    let metrics = KioskMetrics.shared
    metrics.memoryWarning(.requested)
    let result = try Self.run(promtool, ["check", "metrics"], input: metrics.text())
    #expect(result.status == 0 && result.output.isEmpty, "promtool says:\n\(result.output)")
  }

  @Test func theTextfileIsReplacedWholeAndAnUnwritableOneIsLoggedOnce() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiosk-metrics-\(UUID().uuidString.prefix(8))").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let recorder = FailureLogTests.Recorder()
    let logger = Logger(label: "metrics-test") { _ in
      FailureLogTests.RecordingHandler(recorder: recorder)
    }
    let path = folder + "/kiosk.prom"
    let writer = MetricsTextfileWriter(
      path: path, interval: 15, metrics: KioskMetrics.shared, logger: logger)
    let umaskBefore = umask(0o077)  // kiosk.service's is 0027: node_exporter must still read it
    writer.write()
    umask(umaskBefore)
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o644)
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written.contains("# TYPE kiosk_frames_presented_total counter"))
    #expect(!FileManager.default.fileExists(atPath: path + ".tmp"))
    #expect(writer.writes == 1)

    // A link where the temporary file goes is not followed: nothing is written through it.
    let target = folder + "/elsewhere"
    try FileManager.default.createSymbolicLink(atPath: path + ".tmp", withDestinationPath: target)
    writer.write()
    #expect(!FileManager.default.fileExists(atPath: target))
    #expect(writer.writes == 1)
    try FileManager.default.removeItem(atPath: path + ".tmp")

    let unwritable = MetricsTextfileWriter(
      path: folder + "/missing/kiosk.prom", interval: 15, metrics: KioskMetrics.shared,
      logger: logger)
    for _ in 0..<3 { unwritable.write() }
    let warnings = recorder.entries.filter { $0.message.hasPrefix("metrics: cannot write") }
    #expect(warnings.count == 2, "\(recorder.entries.map(\.message))")  // the link, the folder
    #expect(unwritable.writes == 0)
  }

  private static func run(_ executable: String, _ arguments: [String], input: String) throws
    -> (status: Int32, output: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let stdin = Pipe()
    let output = Pipe()
    process.standardInput = stdin
    process.standardOutput = output
    process.standardError = output
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
  }
}
