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
}
