import Foundation
import Glibc
import KioskTesting
import Testing

/// kiosk-demo as systemd starts it (`Type=notify`): a datagram socket the test binds is its
/// `NOTIFY_SOCKET`, and SIGTERM stops it.
@MainActor
struct ServiceLifecycleTests {
  private var demo: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("kiosk-demo")
  }

  @Test func readyAfterTheFirstFrameWatchdogPingsAndStoppingOnSIGTERM() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kiosk-service-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let socketPath = "/tmp/kiosk-notify-\(getpid())-\(UInt16.random(in: 0...UInt16.max))"
    let socket = try DatagramSocket(path: socketPath)
    let log = folder.appendingPathComponent("stderr.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let process = Process()
    process.executableURL = demo
    process.arguments = [
      "--backend", "virtual", "--realtime", "--size", "320x240", "--scale", "1",
      "--duration", "60", "--log-format", "journal",
    ]
    var environment = childEnvironment()
    environment["NOTIFY_SOCKET"] = socketPath
    environment["WATCHDOG_USEC"] = "200000"
    environment["WATCHDOG_PID"] = nil
    process.environment = environment
    process.standardError = try FileHandle(forWritingTo: log)
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    defer { if process.isRunning { process.terminate() } }

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

    let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
    #expect(!lines.isEmpty)
    // Journal format: a priority prefix and no timestamp on every line.
    #expect(lines.allSatisfy { $0.range(of: #"^<[0-7]>"#, options: .regularExpression) != nil })
    #expect(lines.contains("<6>kiosk: ready: showing virtual-0 320x240"))
  }
}

/// A unix datagram socket bound at a path, read with a timeout.
private final class DatagramSocket {
  private let fd: Int32
  private let path: String

  init(path: String) throws {
    self.path = path
    unlink(path)
    fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard fd >= 0, bound == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
  }

  deinit {
    close(fd)
    unlink(path)
  }

  /// The next datagram, or `nil` when none came within `timeout` seconds.
  func receive(timeout: Double) -> String? {
    var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    guard poll(&poller, 1, Int32(timeout * 1000)) > 0 else { return nil }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = recv(fd, &buffer, buffer.count, 0)
    return count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : nil
  }
}
