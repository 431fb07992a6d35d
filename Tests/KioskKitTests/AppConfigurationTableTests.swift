import ArgumentParser
import Foundation
import Testing

@testable import KioskKit

/// An app's options with a table of their own in kiosk.toml.
struct CheckInOptions: AppConfigurationTable {
  @Option(help: "The venue.") var venue = "Main hall"
  @Option(help: "The largest party.") var maxParty = 8
  @Flag(inversion: .prefixedNo, help: "Count visitors.") var counting = true
  @Option(help: "A greeting (repeatable).") var greeting: [String] = []

  static let configurationTable = "checkin"
  static let configurationKeys: [AppConfigurationKey] = [
    AppConfigurationKey("venue", .text),
    AppConfigurationKey("max-party", .integer(1...20)),
    AppConfigurationKey("counting", .flag),
    AppConfigurationKey("greeting", .list),
  ]
}

/// Tables that cannot be used.
struct StandardTableOptions: AppConfigurationTable {
  @Option var venue = ""
  static let configurationTable = "output"
  static let configurationKeys = [AppConfigurationKey("venue", .text)]
}

struct MissingOptionTable: AppConfigurationTable {
  @Flag var counting = false
  static let configurationTable = "checkin"
  static let configurationKeys = [
    AppConfigurationKey("venue", .text), AppConfigurationKey("counting", .flag),
  ]
}

@Suite struct AppConfigurationTableTests {
  let parser: CommandLineParser

  init() throws {
    parser = try CommandLineParser.with(CheckInOptions.self)
  }

  func resolved(_ commandLine: [String], environment: [String: String] = [:]) throws
    -> (RuntimeOptions, CheckInOptions?)
  {
    let (parsed, app) = try parser.parse(commandLine)
    switch ConfigurationStartUp.resolve(
      parsed: parsed, appOptions: app, commandLine: commandLine, environment: environment,
      parser: parser)
    {
    case .run(let options, _, let appOptions): return (options, appOptions as? CheckInOptions)
    case .exit(_, let message): throw AppTableError(problems: [message])
    }
  }

  @Test func theFileTheEnvironmentAndTheCommandLineSetTheAppsKeys() throws {
    let path = try writeConfiguration(
      "[output]\nrotation = 90\n[checkin]\nvenue = \"Hall B\"\nmax-party = 12\ncounting = false\ngreeting = [\"Hi\", \"Hej\"]\n"
    )
    let (options, app) = try resolved(["--config", path])
    #expect(options.rotation == 90)
    #expect(app?.venue == "Hall B" && app?.maxParty == 12 && app?.counting == false)
    #expect(app?.greeting == ["Hi", "Hej"])
    let (_, fromEnvironment) = try resolved(
      ["--config", path], environment: ["KIOSK_CHECKIN_VENUE": "Hall C"])
    #expect(fromEnvironment?.venue == "Hall C" && fromEnvironment?.maxParty == 12)
    let (_, fromCommandLine) = try resolved(["--config", path, "--venue", "Hall D"])
    #expect(fromCommandLine?.venue == "Hall D")
  }

  @Test func aBadValueGetsTheSameFileAndLineErrorAsKioskKitsKeys() throws {
    let text = "[checkin]\nvenue = \"Hall B\"\nmax-party = 30\nseats = 4\n"
    #expect(throws: ConfigurationError.self) {
      try KioskConfiguration.parse(text, file: "k.toml", catalog: parser.catalog)
    }
    do {
      _ = try KioskConfiguration.parse(text, file: "k.toml", catalog: parser.catalog)
    } catch {
      let message = error.description
      #expect(
        message.contains(
          "k.toml:3: checkin.max-party = 30 is not allowed; allowed: an integer from 1 to 20"),
        "\(message)")
      #expect(message.contains("k.toml:4: unknown key checkin.seats"), "\(message)")
      #expect(message.contains("venue, max-party, counting, greeting"), "\(message)")
    }
    // Without the app's table, [checkin] is unknown; with it, it is listed.
    #expect(throws: ConfigurationError.self) {
      try KioskConfiguration.parse("[checkin]\nvenue = \"x\"\n", file: "k.toml")
    }
    #expect(throws: ConfigurationError.self) {
      try KioskConfiguration.readEnvironment(["KIOSK_CHECKIN_VENU": "x"], catalog: parser.catalog)
    }
  }

  @Test func aTableThatCannotBeUsedIsRefusedNamingWhy() {
    #expect(throws: AppTableError.self) { try CommandLineParser.with(StandardTableOptions.self) }
    do {
      _ = try CommandLineParser.with(MissingOptionTable.self)
      Issue.record("a table naming a missing option was taken")
    } catch {
      #expect(
        error.description.contains(
          "checkin.venue sets --venue, which MissingOptionTable does not have"))
      #expect(error.description.contains("inversion: .prefixedNo"))
    }
  }

  @Test func aReloadTakesTheAppsKeysAtOnce() throws {
    let path = try writeConfiguration("[checkin]\nvenue = \"Hall B\"\n")
    let commandLine = ["--config", path]
    let (options, _) = try resolved(commandLine)
    let started = try KioskConfiguration.load(
      file: path, environment: [:], catalog: parser.catalog
    ).appKeyValues(under: commandLine)
    #expect(started == ["checkin.venue": ["Hall B"]])
    try "[checkin]\nvenue = \"Hall C\"\nmax-party = 4\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let reload = try KioskConfiguration.reloadWithAppTable(
      file: path, environment: [:], commandLine: commandLine, appMainStoryboard: nil,
      running: options, runningAppKeyValues: started, parser: parser)
    #expect(reload.appKeysChanged)
    #expect((reload.appOptions as? CheckInOptions)?.venue == "Hall C")
    #expect(
      reload.reload.changes.map(\.description) == [
        "checkin.venue: Hall B -> Hall C (live)", "checkin.max-party: (not set) -> 4 (live)",
      ])
    // Nothing changed: nothing to tell the app.
    let again = try KioskConfiguration.reloadWithAppTable(
      file: path, environment: [:], commandLine: commandLine, appMainStoryboard: nil,
      running: options, runningAppKeyValues: reload.appKeyValues, parser: parser)
    #expect(!again.appKeysChanged && again.reload.changes.isEmpty)
  }
}
