import Foundation
import KioskLinux
import Testing

@testable import KioskKit

/// Command line > KIOSK_* environment > file > defaults.
@Suite("Configuration: precedence")
struct ConfigurationPrecedenceTests {
  static let file = """
    [output]
    rotation = 90
    scale = 1
    plane-rotation = true
    [input]
    devices = ["/dev/input/event1", "/dev/input/event2"]
    calibration = [0, 1, 0, -1, 0, 1]
    keyboard-variant = "dvorak"
    [log]
    level = "debug"
    """

  @Test func fileOverDefaults() throws {
    let options = try options(Self.file)
    #expect(options.rotation == 90)
    #expect(options.scale == 1)
    #expect(options.logLevel == "debug")
    #expect(options.backend == .auto)
  }

  @Test func environmentOverFile() throws {
    let options = try options(
      Self.file,
      environment: [
        "KIOSK_OUTPUT_ROTATION": "180", "KIOSK_INPUT_DEVICES": "/dev/input/event7",
        "KIOSK_OUTPUT_PLANE_ROTATION": "false", "KIOSK_INPUT_CALIBRATION": "1 0 0 0 1 0",
        "KIOSK_INPUT_KEYBOARD_VARIANT": "",
      ])
    #expect(options.rotation == 180)
    #expect(options.scale == 1)
    #expect(options.inputDevices == ["/dev/input/event7"])
    #expect(!options.planeRotation)
    #expect(options.touchCalibration == "1 0 0 0 1 0")
    #expect(options.keyboardVariant == "")
  }

  @Test func commandLineOverEnvironmentAndFile() throws {
    let options = try options(
      Self.file, environment: ["KIOSK_OUTPUT_ROTATION": "180", "KIOSK_LOG_LEVEL": "error"],
      commandLine: [
        "--rotation", "270", "--input-device", "/dev/input/event9", "--no-plane-rotation",
        "--log-level=trace",
      ])
    #expect(options.rotation == 270)
    #expect(options.inputDevices == ["/dev/input/event9"])
    #expect(!options.planeRotation)
    #expect(options.logLevel == "trace")
    #expect(options.scale == 1)
    #expect(options.touchCalibration == "0 1 0 -1 0 1")
  }

  @Test func environmentWithoutFile() throws {
    let configuration = try KioskConfiguration.load(
      file: nil, environment: ["KIOSK_DISPLAY_BLANK_AFTER": "60", "KIOSK_MEMORY_FLOOR": "32"])
    let options = try configuration.options(commandLine: ["--blank-after", "30"])
    #expect(options.blankAfter == 30)
    #expect(options.memoryFloor == 32)
    #expect(configuration.location(of: "memory.floor") == "environment KIOSK_MEMORY_FLOOR")
  }

  @Test func locationsNameFileLines() throws {
    let path = try writeConfiguration(Self.file)
    let configuration = try KioskConfiguration.load(file: path, environment: [:])
    #expect(configuration.location(of: "output.scale") == "\(path):3")
    #expect(configuration.location(of: "log.level") == "\(path):10")
    #expect(configuration.location(of: "output.card") == nil)
  }

  @Test func aCalibrationStartingWithAMinusStaysAValue() throws {
    let options = try options("[input]\ncalibration = [-1, 0, 1, 0, 1, 0]\n")
    #expect(options.touchCalibration == "-1 0 1 0 1 0")
  }

  /// A list of the file reaches the options without becoming repeated command-line options:
  /// ArgumentParser merges N repeated options in time quadratic in N.
  @Test func aLongListIsSetDirectlyNotAsRepeatedOptions() throws {
    let devices = (0..<1000).map { "\"/dev/input/event\($0)\"" }.joined(separator: ", ")
    let path = try writeConfiguration(
      "[input]\ndevices = [\(devices)]\nkeyboard-languages = [\"de\", \"en\"]\n"
        + "[output]\nscreens = [\"HDMI-A-2\"]\nrotation = 90\n")
    let configuration = try KioskConfiguration.load(file: path, environment: [:])
    let arguments = configuration.arguments(under: [])
    #expect(arguments.count == 1, "options made of the file: \(arguments.prefix(4)) …")
    #expect(arguments.first == "--rotation=90")
    let options = try configuration.options(commandLine: [])
    #expect(options.inputDevices.count == 1000)
    #expect(options.inputDevices.last == "/dev/input/event999")
    #expect(options.keyboardLanguages == ["de", "en"])
    #expect(options.screens == ["HDMI-A-2"])
    #expect(options.rotation == 90)
    // The command line still replaces the file's list, at start-up as in `options`.
    let commandLine = ["--config", path, "--keyboard-language", "ru"]
    let outcome = ConfigurationStartUp.resolve(
      parsed: try AppCommand.parse(commandLine).options, commandLine: commandLine,
      environment: [:])
    guard case .run(let started, _, _) = outcome else {
      Issue.record("start-up did not run: \(outcome)")
      return
    }
    #expect(started.keyboardLanguages == ["ru"])
    #expect(started.inputDevices.count == 1000)
    #expect(started.screens == ["HDMI-A-2"])
  }

  @Test func inputDeviceListIsDescribed() {
    let text = InputDeviceList.describe([
      UdevInputDevice(
        node: "/dev/input/event3", name: "ILITEK Multi-Touch", capabilities: ["touchscreen"],
        seat: "seat0"),
      UdevInputDevice(
        node: "/dev/input/event4", name: "Power Button", capabilities: [], seat: "seat0"),
    ])
    #expect(
      text == """
        Input devices:
          /dev/input/event3  "ILITEK Multi-Touch"  touchscreen  (seat0)
          /dev/input/event4  "Power Button"  no known capability  (seat0)
        """)
    #expect(InputDeviceList.describe([]).hasPrefix("Input devices: none"))
  }
}

@Suite("Configuration: reload")
struct ConfigurationReloadTests {
  @Test func changesTellLiveFromRestart() throws {
    let running = try options("[display]\nblank-after = 60\n[output]\nmode = \"1024x600\"\n")
    let path = try writeConfiguration(
      "[display]\nblank-after = 120\n[output]\nmode = \"800x480\"\n[log]\nlevel = \"debug\"\n")
    let reload = try KioskConfiguration.reload(
      file: path, environment: [:], commandLine: [], running: running)
    #expect(
      reload.changes.map(\.description) == [
        "output.mode: 1024x600 -> 800x480 (needs a restart)",
        "display.blank-after: 60 -> 120 (live)",
        "log.level: info -> debug (live)",
      ])
    #expect(reload.live.map(\.key) == ["display.blank-after", "log.level"])
    #expect(reload.needingRestart.map(\.key) == ["output.mode"])
    #expect(reload.options.blankAfter == 120)
  }

  @Test func typingKeysAreLive() throws {
    let running = try options("[input]\nrepeat-rate = 25\n")
    let path = try writeConfiguration(
      "[input]\nrepeat-rate = 10\nkeyboard-languages = [\"en\", \"ru\"]\non-screen-keyboard = \"never\"\n"
    )
    let reload = try KioskConfiguration.reload(
      file: path, environment: [:], commandLine: [], running: running)
    #expect(
      reload.live.map(\.key) == [
        "input.on-screen-keyboard", "input.keyboard-languages", "input.repeat-rate",
      ])
    #expect(reload.needingRestart.isEmpty)
    let applied = reload.applyingLiveChanges(to: running).keyboardSettings
    #expect(applied.repeatRate == 10 && applied.languages == ["en", "ru"])
    #expect(applied.onScreenKeyboard == .never)
  }

  @Test func removingAKeyGoesBackToItsDefault() throws {
    let running = try options("[display]\nblank-after = 60\n")
    let path = try writeConfiguration("")
    let reload = try KioskConfiguration.reload(
      file: path, environment: [:], commandLine: [], running: running)
    #expect(reload.changes.map(\.description) == ["display.blank-after: 60 -> (not set) (live)"])
  }

  @Test func commandLineStillWinsOnReload() throws {
    let running = try options("", commandLine: ["--log-level", "error"])
    let path = try writeConfiguration("[log]\nlevel = \"debug\"\n")
    let reload = try KioskConfiguration.reload(
      file: path, environment: [:], commandLine: ["--log-level", "error"], running: running)
    #expect(reload.changes.isEmpty)
  }

  @Test func theAppsOwnStoryboardStaysAsAtStartUp() throws {
    var running = try options("")
    running.mainStoryboard = "/usr/share/app/main.storyboard.json"
    let path = try writeConfiguration("")
    let reload = try KioskConfiguration.reload(
      file: path, environment: [:], commandLine: [],
      appMainStoryboard: "/usr/share/app/main.storyboard.json", running: running)
    #expect(reload.changes.isEmpty)
    try "[app]\nmain-storyboard = \"/etc/kiosk/other.json\"\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let named = try KioskConfiguration.reload(
      file: path, environment: [:], commandLine: [],
      appMainStoryboard: "/usr/share/app/main.storyboard.json", running: running)
    #expect(
      named.changes.map(\.description) == [
        "app.main-storyboard: /usr/share/app/main.storyboard.json -> /etc/kiosk/other.json (needs a restart)"
      ])
  }

  @Test func badFileOnReloadThrowsWithItsLine() throws {
    let running = try options("")
    let path = try writeConfiguration("[memory]\n\nfloor = \"lots\"\n")
    #expect {
      _ = try KioskConfiguration.reload(
        file: path, environment: [:], commandLine: [], running: running)
    } throws: { error in
      (error as? ConfigurationError)?.problems.first?.location == "\(path):3"
    }
  }

  @Test func liveKeys() {
    #expect(
      KioskConfiguration.liveKeys == [
        "output.rotation", "input.on-screen-keyboard", "input.keyboard-languages",
        "input.repeat-delay", "input.repeat-rate", "input.scanners", "input.scan-gap",
        "display.blank-after", "display.schedule", "display.wake-outside-schedule",
        "accessibility.screen-reader",
        "accessibility.text-size", "accessibility.increase-contrast", "accessibility.bold-text",
        "accessibility.reduce-motion", "accessibility.zoom", "accessibility.idle-multiplier",
        "memory.pressure", "memory.floor",
        "memory.warning-interval",
        "log.level",
      ])
  }
}

/// Drop-ins: `FILE.d/*.toml`, read after the file in the order of their names.
@Suite("Configuration: drop-ins")
struct ConfigurationDropInTests {
  /// A file and its drop-in folder with `dropIns` (name: text); returns the file's path.
  private func writeWithDropIns(_ file: String, _ dropIns: [(String, String)]) throws -> String {
    let path = try writeConfiguration(file)
    let folder = path + ".d"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (name, text) in dropIns {
      try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }
    return path
  }

  @Test func laterDropInsWinAndSayWhereTheirKeysCameFrom() throws {
    let path = try writeWithDropIns(
      "[output]\nrotation = 90\nscale = 1\n",
      [
        ("20-site.toml", "[output]\n\nrotation = 270\n"),
        ("10-panel.toml", "[output]\nrotation = 180\n[log]\nlevel = \"debug\"\n"),
        ("README", "not toml, not read"), ("30-off.toml.disabled", "[output]\nscale = 3\n"),
      ])
    let configuration = try KioskConfiguration.load(file: path, environment: [:])
    #expect(configuration.dropIns == [path + ".d/10-panel.toml", path + ".d/20-site.toml"])
    let options = try configuration.options(commandLine: [])
    #expect(options.rotation == 270 && options.scale == 1 && options.logLevel == "debug")
    #expect(configuration.location(of: "output.rotation") == path + ".d/20-site.toml:3")
    #expect(configuration.location(of: "output.scale") == path + ":3")
    // The environment and the command line still win over drop-ins.
    let environment = try KioskConfiguration.load(
      file: path, environment: ["KIOSK_OUTPUT_ROTATION": "0"])
    #expect(try environment.options(commandLine: []).rotation == 0)
    #expect(try configuration.options(commandLine: ["--rotation", "90"]).rotation == 90)
  }

  @Test func anErrorInADropInNamesItsFileAndLineAndStopsStartUp() throws {
    let path = try writeWithDropIns(
      "[output]\nrotation = 90\n", [("50-bad.toml", "[display]\n\nblank-after = -5\n")])
    #expect(throws: ConfigurationError.self) {
      _ = try KioskConfiguration.load(file: path, environment: [:])
    }
    do {
      _ = try KioskConfiguration.load(file: path, environment: [:])
    } catch {
      #expect(error.problems.map(\.location) == [path + ".d/50-bad.toml:3"])
    }
    let exit = try #require(startUpExit(["--config", path]), "a bad drop-in did not stop start-up")
    #expect(exit.code == .usage && exit.message.contains("50-bad.toml:3"))
  }

  @Test func checkConfigCountsTheDropIns() throws {
    let path = try writeWithDropIns(
      "[output]\nrotation = 90\n", [("10-a.toml", "[log]\nlevel = \"debug\"\n")])
    let exit = try #require(startUpExit(["--check-config", path]))
    #expect(exit.code == .success)
    #expect(exit.message == "\(path) and 1 drop-in: fine (2 keys set)")
  }
}
