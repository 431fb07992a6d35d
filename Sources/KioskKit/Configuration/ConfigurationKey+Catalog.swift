import KioskGraphics
import KioskLinux

extension ConfigurationKey {
  /// Every key of the configuration file. Options that only tests and development use
  /// (`--output`, `--realtime`, `--duration`, `--touch-script`, `--handshake`) have none.
  static let all: [ConfigurationKey] =
    output + input + display + accessibility + memory + log + metrics + app

  private static let output: [ConfigurationKey] = [
    ConfigurationKey(
      table: "output", name: "backend", option: "backend",
      kind: .choice(RuntimeOptions.Backend.allCases.map(\.rawValue)),
      allowed: "auto, drm, fbdev or virtual", current: { [$0.backend.rawValue] }),
    ConfigurationKey(
      table: "output", name: "card", option: "card", kind: .text,
      allowed: "a DRM card node, e.g. \"/dev/dri/card1\"", check: { !$0.isEmpty },
      current: { $0.card.map { [$0] } ?? [] }),
    ConfigurationKey(
      table: "output", name: "connector", option: "connector", kind: .text,
      allowed: "a connector name, e.g. \"HDMI-A-1\", or \"list\"", check: { !$0.isEmpty },
      current: { $0.connector.map { [$0] } ?? [] }),
    ConfigurationKey(
      table: "output", name: "mode", option: "mode", kind: .text,
      allowed: "\"WxH\" or \"WxH@Hz\" (e.g. \"1280x800@60\"), or \"list\"",
      check: isModeText, current: { $0.mode.map { [$0] } ?? [] }),
    ConfigurationKey(
      table: "output", name: "screens", option: "screen", kind: .paths,
      allowed: "a list of \(SecondaryScreenSpec.allowed) (or [[output]] tables)",
      check: { SecondaryScreenSpec(parsing: $0) != nil }, current: { $0.screens },
      assign: { $0.screens = $1 }),
    ConfigurationKey(
      table: "output", name: "rotation", option: "rotation",
      kind: .integerChoice([0, 90, 180, 270]),
      allowed: "0, 90, 180 or 270", adopt: { $0.rotation = $1.rotation },
      current: { [String($0.rotation)] }),
    ConfigurationKey(
      table: "output", name: "scale", option: "scale",
      // 1e-300 was taken (points of no pixels); a quarter pixel per point is already
      // unreadable.
      kind: .number(0.25...4, aboveLowerBound: false), allowed: "0.25 to 4",
      current: { [formatNumber($0.scale)] }),
    ConfigurationKey(
      table: "output", name: "plane-rotation", option: "plane-rotation", kind: .flag,
      allowed: "true or false", current: { [String($0.planeRotation)] }),
    ConfigurationKey(
      table: "output", name: "wait-for-card", option: "wait-for-card",
      kind: .number(0...600, aboveLowerBound: false), allowed: "0 to 600 (seconds)",
      current: { [formatNumber($0.waitForCard)] }),
    ConfigurationKey(
      table: "output", name: "fbdev", option: "fbdev", kind: .text,
      allowed: "a framebuffer node, e.g. \"/dev/fb0\"", check: { !$0.isEmpty },
      current: { [$0.fbdev] }),
    ConfigurationKey(
      table: "output", name: "size", option: "size", kind: .text,
      allowed: "\"WxH\" in points, each 1 to 8192 (e.g. \"960x540\")",
      check: { PointSize(argument: $0) != nil },
      current: { [$0.size.defaultValueDescription] }),
  ]

  private static let input: [ConfigurationKey] = [
    ConfigurationKey(
      table: "input", name: "backend", option: "input",
      kind: .choice(RuntimeOptions.Input.allCases.map(\.rawValue)),
      allowed: "auto, libinput or none", current: { [$0.input.rawValue] }),
    ConfigurationKey(
      table: "input", name: "seat", option: "seat", kind: .text,
      allowed: "a udev seat name, e.g. \"seat0\"", check: { !$0.isEmpty }, current: { [$0.seat] }),
    ConfigurationKey(
      table: "input", name: "devices", option: "input-device", kind: .paths,
      allowed: "a list of event nodes, e.g. [\"/dev/input/event3\"]",
      // Blank, as `KIOSK_INPUT_DEVICES=" "` is once its list is split and trimmed.
      check: { !$0.allSatisfy(\.isWhitespace) },
      current: { $0.inputDevices }, assign: { $0.inputDevices = $1 }),
    ConfigurationKey(
      table: "input", name: "calibration", option: "touch-calibration", kind: .matrix,
      allowed: "six numbers [a, b, c, d, e, f] (libinput's calibration matrix)",
      check: { TouchCalibration(parsing: $0) != nil },
      current: { $0.touchCalibration.map { [$0] } ?? [] }),
    ConfigurationKey(
      table: "input", name: "touch-output", option: "touch-output", kind: .text,
      allowed: "an output (connector) name", check: { !$0.isEmpty },
      current: { $0.touchOutput.map { [$0] } ?? [] }),
    ConfigurationKey(
      table: "input", name: "keyboard-layout", option: "keyboard-layout", kind: .text,
      allowed: "XKB layouts, e.g. \"us\" or \"us,ru\"", check: { !$0.isEmpty },
      current: { [$0.keyboardLayout] }),
    ConfigurationKey(
      table: "input", name: "keyboard-variant", option: "keyboard-variant", kind: .text,
      allowed: "an XKB variant, e.g. \"dvorak\" (\"\": none)", current: { [$0.keyboardVariant] }),
    ConfigurationKey(
      table: "input", name: "keyboard-options", option: "keyboard-options", kind: .text,
      allowed: "XKB options, e.g. \"ctrl:nocaps\" (\"\": none)", current: { [$0.keyboardOptions] }),
    ConfigurationKey(
      table: "input", name: "on-screen-keyboard", option: "on-screen-keyboard",
      kind: .choice(OnScreenKeyboardMode.allCases.map(\.rawValue)),
      allowed: "auto, always or never",
      adopt: { $0.onScreenKeyboard = $1.onScreenKeyboard },
      current: { [$0.onScreenKeyboard.rawValue] }),
    ConfigurationKey(
      table: "input", name: "keyboard-languages", option: "keyboard-language", kind: .paths,
      allowed: "a list of en, de, ru and zh-pinyin, e.g. [\"en\", \"ru\"]",
      adopt: { $0.keyboardLanguages = $1.keyboardLanguages },
      check: { KeyboardSettings.knownLanguages.contains($0) },
      current: { $0.keyboardLanguages }, assign: { $0.keyboardLanguages = $1 }),
    ConfigurationKey(
      table: "input", name: "repeat-delay", option: "repeat-delay",
      kind: .number(0.1...2, aboveLowerBound: false), allowed: "0.1 to 2 (seconds)",
      adopt: { $0.repeatDelay = $1.repeatDelay },
      current: { [formatNumber($0.repeatDelay)] }),
    ConfigurationKey(
      table: "input", name: "repeat-rate", option: "repeat-rate",
      kind: .number(0...100, aboveLowerBound: false),
      allowed: "0 to 100 (keys a second; 0: no repeat)",
      adopt: { $0.repeatRate = $1.repeatRate },
      current: { [formatNumber($0.repeatRate)] }),
    ConfigurationKey(
      table: "input", name: "scanners", option: "scanner", kind: .paths,
      allowed:
        "a list of scanners by USB ids \"vendor:product\" in hexadecimal (e.g. \"0c2e:0b61\") or by device name",
      adopt: { $0.scanners = $1.scanners },
      check: { ScannerMatch(parsing: $0) != nil },
      current: { $0.scanners }, assign: { $0.scanners = $1 }),
    ConfigurationKey(
      table: "input", name: "scan-gap", option: "scan-gap", kind: .integer(10...2000),
      allowed: "10 to 2000 (milliseconds)",
      adopt: { $0.scanGap = $1.scanGap },
      current: { [String($0.scanGap)] }),
  ]

  private static let display: [ConfigurationKey] = [
    ConfigurationKey(
      table: "display", name: "blank-after", option: "blank-after",
      kind: .number(0...31_536_000, aboveLowerBound: true),
      allowed: "seconds above 0, at most a year (not set: never)",
      adopt: { $0.blankAfter = $1.blankAfter },
      current: { $0.blankAfter.map { [formatNumber($0)] } ?? [] }),
    ConfigurationKey(
      table: "display", name: "schedule", option: "schedule", kind: .paths,
      allowed: DisplaySchedule.allowed,
      adopt: { $0.schedule = $1.schedule },
      check: { (try? DisplaySchedule.Rule.parse($0).get()) != nil },
      current: { $0.schedule }, assign: { $0.schedule = $1 },
      checkList: { rules in
        do throws(DisplaySchedule.Problem) {
          _ = try DisplaySchedule(rules: rules)
          return nil
        } catch {
          return (error.index, error.reason)
        }
      }),
    ConfigurationKey(
      table: "display", name: "wake-outside-schedule", option: "wake-outside-schedule",
      kind: .number(0...31_536_000, aboveLowerBound: false),
      allowed:
        "0 to 31536000 seconds (0: a touch does not wake the display; not set: display.blank-after, else 60)",
      adopt: { $0.wakeOutsideSchedule = $1.wakeOutsideSchedule },
      current: { $0.wakeOutsideSchedule.map { [formatNumber($0)] } ?? [] }),
    ConfigurationKey(
      table: "display", name: "on-exit", option: "on-exit",
      kind: .choice(RuntimeOptions.ExitScreen.allCases.map(\.rawValue)),
      allowed: "console or last-frame", current: { [$0.onExit.rawValue] }),
    ConfigurationKey(
      table: "display", name: "cec", option: "cec",
      kind: .choice(RuntimeOptions.CECMode.allCases.map(\.rawValue)),
      allowed: "auto or off", current: { [$0.cec.rawValue] }),
  ]

  private static let memory: [ConfigurationKey] = [
    ConfigurationKey(
      table: "memory", name: "pressure", option: "memory-pressure", kind: .text,
      allowed:
        "\"some|full <stall µs> <window µs>\" (window 500000 to 10000000, stall 1 up to the window) or \"off\"",
      adopt: { $0.memoryPressure = $1.memoryPressure },
      check: { $0 == "off" || PSITrigger(parsing: $0) != nil },
      current: { [$0.memoryPressure] }),
    ConfigurationKey(
      table: "memory", name: "floor", option: "memory-floor", kind: .integer(0...1_000_000),
      allowed: "0 to 1000000 (MB; 0: do not read MemAvailable)",
      adopt: { $0.memoryFloor = $1.memoryFloor },
      current: { [String($0.memoryFloor)] }),
    ConfigurationKey(
      table: "memory", name: "warning-interval", option: "memory-warning-interval",
      kind: .number(0...3600, aboveLowerBound: false), allowed: "0 to 3600 (seconds)",
      adopt: { $0.memoryWarningInterval = $1.memoryWarningInterval },
      current: { [formatNumber($0.memoryWarningInterval)] }),
  ]

  /// swift-log's level names.
  static let logLevels = ["trace", "debug", "info", "notice", "warning", "error", "critical"]

  private static let log: [ConfigurationKey] = [
    ConfigurationKey(
      table: "log", name: "level", option: "log-level", kind: .choice(logLevels),
      allowed: "trace, debug, info, notice, warning, error or critical",
      adopt: { $0.logLevel = $1.logLevel },
      current: { [$0.logLevel] })
  ]

  private static let metrics: [ConfigurationKey] = [
    ConfigurationKey(
      table: "metrics", name: "textfile", option: "metrics-textfile", kind: .text,
      allowed: "a file, e.g. \"/var/lib/prometheus/node-exporter/kiosk.prom\"",
      check: { !$0.isEmpty && !$0.hasSuffix("/") },
      current: { $0.metricsTextfile.map { [$0] } ?? [] }),
    ConfigurationKey(
      table: "metrics", name: "interval", option: "metrics-interval",
      kind: .number(1...3600, aboveLowerBound: false), allowed: "1 to 3600 (seconds)",
      current: { [formatNumber($0.metricsInterval)] }),
  ]

  private static let app: [ConfigurationKey] = [
    ConfigurationKey(
      table: "app", name: "main-storyboard", option: "main-storyboard", kind: .text,
      allowed: "a storyboard file (JSON)", check: { !$0.isEmpty },
      current: { $0.mainStoryboard.map { [$0] } ?? [] }),
    ConfigurationKey(
      table: "app", name: "control-socket", option: "control-socket", kind: .text,
      allowed:
        "an absolute path shorter than 108 bytes, e.g. \"/run/kiosk/control.sock\", or \"off\"",
      // (A NUL, which would end the path bind() sees, is refused for every string key.)
      check: { $0 == "off" || ($0.hasPrefix("/") && $0.utf8.count < 108) },
      current: { [$0.controlSocket] }),
    ConfigurationKey(
      table: "app", name: "control-group", option: "control-group", kind: .text,
      allowed: "a group name, e.g. \"kioskadm\"", check: { !$0.isEmpty },
      current: { $0.controlGroup.map { [$0] } ?? [] }),
    ConfigurationKey(
      table: "app", name: "screenshot-dir", option: "screenshot-dir", kind: .text,
      allowed: "an absolute path of a folder, e.g. \"/run/kiosk\"",
      check: { $0.hasPrefix("/") },
      current: { $0.screenshotFolder.map { [$0] } ?? [] }),
  ]

  /// `WxH`, `WxH@Hz` or `list`.
  @Sendable static func isModeText(_ text: String) -> Bool {
    if text == "list" { return true }
    let parts = text.lowercased().split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count <= 2 else { return false }
    let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
    guard size.count == 2, let width = Int(size[0]), let height = Int(size[1]),
      (1...16384).contains(width), (1...16384).contains(height)
    else { return false }
    if parts.count == 2 {
      guard let rate = Double(parts[1]), rate > 0, rate <= 1000 else { return false }
    }
    return true
  }
}
