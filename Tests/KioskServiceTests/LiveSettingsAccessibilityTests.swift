import Foundation
import KioskLinux
import KioskSpeech
import KioskTesting
import KioskUI
import Testing

@testable import KioskKit

extension ControlSuites {
  /// `reload-config` and the `[accessibility]` keys: the looks and the mode applied live, the
  /// idle blanking lengthened while the reader runs.
  @MainActor
  @Suite
  final class LiveSettingsAccessibilityTests {
    let app: TestApplication
    let file: String
    let blanker: IdleBlanker
    let settings: LiveSettings
    let accessibility: AccessibilityService

    init() throws {
      app = try TestApplication(pointSize: Size(width: 40, height: 20))
      file =
        FileManager.default.temporaryDirectory
        .appendingPathComponent("kiosk-a11y-\(UUID().uuidString).toml").path
      try "[display]\nblank-after = 10\n[accessibility]\nidle-multiplier = 3\n".write(
        toFile: file, atomically: true, encoding: .utf8)
      let options = try KioskConfiguration.load(file: file, environment: [:])
        .options(commandLine: [])
      blanker = IdleBlanker(output: app.output, timeout: options.blankAfter, logger: testLogger)
      blanker.start()
      settings = LiveSettings(options: options, blanker: blanker, logger: testLogger) {
        MemoryPressureSource(configuration: $0, logger: testLogger) { _ in }
      }
      accessibility = AccessibilityService(application: app.application, options: options) { _ in
        RecordingSpeechOutput()
      }
      settings.accessibility = accessibility
      accessibility.readerDidChange = { [settings] _ in settings.updateBlankTimeout() }
      accessibility.start()
    }

    isolated deinit {
      accessibility.shutDown()
      try? FileManager.default.removeItem(atPath: file)
    }

    @Test func aReloadAppliesTheLooksAndTheMode() throws {
      try
        "[display]\nblank-after = 10\n[accessibility]\nidle-multiplier = 3\nzoom = 4\nscreen-reader = \"on\"\n"
        .write(toFile: file, atomically: true, encoding: .utf8)
      let lines = try settings.reload(file: file, commandLine: [])
      #expect(lines.contains("accessibility.zoom: 1 -> 4 (applied)"))
      #expect(app.application.accessibilitySettings.zoomScale == 4)
      #expect(accessibility.isReaderRunning && accessibility.startedBy == .configuration)
    }

    @Test func aValueSetWithKioskctlStaysUntilTheFileChangesIt() throws {
      _ = try accessibility.set(["bold-text=true"])
      try "[display]\nblank-after = 20\n[accessibility]\nidle-multiplier = 3\n"
        .write(toFile: file, atomically: true, encoding: .utf8)
      _ = try settings.reload(file: file, commandLine: [])
      #expect(app.application.accessibilitySettings.boldText)
    }

    @Test func theDisplayWaitsLongerWhileTheReaderRuns() {
      accessibility.startReader(by: .control)
      app.advance(by: 29)
      #expect(!blanker.isBlanked, "3 × 10 s while the reader runs")
      app.advance(by: 1.5)
      #expect(blanker.isBlanked)
      blanker.setBlanked(false)
      accessibility.stopReader()
      app.advance(by: 10.5)
      #expect(blanker.isBlanked)
    }
  }
}
