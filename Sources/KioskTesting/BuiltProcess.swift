import Foundation
import KioskFiles

/// An executable of this package, built next to the running test bundle
/// (`swift build --build-tests` builds every product).
///
/// ```swift
/// let demo = builtExecutable("kiosk-demo")
/// ```
public func builtExecutable(_ name: String) -> URL {
  URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    .appendingPathComponent(name)
}

/// A program a test runs in the background, with a temporary folder of its own and its
/// standard error written to `log` there; it is terminated, and the folder removed, when
/// this object goes away.
///
/// ```swift
/// let demo = try LoggedProcess(builtExecutable("kiosk-demo"), arguments: ["--realtime"])
/// …
/// #expect(try demo.logLines().contains("<6>kiosk: ready: showing virtual-0 320x240"))
/// ```
public final class LoggedProcess {
  /// The running process.
  public let process = Process()
  /// A folder for the test's files, removed at the end.
  public let folder: URL
  /// Where standard error goes.
  public let log: URL

  /// Starts `executable` with `arguments`; `environment` is added to `childEnvironment()`.
  public init(
    _ executable: URL, arguments: [String], environment: [String: String] = [:]
  ) throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kiosk-process-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    log = folder.appendingPathComponent("stderr.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    process.executableURL = executable
    process.arguments = arguments
    process.environment = childEnvironment().merging(environment) { $1 }
    process.standardError = try FileHandle(forWritingTo: log)
    process.standardOutput = FileHandle.nullDevice
    try process.run()
  }

  deinit {
    if process.isRunning { process.terminate() }
    try? FileManager.default.removeItem(at: folder)
  }

  /// What the process wrote to standard error so far. (Read without Foundation, whose
  /// `String(contentsOf:)` leaks 4 KB for each empty file it reads, as a log is at first.)
  public func logText() throws -> String {
    String(decoding: try RegularFile.read(log.path, limit: 1 << 30), as: UTF8.self)
  }

  /// That text, a line each.
  public func logLines() throws -> [Substring] {
    try logText().split(separator: "\n")
  }

  /// Sends SIGTERM and waits for the process to end; returns its exit status.
  @discardableResult
  public func terminate() -> Int32 {
    process.terminate()
    process.waitUntilExit()
    return process.terminationStatus
  }
}
