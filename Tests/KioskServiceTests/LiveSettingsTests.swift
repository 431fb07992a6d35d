import Foundation
import KioskLinux
import KioskTesting
import Logging
import Testing

@testable import KioskKit

extension ControlSuites {
  /// `reload-config` in a running app: live keys take effect at once, the others wait for
  /// a restart and are listed until then.
  @MainActor
  @Suite
  final class LiveSettingsTests {
    let app: TestApplication
    let file: String
    let blanker: IdleBlanker
    let settings: LiveSettings
    private let recorder: MemoryStartRecorder
    /// The configurations memory sources were started with, in order.
    var memoryStarts: [MemoryPressureConfiguration] { recorder.configurations }

    @MainActor private final class MemoryStartRecorder {
      var configurations: [MemoryPressureConfiguration] = []
    }

    init() throws {
      app = try TestApplication(pointSize: Size(width: 40, height: 20))
      file =
        FileManager.default.temporaryDirectory
        .appendingPathComponent("kiosk-live-\(UUID().uuidString).toml").path
      try "[display]\nblank-after = 60\n".write(toFile: file, atomically: true, encoding: .utf8)
      let options = try KioskConfiguration.load(file: file, environment: [:])
        .options(commandLine: [])
      blanker = IdleBlanker(output: app.output, timeout: options.blankAfter, logger: testLogger)
      blanker.start()
      let recorder = MemoryStartRecorder()
      self.recorder = recorder
      settings = LiveSettings(options: options, blanker: blanker, logger: testLogger) {
        configuration in
        recorder.configurations.append(configuration)
        return MemoryPressureSource(configuration: configuration, logger: testLogger) { _ in }
      }
    }

    isolated deinit {
      try? FileManager.default.removeItem(atPath: file)
      try? FileManager.default.removeItem(atPath: file + ".d")
      Runtime.logLevel.value = .info
    }

    private func rewrite(_ text: String) throws {
      try text.write(toFile: file, atomically: true, encoding: .utf8)
    }

    private func reload() throws -> [String] {
      try settings.reload(file: file, commandLine: [])
    }

    @Test func liveKeysTakeEffectAndTheOthersWaitForARestart() throws {
      #expect(memoryStarts.count == 1)
      try rewrite(
        """
        [output]
        rotation = 90
        [display]
        blank-after = 5
        [memory]
        pressure = "full 100000 2000000"
        floor = 32
        warning-interval = 4
        [log]
        level = "debug"
        """)
      #expect(
        try reload() == [
          "output.rotation: 0 -> 90 (at the next restart)",
          "display.blank-after: 60 -> 5 (applied)",
          "memory.pressure: some 150000 1000000 -> full 100000 2000000 (applied)",
          "memory.floor: 64 -> 32 (applied)",
          "memory.warning-interval: 10 -> 4 (applied)",
          "log.level: info -> debug (applied)",
        ])
      // The blanking timer counts the new timeout from the reload.
      app.advance(by: 4.9)
      #expect(!blanker.isBlanked)
      app.advance(by: 0.2)
      #expect(blanker.isBlanked)
      #expect(Runtime.logLevel.value == .debug)
      // One new memory source, started once, with all three new values.
      #expect(memoryStarts.count == 2)
      #expect(memoryStarts.last?.trigger == PSITrigger(parsing: "full 100000 2000000"))
      #expect(memoryStarts.last?.memAvailableFloorMegabytes == 32)
      #expect(memoryStarts.last?.minimumWarningInterval == 4)
      #expect(settings.options.rotation == 0)

      // Taken changes are not listed again; the one waiting for a restart still is.
      #expect(try reload() == ["output.rotation: 0 -> 90 (at the next restart)"])
      #expect(memoryStarts.count == 2)
    }

    @Test func removingTheTimeoutStopsBlanking() throws {
      try rewrite("")
      #expect(try reload() == ["display.blank-after: 60 -> (not set) (applied)"])
      app.advance(by: 120)
      #expect(!blanker.isBlanked)
      #expect(memoryStarts.count == 1)
    }

    /// A drop-in added while the app runs takes effect on reload; a bad one is refused, with
    /// its file and line, and changes nothing.
    @Test func dropInsReloadAndABadOneChangesNothing() throws {
      try FileManager.default.createDirectory(
        atPath: file + ".d", withIntermediateDirectories: true)
      try "[display]\nblank-after = 5\n".write(
        toFile: file + ".d/10-site.toml", atomically: true, encoding: .utf8)
      #expect(try reload() == ["display.blank-after: 60 -> 5 (applied)"])
      try "[log]\nlevel = \"loud\"\n".write(
        toFile: file + ".d/20-bad.toml", atomically: true, encoding: .utf8)
      do {
        _ = try reload()
        Issue.record("a bad drop-in was taken")
      } catch let error as ConfigurationError {
        #expect(error.problems.map(\.location) == [file + ".d/20-bad.toml:2"])
      }
      #expect(settings.options.blankAfter == 5)
      #expect(Runtime.logLevel.value == .info)
    }

    @Test func aBadFileChangesNothing() throws {
      try rewrite("[display]\nblank-after = 5\n[log]\nlevel = \"loud\"\n")
      #expect(throws: ConfigurationError.self) { try self.reload() }
      #expect(settings.options.blankAfter == 60)
      #expect(Runtime.logLevel.value == .info)
      app.advance(by: 30)
      #expect(!blanker.isBlanked)
      app.advance(by: 31)
      #expect(blanker.isBlanked)
    }
  }
}

/// Loggers whose handlers share one level follow it together (what `log.level` on
/// `reload-config` relies on: swift-log copies the handler into every logger).
struct SharedLogLevelTests {
  private final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var all: [String] { lock.withLock { stored } }
  }

  @Test func everyLoggerFollowsTheSharedLevel() {
    let shared = SharedLogLevel(.info)
    let lines = Lines()
    let make = { (label: String) in
      Logger(label: label) { label in
        SharedLevelLogHandler(
          base: JournalLogHandler(label: label) { lines.append($0) }, shared: shared)
      }
    }
    let first = make("first")
    let second = make("second")
    first.debug("hidden")
    second.info("shown")
    shared.value = .debug
    first.debug("now shown")
    second.debug("also shown")
    shared.value = .error
    second.warning("hidden again")
    #expect(
      lines.all == [
        "<6>second: shown\n", "<7>first: now shown\n", "<7>second: also shown\n",
      ])
  }
}
