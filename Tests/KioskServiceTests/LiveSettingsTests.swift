import CLinux
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
        scale = 1
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
          "output.scale: 2 -> 1 (at the next restart)",
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
      #expect(settings.options.scale == 2)

      // Taken changes are not listed again; the one waiting for a restart still is.
      #expect(try reload() == ["output.scale: 2 -> 1 (at the next restart)"])
      #expect(memoryStarts.count == 2)
    }

    /// `output.rotation` is live: a change turns the main screen; a reload that leaves it
    /// alone keeps a turn taken since (by kioskctl or the app).
    @Test func aChangedRotationTurnsTheScreenAndAnUnchangedOneLeavesATurnAlone() throws {
      #expect(Screen.main === app.screen)
      try rewrite("[output]\nrotation = 270\n[display]\nblank-after = 60\n")
      #expect(try reload() == ["output.rotation: 0 -> 270 (applied)"])
      #expect(app.screen.rotation == .degrees270)
      #expect(app.screen.bounds.size == Size(width: 20, height: 40))
      app.screen.rotation = .degrees90  // kioskctl rotate 90
      try rewrite("[output]\nrotation = 270\n[display]\nblank-after = 30\n")
      #expect(try reload() == ["display.blank-after: 60 -> 30 (applied)"])
      #expect(app.screen.rotation == .degrees90)
      try rewrite("[output]\nrotation = 180\n[display]\nblank-after = 30\n")
      #expect(try reload() == ["output.rotation: 270 -> 180 (applied)"])
      #expect(app.screen.rotation == .degrees180)
      app.advance(by: 1)
      app.screen.rotation = .degrees0
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

    /// What the control socket and SIGHUP run: each bad file fails the reload off the main
    /// queue and leaves the running settings as they were; a good one after them applies.
    @Test func reloadsOffTheMainQueueRefuseEachBadFileAndChangeNothing() async throws {
      let bad: [[UInt8]] = [
        Array("[:]\n".utf8), Array("a = [1,}\n".utf8), Array("[display]\nblank-after = \n".utf8),
        Array("[display]\nblank-after = 5\n".utf8) + [0] + Array("\n[bogus]\n".utf8),
        Array("[display]\nblank-after = 5\n# caf".utf8) + [0xE9] + Array("\n".utf8),
        Array(
          ("[display]\nblank-after = 5\n[input]\ndevices = ["
            + Array(repeating: "\"/dev/input/event1\"", count: 1_001).joined(separator: ",") + "]\n")
            .utf8),
        Array("[display]\nblank-after = 5\n[screen]\nrotation = 90\n".utf8),
      ]
      for bytes in bad {
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        await #expect(throws: ConfigurationError.self) {
          try await self.settings.reloadOffMainQueue(file: self.file, commandLine: [])
        }
        #expect(settings.options.blankAfter == 60)
      }
      try rewrite("[display]\nblank-after = 5\n")
      #expect(
        try await settings.reloadOffMainQueue(file: file, commandLine: [])
          == ["display.blank-after: 60 -> 5 (applied)"])
      #expect(settings.options.blankAfter == 5)
    }

    /// A 16,000-part table header in the file or a drop-in killed the service on reload
    /// (SIGSEGV on the reader's thread, no log line): it is refused with its line, quickly,
    /// and the running settings stay.
    @Test func aDeeplyNestedFileOrDropInIsRefusedAndChangesNothing() async throws {
      let deep =
        "[display]\nblank-after = 5\n["
        + Array(repeating: "a", count: 16_000)
        .joined(separator: ".") + "]\n"
      let dropIn = file + ".d/50-deep.toml"
      try FileManager.default.createDirectory(
        atPath: file + ".d", withIntermediateDirectories: true)
      for (path, location) in [(file, "\(file):3"), (dropIn, "\(dropIn):3")] {
        try deep.write(toFile: path, atomically: true, encoding: .utf8)
        let start = ContinuousClock.now
        await #expect {
          try await self.settings.reloadOffMainQueue(file: self.file, commandLine: [])
        } throws: { error in
          let problem = (error as? ConfigurationError)?.problems.first
          return problem?.location == location
            && problem?.message.hasSuffix(
              "nests 16000 levels deep (parts of table headers and keys, arrays, inline tables); at most 128"
            ) == true
        }
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(settings.options.blankAfter == 60)
        try rewrite("[display]\nblank-after = 60\n")
      }
    }
  }
}

/// The worker configuration reloads are read on. Nothing here depends on timing: the work
/// waits for signals, not for time.
@MainActor
struct DeadlineWorkerTests {
  @Test func givesTheResultAndKeepsTheMainQueueFree() async throws {
    let worker = DeadlineWorker(label: "test")
    // The work needs the main queue to run a block while it waits: it could not if it ran
    // on the main queue itself (it would give up and say so). Other tests share the main
    // queue and a busy CI machine once held it for more than 10 s, so the wait is long; it
    // only runs out when the work deadlocks the main queue.
    let (onMainThread, mainQueueRan) = try await worker.run(limit: .seconds(300)) {
      let semaphore = DispatchSemaphore(value: 0)
      DispatchQueue.main.async { semaphore.signal() }
      return (Thread.isMainThread, semaphore.wait(timeout: .now() + 240) == .success)
    }
    #expect(!onMainThread)
    #expect(mainQueueRan)
  }

  @Test func givesUpAtTheLimitAndRefusesMoreWorkUntilTheOverrunEnds() async throws {
    let worker = DeadlineWorker(label: "test")
    let release = DispatchSemaphore(value: 0)
    await #expect(throws: DeadlineWorker.TimedOut.self) {
      try await worker.run(limit: .milliseconds(20)) { release.wait() }
    }
    #expect(worker.isBusy)
    await #expect(throws: DeadlineWorker.Busy.self) {
      try await worker.run(limit: .seconds(60)) { 1 }
    }
    release.signal()
    while worker.isBusy { try await Task.sleep(for: .milliseconds(5)) }
    #expect(try await worker.run(limit: .seconds(60)) { 2 } == 2)
  }

  /// Once the work is done nothing of the run stays behind: its deadline, five seconds
  /// in a reload, used to stay queued in libdispatch with its closure until it passed, so a
  /// burst of reloads held thousands of them. The heap is compared around 2,000 runs, three
  /// times, and the smallest growth kept, so other tests' allocations meanwhile do not count.
  @Test func keepsNothingOnceTheWorkIsDone() async throws {
    let worker = DeadlineWorker(label: "test")
    var growth = Int.max
    for _ in 0..<3 {
      let before = kiosk_heap_bytes_in_use()
      for value in 0..<2_000 { _ = try await worker.run(limit: .seconds(60)) { value } }
      growth = min(growth, Int(kiosk_heap_bytes_in_use()) - Int(before))
    }
    #expect(growth < 128 * 1024, "the heap grew \(growth) bytes over 2,000 runs")
  }

  @Test func passesTheWorksErrorOn() async {
    struct Bad: Error {}
    await #expect(throws: Bad.self) {
      try await DeadlineWorker(label: "test").run(limit: .seconds(60)) { throw Bad() }
    }
  }
}
