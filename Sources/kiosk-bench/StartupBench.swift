import Foundation
import KioskKit

/// Start-up figures: kiosk-refscene (the reference scene as an ordinary app) started again
/// and again on the virtual framebuffer in real time, as systemd would start it: with a
/// `NOTIFY_SOCKET` of the bench's own, so that the time from spawning the process to its
/// READY=1 (sent after the first presented frame) is what systemd sees. One second after
/// READY the app's resident memory is read from /proc, split into anonymous memory (the
/// heap, the frames) and file-backed memory (the executable and libraries).
struct StartupFigures {
  /// The panel, e.g. "1920×1080".
  var panel = ""
  var starts = 0
  var readyMs: [Double] = []
  var rssMB: [Double] = []
  var anonymousMB: [Double] = []
  var fileMB: [Double] = []
  /// Milliseconds of each phase of each start (`KIOSK_STARTUP_TRACE`), by phase name.
  var phases: [String: [Double]] = [:]
  /// Why nothing was measured, if so.
  var failure: String?

  var medianReadyMs: Double { median(readyMs) }

  func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
  }

  func printTable() {
    if let failure {
      row("start (\(panel))", "not measured", failure)
      return
    }
    row(
      "(n) start → READY (\(panel))", String(format: "%.1f ms", medianReadyMs),
      String(
        format: "median of %d; %.1f–%.1f ms", readyMs.count,
        readyMs.min() ?? .nan, readyMs.max() ?? .nan), measured: medianReadyMs)
    for (phase, what) in Self.phaseNames {
      row("    \(what)", String(format: "%.1f ms", median(phases[phase] ?? [])))
    }
    row(
      "(o) RSS 1 s after READY (\(panel))", String(format: "%.1f MB", median(rssMB)),
      String(
        format: "anonymous %.1f MB, file-backed %.1f MB", median(anonymousMB),
        median(fileMB)), measured: median(rssMB))
  }

  /// The phases of a start, in order, as the table names them (JSON: `start_PHASE_ms`).
  static let phaseNames = [
    ("process", "spawn → main: exec, linking, Swift"),
    ("setup", "→ options, configuration, logging"),
    ("screen", "→ screen and output"),
    ("launch", "→ didFinishLaunching (views built)"),
    ("layout", "first frame: layout"),
    ("display", "first frame: display (+ fonts)"),
    ("composite", "first frame: composite, present"),
    ("first_frame", "→ first frame presented"),
    ("notify", "→ READY=1 sent"),
  ]

  /// JSON keys, with `suffix` for the 4K run (`_4k`).
  func dictionary(suffix: String) -> [String: Any] {
    guard failure == nil else { return ["start_failure\(suffix)": failure ?? ""] }
    var keys: [String: Any] = [:]
    for (phase, _) in Self.phaseNames {
      keys["start_\(phase)_ms\(suffix)"] = median(phases[phase] ?? [])
    }
    return keys.merging([
      "start_ready_ms_median\(suffix)": medianReadyMs,
      "start_ready_ms_min\(suffix)": readyMs.min() ?? .nan,
      "start_ready_ms_max\(suffix)": readyMs.max() ?? .nan,
      "start_count\(suffix)": readyMs.count,
      "start_rss_mb\(suffix)": median(rssMB),
      "start_rss_anon_mb\(suffix)": median(anonymousMB),
      "start_rss_file_mb\(suffix)": median(fileMB),
    ]) { a, _ in a }
  }
}

/// Measures `StartupFigures` for one scale of the reference scene.
struct StartupMeasurements {
  let starts: Int
  /// Pixels per point: 2 is 1920×1080, 4 is 3840×2160.
  let scale: Int

  /// kiosk-refscene, built next to kiosk-bench (`make bench` builds both).
  static var executable: URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("kiosk-refscene")
  }

  func run() -> StartupFigures {
    var figures = StartupFigures()
    figures.panel = "\(960 * scale)×\(540 * scale)"
    guard FileManager.default.isExecutableFile(atPath: Self.executable.path) else {
      figures.failure = "no \(Self.executable.path): build it (make bench builds it)"
      return figures
    }
    for index in 0..<starts {
      switch startOnce(index) {
      case .success(let start):
        figures.readyMs.append(start.readyMs)
        figures.rssMB.append(start.rssMB)
        figures.anonymousMB.append(start.anonymousMB)
        figures.fileMB.append(start.fileMB)
        for (phase, ms) in start.phases { figures.phases[phase, default: []].append(ms) }
      case .failure(let failure):
        figures.failure = failure.message
        return figures
      }
    }
    figures.starts = starts
    return figures
  }

  struct StartFailure: Error {
    let message: String
  }

  struct Start {
    var readyMs: Double
    var rssMB: Double
    var anonymousMB: Double
    var fileMB: Double
    var phases: [String: Double]
  }

  private func startOnce(_ index: Int) -> Result<Start, StartFailure> {
    let token = "\(getpid())-\(index)"
    let notifyPath = "/tmp/kiosk-bench-notify-\(token).sock"
    let controlPath = "/tmp/kiosk-bench-control-\(token).sock"
    unlink(notifyPath)
    defer {
      unlink(notifyPath)
      unlink(controlPath)
    }
    let listener = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
    guard listener >= 0 else { return .failure(StartFailure(message: "socket: \(errno)")) }
    defer { close(listener) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (offset, byte) in notifyPath.utf8.enumerated() where offset < raw.count - 1 {
        raw[offset] = byte
      }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0 else { return .failure(StartFailure(message: "bind \(notifyPath): \(errno)")) }

    let process = Process()
    process.executableURL = Self.executable
    process.arguments = [
      "--backend", "virtual", "--realtime", "--scale", String(scale), "--control-socket",
      controlPath, "--log-level", "warning",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["NOTIFY_SOCKET"] = notifyPath
    environment["KIOSK_STARTUP_TRACE"] = "1"
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    process.standardError = errors
    let spawned = monotonicSeconds()
    do {
      try process.run()
    } catch {
      return .failure(StartFailure(message: "cannot start kiosk-refscene: \(error)"))
    }
    defer {
      if process.isRunning {
        process.terminate()
        process.waitUntilExit()
      }
    }
    guard let ready = waitForReady(on: listener, timeout: 10) else {
      return .failure(StartFailure(message: "kiosk-refscene sent no READY=1 within 10 s"))
    }
    Thread.sleep(forTimeInterval: 1)
    guard let memory = Self.memory(of: process.processIdentifier) else {
      return .failure(
        StartFailure(message: "cannot read /proc/\(process.processIdentifier)/status"))
    }
    process.terminate()
    process.waitUntilExit()
    let trace = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    guard let phases = Self.phases(in: trace, spawned: spawned, ready: ready) else {
      return .failure(StartFailure(message: "kiosk-refscene traced no start-up phases"))
    }
    return .success(
      Start(
        readyMs: (ready - spawned) * 1000, rssMB: memory.rss, anonymousMB: memory.anonymous,
        fileMB: memory.file, phases: phases))
  }

  /// Milliseconds of each phase (`StartupFigures.phaseNames`) from the app's
  /// `kiosk-startup:` lines, or nil when one is missing.
  static func phases(in trace: String, spawned: Double, ready: Double) -> [String: Double]? {
    var marks: [String: Double] = [:]
    var parts: [String: Double] = [:]
    for line in trace.split(separator: "\n") where line.hasPrefix("kiosk-startup: ") {
      let fields = line.split(separator: " ")
      guard fields.count >= 3, let time = Double(fields[2]) else { continue }
      marks[String(fields[1])] = time
      for field in fields.dropFirst(3) {
        let pair = field.split(separator: "=")
        if pair.count == 2, let seconds = Double(pair[1]) { parts[String(pair[0])] = seconds }
      }
    }
    guard let main = marks["main"], let configured = marks["configured"],
      let screen = marks["screen"], let launched = marks["launched"],
      let frame = marks["first-frame"], let layout = parts["layout"],
      let display = parts["display"], let composite = parts["composite"]
    else { return nil }
    return [
      "process": (main - spawned) * 1000, "setup": (configured - main) * 1000,
      "screen": (screen - configured) * 1000, "launch": (launched - screen) * 1000,
      "layout": layout * 1000, "display": display * 1000, "composite": composite * 1000,
      "first_frame": (frame - launched) * 1000, "notify": (ready - frame) * 1000,
    ]
  }

  /// The time a datagram holding `READY=1` arrived, or nil after `timeout` seconds.
  private func waitForReady(on fd: Int32, timeout: Double) -> Double? {
    let deadline = monotonicSeconds() + timeout
    var buffer = [UInt8](repeating: 0, count: 4096)
    while monotonicSeconds() < deadline {
      var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let left = Int32(max((deadline - monotonicSeconds()) * 1000, 1))
      guard poll(&poller, 1, left) > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
      let arrived = monotonicSeconds()
      guard count > 0 else { continue }
      let message = String(decoding: buffer[0..<count], as: UTF8.self)
      if message.split(separator: "\n").contains("READY=1") { return arrived }
    }
    return nil
  }

  /// VmRSS, RssAnon and RssFile + RssShmem of `pid`, in MB.
  static func memory(of pid: Int32) -> (rss: Double, anonymous: Double, file: Double)? {
    // Read to the end: /proc files have no size for FileManager to go by.
    guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/status") else { return nil }
    defer { try? file.close() }
    let data = file.readDataToEndOfFile()
    var values: [String: Double] = [:]
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { continue }
      // "VmRSS:\t    1692 kB": a tab, then spaces.
      let number = parts[1].split(whereSeparator: { $0 == " " || $0 == "\t" }).first
        .flatMap { Double($0) }
      values[String(parts[0])] = number.map { $0 / 1024 }
    }
    guard let rss = values["VmRSS"], let anonymous = values["RssAnon"],
      let file = values["RssFile"]
    else { return nil }
    return (rss, anonymous, file + (values["RssShmem"] ?? 0))
  }
}
