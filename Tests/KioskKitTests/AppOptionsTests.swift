import ArgumentParser
import Testing

@testable import KioskKit

/// Options of an app's own, as an app declares them.
struct VenueOptions: ParsableArguments {
  @Option(help: "The venue shown on the welcome screen.") var venue = "Main hall"
  @Flag(help: "Count visitors.") var counting = false
}

/// An app's options that reuse standard names.
struct CollidingOptions: ParsableArguments {
  @Option(help: "A scale of the app's own.") var scale = 1.0
  @Flag(name: .shortAndLong, help: "Verbose.") var verbose = false
  @Option(name: .customShort("h"), help: "Height.") var height = 0
}

@Suite struct AppOptionsTests {
  @Test func appOptionsAreParsedBesideTheStandardOnes() throws {
    let parser = try CommandLineParser.with(VenueOptions.self)
    let (options, app) = try parser.parse(["--venue", "Hall B", "--scale", "1", "--counting"])
    #expect(options.scale == 1)
    let venue = try #require(app as? VenueOptions)
    #expect(venue.venue == "Hall B" && venue.counting)
    // Defaults when not given; the standard parser knows no --venue.
    #expect((try parser.parse([]).app as? VenueOptions)?.venue == "Main hall")
    #expect(throws: (any Error).self) { try CommandLineParser.standard.parse(["--venue", "x"]) }
  }

  @Test func helpListsTheAppsOptionsUnderTheirOwnHeading() {
    let help = AppCommandWithOptions<VenueOptions>.helpMessage(columns: 200)
    #expect(help.contains("APP OPTIONS:"))
    #expect(help.contains("--venue <venue>"))
    #expect(help.contains("--rotation"))  // and the standard ones still
  }

  @Test func namesSharedWithTheStandardOptionsAreFound() {
    #expect(CommandLineParser.collisions(of: VenueOptions.self).isEmpty)
    #expect(CommandLineParser.collisions(of: CollidingOptions.self) == ["--scale", "-h"])
  }

  @Test func theConfigurationFileKeepsTheAppsOptions() throws {
    // A file that sets a standard key makes start-up parse again, with the app's options.
    let path = try writeConfiguration("[output]\nrotation = 90\n")
    let parser = try CommandLineParser.with(VenueOptions.self)
    let commandLine = ["--config", path, "--venue", "Hall C"]
    let (parsed, app) = try parser.parse(commandLine)
    guard
      case .run(let options, _, let appOptions) = ConfigurationStartUp.resolve(
        parsed: parsed, appOptions: app, commandLine: commandLine, environment: [:],
        parser: parser)
    else {
      Issue.record("did not start")
      return
    }
    #expect(options.rotation == 90)
    #expect((appOptions as? VenueOptions)?.venue == "Hall C")
  }
}
