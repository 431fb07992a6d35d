import KioskLinux
import Testing

@testable import KioskKit

/// `--memory-pressure`, `--memory-floor` and `--memory-warning-interval`: defaults, `off`,
/// and usage errors that name the option.
struct MemoryOptionsTests {
  @Test func theDefaultsAreTheIssuesThresholds() throws {
    let configuration = try AppCommand.parse([]).options.memoryPressureConfiguration
    #expect(configuration.trigger?.description == "some 150000 1000000")
    #expect(configuration.memAvailableFloorMegabytes == 64)
    #expect(configuration.minimumWarningInterval == 10)
    #expect(configuration.root == "/")
  }

  @Test func optionsSetTheTriggerTheFloorAndTheInterval() throws {
    let options = try AppCommand.parse([
      "--memory-pressure", "full 200000 2000000", "--memory-floor", "128",
      "--memory-warning-interval", "2.5",
    ]).options
    let configuration = options.memoryPressureConfiguration
    #expect(configuration.trigger == PSITrigger(parsing: "full 200000 2000000"))
    #expect(configuration.memAvailableFloorMegabytes == 128)
    #expect(configuration.minimumWarningInterval == 2.5)
    let off = try AppCommand.parse(["--memory-pressure", "off"]).options
    #expect(off.memoryPressureConfiguration.trigger == nil)
  }

  @Test(arguments: [
    (["--memory-pressure", "some 150000"], "--memory-pressure"),
    (["--memory-pressure", "some 150000 20000000"], "--memory-pressure"),
    (["--memory-pressure", "sometimes"], "--memory-pressure"),
    (["--memory-floor=-5"], "--memory-floor"),
    (["--memory-warning-interval=-1"], "--memory-warning-interval"),
  ])
  func badValuesAreUsageErrorsNamingTheOption(_ arguments: [String], _ option: String) {
    do {
      _ = try AppCommand.parse(arguments)
      Issue.record("accepted \(arguments)")
    } catch {
      #expect(AppCommand.message(for: error).hasPrefix(option + " must be"))
      #expect(AppCommand.exitCode(for: error) == .validationFailure)
    }
  }
}
