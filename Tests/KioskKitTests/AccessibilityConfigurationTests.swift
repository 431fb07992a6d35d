import Foundation
import KioskUI
import Testing

@testable import KioskKit

/// The `[accessibility]` table: its keys, their options and variables, and their errors.
@Suite("Configuration: accessibility")
struct AccessibilityConfigurationTests {
  @Test func theTableSetsEveryKey() throws {
    let parsed = try options(
      """
      [accessibility]
      screen-reader = "headset"
      start-key = "KEY_F1"
      start-gesture = "none"
      speech-device = "plughw:1,0"
      speech-language = "de"
      text-size = "accessibilityLarge"
      increase-contrast = true
      bold-text = true
      reduce-motion = true
      zoom = 2.5
      idle-multiplier = 4
      """)
    #expect(parsed.screenReader == .headset)
    #expect(parsed.screenReaderKey == "KEY_F1")
    #expect(parsed.screenReaderGesture == AccessibilityStartGesture.none)
    #expect(parsed.speechDevice == "plughw:1,0")
    #expect(parsed.speechLanguage == "de")
    #expect(parsed.screenReaderIdleMultiplier == 4)
    let settings = parsed.accessibilitySettings
    #expect(settings.contentSizeCategory == .accessibilityLarge)
    #expect(settings.increaseContrast && settings.boldText && settings.reduceMotion)
    #expect(settings.zoomScale == 2.5)
  }

  @Test func withoutTheTableAKioskGetsTheDefaults() throws {
    let parsed = try options("")
    #expect(parsed.screenReader == .off)
    #expect(parsed.screenReaderKey == "KEY_HELP")
    #expect(parsed.screenReaderGesture == .threeFingerTripleTap)
    #expect(parsed.accessibilitySettings == AccessibilitySettings())
  }

  @Test func theEnvironmentAndTheCommandLineWinOverTheFile() throws {
    let parsed = try options(
      "[accessibility]\nzoom = 2\ntext-size = \"small\"\nbold-text = true\n",
      environment: ["KIOSK_ACCESSIBILITY_ZOOM": "3"],
      commandLine: ["--text-size", "extraLarge", "--no-bold-text", "--screen-reader", "on"])
    #expect(parsed.zoom == 3)
    #expect(parsed.textSize == "extraLarge")
    #expect(!parsed.boldText)
    #expect(parsed.screenReader == .on)
  }

  @Test(arguments: [
    (
      "screen-reader = \"always\"",
      "accessibility.screen-reader = \"always\" is not allowed; allowed: off, on or headset"
    ),
    ("zoom = 9", "accessibility.zoom = 9 is not allowed; allowed: 1 to 8 (1: no zoom)"),
    ("zoom = \"2\"", "accessibility.zoom = \"2\" is a string; allowed: 1 to 8 (1: no zoom)"),
    (
      "start-key = \"KEY_NOPE\"",
      "accessibility.start-key = \"KEY_NOPE\" is not allowed; allowed: a key name pressed three times to start or stop the reader, e.g. \"KEY_HELP\", or \"none\""
    ),
    (
      "speech-language = \"english!\"",
      "accessibility.speech-language = \"english!\" is not allowed; allowed: a language tag espeak-ng knows, e.g. \"en\", \"de\" or \"en-gb\""
    ),
    (
      "bold-text = \"yes\"",
      "accessibility.bold-text = \"yes\" is a string; allowed: true or false"
    ),
  ])
  func badValuesAreRefusedWithTheirLine(line: String, message: String) throws {
    #expect(try problems("[accessibility]\n\(line)\n") == ["FILE:2: \(message)"])
  }

  @Test func aTextSizeIsACategoryNameAndNotUnspecified() throws {
    #expect(try problems("[accessibility]\ntext-size = \"unspecified\"\n").count == 1)
    for name in ConfigurationKey.textSizeNames {
      #expect(try options("[accessibility]\ntext-size = \"\(name)\"\n").textSize == name)
    }
  }

  @Test func theCommandLineIsCheckedByTheSameRules() {
    #expect(throws: (any Error).self) { try RuntimeOptions.parse(["--zoom", "0.5"]) }
    #expect(throws: (any Error).self) { try RuntimeOptions.parse(["--text-size", "huge"]) }
    #expect(throws: (any Error).self) { try RuntimeOptions.parse(["--screen-reader-key", "F1"]) }
    #expect((try? RuntimeOptions.parse(["--screen-reader-key", "none"])) != nil)
  }

  @Test func theLooksAndTheModeAreLiveAndTheSpeechKeysAreNot() {
    let live = Set(KioskConfiguration.liveKeys)
    for name in ["screen-reader", "text-size", "increase-contrast", "bold-text", "zoom"] {
      #expect(live.contains("accessibility.\(name)"))
    }
    for name in ["speech-device", "speech-language", "start-key", "start-gesture"] {
      #expect(!live.contains("accessibility.\(name)"))
    }
  }
}
