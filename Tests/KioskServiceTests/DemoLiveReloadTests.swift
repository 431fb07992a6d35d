import Foundation
import KioskTesting
import Testing

/// kiosk-demo running in real time with a configuration file and a control socket:
/// `reload-config` after the file changed switches the log level and the blanking timeout
/// of the running process.
struct DemoLiveReloadTests {
  /// The reply to `line`, once the socket answers (the demo takes a moment to start).
  /// When it fails, the error says how many attempts failed how, and how long after the
  /// first one `isListening` (the demo's log says so) first held.
  private func request(
    _ line: String, at path: String, within seconds: Double,
    isListening: () -> Bool = { true }
  ) async throws -> String {
    let start = Date()
    let deadline = start.addingTimeInterval(seconds)
    var failures: [String: Int] = [:]
    var listeningAfter: Double?
    var attempts = 0
    while true {
      do {
        return try await exchange(line, at: path)
      } catch {
        failures["\(error)", default: 0] += 1
        attempts += 1
        if listeningAfter == nil, isListening() { listeningAfter = Date().timeIntervalSince(start) }
        // At least 30 attempts however late: under `make test-asan` other suites' blocking
        // waits can hold Swift's cooperative threads for minutes, and this task then resumes
        // only after the deadline (seen: one attempt, then 240 s without a turn).
        guard Date() < deadline || attempts < 30 else {
          let listening = listeningAfter.map { String(format: "%.1f s", $0) } ?? "never"
          throw RequestFailure(
            description: "\(failures) within \(seconds) s; listening after \(listening)")
        }
        try await Task.sleep(for: .milliseconds(100))
      }
    }
  }

  private struct RequestFailure: Error, CustomStringConvertible {
    var description: String
  }

  @Test func reloadConfigChangesTheRunningProcess() async throws {
    let config = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiosk-reload-\(UUID().uuidString).toml").path
    defer { try? FileManager.default.removeItem(atPath: config) }
    try "[log]\nlevel = \"info\"\n".write(toFile: config, atomically: true, encoding: .utf8)
    let socket = temporarySocketPath()
    let demo = try LoggedProcess(
      builtExecutable("kiosk-demo"),
      arguments: [
        "--backend", "virtual", "--realtime", "--size", "320x240", "--scale", "1",
        "--duration", "600", "--log-format", "journal", "--config", config,
        "--control-socket", socket,
      ])

    // Generous, as is the demo's --duration (the test ends it itself): under
    // `make test-asan` with every suite running at once the demo takes minutes, not seconds.
    let first: String
    do {
      first = try await request("status", at: socket, within: 120) {
        (try? demo.logText())?.contains("control: listening") == true
      }
    } catch {
      Issue.record("no answer (\(error)); the demo's log:\n\((try? demo.logText()) ?? "")")
      return
    }
    #expect(first.contains("blanked: no"))
    try """
    [output]
    rotation = 90
    [display]
    blank-after = 0.5
    [log]
    level = "debug"
    """.write(toFile: config, atomically: true, encoding: .utf8)
    let reply = try await request("reload-config", at: socket, within: 5)
    #expect(
      reply
        == """
        ok
        output.rotation: 0 -> 90 (applied)
        display.blank-after: (not set) -> 0.5 (applied)
        log.level: info -> debug (applied)

        """)
    // The screen turned at once: 320×240 points became 240×320.
    let turned = try await request("status", at: socket, within: 5)
    #expect(turned.contains("screen: 240x320 pt, scale 1, rotation 90"))
    // No touch comes, so the display goes off half a second after the reload.
    var blanked = false
    let deadline = Date().addingTimeInterval(10)
    while !blanked, Date() < deadline {
      try await Task.sleep(for: .milliseconds(100))
      blanked = try await request("status", at: socket, within: 5).contains("blanked: yes")
    }
    #expect(blanked)

    // SIGHUP (`systemctl reload`) reloads as well: back to info, so no more debug lines,
    // and back to rotation 0.
    try "[log]\nlevel = \"info\"\n".write(toFile: config, atomically: true, encoding: .utf8)
    kill(demo.process.processIdentifier, SIGHUP)
    var hungUp = false
    for _ in 0..<100 where !hungUp {
      try await Task.sleep(for: .milliseconds(100))
      hungUp = try demo.logText().contains("SIGHUP: configuration")
    }
    _ = try await request("status", at: socket, within: 5)
    #expect(demo.terminate() == 0)

    // Debug lines (`<7>`) only after the reload: the first status request was not logged.
    let lines = try demo.logLines()
    let reloaded = try #require(lines.firstIndex { $0.contains("configuration: applied") })
    #expect(!lines[..<reloaded].contains { $0.hasPrefix("<7>") })
    #expect(lines[reloaded...].contains("<7>kiosk: control: status requested"))
    let hangUp = try #require(lines.firstIndex { $0.contains("SIGHUP: configuration") })
    #expect(lines[hangUp] == "<5>kiosk: SIGHUP: configuration reloaded: 3 changes")
    #expect(!lines[hangUp...].contains { $0.hasPrefix("<7>") })
  }
}
