import ArgumentParser
import KioskGraphics
import KioskLinux
import KioskUI

/// The command-line options every KioskKit app understands, parsed by `Application.main`.
/// Run any app with `--help` to see them.
public struct RuntimeOptions: ParsableArguments, Sendable {
  /// Where frames go.
  public enum Backend: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// The best available: a DRM display, else a framebuffer, else the virtual framebuffer.
    case auto
    /// The in-memory framebuffer (no display needed; frames can be written as PNGs).
    case virtual
    /// A DRM/KMS display (`/dev/dri/card*`).
    case drm
    /// A Linux framebuffer (`/dev/fb0`), for panels without KMS.
    case fbdev
  }

  /// Where frames go.
  @Option(
    help:
      "Where frames go: auto (DRM, else fbdev, else virtual), drm, fbdev or virtual.")
  public var backend: Backend = .auto

  /// Where the virtual backend writes PNGs, if anywhere.
  @Option(
    name: .customLong("output"),
    help: ArgumentHelp(
      "Virtual backend: write a PNG of each screen the app settles on into this folder.",
      valueName: "dir"))
  public var outputDirectory: String?

  /// The screen size in points.
  @Option(help: ArgumentHelp("Screen size in points, e.g. 960x540.", valueName: "WxH"))
  public var size: PointSize = PointSize(width: 960, height: 540)

  /// Pixels per point.
  @Option(help: "Pixels per point (1, 1.5, 2, 3…).")
  public var scale: Double = 2

  /// The rotation of the screen on the panel, in degrees.
  @Option(help: "How the screen is turned on the panel, clockwise: 0, 90, 180 or 270.")
  public var rotation: Int = 0

  /// How long the virtual backend runs, in (simulated) seconds.
  @Option(
    help: ArgumentHelp(
      "Stop after this many seconds (simulated time on the virtual backend, which otherwise stops when nothing is scheduled any more or after 120 s; real time elsewhere, where the default is never).",
      valueName: "seconds"))
  public var duration: Double?

  /// Whether the virtual backend runs on the real clock.
  @Flag(help: "Virtual backend: run on the real clock instead of simulated time.")
  public var realtime = false

  /// The DRM card node, if not the first with a connected display.
  @Option(help: ArgumentHelp("DRM: the card to use, e.g. /dev/dri/card1.", valueName: "path"))
  public var card: String?

  /// The DRM connector name, or `list`.
  @Option(
    help: ArgumentHelp(
      "DRM: the connector, e.g. HDMI-A-1 or DSI-1; `list` prints connectors and modes.",
      valueName: "name"))
  public var connector: String?

  /// Seconds without user activity after which the display is switched off.
  @Option(
    help: ArgumentHelp(
      "Switch the display off after this many seconds without a touch (default: never).",
      valueName: "seconds"))
  public var blankAfter: Double?

  /// The display's hours: `DisplaySchedule` rules, one an option (none: always on).
  @Option(
    name: .customLong("schedule"),
    help: ArgumentHelp(
      "The display's hours, one rule each: DAYS HH:MM-HH:MM… or YYYY-MM-DD HH:MM-HH:MM… (or closed), e.g. \"mon-fri 07:30-22:00\" (repeatable; the local time zone; outside them the display is off).",
      valueName: "rule"))
  public var schedule: [String] = []

  /// How long a touch outside the schedule's hours wakes the display, in seconds.
  @Option(
    help: ArgumentHelp(
      "Outside the --schedule hours, a touch wakes the display for this many seconds (0: it stays off; default: --blank-after, else 60).",
      valueName: "seconds"))
  public var wakeOutsideSchedule: Double?

  /// Turn frames with the display plane where the driver can, not in the compositor.
  @Flag(
    inversion: .prefixedNo,
    help:
      "DRM: let the display plane turn frames by --rotation where the driver offers it (else the compositor does)."
  )
  public var planeRotation = false

  /// What a DRM display shows after the app exits.
  public enum ExitScreen: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// The console, as it was before the app started.
    case console
    /// The app's last frame (copied into the console's framebuffer, which outlives the app).
    case lastFrame = "last-frame"
  }

  /// What the display shows after the app exits.
  @Option(help: "DRM: what the display shows after the app exits: console or last-frame.")
  public var onExit: ExitScreen = .console

  /// Whether blanking drives a TV over HDMI-CEC.
  public enum CECMode: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// Where libcec (`libcec6` or `libcec7`) finds an adapter, blanking puts the TV in standby and
    /// unblanking wakes it as the active source.
    case auto
    /// No HDMI-CEC: libcec is never loaded.
    case off
  }

  /// HDMI-CEC: `auto` (when an adapter is found) or `off`.
  @Option(
    help:
      "HDMI-CEC (DRM, fbdev): blanking puts the TV in standby and unblanking wakes it, auto (when libcec finds an adapter) or off."
  )
  public var cec: CECMode = .auto

  /// How long `--backend drm` waits at boot for a card to appear.
  @Option(
    help: ArgumentHelp(
      "DRM: how long to wait at boot for a display card to appear, in seconds.",
      valueName: "seconds"))
  public var waitForCard: Double = 10

  /// The display mode `WxH` or `WxH@Hz`.
  @Option(
    help: ArgumentHelp("DRM: the mode, WxH or WxH@Hz (default: preferred).", valueName: "mode"))
  public var mode: String?

  /// Screens besides the main one, in `SecondaryScreenSpec`'s form
  /// (`HDMI-A-2:mode=1024x600:rotation=90`).
  @Option(
    name: .customLong("screen"),
    help: ArgumentHelp(
      "Another screen: CONNECTOR[:mode=WxH][:rotation=D][:scale=S][:card=PATH][:touch=DEVICE] (repeatable; DRM, or a second virtual framebuffer).",
      valueName: "spec"))
  public var screens: [String] = []

  /// The framebuffer node of the fbdev backend.
  @Option(help: ArgumentHelp("fbdev: the framebuffer device.", valueName: "path"))
  public var fbdev: String = "/dev/fb0"

  /// A touch script to replay from launch (see `TouchScript` for the format).
  @Option(
    help: ArgumentHelp(
      "Replay the touches in this file from launch (one change a line: ms down|move|up|cancel finger x y, in points).",
      valueName: "file"))
  public var touchScript: String?

  /// The main storyboard: a storyboard file (JSON) whose initial scene becomes the root of
  /// a window the runtime creates at launch, before `didFinishLaunching` (see
  /// `Storyboard`). Without it the delegate builds its window itself.
  @Option(
    help: ArgumentHelp(
      "A storyboard file (JSON) whose initial scene the app starts with; the app's controller classes must be registered (Storyboard.register).",
      valueName: "file"))
  public var mainStoryboard: String?

  /// Where touch, mouse and key input comes from.
  public enum Input: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// libinput when a display backend (DRM, fbdev) runs; none on the virtual framebuffer.
    case auto
    /// libinput: the devices of the udev seat, or those named with `--input-device`.
    case libinput
    /// No input devices (the app still runs).
    case none
  }

  /// Where input comes from.
  @Option(
    help:
      "Where touch, mouse and keys come from: auto (libinput with a display, none on the virtual framebuffer), libinput or none."
  )
  public var input: Input = .auto

  /// The udev seat whose input devices are used.
  @Option(help: ArgumentHelp("libinput: the udev seat whose devices are used.", valueName: "name"))
  public var seat = "seat0"

  /// Event nodes to read instead of the seat's devices.
  @Option(
    name: .customLong("input-device"),
    help: ArgumentHelp(
      "libinput: read this event node instead of the seat's devices, e.g. /dev/input/event3 (repeatable; no hotplug).",
      valueName: "path"))
  public var inputDevices: [String] = []

  /// A calibration matrix for touchscreens, `"a b c d e f"`.
  @Option(
    help: ArgumentHelp(
      "libinput: touchscreen calibration matrix \"a b c d e f\" on normalised coordinates (replaces udev's LIBINPUT_CALIBRATION_MATRIX).",
      valueName: "matrix"))
  public var touchCalibration: String?

  /// The output touch maps to.
  @Option(
    help: ArgumentHelp(
      "libinput: the screen (connector) touch devices map to when neither udev (WL_OUTPUT) nor --screen …:touch= places them (default: the main screen).",
      valueName: "name"))
  public var touchOutput: String?

  /// The XKB keyboard layout.
  @Option(help: ArgumentHelp("Keyboard layout (XKB), e.g. us, de or us,ru.", valueName: "layout"))
  public var keyboardLayout = "us"

  /// The XKB layout variant.
  @Option(help: ArgumentHelp("Keyboard layout variant (XKB), e.g. dvorak.", valueName: "variant"))
  public var keyboardVariant = ""

  /// XKB options.
  @Option(
    help: ArgumentHelp("Keyboard options (XKB), e.g. ctrl:nocaps.", valueName: "options"))
  public var keyboardOptions = ""

  /// When the on-screen keyboard shows for a text field being edited.
  @Option(
    help: ArgumentHelp(
      "On-screen keyboard: auto (while no hardware keyboard is attached), always or never.",
      valueName: "mode"))
  public var onScreenKeyboard: OnScreenKeyboardMode = .auto

  /// The on-screen keyboard's languages, in the order its language key cycles through them.
  @Option(
    name: .customLong("keyboard-language"),
    help: ArgumentHelp(
      "On-screen keyboard language: en, de, ru or zh-pinyin (repeatable, in the language key's order; default: en).",
      valueName: "code"))
  public var keyboardLanguages: [String] = []

  /// How long a held key waits before it repeats, in seconds.
  @Option(
    help: ArgumentHelp(
      "Key repeat: seconds a held key waits before it repeats (0.1 to 2).", valueName: "seconds"))
  public var repeatDelay = 0.5

  /// How many times a second a held key repeats; 0 turns repeat off.
  @Option(
    help: ArgumentHelp(
      "Key repeat: keys a second while held (0 to 100; 0: no repeat).", valueName: "rate"))
  public var repeatRate = 25.0

  /// Barcode and card readers: their keys make scans for the app (`Application.scanHandler`)
  /// instead of typing. Each is `vendor:product` in hexadecimal (USB ids, e.g. `0c2e:0b61`)
  /// or a device name as libinput reports it.
  @Option(
    name: .customLong("scanner"),
    help: ArgumentHelp(
      "A barcode or card reader whose keys make scans for the app instead of typing: USB ids vendor:product, e.g. 0c2e:0b61, or the device's name (repeatable).",
      valueName: "ids-or-name"))
  public var scanners: [String] = []

  /// How many milliseconds without a key end a scanner's scan that came without Return.
  @Option(
    help: ArgumentHelp(
      "Scanners: milliseconds without a key that end a scan sent without Return (10 to 2000).",
      valueName: "ms"))
  public var scanGap = 100

  /// When the screen reader runs: off (only when started), on, or while a headset is in.
  @Option(
    help: ArgumentHelp(
      "Screen reader: off (until started by its key, gesture or kioskctl), on, or headset (while a headset is plugged in).",
      valueName: "mode"))
  public var screenReader: ScreenReaderMode = .off

  /// The key pressed three times to start or stop the screen reader, or `none`.
  @Option(
    help: ArgumentHelp(
      "Screen reader: the key that starts or stops it when pressed three times within 1.5 s, e.g. KEY_HELP, or none.",
      valueName: "key"))
  public var screenReaderKey = "KEY_HELP"

  /// The touch gesture that starts or stops the screen reader.
  @Option(
    help: ArgumentHelp(
      "Screen reader: the gesture that starts or stops it: three-finger-triple-tap or none.",
      valueName: "gesture"))
  public var screenReaderGesture: AccessibilityStartGesture = .threeFingerTripleTap

  /// The ALSA device speech plays on.
  @Option(help: ArgumentHelp("Speech: the ALSA device, e.g. default.", valueName: "device"))
  public var speechDevice = "default"

  /// The language of elements that name none of their own.
  @Option(
    help: ArgumentHelp(
      "Speech: the language of text that names none (an espeak-ng voice, e.g. en or de).",
      valueName: "language"))
  public var speechLanguage = "en"

  /// The preferred text size, a `ContentSizeCategory` name.
  @Option(
    help: ArgumentHelp(
      "Text size: extraSmall … extraExtraExtraLarge, accessibilityMedium … accessibilityExtraExtraExtraLarge.",
      valueName: "size"))
  public var textSize = "large"

  /// Increase Contrast.
  @Flag(
    inversion: .prefixedNo, help: "Increase Contrast: colours take their high-contrast variants.")
  public var increaseContrast = false

  /// Bold Text.
  @Flag(inversion: .prefixedNo, help: "Bold Text: system fonts are drawn bold.")
  public var boldText = false

  /// Reduce Motion.
  @Flag(
    inversion: .prefixedNo, help: "Reduce Motion: transitions cross-fade instead of sliding.")
  public var reduceMotion = false

  /// Zoom's magnification (1: off).
  @Option(help: ArgumentHelp("Zoom: magnification, 1 (off) to 8.", valueName: "factor"))
  public var zoom = 1.0

  /// How much longer the display waits before blanking while the screen reader runs.
  @Option(
    help: ArgumentHelp(
      "Screen reader: --blank-after is multiplied by this while it runs (1 to 10).",
      valueName: "factor"))
  public var screenReaderIdleMultiplier = 3.0

  /// The PSI trigger that sends memory warnings (`some|full <stall µs> <window µs>`), or
  /// `off` for no automatic warnings at all (see `MemoryPressureSource`).
  @Option(
    help: ArgumentHelp(
      "Memory warnings: the PSI trigger \"some|full <stall µs> <window µs>\" on the app's cgroup (else /proc/pressure/memory), or off for no automatic warnings; memory.events of the cgroup is watched too.",
      valueName: "trigger"))
  public var memoryPressure = PSITrigger.default.description

  /// Where PSI is missing, the MemAvailable (MB) below which memory warnings are sent.
  @Option(
    help: ArgumentHelp(
      "Memory warnings where PSI is missing: warn while MemAvailable is below this many MB, read every 2 s (0: do not read it).",
      valueName: "MB"))
  public var memoryFloor = 64

  /// The least time between two memory warnings, in seconds.
  @Option(
    help: ArgumentHelp(
      "Memory warnings: at most one every this many seconds; more in between are folded into one sent when the time is up.",
      valueName: "seconds"))
  public var memoryWarningInterval = 10.0

  /// The control socket `kioskctl` talks to, or `off`.
  @Option(
    help: ArgumentHelp(
      "The unix socket kioskctl talks to (mode 0600: the app's user and root; see --control-group), or off.",
      valueName: "path"))
  public var controlSocket = "/run/kiosk/control.sock"

  /// A group whose members may use the control socket too (mode 0660), or nil (0600).
  @Option(
    help: ArgumentHelp(
      "A group whose members may use kioskctl without root: the control socket becomes mode 0660 and this group's.",
      valueName: "group"))
  public var controlGroup: String?

  /// The folder `kioskctl screenshot --in-app-folder NAME` writes into, or nil: the control
  /// socket's folder (`/run/kiosk`, kiosk.service's runtime directory).
  @Option(
    name: .customLong("screenshot-dir"),
    help: ArgumentHelp(
      "The only folder the app writes screenshots into, by name (default: the control socket's folder).",
      valueName: "folder"))
  public var screenshotFolder: String?

  /// Where `screenshot NAME` writes: `screenshotFolder`, else the control socket's folder.
  var screenshotFolderInUse: String {
    if let screenshotFolder { return screenshotFolder }
    guard let slash = controlSocket.lastIndex(of: "/") else { return "." }
    return slash == controlSocket.startIndex ? "/" : String(controlSocket[..<slash])
  }

  /// Where the metrics are written for node_exporter's textfile collector, or nil.
  @Option(
    help: ArgumentHelp(
      "A file the app writes its metrics to (Prometheus' text format, replaced atomically) every --metrics-interval seconds, e.g. /var/lib/prometheus/node-exporter/kiosk.prom for node_exporter's textfile collector.",
      valueName: "path"))
  public var metricsTextfile: String?

  /// Seconds between two writes of `metricsTextfile`.
  @Option(
    help: ArgumentHelp(
      "Seconds between writes of --metrics-textfile (1 to 3600).", valueName: "seconds"))
  public var metricsInterval = 15.0

  /// Test harnesses: print `KIOSK SETTLED n` when the screen comes to rest, wait for a line.
  @Flag(help: .hidden)
  public var handshake = false

  /// The log level name.
  @Option(help: "Log level: trace, debug, info, notice, warning, error or critical.")
  public var logLevel: String = "info"

  /// The configuration file (TOML; see `KioskConfiguration`). Without it
  /// `/etc/kiosk/kiosk.toml` is read if it exists.
  @Option(
    help: ArgumentHelp(
      "The configuration file (TOML), under the command line and KIOSK_* variables (default: /etc/kiosk/kiosk.toml if it exists).",
      valueName: "file"))
  public var config: String?

  /// A configuration file to check (with the `KIOSK_*` environment) instead of starting.
  @Option(
    help: ArgumentHelp(
      "Check this configuration file and the KIOSK_* variables, print what is wrong and exit (0: fine, 64: not).",
      valueName: "file"))
  public var checkConfig: String?

  /// How log lines look on standard error.
  public enum LogFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    /// `journal` when standard error is the systemd journal (`JOURNAL_STREAM`), else `plain`.
    case auto
    /// A timestamp, the level and the message (for a terminal or a file).
    case plain
    /// A priority prefix journald reads (`<3>` error … `<7>` debug) and no timestamp.
    case journal
  }

  /// How log lines look.
  @Option(
    help:
      "Log lines: auto (journal when standard error is the systemd journal), plain (timestamped) or journal (priority prefixes <3>…<7>, no timestamp)."
  )
  public var logFormat: LogFormat = .auto

  /// The defaults (what an app gets with no options).
  public init() {}

  public mutating func validate() throws {
    // Every option with a configuration key is checked by that key's rules, so a value the
    // file refuses is refused on the command line too, in the same words.
    for key in ConfigurationKey.all {
      for value in key.current(self) where !key.accepts(commandLineValue: value) {
        throw key.commandLineRefusal(of: value)
      }
      if let checkList = key.checkList, let problem = checkList(key.current(self)) {
        throw ValidationError("--\(key.option): \(problem.reason)")
      }
    }
    // The options that only tests and development use have no key.
    if let duration, !(duration >= 0 && duration.isFinite) {
      throw ValidationError("--duration must be a number of seconds, not \(duration)")
    }
  }
}

extension OnScreenKeyboardMode: ExpressibleByArgument {}

extension RuntimeOptions {
  /// How typing behaves, as the options say.
  var keyboardSettings: KeyboardSettings {
    var settings = KeyboardSettings()
    settings.onScreenKeyboard = onScreenKeyboard
    if !keyboardLanguages.isEmpty {
      // The first mention of a language counts; later ones would only repeat it.
      var languages: [String] = []
      for language in keyboardLanguages where !languages.contains(language) {
        languages.append(language)
      }
      settings.languages = languages
    }
    settings.repeatDelay = repeatDelay
    settings.repeatRate = repeatRate
    return settings
  }

  /// The scanners of `[input] scanners` (every entry was checked when the options were).
  package var scannerMatches: [ScannerMatch] {
    scanners.compactMap(ScannerMatch.init(parsing:))
  }

  /// `[input] scan-gap` in seconds.
  package var scanGapSeconds: Double { Double(scanGap) / 1000 }

  /// The looks the options ask for (text size, contrast, bold text, reduce motion, zoom).
  public var accessibilitySettings: AccessibilitySettings {
    var settings = AccessibilitySettings()
    settings.contentSizeCategory = ContentSizeCategory(name: textSize) ?? .large
    settings.increaseContrast = increaseContrast
    settings.boldText = boldText
    settings.reduceMotion = reduceMotion
    settings.zoomScale = zoom
    return settings
  }

  /// Where memory warnings come from, as the options say.
  var memoryPressureConfiguration: MemoryPressureConfiguration {
    var configuration = MemoryPressureConfiguration()
    configuration.trigger = PSITrigger(parsing: memoryPressure)
    configuration.memAvailableFloorMegabytes = memoryFloor
    configuration.minimumWarningInterval = memoryWarningInterval
    return configuration
  }
}

/// A screen size in points, written `WxH` on the command line.
public struct PointSize: ExpressibleByArgument, Sendable, Equatable {
  /// Width in points.
  public var width: Double
  /// Height in points.
  public var height: Double

  /// Creates a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// Parses `WxH` with positive numbers.
  public init?(argument: String) {
    let parts = argument.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0,
      w <= 8192, h <= 8192
    else { return nil }
    self.init(width: w, height: h)
  }

  /// `WxH`, as `--help` shows the default.
  public var defaultValueDescription: String {
    "\(width.formatted)x\(height.formatted)"
  }
}

extension Double {
  fileprivate var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}
