import Foundation
import KioskTesting
import Testing

@testable import KioskKit

extension ControlSuites {
  /// The kioskctl executable (built next to this test bundle) against a control server in
  /// this process.
  @MainActor
  @Suite
  final class KioskctlTests {
    let app: TestApplication
    let service: ControlService
    let path = temporarySocketPath()
    let server: ControlServer

    init() throws {
      app = try TestApplication(pointSize: Size(width: 30, height: 20))
      service = ControlService(
        screen: app.screen, output: app.output, statistics: FrameStatistics(), logger: testLogger)
      server = ControlServer(path: path, logger: testLogger) { [service] in
        await service.handle($0)
      }
      try server.start()
    }

    isolated deinit {
      server.stop()
    }

    /// Runs kioskctl on a thread of its own and waits without blocking the main actor, which
    /// has to answer it.
    private func kioskctl(_ arguments: [String]) async throws -> (
      status: Int32, output: String, errors: String
    ) {
      let result = try await kioskctlBytes(arguments)
      return (result.status, String(decoding: result.output, as: UTF8.self), result.errors)
    }

    /// `kioskctl` with its standard output as bytes; with `closedOutput`, standard output is
    /// a pipe whose reading end is closed before kioskctl writes.
    /// With `noFileSpace`, kioskctl may not write a byte to any file (`ulimit -f 0`, its
    /// signal ignored): each write fails as on a full disk.
    private func kioskctlBytes(
      _ arguments: [String], closedOutput: Bool = false, noFileSpace: Bool = false
    ) async throws
      -> (status: Int32, output: [UInt8], errors: String)
    {
      let executable = builtExecutable("kioskctl")
      return try await withCheckedThrowingContinuation { continuation in
        Thread {
          let process = Process()
          if noFileSpace {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments =
              ["-c", "trap '' XFSZ; ulimit -f 0; exec \"$0\" \"$@\"", executable.path] + arguments
          } else {
            process.executableURL = executable
            process.arguments = arguments
          }
          process.environment = childEnvironment()
          let output = Pipe()
          let errors = Pipe()
          process.standardOutput = output
          process.standardError = errors
          do {
            try process.run()
          } catch {
            continuation.resume(throwing: error)
            return
          }
          if closedOutput { try? output.fileHandleForReading.close() }
          let out = closedOutput ? Data() : output.fileHandleForReading.readDataToEndOfFile()
          let err = errors.fileHandleForReading.readDataToEndOfFile()
          process.waitUntilExit()
          continuation.resume(
            returning: (
              process.terminationStatus, Array(out), String(decoding: err, as: UTF8.self)
            ))
        }.start()
      }
    }

    /// `kioskctl cec` prints the HDMI-CEC report's lines, `--json` its one line of JSON.
    @Test func kioskctlCecPrintsTheReport() async throws {
      var report = CECReport(state: .unavailable)
      report.lastError = CECError.noAdapter.description
      service.cec = { report }
      let text = try await kioskctl(["cec", "--socket", path])
      #expect(text.status == 0, "\(text.errors)")
      #expect(text.output == report.lines.joined(separator: "\n") + "\n")
      #expect(text.output.contains("state: unavailable\nadapters: none\n"))
      let json = try await kioskctl(["cec", "--json", "--socket", path])
      #expect(json.status == 0, "\(json.errors)")
      #expect(json.output.hasPrefix(#"{"adapter":null,"adapters":[],"#), "\(json.output)")
      #expect(json.output.contains(#""state":"unavailable""#), "\(json.output)")
    }

    /// Every connection slot busy answering (a request that hangs): kioskctl hears "busy"
    /// (even though the app closed before reading its request), asks again until its
    /// deadline, and exits 75, where it used to fail with "Broken pipe".
    @Test func aBusyAppIsSaidToBeBusy() async throws {
      let gate = Gate()
      let busyPath = temporarySocketPath()
      let small = ControlServer(path: busyPath, maximumConnections: 1, logger: testLogger) { _ in
        await gate.wait()
        return .ok()
      }
      try small.start()
      defer { small.stop() }
      async let hanging = exchange("hang", at: busyPath)
      // Let the server take the request before kioskctl comes.
      while !gate.isWaiting { try await Task.sleep(for: .milliseconds(5)) }
      let result = try await kioskctl(["status", "--socket", busyPath, "--timeout", "0.3"])
      gate.open()
      #expect(try await hanging == "ok\n")
      #expect(result.status == 75, "\(result.errors)")
      #expect(result.errors.contains("the app is busy"), "\(result.errors)")
      #expect(small.clientsToldBusy > 1, "kioskctl asked again")
    }

    /// Issue 34, case 9: kioskctl asks a busy app again, within its deadline, instead of
    /// giving up at once with 75. (The request that holds the only slot ends only once
    /// kioskctl has been told "busy".)
    @Test func kioskctlAsksABusyAppAgain() async throws {
      let busyPath = temporarySocketPath()
      var small: ControlServer?
      small = ControlServer(path: busyPath, maximumConnections: 1, logger: testLogger) {
        [service] request in
        if request == .app(name: "hang", argument: "") {
          for _ in 0..<500 where small?.clientsToldBusy == 0 {
            try? await Task.sleep(for: .milliseconds(10))
          }
          return .ok()
        }
        return await service.handle(request)
      }
      try small?.start()
      defer { small?.stop() }
      async let hanging = exchange("hang", at: busyPath)
      while small?.connectionCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
      let result = try await kioskctl(["status", "--socket", busyPath])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.hasPrefix("version: "))
      #expect(try await hanging == "ok\n")
    }

    /// Issue 34, case 9: 64 idle clients (every slot, for the 30 s they may take to send a
    /// line) no longer lock kioskctl out: the oldest idle one is closed to make room.
    @Test func idleClientsDoNotLockKioskctlOut() async throws {
      let idlePath = temporarySocketPath()
      let patient = ControlServer(path: idlePath, readTimeout: 30, logger: testLogger) {
        [service] in await service.handle($0)
      }
      try patient.start()
      defer { patient.stop() }
      let idle = try await idleConnections(ControlServer.defaultMaximumConnections, to: idlePath)
      defer { for fd in idle { close(fd) } }
      while patient.connectionCount < idle.count { try await Task.sleep(for: .milliseconds(5)) }
      let result = try await kioskctl(["status", "--socket", idlePath])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.hasPrefix("version: "))
      // The oldest idle client was told why it lost its slot (before kioskctl's answer:
      // it is there to read, without waiting).
      var reply = [UInt8](repeating: 0, count: 64)
      let count = reply.withUnsafeMutableBytes {
        recv(idle[0], $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
      }
      #expect(
        String(decoding: reply.prefix(max(count, 0)), as: UTF8.self) == "error: busy; try again\n")
    }

    /// A request whose answer never comes (an app's handler waiting on something that hangs)
    /// is given up at its deadline: the client hears so and the slot is free again.
    @Test func aRequestThatIsNeverAnsweredIsGivenUp() async throws {
      let slowPath = temporarySocketPath()
      let slow = ControlServer(path: slowPath, answerTimeout: 0.2, logger: testLogger) { _ in
        try? await Task.sleep(for: .seconds(3600))
        return .ok(["late"])
      }
      try slow.start()
      defer { slow.stop() }
      let reply = try await exchange("status", at: slowPath)
      #expect(reply == "error: no answer within 0.2 s; the request was given up\n")
      #expect(slow.connectionCount == 0)
    }

    /// The socket has its mode from the start (no chmod by path after bind, which would
    /// follow a symlink swapped in).
    @Test func theSocketIsBornWithItsMode() throws {
      var info = stat()
      #expect(lstat(path, &info) == 0)
      #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test func statusPrintsTheAppsFigures() async throws {
      let result = try await kioskctl(["status", "--socket", path])
      #expect(result.status == 0)
      #expect(
        result.output.hasPrefix("version: \(KioskKitVersion.string)\noutput: virtual-0 30x20 px"))
      #expect(result.output.contains("\nframes presented: "))
      #expect(result.output.contains("\nmemory warnings: "))
    }

    /// `status --json`: one object with the documented keys, numbers as numbers.
    @Test func statusAsJSON() async throws {
      let result = try await kioskctl(["status", "--json", "--socket", path])
      #expect(result.status == 0)
      let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
      let status = try #require(object as? [String: Any])
      #expect(status["version"] as? String == KioskKitVersion.string)
      let output = try #require(status["output"] as? [String: Any])
      #expect(output["name"] as? String == "virtual-0")
      #expect(output["width"] as? Int == 30 && output["height"] as? Int == 20)
      #expect(status["blanked"] as? Bool == false)
      #expect(status["frames_presented"] is Int && status["memory_warnings"] is Int)
      #expect(status["input_devices"] is [Any] && status["uptime_s"] is Int)
      #expect(status["rss_bytes"] is Int)
      for key in ["mode", "screen", "frames_failed", "frame_interval_ms", "present_ms"] {
        #expect(status[key] != nil, "\(key)")
      }
    }

    @Test func blankAndScreenshotWithARelativePath() async throws {
      let blank = try await kioskctl(["blank", "--socket", path])
      #expect(blank.status == 0 && blank.output == "blanked: no\n")  // no blanking handler here
      app.window.backgroundColor = .green
      app.runUntilIdle()
      let folder = FileManager.default.currentDirectoryPath
      let name = "kioskctl-test-\(UUID().uuidString).png"
      defer { try? FileManager.default.removeItem(atPath: folder + "/" + name) }
      let shot = try await kioskctl(["screenshot", name, "--socket", path])
      #expect(shot.status == 0, "\(shot.errors)")
      #expect(shot.output == "file: \(folder)/\(name)\nsize: 30x20 px\n")
      let image = try Image(contentsOfFile: folder + "/" + name)
      #expect(image.pixelBuffer.pixel(x: 15, y: 10) == .green)
      // As private as the socket (issue 34, case 10): it used to be 0644.
      var info = stat()
      #expect(lstat(folder + "/" + name, &info) == 0)
      #expect(info.st_mode & 0o777 == 0o600)
      // kioskctl writes the file itself: /dev/null and the like are refused (exit 73).
      let device = try await kioskctl(["screenshot", "/dev/null", "--socket", path])
      #expect(device.status == 73)
      #expect(device.errors.contains("/dev/null: it is not a regular file"))
      let app = try await kioskctl(["screenshot", "--in-app-folder", "a/b.png", "--socket", path])
      #expect(app.status == 64)
    }

    /// `kioskctl rotate` turns the app's screen; another angle is wrong usage, refused by
    /// kioskctl before it connects.
    @Test func rotateTurnsTheScreenAndRefusesOtherAngles() async throws {
      let turned = try await kioskctl(["rotate", "90", "--socket", path])
      #expect(turned.status == 0, "\(turned.errors)")
      #expect(turned.output == "rotation: 90\nscreen: 20x30 pt\n")
      #expect(app.screen.rotation == .degrees90)
      let refused = try await kioskctl(["rotate", "45", "--socket", path])
      #expect(refused.status == 64)
      #expect(
        refused.errors.contains("rotate 45 is not allowed; allowed: 0, 90, 180 or 270 (degrees)"))
      #expect(app.screen.rotation == .degrees90)
      #expect(try await kioskctl(["rotate", "0", "--socket", path]).status == 0)
      app.runUntilIdle()
      #expect(app.screen.rotation == .degrees0)
    }

    /// A write that fails half way (a full disk) leaves no partial file and keeps the old one.
    @Test func aFailedScreenshotLeavesNothingPartial() async throws {
      app.window.backgroundColor = .green
      app.runUntilIdle()
      let folder = NSTemporaryDirectory() + "kioskctl-full-\(UUID().uuidString)"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(atPath: folder) }
      try "old".write(toFile: folder + "/shot.png", atomically: false, encoding: .utf8)
      let result = try await kioskctlBytes(
        ["screenshot", folder + "/shot.png", "--socket", path], noFileSpace: true)
      #expect(result.status == 73, "\(result.errors)")
      #expect(result.errors.contains("File too large"))
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["shot.png"])
      #expect(try String(contentsOfFile: folder + "/shot.png", encoding: .utf8) == "old")
    }

    /// `screenshot -`: the PNG comes back over the socket to standard output (for ssh).
    @Test func screenshotToStandardOutput() async throws {
      app.window.backgroundColor = .green
      app.runUntilIdle()
      let result = try await kioskctlBytes(["screenshot", "-", "--socket", path])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.errors.isEmpty)
      let png = try Image(data: result.output)
      #expect(png.pixelBuffer.width == 30 && png.pixelBuffer.height == 20)
      #expect(png.pixelBuffer.pixel(x: 15, y: 10) == .green)
      // A closed pipe ends kioskctl's request with 74, not the app, which answers on.
      let closed = try await kioskctlBytes(
        ["screenshot", "-", "--socket", path], closedOutput: true)
      #expect(closed.status == 74, "\(closed.errors)")
      #expect(try await kioskctl(["status", "--socket", path]).status == 0)
      // A client that asks and hangs up without reading leaves the app answering too.
      let socketPath = path
      await withCheckedContinuation { continuation in
        Thread {
          if let fd = try? ControlSocket.connect(to: socketPath) {
            _ = Array("screenshot -\n".utf8).withUnsafeBytes {
              send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            close(fd)
          }
          continuation.resume()
        }.start()
      }
      #expect(try await kioskctl(["status", "--socket", path]).status == 0)
    }

    /// Issue 34, case 6: an endless reply is read up to 16 MiB, then given up with exit 76;
    /// kioskctl used to hold all of it (7.2 GB after 15 s). The server stops at 24 MiB so
    /// that a kioskctl that reads on still ends.
    @Test func anEndlessReplyIsCutAtTheLimit() async throws {
      let server = try HostileServer { fd in
        let line = [UInt8](repeating: UInt8(ascii: "x"), count: 1023) + [UInt8(ascii: "\n")]
        let lines = Array(repeating: line, count: 1024).flatMap { $0 }
        guard HostileServer.send(Array("ok\n".utf8), to: fd) else { return }
        for _ in 0..<24 where HostileServer.send(lines, to: fd) {}
      }
      let result = try await kioskctlBytes(["status", "--socket", server.path])
      #expect(result.status == 76, "\(result.errors)")
      #expect(
        result.errors
          == "kioskctl: the reply is longer than 16 MiB, the most kioskctl reads; gave up (is that a KioskKit app?)\n"
      )
      #expect(result.output.count < 100)
    }

    /// Issue 34, case 6: --timeout is for the whole reply, not for each read: a reply that
    /// comes a byte at a time is given up at the deadline (exit 74, saying so). The server
    /// stops after 3 s so that a kioskctl that waits on still ends.
    @Test func aTrickledReplyIsGivenUpAtTheDeadline() async throws {
      let server = try HostileServer { fd in
        guard HostileServer.send(Array("ok\n".utf8), to: fd) else { return }
        for _ in 0..<150 where HostileServer.send([UInt8(ascii: "x")], to: fd) {
          usleep(20_000)
        }
        _ = HostileServer.send([UInt8(ascii: "\n")], to: fd)
      }
      let result = try await kioskctl(["status", "--socket", server.path, "--timeout", "0.3"])
      #expect(result.status == 74, "\(result.errors)")
      #expect(
        result.errors.hasPrefix("kioskctl: waiting for the reply ("), "\(result.errors)")
      #expect(
        result.errors.hasSuffix(
          "no whole reply within 0.3 s (--timeout, for the whole exchange)\n"), "\(result.errors)")
    }

    /// Issue 34, case 7: the app's control characters (ESC sequences, BEL, CR, DEL, C1)
    /// reach the terminal as visible escapes, on standard output and in a refusal alike.
    @Test func controlCharactersFromTheAppAreEscaped() async throws {
      let escapingPath = temporarySocketPath()
      let hostile = ControlServer(path: escapingPath, logger: testLogger) { request in
        request == .status
          ? .ok(["title: \u{1B}]0;pwned\u{07}\u{1B}[2Jok\r\u{7F}\u{9B}1m\tend"])
          : .error("no\u{1B}[31m")
      }
      try hostile.start()
      defer { hostile.stop() }
      let status = try await kioskctl(["status", "--socket", escapingPath])
      #expect(status.status == 0)
      #expect(
        status.output == "title: \\u001b]0;pwned\\u0007\\u001b[2Jok\\u000d\\u007f\\u009b1m\tend\n")
      let refused = try await kioskctl(["blank", "--socket", escapingPath])
      #expect(refused.status == 1)
      #expect(refused.errors == "kioskctl: the app refused: no\\u001b[31m\n")
    }

    /// Issue 34, case 8: a reload whose list of changes is longer than the socket's buffer
    /// (a 600 KB value) is reported as done, all of it; the rest of the reply used to be
    /// dropped and kioskctl exited 74 although the change was applied.
    @Test func aLongReloadReplyArrivesWhole() async throws {
      let change = "app.title: " + String(repeating: "t", count: 600_000)
      service.reloadConfiguration = { [change] }
      defer { service.reloadConfiguration = nil }
      let result = try await kioskctl(["reload-config", "--socket", path])
      #expect(result.status == 0, "\(result.errors)")
      // Compared as a Bool: a failure's message would quote 600 KB.
      let isWhole = result.output == change + "\n"
      #expect(isWhole)
    }

    @Test func metricsPrintsThePrometheusText() async throws {
      let result = try await kioskctl(["metrics", "--socket", path])
      #expect(result.status == 0, "\(result.errors)")
      #expect(result.output.contains("# TYPE kiosk_frames_presented_total counter\n"))
      #expect(result.output.contains("\nkiosk_build_info{version=\"\(KioskKitVersion.string)\"} 1"))
      #expect(result.output.hasSuffix("\n") && !result.output.hasPrefix("ok"))
    }

    @Test func aRefusedRequestExitsOneWithTheReason() async throws {
      let result = try await kioskctl(["reload-config", "--socket", path])
      #expect(result.status == 1)
      #expect(
        result.errors
          == "kioskctl: the app refused: reload-config is not available: no configuration file\n")
    }

    @Test func noServiceExits69WithAHint() async throws {
      let result = try await kioskctl(["status", "--socket", "/tmp/no-kiosk-here.sock"])
      #expect(result.status == 69)
      #expect(result.errors.contains("no KioskKit app is listening on /tmp/no-kiosk-here.sock"))
    }

    @Test func versionIsKioskKits() async throws {
      let result = try await kioskctl(["--version"])
      #expect(result.status == 0)
      #expect(result.output == "kioskctl (KioskKit) \(KioskKitVersion.string)\n")
    }

    @Test func wrongUsageExits64() async throws {
      #expect(try await kioskctl(["Reboot!"]).status == 64)
      for timeout in ["0", "-1", "nan", "1e300"] {
        #expect(try await kioskctl(["status", "--timeout", timeout]).status == 64, "\(timeout)")
      }
      #expect(try await kioskctl(["--bogus"]).status == 64)
      #expect(try await kioskctl(["screenshot"]).status == 64)
    }

    @Test func theAppsOwnRequestsGoThroughByName() async throws {
      defer { AppControl.commands = [] }
      try Application.shared.addControlCommand("checkin-count", help: "Visitors") { argument in
        ["checked in: 7", "asked: \(argument)"]
      }
      let named = try await kioskctl(["checkin-count", "today", "--socket", path])
      #expect(named.status == 0 && named.output == "checked in: 7\nasked: today\n")
      let spelled = try await kioskctl(["app", "checkin-count", "--socket", path])
      #expect(spelled.status == 0 && spelled.output == "checked in: 7\nasked: \n")
      // A request the app does not have: the app's refusal, exit 1.
      let unknown = try await kioskctl(["reboot", "--socket", path])
      #expect(unknown.status == 1)
      #expect(unknown.errors.contains("unknown request reboot"))
    }
  }
}
