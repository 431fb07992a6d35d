import Foundation
import Testing

@testable import KioskKit

/// Each problem names FILE:line, the key, the value and what is allowed.
@Suite("Configuration: errors")
struct ConfigurationErrorTests {
  @Test func unknownKey() throws {
    let found = try problems("# kiosk\n[output]\nrotation = 90\nrotaton = 90\n")
    #expect(
      found == [
        "FILE:4: unknown key output.rotaton = 90; the keys of [output] are backend, card, connector, mode, screens, rotation, scale, plane-rotation, wait-for-card, fbdev, size"
      ])
  }

  @Test func unknownTable() throws {
    let found = try problems("[output]\nscale = 1\n\n[screen]\nrotation = 90\n")
    #expect(
      found == [
        "FILE:4: unknown table [screen]; the tables are output, input, display, accessibility, memory, log, metrics, app"
      ])
  }

  @Test func anArrayOfTablesOtherThanOutputIsNotATableWithItsLine() throws {
    #expect(
      try problems("\n[[log]]\nlevel = \"debug\"\n") == [
        "FILE:2: log = [(a table)] is not a table; write [log] and its keys under it"
      ])
  }

  /// Inputs on which toml++ 3.4 asserts (and so aborted the app, a reload or
  /// `--check-config`) are refused with their line instead. A regression aborts this test.
  @Test(arguments: [
    ("[:]\n", 1), ("[,,]1", 1), ("[:}1", 1), ("[#{f", 1), ("[é]\n", 1), ("[\n}=}", 1),
    ("  [[ =", 1), ("a = 1\r\n[:]\r\n", 2), ("# x\n\n[\t=a_", 3),
  ])
  func tableHeadersWithoutANameAreRefusedNotAborted(text: String, line: Int) throws {
    #expect(
      try problems(text) == [
        "FILE:\(line): not valid TOML: a table header needs a name after its bracket, e.g. [output] or [\"my table\"]"
      ])
  }

  @Test(arguments: [
    ("a = [1,}\n", 1), ("a = [ }", 1), ("a = { b = [}] }", 1), ("a = [ # c\n}", 2),
    ("a = [[1],}", 1), ("x = \"\"\"\n}\"\"\"\na = [\n\n,}", 5),
  ])
  func arraysWithABraceForAValueAreRefusedNotAborted(text: String, line: Int) throws {
    #expect(
      try problems(text) == [
        "FILE:\(line): not valid TOML: an array needs a value or ] where it has }"
      ])
  }

  /// 90,000 misspelt keys took 2.75 s to check and printed a message each.
  @Test func problemsPastAHundredAreCounted() throws {
    let text = "[output]\n" + (1...150).map { "key\($0) = 1\n" }.joined()
    let found = try problems(text)
    #expect(found.count == 101)
    #expect(found.first?.hasPrefix("FILE:2: unknown key output.key") == true)
    #expect(found.last == "FILE: 50 more problems not shown")
  }

  /// `display.cec` takes auto or off, as a string; the command line's `--cec` as well.
  @Test func cecTakesAutoOrOff() throws {
    #expect(
      try problems("[display]\ncec = \"on\"\n") == [
        "FILE:2: display.cec = \"on\" is not allowed; allowed: auto or off"
      ])
    #expect(
      try problems("[display]\ncec = false\n").first?.hasPrefix("FILE:2: display.cec") == true)
    #expect(try problems("[display]\ncec = \"off\"\n").isEmpty)
    #expect(try RuntimeOptions.parse([]).cec == .auto)
    #expect(try RuntimeOptions.parse(["--cec", "off"]).cec == .off)
    #expect(throws: (any Error).self) { try RuntimeOptions.parse(["--cec", "yes"]) }
  }

  /// A NUL (TOML's `\u0000`) passed --check-config and bind() took the path before it.
  @Test func aSocketPathWithANulIsRefused() throws {
    let found = try problems("[app]\ncontrol-socket = \"/run/kiosk/a\\u0000/etc/x\"\n")
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("FILE:2: app.control-socket = ") == true)
  }

  @Test func braceInsideStringsAndValidArraysStayValid() throws {
    #expect(
      try problems(
        "[output]\nconnector = \"}\"\n[input]\ndevices = [\"/dev/input/}\", # }\n  '}',\n]\n"
      ).isEmpty)
  }

  /// Screens written inline (`output = [...]`) have their lines too: before toml++ gave
  /// each node its line, a scan of the text found them, and it could not see into inline
  /// arrays and tables (these messages named no line).
  @Test func inlineScreensHaveTheirLines() throws {
    #expect(
      try problems("\noutput = [1]\n") == [
        "FILE:2: output = [...] must be [[output]] tables, one per screen"
      ])
    let text =
      "output = [{ connector = \"A\" },\n  { role = \"secondary\", connector = \"B\", bogus = 1 }]\n"
    #expect(
      try problems(text) == [
        "FILE:2: unknown key output.bogus = 1 in a secondary [[output]]; its keys are role, connector, card, mode, rotation, scale, touch-devices"
      ])
  }

  @Test func keyOutsideATable() throws {
    let found = try problems("log = \"debug\"\n")
    #expect(
      found == [
        "FILE:1: log = \"debug\" is not a table; write [log] and its keys under it"
      ])
  }

  @Test func wrongTypes() throws {
    let found = try problems(
      """
      [output]
      rotation = "90"
      scale = true
      plane-rotation = "yes"
      [input]
      devices = "/dev/input/event3"
      [memory]
      floor = 64.5
      """)
    #expect(
      found == [
        "FILE:2: output.rotation = \"90\" is a string; allowed: 0, 90, 180 or 270",
        "FILE:3: output.scale = true is a boolean; allowed: 0.25 to 4",
        "FILE:4: output.plane-rotation = \"yes\" is a string; allowed: true or false",
        "FILE:6: input.devices = \"/dev/input/event3\" is a string; allowed: a list of event nodes, e.g. [\"/dev/input/event3\"]",
        "FILE:8: memory.floor = 64.5 is a float; allowed: 0 to 1000000 (MB; 0: do not read MemAvailable)",
      ])
  }

  @Test func outOfRange() throws {
    let found = try problems(
      """
      [output]
      rotation = 45
      scale = 0
      wait-for-card = 601
      backend = "x11"
      [display]
      blank-after = 0
      on-exit = "black"
      [memory]
      floor = -1
      warning-interval = 3601
      [log]
      level = "verbose"
      [app]
      control-socket = "kiosk.sock"
      """)
    #expect(
      found == [
        "FILE:2: output.rotation = 45 is not allowed; allowed: 0, 90, 180 or 270",
        "FILE:3: output.scale = 0 is not allowed; allowed: 0.25 to 4",
        "FILE:4: output.wait-for-card = 601 is not allowed; allowed: 0 to 600 (seconds)",
        "FILE:5: output.backend = \"x11\" is not allowed; allowed: auto, drm, fbdev or virtual",
        "FILE:7: display.blank-after = 0 is not allowed; allowed: seconds above 0, at most a year (not set: never)",
        "FILE:8: display.on-exit = \"black\" is not allowed; allowed: console or last-frame",
        "FILE:10: memory.floor = -1 is not allowed; allowed: 0 to 1000000 (MB; 0: do not read MemAvailable)",
        "FILE:11: memory.warning-interval = 3601 is not allowed; allowed: 0 to 3600 (seconds)",
        "FILE:13: log.level = \"verbose\" is not allowed; allowed: trace, debug, info, notice, warning, error or critical",
        "FILE:15: app.control-socket = \"kiosk.sock\" is not allowed; allowed: an absolute path shorter than 108 bytes, e.g. \"/run/kiosk/control.sock\", or \"off\"",
      ])
  }

  @Test func typingKeysOutOfRange() throws {
    let found = try problems(
      """
      [input]
      on-screen-keyboard = "sometimes"
      keyboard-languages = ["en", "fr"]
      repeat-delay = 0.05
      repeat-rate = 101
      """)
    #expect(
      found == [
        "FILE:2: input.on-screen-keyboard = \"sometimes\" is not allowed; allowed: auto, always or never",
        "FILE:3: input.keyboard-languages = [\"en\", \"fr\"] is not allowed; allowed: a list of en, de, ru and zh-pinyin, e.g. [\"en\", \"ru\"]",
        "FILE:4: input.repeat-delay = 0.05 is not allowed; allowed: 0.1 to 2 (seconds)",
        "FILE:5: input.repeat-rate = 101 is not allowed; allowed: 0 to 100 (keys a second; 0: no repeat)",
      ])
  }

  @Test(arguments: ["1280x", "1280x800@", "1280x800@60@1", "x800", "0x800", "1280*800", "wide", ""])
  func badModeString(mode: String) throws {
    let found = try problems("[output]\n\nmode = \"\(mode)\"\n")
    #expect(
      found == [
        "FILE:3: output.mode = \"\(mode)\" is not allowed; allowed: \"WxH\" or \"WxH@Hz\" (e.g. \"1280x800@60\"), or \"list\""
      ])
  }

  @Test(arguments: ["1280x800", "1280X800@60", "800x480@59.94", "list"])
  func goodModeString(mode: String) throws {
    #expect(try problems("[output]\nmode = \"\(mode)\"\n") == [])
  }

  @Test func badMatrix() throws {
    let allowed = "allowed: six numbers [a, b, c, d, e, f] (libinput's calibration matrix)"
    #expect(
      try problems("[input]\ncalibration = [1, 0, 0, 0, 1]\n") == [
        "FILE:2: input.calibration = [1, 0, 0, 0, 1] is not allowed; \(allowed)"
      ])
    #expect(
      try problems("[input]\ncalibration = [1, 0, 0, 0, 1, \"0\"]\n") == [
        "FILE:2: input.calibration = [1, 0, 0, 0, 1, \"0\"] is not allowed; \(allowed)"
      ])
    #expect(
      try problems("[input]\ncalibration = \"1 0 0 0 1 0\"\n") == [
        "FILE:2: input.calibration = \"1 0 0 0 1 0\" is a string; \(allowed)"
      ])
  }

  @Test func badMemoryTrigger() throws {
    #expect(
      try problems("[memory]\npressure = \"some 10 100\"\n") == [
        "FILE:2: memory.pressure = \"some 10 100\" is not allowed; allowed: \"some|full <stall µs> <window µs>\" (window 500000 to 10000000, stall 1 up to the window) or \"off\""
      ])
  }

  @Test func badDeviceList() throws {
    #expect(
      try problems("[input]\ndevices = [\"/dev/input/event3\", 4]\n") == [
        "FILE:2: input.devices = [\"/dev/input/event3\", 4] is not allowed; allowed: a list of event nodes, e.g. [\"/dev/input/event3\"]"
      ])
  }

  @Test func syntaxErrorNamesItsLine() throws {
    let found = try problems("[output]\nrotation = 90\nscale = \n")
    #expect(found.count == 1)
    #expect(found.first?.hasPrefix("FILE:3: not valid TOML") == true)
  }

  @Test func unreadableFile() throws {
    do {
      _ = try KioskConfiguration.load(file: "/nonexistent/kiosk.toml", environment: [:])
      Issue.record("a missing file loaded")
    } catch {
      #expect(error.problems.first?.location == "/nonexistent/kiosk.toml")
      #expect(error.problems.first?.message.hasPrefix("cannot read the configuration file") == true)
    }
  }

  /// A NUL byte once silently ended the file ("fine (1 key set)" with a bad key after it);
  /// bytes that are not UTF-8 got Foundation's error without a line; a FIFO blocked, and a
  /// huge file held up start-up. Each is refused with its line where it has one.
  @Test func filesThatAreNotTextOrNotFilesAreRefusedInWords() throws {
    func refusal(_ bytes: [UInt8]) throws -> String? {
      let path = try writeConfiguration("")
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      do {
        _ = try KioskConfiguration.load(file: path, environment: [:])
        return nil
      } catch {
        return error.problems.first?.description.replacingOccurrences(of: path, with: "FILE")
      }
    }
    #expect(
      try refusal(
        Array("[output]\nrotation = 0\n".utf8) + [0] + Array("rotation = 45\n[bogus]\n".utf8))
        == "FILE:3: cannot read the configuration file: a NUL byte: the file must be text")
    #expect(
      try refusal(Array("[output]\n# caf".utf8) + [0xE9] + Array("\n".utf8))
        == "FILE:2: cannot read the configuration file: not UTF-8 (bytes E9)")
    #expect(
      try refusal(
        Array(repeating: UInt8(ascii: "#"), count: KioskConfiguration.maximumFileSize + 1))?
        .hasSuffix(
          "cannot read the configuration file: it has 1048577 bytes; at most 1048576 are read")
        == true)
    let fifo = FileManager.default.temporaryDirectory.appendingPathComponent(
      "kiosk-fifo-\(UUID().uuidString).toml"
    ).path
    #expect(mkfifo(fifo, 0o600) == 0)
    defer { unlink(fifo) }
    do {
      _ = try KioskConfiguration.load(file: fifo, environment: [:])
      Issue.record("a FIFO loaded")
    } catch {
      #expect(
        error.problems.first?.message
          == "cannot read the configuration file: it is a FIFO, not a regular file")
    }
  }

  @Test func linesOfDottedQuotedAndLaterKeys() throws {
    let found = try problems(
      """
      [input]
      devices = [
        "/dev/input/event3",
        "[output]",
      ]
      "seat" = ""
      [app]
      control-socket = \"\"\"
      rotation = 1
      \"\"\"
      output.rotation = 3
      """)
    #expect(
      found == [
        "FILE:6: input.seat = \"\" is not allowed; allowed: a udev seat name, e.g. \"seat0\"",
        "FILE:8: app.control-socket = \"rotation = 1\\u000A\" is not allowed; allowed: an absolute path shorter than 108 bytes, e.g. \"/run/kiosk/control.sock\", or \"off\"",
        "FILE:11: unknown key app.output = (a table); the keys of [app] are main-storyboard, control-socket, control-group, screenshot-dir",
      ])
  }

  @Test func environmentErrors() throws {
    let found = try problems(
      "",
      environment: [
        "KIOSK_OUTPUT_ROTATION": "91", "KIOSK_LOG_LEVL": "debug", "KIOSK_DRM_NO_ATOMIC": "1",
        "KIOSK_OUTPUT_SCALE": "big", "KIOSK_OUTPUT_PLANE_ROTATION": "maybe",
      ])
    #expect(
      found == [
        "environment KIOSK_LOG_LEVL: unknown variable KIOSK_LOG_LEVL=\"debug\"; the variables of its table are KIOSK_LOG_LEVEL",
        "environment KIOSK_OUTPUT_PLANE_ROTATION: output.plane-rotation = \"maybe\" is not allowed; allowed: true or false",
        "environment KIOSK_OUTPUT_ROTATION: output.rotation = \"91\" is not allowed; allowed: 0, 90, 180 or 270",
        "environment KIOSK_OUTPUT_SCALE: output.scale = \"big\" is not allowed; allowed: 0.25 to 4",
      ])
  }

  @Test func fileAndEnvironmentProblemsTogether() throws {
    let found = try problems("[output]\nrotation = 1\n", environment: ["KIOSK_LOG_LEVEL": "x"])
    #expect(found.count == 2)
    #expect(found.first?.hasPrefix("FILE:2: output.rotation = 1") == true)
    #expect(found.last?.hasPrefix("environment KIOSK_LOG_LEVEL: log.level = \"x\"") == true)
  }
}
