import Testing

@testable import KioskKit

/// `[input] scanners` and `scan-gap`: checked with file:line like every key, and live.
@Suite("Configuration: scanners")
struct ConfigurationScannerTests {
  static let allowedScanners =
    "a list of scanners by USB ids \"vendor:product\" in hexadecimal (e.g. \"0c2e:0b61\") or by device name"

  @Test func scannersAndTheGapAreRead() throws {
    let read = try options(
      """
      [input]
      scanners = ["0C2E:0b61", "Honeywell Imaging & Mobility 1900"]
      scan-gap = 40
      """)
    #expect(read.scanners == ["0C2E:0b61", "Honeywell Imaging & Mobility 1900"])
    #expect(read.scanGap == 40)
    #expect(read.scanGapSeconds == 0.04)
    #expect(
      read.scannerMatches.map(\.description) == [
        "0c2e:0b61", "\"Honeywell Imaging & Mobility 1900\"",
      ])
    let defaults = try options("")
    #expect(defaults.scanners.isEmpty && defaults.scanGap == 100)
  }

  @Test(arguments: ["0c2e:", ":0b61", "0c2e:0b61:1", "12345:0001", "", " 0c2e:0b61", "Scanner "])
  func aBadScannerIsRefusedWithItsLine(entry: String) throws {
    let found = try problems("[input]\n\nscanners = [\"ok scanner\", \"\(entry)\"]\n")
    #expect(
      found == [
        "FILE:3: input.scanners = [\"ok scanner\", \"\(entry)\"] is not allowed; allowed: \(Self.allowedScanners)"
      ])
  }

  @Test func aGapOutOfRangeOrOfTheWrongTypeIsRefused() throws {
    #expect(
      try problems("[input]\nscan-gap = 5\n") == [
        "FILE:2: input.scan-gap = 5 is not allowed; allowed: 10 to 2000 (milliseconds)"
      ])
    #expect(
      try problems("[input]\nscan-gap = 0.1\n") == [
        "FILE:2: input.scan-gap = 0.1 is a float; allowed: 10 to 2000 (milliseconds)"
      ])
    #expect(
      try problems("[input]\nscanners = \"0c2e:0b61\"\n") == [
        "FILE:2: input.scanners = \"0c2e:0b61\" is a string; allowed: \(Self.allowedScanners)"
      ])
  }

  @Test func theEnvironmentAndTheCommandLineTakeThem() throws {
    let fromEnvironment = try options(
      "", environment: ["KIOSK_INPUT_SCANNERS": "0c2e:0b61, Scanner", "KIOSK_INPUT_SCAN_GAP": "60"])
    #expect(fromEnvironment.scanners == ["0c2e:0b61", "Scanner"])
    #expect(fromEnvironment.scanGap == 60)
    #expect(
      try problems("", environment: ["KIOSK_INPUT_SCANNERS": "0c2e:"]) == [
        "environment KIOSK_INPUT_SCANNERS: input.scanners = \"0c2e:\" is not allowed; allowed: \(Self.allowedScanners)"
      ])
    let fromCommandLine = try options(
      "", commandLine: ["--scanner", "1a86:e026", "--scan-gap", "30"])
    #expect(fromCommandLine.scanners == ["1a86:e026"] && fromCommandLine.scanGap == 30)
  }

  @Test func bothKeysAreLive() throws {
    let running = try options("[input]\nscanners = [\"0c2e:0b61\"]\n")
    let path = try writeConfiguration("[input]\nscanners = [\"1a86:e026\"]\nscan-gap = 50\n")
    let reload = try KioskConfiguration.reload(
      file: path, environment: [:], commandLine: [], running: running)
    #expect(reload.live.map(\.key) == ["input.scanners", "input.scan-gap"])
    #expect(reload.needingRestart.isEmpty)
    let applied = reload.applyingLiveChanges(to: running)
    #expect(applied.scanners == ["1a86:e026"] && applied.scanGap == 50)
  }
}
