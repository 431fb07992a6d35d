import Foundation
import KioskControl
import KioskLinux
import KioskTesting
import Logging
import Testing

@testable import KioskKit

/// The suites that hold a `TestApplication` across an `await`: one at a time, so that
/// none replaces the application or the transaction another is in the middle of using.
@Suite(.serialized) enum ControlSuites {}

extension ControlSuites {
  /// The control server in this process on a temporary socket, acting on a test app.
  @MainActor
  @Suite
  final class ControlServerTests {
    let app: TestApplication
    let statistics = FrameStatistics()
    let blanker: IdleBlanker
    let service: ControlService
    let path = temporarySocketPath()
    var server: ControlServer

    init() throws {
      app = try TestApplication(pointSize: Size(width: 40, height: 20), scale: 2)
      app.screen.attach(FrameRecordingOutput(app.output, statistics: statistics))
      blanker = IdleBlanker(output: app.output, timeout: nil, logger: testLogger)
      service = ControlService(
        screen: app.screen, output: app.output, statistics: statistics, logger: testLogger)
      service.isBlanked = { [blanker] in blanker.isBlanked }
      service.setDisplayBlanked = { [blanker] in blanker.setBlanked($0) }
      server = ControlServer(path: path, readTimeout: 0.3, logger: testLogger) { [service] in
        await service.handle($0)
      }
      try server.start()
    }

    isolated deinit {
      server.stop()
    }

    private func status() async throws -> [String: String] {
      let reply = try await exchange("status", at: path)
      #expect(reply.hasPrefix("ok\n"))
      var fields: [String: String] = [:]
      for line in reply.split(separator: "\n").dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        fields[String(line[..<colon]), default: ""] += line[line.index(after: colon)...]
          .trimmingCharacters(in: .whitespaces)
      }
      return fields
    }

    @Test func theSocketIsOnlyForItsOwner() throws {
      var info = stat()
      #expect(lstat(path, &info) == 0)
      #expect(info.st_mode & S_IFMT == S_IFSOCK)
      #expect(info.st_mode & 0o777 == 0o600)
      #expect(info.st_uid == getuid())
    }

    @Test func statusReportsTheOutputFramesAndMemory() async throws {
      app.window.backgroundColor = .red
      app.runUntilIdle()
      app.window.backgroundColor = .blue
      app.runUntilIdle()
      let fields = try await status()
      #expect(fields["output"] == "virtual-0 80x40 px @ 60.00 Hz")
      #expect(fields["mode"] == "80x40@60")
      #expect(fields["screen"] == "40x20 pt, scale 2, rotation 0")
      #expect(fields["frames presented"] == "\(statistics.framesPresented)")
      #expect(statistics.framesPresented >= 2)
      #expect(fields["present ms"]?.hasPrefix("p50 ") == true)
      #expect(fields["input devices"] == "0")
      #expect(fields["blanked"] == "no")
      let rss = fields["rss MB"].flatMap(Double.init) ?? 0
      #expect(rss > 1)
      #expect(fields["memory warnings"] == "\(ControlService.memoryWarningsSeen)")
    }

    @Test func statusListsInputDevices() async throws {
      service.inputDevices = {
        [
          InputDeviceInfo(
            id: 2, name: "ILITEK Multi-Touch", sysname: "event3", capabilities: .touch,
            touchCount: 10, outputName: nil)
        ]
      }
      let fields = try await status()
      #expect(fields["input devices"] == "1")
      #expect(fields["input device"]?.hasPrefix("event3 \"ILITEK Multi-Touch\"") == true)
    }

    /// Every screen: the main one first, then the others, connected or not, each with its
    /// own output, size and frames; in `status-json` too.
    @Test func statusListsEveryScreen() async throws {
      app.window.backgroundColor = .red
      app.runUntilIdle()
      let (second, secondOutput) = try app.connectScreen(pointSize: Size(width: 30, height: 10))
      let secondStatistics = FrameStatistics()
      secondStatistics.recordFrame(at: 1, duration: 0.001)
      secondStatistics.recordFrame(at: 1.02, duration: 0.001)
      service.screens = { [app, statistics] in
        [
          ScreenReport(
            screen: app.screen, output: app.output, statistics: statistics, isMain: true),
          ScreenReport(
            screen: second, output: secondOutput, statistics: secondStatistics, isMain: false),
        ]
      }
      defer { app.disconnectScreen(second) }
      let fields = try await status()
      #expect(fields["screens"] == "2")
      #expect(
        fields["screen 1"]?.hasPrefix("virtual-0 (main) connected 80x40 px @ 60.00 Hz, 40x20 pt")
          == true)
      #expect(
        fields["screen 2"]?.hasPrefix(
          "virtual-1 connected 30x10 px @ 60.00 Hz, 30x10 pt, scale 1, rotation 0, frames presented 2, frames failed 0, frame interval ms p50 20.00"
        ) == true, "\(fields["screen 2"] ?? "none")")
      let json = try await exchange("status json", at: path)
      let object =
        try JSONSerialization.jsonObject(with: Data(json.dropFirst(3).utf8)) as? [String: Any]
      let screens = object?["screens"] as? [[String: Any]]
      #expect(screens?.map { $0["output"] as? String } == ["virtual-0", "virtual-1"])
      #expect(screens?.last?["frames_presented"] as? Int == 2)
      #expect(screens?.first?["main"] as? Bool == true)
    }

    /// Paints the window red and runs `body` with a new screenshot folder of the service's,
    /// removed after it.
    private func withRedFrameAndScreenshotFolder(
      _ body: (_ folder: String) async throws -> Void
    ) async throws {
      app.window.backgroundColor = .red
      app.runUntilIdle()
      let folder = NSTemporaryDirectory() + "kiosk-shots-\(UUID().uuidString)"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(atPath: folder) }
      service.screenshotFolder = folder
      try await body(folder)
    }

    @Test func screenshotWritesThePresentedFrameAsPNGIntoItsFolderOnly() async throws {
      try await withRedFrameAndScreenshotFolder { folder in
        let reply = try await exchange("screenshot shot.png", at: path)
        #expect(reply == "ok\nfile: \(folder)/shot.png\nsize: 80x40 px\n")
        let image = try Image(contentsOfFile: folder + "/shot.png")
        #expect(image.pixelBuffer.width == 80 && image.pixelBuffer.height == 40)
        #expect(image.pixelBuffer.pixel(x: 40, y: 20) == .red)
        let absolute = try await exchange("screenshot \(folder)/x.png", at: path)
        #expect(absolute.hasPrefix("error: screenshot takes a file name"))

        // What the issue found: a link's target overwritten, a FIFO that wedged the writer.
        let target = folder + "/precious.txt"
        try "keep".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
          atPath: folder + "/link.png", withDestinationPath: target)
        let linked = try await exchange("screenshot link.png", at: path)
        #expect(linked.hasPrefix("error: cannot write \(folder)/link.png: it is a symbolic link"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep")
        #expect(mkfifo(folder + "/fifo.png", 0o600) == 0)
        let fifo = try await exchange("screenshot fifo.png", at: path)
        #expect(fifo.hasPrefix("error: cannot write \(folder)/fifo.png: it is not a regular file"))
        // The writer is not wedged, and nothing partial was left behind.
        #expect(try await exchange("screenshot again.png", at: path).hasPrefix("ok\n"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == ["again.png", "fifo.png", "link.png", "precious.txt", "shot.png"])

        service.screenshotFolder = "/nonexistent-dir"
        let nowhere = try await exchange("screenshot x.png", at: path)
        #expect(nowhere.hasPrefix("error: cannot write /nonexistent-dir/x.png"))
      }
    }

    /// Issue 34, case 10: a screenshot is as private as the socket that asks for it (0600),
    /// whatever the umask lets through; it used to be 0644.
    @Test func aScreenshotIsAsPrivateAsTheSocket() async throws {
      try await withRedFrameAndScreenshotFolder { (folder: String) async throws in
        let saved = umask(0o022)
        defer { umask(saved) }
        #expect(try await exchange("screenshot shot.png", at: path).hasPrefix("ok\n"))
        var info = stat()
        #expect(lstat(folder + "/shot.png", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
      }
    }

    @Test func memoryWarningRunsTheAppsWarningAndIsCounted() async throws {
      let controller = ViewController()
      controller.loadViewIfNeeded()  // loaded and not in a window: a warning releases it
      let before = ControlService.memoryWarningsSeen
      let reply = try await exchange("memory-warning", at: path)
      #expect(reply == "ok\n")
      #expect(ControlService.memoryWarningsSeen == before + 1)
      #expect(!controller.isViewLoaded)
      let fields = try await status()
      #expect(fields["memory warnings"] == "\(before + 1)")
    }

    @Test func blankAndUnblankSwitchTheDisplay() async throws {
      #expect(try await exchange("blank", at: path) == "ok\nblanked: yes\n")
      #expect(!app.output.isActive)
      #expect(try await exchange("unblank", at: path) == "ok\nblanked: no\n")
      #expect(app.output.isActive)
    }

    /// `rotate` turns the main screen live; quick turns in a row end at the last one asked
    /// for, and a bad angle changes nothing.
    @Test func rotateTurnsTheScreenAndTheLastOfRapidTurnsHolds() async throws {
      #expect(try await exchange("rotate 90", at: path) == "ok\nrotation: 90\nscreen: 20x40 pt\n")
      #expect(app.screen.rotation == .degrees90)
      #expect(app.window.frame.size == Size(width: 20, height: 40))
      for angle in ["180", "270", "90", "0", "270"] {
        _ = try await exchange("rotate \(angle)", at: path)
      }
      app.runUntilIdle()
      #expect(app.screen.rotation == .degrees270)
      #expect(app.screen.bounds.size == Size(width: 20, height: 40))
      #expect(app.window.frame.size == Size(width: 20, height: 40))
      let refused = try await exchange("rotate 45", at: path)
      #expect(refused == "error: rotate 45 is not allowed; allowed: 0, 90, 180 or 270 (degrees)\n")
      #expect(app.screen.rotation == .degrees270)
      let fields = try await status()
      #expect(fields["screen"] == "20x40 pt, scale 2, rotation 270")
      _ = try await exchange("rotate 0", at: path)
      app.runUntilIdle()
    }

    /// With Reduce Motion the operator's turn is not animated: the controllers' coordinator
    /// says so, and nothing is left moving.
    @Test func rotateWithReduceMotionTurnsAtOnce() async throws {
      let root = CoordinatorRecorder()
      app.window.rootViewController = root
      app.runUntilIdle()
      _ = try await exchange("rotate 90", at: path)
      #expect(root.animated == [true])
      var settings = app.application.accessibilitySettings
      settings.reduceMotion = true
      app.application.accessibilitySettings = settings
      defer { app.application.accessibilitySettings = AccessibilitySettings() }
      _ = try await exchange("rotate 180", at: path)
      #expect(root.animated == [true, false])
      #expect(app.screen.rotation == .degrees180)
    }

    @Test func reloadConfigSaysWhenItIsNotAvailable() async throws {
      let missing = try await exchange("reload-config", at: path)
      #expect(missing == "error: reload-config is not available: no configuration file\n")
      service.reloadConfiguration = { ["log level: debug"] }
      #expect(try await exchange("reload-config", at: path) == "ok\nlog level: debug\n")
      struct Bad: Error, CustomStringConvertible {
        var description: String { "kiosk.toml:3: rotation = 45" }
      }
      service.reloadConfiguration = { throw Bad() }
      let failed = try await exchange("reload-config", at: path)
      #expect(failed == "error: configuration not reloaded: kiosk.toml:3: rotation = 45\n")
    }

    @Test func aRefusedReloadIsLoggedAsWellAsAnswered() async throws {
      let recorder = FailureLogTests.Recorder()
      let logger = Logger(label: "kiosk") { _ in
        FailureLogTests.RecordingHandler(recorder: recorder)
      }
      let logged = ControlService(
        screen: app.screen, output: app.output, statistics: statistics, logger: logger)
      struct Deep: Error, CustomStringConvertible {
        var description: String { "kiosk.toml:1: this line nests 16000 levels deep" }
      }
      logged.reloadConfiguration = { throw Deep() }
      _ = await logged.handle(.reloadConfig)
      #expect(
        recorder.entries.map(\.message).contains(
          "control: configuration not reloaded: kiosk.toml:1: this line nests 16000 levels deep"))
    }

    @Test func theAppAddsRequestsAndStatusLinesOfItsOwn() async throws {
      defer {
        AppControl.commands = []
        AppControl.statusLines = []
      }
      final class Counter { var count = 0 }
      let counter = Counter()
      let application = Application.shared
      try application.addControlCommand("checkin-count", help: "Visitors checked in") {
        argument in
        if argument == "reset" { counter.count = 0 }
        return ["checked in: \(counter.count)"]
      }
      try application.addControlCommand("fail", help: "Fails") { _ in
        throw AppControlError(description: "not\nnow")
      }
      try application.addStatusLine("checkin count") { "\(counter.count)" }
      counter.count = 3
      #expect(try await exchange("checkin-count", at: path) == "ok\nchecked in: 3\n")
      #expect(try await exchange("checkin-count reset", at: path) == "ok\nchecked in: 0\n")
      #expect(try await exchange("fail", at: path) == "error: not now\n")
      #expect(try await exchange("reboot", at: path) == "error: unknown request reboot; try help\n")
      #expect(try await exchange("help", at: path).contains("checkin-count: Visitors checked in\n"))
      #expect(try await status()["checkin count"] == "0")
      #expect(
        try await exchange("status json", at: path).contains("\"app\":{\"checkin count\":\"0\"}"))
      // KioskKit's own names, bad names and twice the same are refused.
      for name in ["status", "app", "Bad Name", "checkin-count"] {
        #expect(throws: AppControlError.self) {
          try application.addControlCommand(name, help: "") { _ in [] }
        }
      }
      #expect(throws: AppControlError.self) { try application.addStatusLine("a: b") { "" } }
    }

    @Test func garbageGetsAnErrorReplyAndTheServerGoesOn() async throws {
      let binary = try await exchange([0xFF, 0x00, 0xC3, 0x28, 0x0A], at: path)
      #expect(binary == "error: the request is not UTF-8 text\n")
      let json = try await exchange("{\"command\": \"status\"", at: path)
      #expect(json.hasPrefix("error: unknown request {\"command\""))
      #expect(try await exchange("", at: path) == "error: empty request; try help\n")
      #expect(
        try await exchange("shutdown now", at: path)
          == "error: unknown request shutdown; try help\n")
      // A line without its newline, ended by the client closing its side, still counts.
      let unended = try await exchange(Array("blank".utf8), at: path, halfClose: true)
      #expect(unended == "ok\nblanked: yes\n")
      #expect(try await exchange("help", at: path).hasPrefix("ok\nstatus\n"))
      #expect(server.connectionCount == 0)
    }

    @Test func anOversizedRequestIsRefusedAndTheConnectionClosed() async throws {
      let long = [UInt8](repeating: UInt8(ascii: "a"), count: 100_000)
      let reply = try await exchange(long, at: path)
      #expect(reply == "error: request longer than 1024 bytes\n")
      let justOver = [UInt8](repeating: UInt8(ascii: "b"), count: 1024) + [0x0A]
      #expect(try await exchange(justOver, at: path) == "error: request longer than 1024 bytes\n")
      #expect(try await exchange("status", at: path).hasPrefix("ok\n"))
    }

    @Test func aClientThatSendsNothingIsTimedOut() async throws {
      let start = ContinuousClock.now
      let reply = try await exchange([], at: path)
      #expect(reply == "error: no request within 0.3 s\n")
      #expect(ContinuousClock.now - start >= .milliseconds(250))
      #expect(server.connectionCount == 0)
    }

    @Test func manyClientsAtOnceAllGetTheirReply() async throws {
      let path = self.path
      let replies = try await withThrowingTaskGroup(of: String.self) { group in
        for index in 0..<40 {
          group.addTask { try await exchange(index % 2 == 0 ? "status" : "help", at: path) }
        }
        var replies: [String] = []
        for try await reply in group { replies.append(reply) }
        return replies
      }
      #expect(replies.count == 40)
      #expect(replies.allSatisfy { $0.hasPrefix("ok\n") })
      #expect(server.connectionCount == 0)
    }

    /// Every slot taken by clients that have sent nothing: the oldest is told "busy" and
    /// closed, and the newcomer answered (issue 34, case 9: it used to be refused until a
    /// slot timed out); the other idle one is still cut off at its deadline.
    @Test func moreClientsThanAllowedMakeTheOldestIdleOneGo() async throws {
      server.stop()
      server = ControlServer(
        path: path, readTimeout: 0.5, maximumConnections: 2, logger: testLogger
      ) { _ in .ok() }
      try server.start()
      async let first = exchange([], at: path)
      let deadline = ContinuousClock.now + .seconds(1)
      while server.connectionCount < 1, ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(5))
      }
      async let second = exchange([], at: path, pause: 0.1)
      while server.connectionCount < 2, ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(5))
      }
      #expect(server.connectionCount == 2)
      let third = try await exchange("status", at: path)
      #expect(third == "ok\n")
      #expect(try await first == "error: busy; try again\n")
      #expect(try await second == "error: no request within 0.5 s\n")
      #expect(server.clientsToldBusy == 1)
    }

    /// Only when every slot is being answered is a newcomer told "busy"; a request already
    /// sent by a client that came first is answered, not thrown away to make room.
    @Test func aClientIsToldBusyWhenEverySlotIsAnswering() async throws {
      server.stop()
      let gate = Gate()
      server = ControlServer(path: path, maximumConnections: 1, logger: testLogger) { _ in
        await gate.wait()
        return .ok()
      }
      try server.start()
      async let first = exchange("hang", at: path)
      while !gate.isWaiting { try await Task.sleep(for: .milliseconds(5)) }
      #expect(try await exchange("status", at: path) == "error: busy; try again\n")
      gate.open()
      #expect(try await first == "ok\n")
    }

    /// Issue 34, case 8: a reply longer than the socket's buffer (4 MB here) arrives whole;
    /// what the first send did not take used to be dropped.
    @Test func aReplyLongerThanTheSocketsBufferArrivesWhole() async throws {
      let long = String(repeating: "0123456789", count: 400_000)
      service.reloadConfiguration = { [long, "done"] }
      let reply = try await exchange("reload-config", at: path)
      // Compared as a Bool: a failure's message would quote megabytes.
      #expect(reply.utf8.count == 3 + long.utf8.count + 1 + 5)
      let isWhole = reply == "ok\n\(long)\ndone\n"
      #expect(isWhole)
      #expect(server.connectionCount == 0)
    }

    /// A reply longer than any client reads (16 MiB: a PNG here) is not held for one: the
    /// client is told so instead, and where to have it written.
    @Test func aReplyLongerThanTheLimitIsRefused() async throws {
      server.stop()
      let png = [UInt8](repeating: 0, count: ControlReply.maximumSize)
      server = ControlServer(path: path, logger: testLogger) { _ in
        .ok(["png: \(png.count)"], payload: png)
      }
      try server.start()
      let reply = try await exchange("screenshot -", at: path)
      let size = ControlReply.maximumSize + "ok\npng: \(png.count)\n".utf8.count
      #expect(reply.utf8.count < 1000)
      #expect(
        reply.prefix(1000)
          == "error: the reply is \(size) bytes, more than the \(ControlReply.maximumSize) a client reads; kioskctl screenshot --in-app-folder has the app write it in its folder\n"
      )
    }
  }
}

/// Records whether each size transition it hears is animated.
@MainActor
private final class CoordinatorRecorder: ViewController {
  var animated: [Bool] = []

  override func viewWillTransition(
    to size: Size, with coordinator: ViewControllerTransitionCoordinator
  ) {
    super.viewWillTransition(to: size, with: coordinator)
    animated.append(coordinator.isAnimated)
  }
}
