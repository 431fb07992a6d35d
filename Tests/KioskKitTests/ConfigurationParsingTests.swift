import Foundation
import Testing

@testable import KioskKit

@Suite("Configuration: parsing")
struct ConfigurationParsingTests {
  /// Every key set to something other than its default.
  static let everyKey = """
    [output]
    backend = "virtual"
    card = "/dev/dri/card1"
    connector = "DSI-1"
    mode = "800x480@59.94"
    screens = ["HDMI-A-2:mode=1024x600"]
    rotation = 270
    scale = 1.5
    plane-rotation = true
    wait-for-card = 30
    fbdev = "/dev/fb1"
    size = "800x600"

    [input]
    backend = "none"
    seat = "seat1"
    devices = [
      "/dev/input/event3",  # the touchscreen
      "/dev/input/event4",
    ]
    calibration = [-1, 0, 1, 0, -1.0, 1]
    touch-output = "DSI-1"
    keyboard-layout = "de"
    keyboard-variant = "nodeadkeys"
    keyboard-options = "ctrl:nocaps"
    on-screen-keyboard = "always"
    keyboard-languages = ["ru", "zh-pinyin", "en"]
    repeat-delay = 0.3
    repeat-rate = 40
    scanners = ["0c2e:0b61", "Datalogic Scanner"]
    scan-gap = 60

    [display]
    blank-after = 300
    schedule = ["mon-fri 07:30-22:00", "2026-12-25 closed"]
    wake-outside-schedule = 20
    on-exit = "last-frame"
    cec = "off"

    [accessibility]
    screen-reader = "headset"
    start-key = "KEY_F12"
    start-gesture = "none"
    speech-device = "plughw:1,0"
    speech-language = "de"
    text-size = "extraLarge"
    increase-contrast = true
    bold-text = true
    reduce-motion = true
    zoom = 2
    idle-multiplier = 5

    [memory]
    pressure = "full 100000 2000000"
    floor = 128
    warning-interval = 2.5

    [log]
    level = "debug"

    [metrics]
    textfile = "/var/lib/prometheus/node-exporter/kiosk.prom"
    interval = 30

    [app]
    main-storyboard = "/usr/share/kiosk/main.storyboard.json"
    control-socket = "/run/kiosk/other.sock"
    control-group = "kioskadm"
    screenshot-dir = "/var/lib/kiosk/shots"
    """

  @Test func everyKeyReachesItsOption() throws {
    let options = try options(Self.everyKey)
    #expect(options.backend == .virtual)
    #expect(options.card == "/dev/dri/card1")
    #expect(options.connector == "DSI-1")
    #expect(options.mode == "800x480@59.94")
    #expect(options.screens == ["HDMI-A-2:mode=1024x600"])
    #expect(options.rotation == 270)
    #expect(options.scale == 1.5)
    #expect(options.planeRotation)
    #expect(options.waitForCard == 30)
    #expect(options.fbdev == "/dev/fb1")
    #expect(options.size == PointSize(width: 800, height: 600))
    #expect(options.input == RuntimeOptions.Input.none)
    #expect(options.seat == "seat1")
    #expect(options.inputDevices == ["/dev/input/event3", "/dev/input/event4"])
    #expect(options.touchCalibration == "-1 0 1 0 -1 1")
    #expect(options.touchOutput == "DSI-1")
    #expect(options.keyboardLayout == "de")
    #expect(options.keyboardVariant == "nodeadkeys")
    #expect(options.keyboardOptions == "ctrl:nocaps")
    #expect(options.onScreenKeyboard == .always)
    #expect(options.keyboardLanguages == ["ru", "zh-pinyin", "en"])
    #expect(options.repeatDelay == 0.3)
    #expect(options.repeatRate == 40)
    #expect(options.schedule == ["mon-fri 07:30-22:00", "2026-12-25 closed"])
    #expect(options.wakeOutsideSchedule == 20)
    #expect(options.scanners == ["0c2e:0b61", "Datalogic Scanner"])
    #expect(options.scanGap == 60)
    #expect(options.keyboardSettings.languages == ["ru", "zh-pinyin", "en"])
    #expect(options.blankAfter == 300)
    #expect(options.onExit == .lastFrame)
    #expect(options.cec == .off)
    #expect(options.memoryPressure == "full 100000 2000000")
    #expect(options.memoryFloor == 128)
    #expect(options.memoryWarningInterval == 2.5)
    #expect(options.logLevel == "debug")
    #expect(options.mainStoryboard == "/usr/share/kiosk/main.storyboard.json")
    #expect(options.controlSocket == "/run/kiosk/other.sock")
    #expect(options.controlGroup == "kioskadm")
    #expect(options.screenshotFolder == "/var/lib/kiosk/shots")
    #expect(options.metricsTextfile == "/var/lib/prometheus/node-exporter/kiosk.prom")
    #expect(options.metricsInterval == 30)
    #expect(options.screenReader == .headset)
    #expect(options.screenReaderKey == "KEY_F12")
    #expect(options.screenReaderGesture == AccessibilityStartGesture.none)
    #expect(options.speechDevice == "plughw:1,0")
    #expect(options.speechLanguage == "de")
    #expect(options.textSize == "extraLarge")
    #expect(options.increaseContrast && options.boldText && options.reduceMotion)
    #expect(options.zoom == 2)
    #expect(options.screenReaderIdleMultiplier == 5)
  }

  @Test func everyKeyOfTheCatalogIsInTheTestAndTheSample() throws {
    let sample = try String(contentsOfFile: sampleConfigurationPath, encoding: .utf8)
    for key in ConfigurationKey.all {
      #expect(Self.everyKey.contains("\n\(key.name) = "), "\(key.path) not in the test")
      #expect(
        sample.contains("\n#\(key.name) = ") || sample.contains("\n# \(key.name) = ")
          || sample.contains("# \(key.name) = "), "\(key.path) not in the sample")
    }
  }

  @Test func emptyFileGivesTheDefaults() throws {
    let options = try options("")
    #expect(options.backend == .auto)
    #expect(options.rotation == 0)
    #expect(options.scale == 2)
    #expect(options.controlSocket == "/run/kiosk/control.sock")
    #expect(options.inputDevices.isEmpty)
  }

  /// The sample sets nothing (defaults live in the code); each `#key = value` in it shows
  /// the key's default: uncommented, they change nothing.
  @Test func sampleSetsNothingAndShowsTheDefaults() throws {
    let configuration = try KioskConfiguration.load(file: sampleConfigurationPath, environment: [:])
    #expect(configuration.keysSet.isEmpty)
    let sample = try String(contentsOfFile: sampleConfigurationPath, encoding: .utf8)
    let uncommented = sample.split(separator: "\n", omittingEmptySubsequences: false).map {
      line in
      line.first == "#" && line.dropFirst().first?.isLowercase == true
        ? String(line.dropFirst()) : String(line)
    }.joined(separator: "\n")
    let shown = try KioskConfiguration.load(
      file: try writeConfiguration(uncommented), environment: [:])
    #expect(shown.keysSet.count >= 20)
    let defaults = try #require(KioskConfiguration.defaults)
    #expect(
      KioskConfiguration.changes(from: defaults, to: try shown.options(commandLine: [])) == [])
  }

  @Test func checkConfigAcceptsTheSample() throws {
    let exit = try #require(startUpExit(["--check-config", sampleConfigurationPath]))
    #expect(exit.code == .success)
    #expect(exit.message.hasSuffix("fine (0 keys set)"))
  }

  @Test func checkConfigRefusesABadFileWithUsage() throws {
    let path = try writeConfiguration("[log]\nlevel = \"loud\"\n")
    let parsed = RuntimeOptions.parseOrExit(["--check-config", path])
    let outcome = ConfigurationStartUp.resolve(
      parsed: parsed, commandLine: ["--check-config", path], environment: [:])
    guard case .exit(let code, let message) = outcome else {
      Issue.record("--check-config went on to start")
      return
    }
    #expect(code == .usage)
    #expect(message.hasPrefix("\(path):2: log.level = \"loud\" is not allowed"))
  }

  @Test func startUpTakesTheFileAndTheEnvironmentUnderTheCommandLine() throws {
    let path = try writeConfiguration("[output]\nrotation = 90\n[log]\nlevel = \"debug\"\n")
    func resolved(_ commandLine: [String], _ environment: [String: String] = [:]) -> RuntimeOptions?
    {
      let parsed = RuntimeOptions.parseOrExit(commandLine)
      guard
        case .run(let options, _, _) = ConfigurationStartUp.resolve(
          parsed: parsed, commandLine: commandLine, environment: environment)
      else { return nil }
      return options
    }
    // Nothing set outside the command line: the command line's own parse is used as it is.
    #expect(resolved(["--rotation", "180"])?.rotation == 180)
    let fromFile = resolved(["--config", path])
    #expect(fromFile?.rotation == 90 && fromFile?.logLevel == "debug")
    #expect(resolved(["--config", path, "--rotation", "270"])?.rotation == 270)
    let fromEnvironment = resolved(["--config", path], ["KIOSK_LOG_LEVEL": "warning"])
    #expect(fromEnvironment?.logLevel == "warning" && fromEnvironment?.rotation == 90)
  }

  @Test func defaultFileIsReadOnlyWhenItExists() throws {
    let parsed = RuntimeOptions.parseOrExit([])
    let without = ConfigurationStartUp.resolve(
      parsed: parsed, commandLine: [], environment: [:], fileExists: { _ in false })
    guard case .run(_, let configuration, _) = without else {
      Issue.record("did not start")
      return
    }
    #expect(configuration.file == nil)
    let with = ConfigurationStartUp.resolve(
      parsed: parsed, commandLine: [], environment: [:],
      fileExists: { $0 == ConfigurationStartUp.defaultFile })
    // The machine has no /etc/kiosk/kiosk.toml: the named default is read, and its absence
    // is an error naming it.
    if case .exit(let code, let message) = with {
      #expect(code == .usage)
      #expect(message.hasPrefix(ConfigurationStartUp.defaultFile))
    } else if case .run(_, let configuration, _) = with {
      #expect(configuration.file == ConfigurationStartUp.defaultFile)
    }
  }

  @Test func environmentNames() {
    #expect(
      ConfigurationKey.named("output", "rotation")?.environmentName == "KIOSK_OUTPUT_ROTATION")
    #expect(
      ConfigurationKey.named("input", "keyboard-layout")?.environmentName
        == "KIOSK_INPUT_KEYBOARD_LAYOUT")
    #expect(
      ConfigurationKey.named("app", "control-socket")?.environmentName
        == "KIOSK_APP_CONTROL_SOCKET")
    let names = ConfigurationKey.all.map(\.environmentName)
    #expect(Set(names).count == names.count)
  }
}
