import FoundationEssentials
import Glibc
import KioskBase
import KioskControl
import KioskFiles
import KioskGraphics
import KioskLinux
import KioskUI
import KioskVersion
import Logging

/// What the control interface acts on and reports about: the runtime fills it in at start-up
/// and the control server hands it each request.
@MainActor
final class ControlService {
  /// The screen whose frames `screenshot` writes and `status` describes.
  let screen: Screen
  /// The output, as the screen sees it.
  let output: DisplayOutput
  /// Frame counts and times (the screen's output records them).
  let statistics: FrameStatistics
  /// Input devices, if input runs.
  var inputDevices: () -> [InputDeviceInfo] = { [] }
  /// Every screen, the main one first (the runtime sets it; without, the main one only).
  var screens: () -> [ScreenReport] = { [] }
  /// Switches the display off (`true`) or on: the app's blanking handler.
  var setDisplayBlanked: (Bool) -> Void = { Application.shared.setDisplayBlanked($0) }
  /// Whether the display is switched off.
  var isBlanked: () -> Bool = { false }
  /// The display schedule's state and next change (the runtime sets it).
  var schedule: () -> ScheduleReport = { ScheduleReport() }
  /// What HDMI-CEC sees (the runtime sets it when `display.cec` is auto on a display).
  var cec: () -> CECReport = { CECReport() }
  /// Loads the configuration again, applies the live values and says what changed (one
  /// line per key); nil while the runtime has no configuration file to reload.
  var reloadConfiguration: (() async throws -> [String])?
  /// The folder `screenshot NAME` writes into (`--screenshot-dir`).
  var screenshotFolder = "/run/kiosk"
  /// The screen reader and the looks (nil: the runtime started none; the requests say so).
  var accessibility: AccessibilityService?
  let logger: Logger
  private let started = monotonicSeconds()

  /// Memory warnings the app got, whatever sent them (`Runtime.handleMemoryWarning` counts).
  static var memoryWarningsSeen = 0

  init(screen: Screen, output: DisplayOutput, statistics: FrameStatistics, logger: Logger) {
    self.screen = screen
    self.output = output
    self.statistics = statistics
    self.logger = logger
  }

  /// The `memory-warning` request: the app's warning sequence, counted and logged with the
  /// RSS it gave back, as for a warning from the kernel.
  private func sendMemoryWarning() {
    Runtime.handleMemoryWarning(.requested, logger: logger)
  }

  /// Carries out one request.
  func handle(_ request: ControlRequest) async -> ControlReply {
    logger.debug("control: \(request.name) requested")
    switch request {
    case .status:
      return .ok(statusLines())
    case .statusJSON:
      return .ok([statusJSON()])
    case .screenshot(let name):
      return await screenshot(named: name)
    case .screenshotToClient:
      return await screenshotInReply()
    case .memoryWarning:
      logger.notice("control: memory warning requested")
      sendMemoryWarning()
      return .ok()
    case .blank, .unblank:
      setDisplayBlanked(request == .blank)
      return .ok(["blanked: \(isBlanked() ? "yes" : "no")"])
    case .rotate(let degrees):
      return rotate(toDegrees: degrees)
    case .reloadConfig:
      guard let reloadConfiguration else {
        return .error("reload-config is not available: no configuration file")
      }
      do {
        let changes = try await reloadConfiguration()
        logger.notice("control: configuration reloaded: \(changes.count) changes")
        return .ok(changes)
      } catch {
        // Logged as SIGHUP's refusal is: the operator reading the journal, not the client,
        // may be the one who has to fix the file.
        logger.error("control: configuration not reloaded: \(error)")
        return .error("configuration not reloaded: \(error)")
      }
    case .metrics:
      return .ok(KioskMetrics.shared.text().split(separator: "\n").map(String.init))
    case .accessibility, .accessibilitySet, .screenReader, .speech:
      return handleAccessibility(request)
    case .cec(let json):
      let report = cec()
      return .ok(json ? [JSONValue(report.jsonObject).text ?? "{}"] : report.lines)
    case .help:
      return .ok(ControlRequest.summary + AppControl.commands.map { "\($0.name): \($0.help)" })
    case .app(let name, let argument):
      guard let command = AppControl.command(named: name) else {
        return .error("unknown request \(name); try help")
      }
      do {
        return .ok(try command.handler(argument).map(Self.oneLine))
      } catch {
        return .error(Self.oneLine("\(error)"))
      }
    }
  }

  /// `text` on one line: line breaks become spaces (a reply is read line by line).
  private static func oneLine(_ text: String) -> String {
    String(text.map { $0.isNewline ? " " : $0 })
  }

  /// `key: value` lines, one fact each.
  func statusLines() -> [String] {
    var lines = [
      "version: \(KioskKitVersion.string)",
      "output: \(output.name) \(output.pixelWidth)x\(output.pixelHeight) px"
        + " @ \(String(output.refreshRate, decimals: 2)) Hz"
        + (output.isActive ? "" : " (inactive)"),
      "mode: \(modeDescription)",
      "screen: \(format(screen.bounds.width))x\(format(screen.bounds.height)) pt, scale"
        + " \(format(screen.scale)), rotation \(screen.rotation.degrees)",
      "blanked: \(isBlanked() ? "yes" : "no")",
    ]
    let schedule = schedule()
    lines.append(
      "schedule: \(schedule.state.rawValue)"
        + (schedule.nextChangeText.map { ", next change \($0)" } ?? ""))
    let devices = inputDevices().sorted { $0.id < $1.id }
    lines.append("input devices: \(devices.count)")
    for device in devices {
      lines.append("input device: \(device.sysname) \"\(device.name)\" \(device.capabilities)")
    }
    lines.append("frames presented: \(statistics.framesPresented)")
    lines.append("frames failed: \(statistics.presentFailures)")
    lines.append("frame interval ms: \(percentiles(statistics.intervals))")
    lines.append("present ms: \(percentiles(statistics.presentDurations))")
    let screens = reportedScreens
    lines.append("screens: \(screens.count)")
    for (number, report) in screens.enumerated() {
      lines.append(
        "screen \(number + 1): \(report.output)\(report.isMain ? " (main)" : "")"
          + " \(report.isConnected ? "connected" : "disconnected")"
          + " \(report.pixelWidth)x\(report.pixelHeight) px @ \(String(report.refreshRate, decimals: 2)) Hz,"
          + " \(format(report.pointWidth))x\(format(report.pointHeight)) pt, scale \(format(report.scale)),"
          + " rotation \(report.rotation), frames presented \(report.framesPresented),"
          + " frames failed \(report.framesFailed),"
          + " frame interval ms \(percentiles(report.frameIntervals))")
    }
    let rss = ProcessMemory.residentBytes().map { String(Double($0) / 1_048_576, decimals: 1) }
    lines.append("rss MB: \(rss ?? "unknown")")
    lines.append("memory warnings: \(Self.memoryWarningsSeen)")
    lines.append("uptime s: \(Int(monotonicSeconds() - started))")
    lines += accessibility?.statusLines ?? []
    for line in AppControl.statusLines {
      lines.append("\(line.key): \(Self.oneLine(line.value()))")
    }
    return lines
  }

  /// The screens to report: the runtime's list, else the main screen alone.
  private var reportedScreens: [ScreenReport] {
    let listed = screens()
    return listed.isEmpty
      ? [ScreenReport(screen: screen, output: output, statistics: statistics, isMain: true)]
      : listed
  }

  /// `status` as one line of JSON, for fleets. The keys are stable (new ones may be added;
  /// none is renamed or removed): `version`, `output` {`name`, `width`, `height`,
  /// `refresh_hz`, `active`}, `mode`, `screen` {`width_pt`, `height_pt`, `scale`,
  /// `rotation`}, `screens` [{`output`, `main`, `connected`, `width`, `height`,
  /// `refresh_hz`, `width_pt`, `height_pt`, `scale`, `rotation`, `frames_presented`,
  /// `frames_failed`, `frame_interval_ms`}: every screen, the main one first], `blanked`,
  /// `schedule` {`state` (`open`, `closed` or `none`), `next_change` (local ISO 8601, or
  /// null), `next_change_unix` (or null)},
  /// `input_devices` [{`sysname`, `name`, `capabilities` [...]}],
  /// `frames_presented`, `frames_failed`, `frame_interval_ms` and `present_ms` ({`p50`,
  /// `p90`, `p99`, `max`, `samples`}, or null before the first frames), `rss_bytes` (null
  /// when unknown), `memory_warnings`, `uptime_s`, `accessibility` {`screen_reader`,
  /// `started_by`, `mode`, `headset`, `speech`} (null without the service).
  func statusJSON() -> String {
    JSONValue(statusObject()).text ?? "{}"
  }

  /// The facts of `statusJSON`, as JSON values.
  func statusObject() -> [String: Any] {
    let devices = inputDevices().sorted { $0.id < $1.id }.map { device -> [String: Any] in
      let names: [(InputCapabilities, String)] = [
        (.touch, "touch"), (.pointer, "pointer"), (.keyboard, "keyboard"), (.typing, "typing"),
        (.other, "other"),
      ]
      return [
        "sysname": device.sysname, "name": device.name,
        "capabilities": names.filter { device.capabilities.contains($0.0) }.map(\.1),
      ]
    }
    func milliseconds(_ ring: SampleRing) -> Any {
      guard let p50 = ring.percentile(0.5), let p90 = ring.percentile(0.9),
        let p99 = ring.percentile(0.99), let maximum = ring.percentile(1)
      else { return JSONNull() }
      return [
        "p50": p50 * 1000, "p90": p90 * 1000, "p99": p99 * 1000, "max": maximum * 1000,
        "samples": ring.samples.count,
      ]
    }
    var app: [String: Any] = [:]
    for line in AppControl.statusLines { app[line.key] = Self.oneLine(line.value()) }
    return [
      "app": app,
      "version": KioskKitVersion.string,
      "output": [
        "name": output.name, "width": output.pixelWidth, "height": output.pixelHeight,
        "refresh_hz": output.refreshRate, "active": output.isActive,
      ] as [String: Any],
      "mode": modeDescription,
      "screen": [
        "width_pt": screen.bounds.width, "height_pt": screen.bounds.height,
        "scale": screen.scale, "rotation": screen.rotation.degrees,
      ] as [String: Any],
      "screens": reportedScreens.map { report -> [String: Any] in
        [
          "output": report.output, "main": report.isMain, "connected": report.isConnected,
          "width": report.pixelWidth, "height": report.pixelHeight,
          "refresh_hz": report.refreshRate, "width_pt": report.pointWidth,
          "height_pt": report.pointHeight, "scale": report.scale, "rotation": report.rotation,
          "frames_presented": report.framesPresented, "frames_failed": report.framesFailed,
          "frame_interval_ms": milliseconds(report.frameIntervals),
        ]
      },
      "blanked": isBlanked(),
      "schedule": scheduleObject(),
      "input_devices": devices,
      "frames_presented": statistics.framesPresented,
      "frames_failed": statistics.presentFailures,
      "frame_interval_ms": milliseconds(statistics.intervals),
      "present_ms": milliseconds(statistics.presentDurations),
      "rss_bytes": ProcessMemory.residentBytes().map { $0 as Any } ?? JSONNull(),
      "memory_warnings": Self.memoryWarningsSeen,
      "uptime_s": Int(monotonicSeconds() - started),
      "accessibility": accessibility.map(Self.accessibilityObject) ?? JSONNull(),
    ]
  }

  /// `status`'s `schedule` object.
  private func scheduleObject() -> [String: Any] {
    let report = schedule()
    return [
      "state": report.state.rawValue,
      "next_change": report.nextChangeText.map { $0 as Any } ?? JSONNull(),
      "next_change_unix": report.nextChange.map { $0 as Any } ?? JSONNull(),
    ]
  }

  /// The mode in use; a DRM output says which of its connector's modes and how it commits
  /// (`kiosk-demo --connector list` lists every mode).
  private var modeDescription: String {
    let base = (output as? FrameRecordingOutput)?.base ?? output
    if let drm = base as? DRMOutput {
      return "\(drm.mode) (\(drm.commitAPI) commits\(drm.isConnected ? "" : ", disconnected"))"
    }
    return "\(output.pixelWidth)x\(output.pixelHeight)@\(Int(output.refreshRate.rounded()))"
  }

  private func percentiles(_ ring: SampleRing) -> String {
    guard let p50 = ring.percentile(0.5), let p90 = ring.percentile(0.9),
      let p99 = ring.percentile(0.99), let maximum = ring.percentile(1)
    else { return "none yet" }
    let parts = [("p50", p50), ("p90", p90), ("p99", p99), ("max", maximum)].map {
      "\($0.0) \(String($0.1 * 1000, decimals: 2))"
    }
    return parts.joined(separator: " ") + " (last \(ring.samples.count))"
  }

  func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }

  /// Why there is no frame to send or write.
  private struct NoFrame: Error {
    let reply: ControlReply
  }

  /// A copy of the last composited frame (a memcpy on the main actor, so that encoding can
  /// happen off it), or the reply saying why there is none.
  private func lastFrame() -> Result<PixelBuffer, NoFrame> {
    guard statistics.framesPresented > 0 || screen.compositor.framesComposited > 0 else {
      return .failure(NoFrame(reply: .error("no frame has been presented yet")))
    }
    do {
      return .success(try screen.compositor.lastFrameBuffer.copy())
    } catch {
      return .failure(NoFrame(reply: .error("cannot copy the frame: \(error)")))
    }
  }

  /// The last composited frame as PNG in the reply, encoded off the main actor.
  private func screenshotInReply() async -> ControlReply {
    let frame: PixelBuffer
    switch lastFrame() {
    case .success(let copy): frame = copy
    case .failure(let refusal): return refusal.reply
    }
    let encoded: Result<[UInt8], any Error> = await Task.detached {
      Result { try frame.pngData() }
    }.value
    switch encoded {
    case .success(let png):
      logger.info("control: screenshot sent (\(png.count) bytes)")
      return .ok(["size: \(frame.width)x\(frame.height) px", "png: \(png.count)"], payload: png)
    case .failure(let error):
      return .error("cannot encode the frame: \(error)")
    }
  }

  /// Writes the last composited frame as PNG into the screenshot folder, encoded and written
  /// off the main actor so that the UI does not wait for zlib (`FileReplacement`: a
  /// temporary file renamed, so no partial file, no link followed, no FIFO opened), mode
  /// 0600 like the socket: a screenshot shows whatever the screen showed.
  private func screenshot(named name: String) async -> ControlReply {
    let frame: PixelBuffer
    switch lastFrame() {
    case .success(let copy): frame = copy
    case .failure(let refusal): return refusal.reply
    }
    let folder = screenshotFolder
    let written: Result<Void, FileReplacement.Failure> = await Task.detached {
      let png: [UInt8]
      do {
        png = try frame.pngData()
      } catch {
        return .failure(FileReplacement.Failure(path: name, reason: "\(error)"))
      }
      return Result { () throws(FileReplacement.Failure) in
        try FileReplacement.write(
          png, named: name, inFolder: folder, permissions: FileReplacement.ownerOnlyPermissions)
      }
    }.value
    let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
    switch written {
    case .success:
      logger.info("control: screenshot written to \(path)")
      return .ok(["file: \(path)", "size: \(frame.width)x\(frame.height) px"])
    case .failure(let failure):
      return .error("cannot write \(failure.path): \(failure.reason)")
    }
  }
}
