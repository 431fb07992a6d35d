import Foundation
import Glibc
import KioskFiles
import Logging

@testable import KioskLinux

/// A temporary folder standing for `/`: a fake /proc/self/cgroup, cgroup folder,
/// pressure files and /proc/meminfo, removed when the value goes away.
final class FakeSystemRoot {
  let path: String
  let cgroup = "/system.slice/kiosk.service"

  init() throws {
    path = FileManager.default.temporaryDirectory.path + "/kiosk-memory-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// The fake cgroup's folder (`sys/fs/cgroup/system.slice/kiosk.service`).
  var cgroupFolder: String { path + "/sys/fs/cgroup" + cgroup }

  /// Writes a file in place (not by renaming, so an inotify watch on it sees IN_MODIFY).
  func write(_ text: String, to relative: String) throws {
    let file = path + "/" + relative
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: file, atomically: false, encoding: .utf8)
  }

  /// The file's text, nil if it cannot be read. (Not `String(contentsOfFile:)`: Foundation's
  /// reader leaks a 4 KB buffer for an empty file, which `make test-asan` reports.)
  func read(_ relative: String) -> String? {
    guard let bytes = try? RegularFile.read(path + "/" + relative, limit: 1 << 20) else {
      return nil
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// /proc/self/cgroup of a process in the fake cgroup (with v1 lines around it).
  func writeProcSelfCgroup(v2Line: Bool = true) throws {
    let v2 = v2Line ? "0::\(cgroup)\n" : ""
    try write("4:memory:/legacy\n\(v2)1:cpu:/\n", to: "proc/self/cgroup")
  }

  func writeMemoryEvents(high: Int) throws {
    try write(
      "low 0\nhigh \(high)\nmax 0\noom 0\noom_kill 0\noom_group_kill 0\n",
      to: "sys/fs/cgroup\(cgroup)/memory.events")
  }

  func writeMeminfo(availableKilobytes: Int) throws {
    try write(
      "MemTotal:        2000000 kB\nMemFree:          100000 kB\n"
        + "MemAvailable:   \(availableKilobytes) kB\nBuffers:           10000 kB\n",
      to: "proc/meminfo")
  }

  var configuration: MemoryPressureConfiguration {
    var configuration = MemoryPressureConfiguration()
    configuration.root = path
    return configuration
  }
}

/// A source on a fake root, its log and the warnings it delivered.
@MainActor
final class MemorySourceHarness {
  let log = LogRecorder()
  let delivered = WarningRecorder()
  let source: MemoryPressureSource

  init(_ configuration: MemoryPressureConfiguration) {
    let log = self.log
    let logger = Logger(label: "test") { _ in RecordingLogHandler(recorder: log) }
    let delivered = self.delivered
    let limiter = MemoryWarningRateLimiter(
      minimumInterval: configuration.minimumWarningInterval,
      deliver: { delivered.warnings.append($0) })
    source = MemoryPressureSource(configuration: configuration, logger: logger, limiter: limiter)
  }

  var warnings: [MemoryWarningReason] { delivered.warnings }
}

/// The warnings delivered so far.
@MainActor
final class WarningRecorder {
  var warnings: [MemoryWarningReason] = []
}

/// Lets the main queue run until `condition` holds or two seconds pass.
@MainActor
func waitUntil(_ condition: () -> Bool) async {
  let deadline = ContinuousClock.now + .seconds(2)
  while !condition(), ContinuousClock.now < deadline {
    try? await Task.sleep(for: .milliseconds(2))
  }
}
