import ArgumentParser
import Testing

@testable import KioskKit

/// A value is checked by one set of rules whatever its source: what the configuration file
/// refuses, the command line refuses too (once `--blank-after 99999999999` and `--mode banana`
/// were taken on the command line and refused in kiosk.toml).
@Suite("Configuration: the command line's checks are the file's")
struct CommandLineValidationTests {
  /// Values that are wrong for some keys and right for others.
  static let candidates = [
    "banana", "0", "-1", "45", "99999999999", "1e300", "nan", "0.01", "5000", "", "64x48",
    "0x0", "99999x1", "some 1 1", "1 0 0 0 1 0", "/dev/fb0", "seat0", "list",
  ]

  @Test func everyValueTheFileRefusesTheCommandLineRefuses() throws {
    var checked = 0
    for key in ConfigurationKey.all {
      if case .flag = key.kind { continue }
      for candidate in Self.candidates {
        let written = key.writtenValue(fromEnvironment: candidate)
        let fileTakesIt: Bool
        if case .paths = key.kind {
          fileTakesIt = key.accepts(text: candidate)
        } else if case .success = key.values(for: written) {
          fileTakesIt = true
        } else {
          fileTakesIt = false
        }
        // The command line may refuse more (a value its type cannot even parse), never less.
        guard !fileTakesIt else { continue }
        #expect(
          throws: (any Error).self, "--\(key.option)=\(candidate) is taken, \(key.path) refuses it"
        ) { try CommandLineParser.standard.parse(["--\(key.option)=\(candidate)"]) }
        checked += 1
      }
    }
    #expect(checked > 250)
  }

  @Test func theTwoValuesThatSlippedThroughAreRefusedInTheFilesWords() {
    func message(_ arguments: [String]) -> String {
      do {
        _ = try RuntimeOptions.parse(arguments)
        return ""
      } catch {
        return RuntimeOptions.message(for: error)
      }
    }
    #expect(
      message(["--blank-after", "99999999999"])
        == "--blank-after must be seconds above 0, at most a year (not set: never), not \"99999999999\""
    )
    #expect(message(["--mode", "banana"]).hasPrefix("--mode must be \"WxH\" or \"WxH@Hz\""))
    #expect(message(["--scale", "nan"]).hasPrefix("--scale must be 0.25 to 4"))
    #expect(message(["--mode", "1024x600@60", "--blank-after", "60"]) == "")
  }
}
