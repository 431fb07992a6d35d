import ArgumentParser
import FoundationEssentials
import KioskUI

/// How this process reads a command line: the standard options alone, or with the app's own
/// (`Application.main(_:options:)`). Start-up, the configuration file's merge and
/// `reload-config` all parse through `current`, so an app's option on the command line is
/// understood everywhere.
struct CommandLineParser: Sendable {
  /// The standard options and the app's own (nil when the app declares none), as
  /// ArgumentParser reads them; `parse(_:)` checks the values as written first.
  let parseArguments:
    @Sendable ([String]) throws -> (options: RuntimeOptions, app: (any ParsableArguments)?)
  /// ArgumentParser's message for a parse error.
  let message: @Sendable (Error) -> String
  /// Prints help, the version or the error, and exits as ArgumentParser does.
  let exit: @Sendable (Error) -> Never
  /// The configuration keys: KioskKit's, and the app's own table when its options have one
  /// (`AppConfigurationTable`).
  var catalog = ConfigurationCatalog.standard

  /// The standard options only.
  static let standard = CommandLineParser(
    parseArguments: { (try AppCommand.parse($0).options, nil) },
    message: { AppCommand.message(for: $0) },
    exit: { AppCommand.exit(withError: $0) })

  /// The standard options and `appOptions`, with its configuration table if it has one;
  /// throws when that table cannot be used.
  static func with<AppOptions: ParsableArguments>(_ appOptions: AppOptions.Type)
    throws(AppTableError) -> CommandLineParser
  {
    typealias Command = AppCommandWithOptions<AppOptions>
    var parser = CommandLineParser(
      parseArguments: { arguments in
        let command = try Command.parse(arguments)
        return (command.options, command.app)
      },
      message: { Command.message(for: $0) },
      exit: { Command.exit(withError: $0) })
    if let table = appOptions as? any AppConfigurationTable.Type {
      parser.catalog = try ConfigurationCatalog.with(table)
    }
    return parser
  }

  /// The standard options and the app's own (nil when the app declares none). Each value
  /// given to an option with a configuration key is first checked as written by that key's
  /// rules (`ConfigurationCatalog.checkCommandLine(_:)`): ArgumentParser reads `--scale
  /// 0x1p1` as 2 and `--rotation 090` as 90, which the file and the environment refuse.
  func parse(_ arguments: [String]) throws -> (
    options: RuntimeOptions, app: (any ParsableArguments)?
  ) {
    try catalog.checkCommandLine(arguments)
    return try parseArguments(arguments)
  }

  /// The parser of this process; `Application.main` sets it once, before the first parse.
  nonisolated(unsafe) static var current = standard

  /// The names (`--scale`, `-h`) that `appOptions` shares with the standard options and
  /// ArgumentParser's own `--help` and `--version`: each would make one of the two
  /// unreachable, so start-up refuses them.
  static func collisions<AppOptions: ParsableArguments>(of appOptions: AppOptions.Type)
    -> [String]
  {
    let reserved = optionNames(of: RuntimeOptions.self).union(["--help", "-h", "--version"])
    return optionNames(of: appOptions).intersection(reserved).sorted()
  }

  /// The option and flag names of `type` (`--venue`, `--no-counting`, `-v`), without the
  /// help flag ArgumentParser gives every type.
  static func optionNames<Options: ParsableArguments>(of type: Options.Type) -> Set<String> {
    names(in: type._dumpHelp())
  }

  /// The option and flag names of ArgumentParser's JSON description of a type, without the
  /// help flag ArgumentParser adds to every type (the one with the long name `--help`).
  private static func names(in json: String) -> Set<String> {
    guard let root = try? JSONDecoder().decode(HelpDump.self, from: Data(json.utf8)) else {
      return []
    }
    var result: Set<String> = []
    for argument in root.command.arguments ?? [] {
      let names = argument.names ?? []
      if names.contains(where: { $0.kind == "long" && $0.name == "help" }) { continue }
      for name in names {
        result.insert(name.kind == "short" ? "-" + name.name : "--" + name.name)
      }
    }
    return result
  }
}

/// The part of ArgumentParser's JSON description of a type that `names(in:)` reads.
private struct HelpDump: Decodable {
  struct Command: Decodable {
    let arguments: [Argument]?
  }

  struct Argument: Decodable {
    let names: [Name]?
  }

  struct Name: Decodable {
    let kind: String
    let name: String
  }

  let command: Command
}
