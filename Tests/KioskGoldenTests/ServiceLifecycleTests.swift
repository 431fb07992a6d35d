import Foundation
import KioskTesting
import Testing

/// kiosk-demo as systemd starts it (`Type=notify`): a datagram socket the test binds is its
/// `NOTIFY_SOCKET`, and SIGTERM stops it.
@MainActor
struct ServiceLifecycleTests {
  @Test func readyAfterTheFirstFrameWatchdogPingsAndStoppingOnSIGTERM() throws {
    let socket = try NotifySocket()
    let demo = try LoggedProcess(
      builtExecutable("kiosk-demo"),
      arguments: [
        "--backend", "virtual", "--realtime", "--size", "320x240", "--scale", "1",
        "--duration", "60", "--log-format", "journal",
      ],
      environment: ["NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "200000"])
    let process = demo.process

    var messages: [String] = []
    let deadline = Date().addingTimeInterval(60)
    // Until READY and two watchdog pings after it.
    while Date() < deadline {
      if let message = socket.receive(timeout: 1) { messages.append(message) }
      if let ready = messages.firstIndex(where: { $0.hasPrefix("READY=1") }),
        messages[ready...].filter({ $0 == "WATCHDOG=1" }).count >= 2
      {
        break
      }
    }
    #expect(messages.contains("READY=1\nSTATUS=showing virtual-0 320x240"))
    #expect(messages.filter { $0 == "WATCHDOG=1" }.count >= 2)
    process.terminate()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    while let message = socket.receive(timeout: 0.2) { messages.append(message) }
    #expect(messages.last == "STOPPING=1")

    let lines = try demo.logLines()
    #expect(!lines.isEmpty)
    // Journal format: a priority prefix and no timestamp on every line.
    #expect(lines.allSatisfy { $0.range(of: #"^<[0-7]>"#, options: .regularExpression) != nil })
    #expect(lines.contains("<6>kiosk: ready: showing virtual-0 320x240"))
  }

  /// `--duration` ends the app by the same path as SIGTERM: STOPPING=1, the control socket
  /// closed and its file removed, exit 0 (the socket was once left behind).
  @Test func theDurationRunningOutStopsLikeSIGTERM() throws {
    let socket = try NotifySocket()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kiosk-stop-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let control = folder.appendingPathComponent("control.sock").path
    let demo = try LoggedProcess(
      builtExecutable("kiosk-demo"),
      arguments: [
        "--backend", "virtual", "--realtime", "--size", "320x240", "--scale", "1",
        "--duration", "2", "--control-socket", control, "--log-format", "journal",
      ],
      environment: ["NOTIFY_SOCKET": socket.path])
    var messages: [String] = []
    var sawSocket = false
    let deadline = Date().addingTimeInterval(60)
    while demo.process.isRunning, Date() < deadline {
      if let message = socket.receive(timeout: 0.2) { messages.append(message) }
      if FileManager.default.fileExists(atPath: control) { sawSocket = true }
    }
    demo.process.waitUntilExit()
    while let message = socket.receive(timeout: 0.2) { messages.append(message) }
    #expect(demo.process.terminationReason == .exit && demo.process.terminationStatus == 0)
    #expect(sawSocket, "the control socket was there while the app ran")
    #expect(!FileManager.default.fileExists(atPath: control), "the control socket was removed")
    #expect(messages.first?.hasPrefix("READY=1") == true)
    #expect(messages.last == "STOPPING=1")
    #expect(try demo.logLines().contains("<6>kiosk: stopped after 2.0 s"))
  }
}
