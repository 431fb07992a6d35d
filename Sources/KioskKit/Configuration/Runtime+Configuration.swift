import ArgumentParser
import FoundationEssentials
import Glibc
import KioskBase
import Logging

/// Start-up's part of the configuration: which file, `--check-config`, and the options the
/// app runs with.
enum ConfigurationStartUp {
  /// The file read when `--config` names none, if it exists.
  static let defaultFile = "/etc/kiosk/kiosk.toml"

  /// What start-up does next.
  enum Outcome {
    /// Run with these options (the standard ones, the configuration, the app's own).
    case run(RuntimeOptions, KioskConfiguration, (any ParsableArguments)?)
    /// Print `message` (to standard error unless the code is success) and exit.
    case exit(KioskExitCode, message: String)
  }

  /// The options for `commandLine` (already parsed as `parsed`, and the app's own options
  /// as `appOptions`) with the configuration file and `environment` under it; for
  /// `--check-config FILE`, the verdict on that file.
  static func resolve(
    parsed: RuntimeOptions, appOptions parsedAppOptions: (any ParsableArguments)? = nil,
    commandLine: [String], environment: [String: String],
    parser: CommandLineParser = .current,
    fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) -> Outcome {
    let file =
      parsed.checkConfig ?? parsed.config ?? (fileExists(defaultFile) ? defaultFile : nil)
    let configuration: KioskConfiguration
    let options: RuntimeOptions
    var appOptions = parsedAppOptions
    do {
      configuration = try KioskConfiguration.load(
        file: file, environment: environment, catalog: parser.catalog)
      // With nothing set in the file or the environment the command line is parsed already:
      // a second parse would cost its milliseconds again at every start.
      let merged = configuration.arguments(under: commandLine)
      var parsedAgain = parsed
      if merged != commandLine {
        (parsedAgain, appOptions) = try parser.parse(merged)
      }
      configuration.assignLists(under: commandLine, to: &parsedAgain)
      options = parsedAgain
    } catch let error as ConfigurationError {
      return .exit(.usage, message: error.description)
    } catch {
      return .exit(.usage, message: parser.message(error))
    }
    if let checked = parsed.checkConfig {
      let count = configuration.keysSet.count
      let dropIns = configuration.dropIns.count
      let what =
        dropIns == 0 ? checked : "\(checked) and \(dropIns) drop-in\(dropIns == 1 ? "" : "s")"
      return .exit(
        .success, message: "\(what): fine (\(count) key\(count == 1 ? "" : "s") set)")
    }
    return .run(options, configuration, appOptions)
  }

  /// `resolve` for `Application.main`: exits for `--check-config` and for errors.
  static func apply(
    to parsed: RuntimeOptions, appOptions: (any ParsableArguments)?, commandLine: [String]
  ) -> (RuntimeOptions, KioskConfiguration, (any ParsableArguments)?) {
    switch resolve(
      parsed: parsed, appOptions: appOptions, commandLine: commandLine,
      environment: ProcessInfo.processInfo.environment)
    {
    case .run(let options, let configuration, let appOptions):
      return (options, configuration, appOptions)
    case .exit(let code, let message):
      if code == .success {
        print(message)
      } else {
        writeToStandardError(message + "\n")
      }
      exit(code.rawValue)
    }
  }
}

extension KioskConfiguration {
  /// Logs where the configuration came from, once at start-up.
  func log(to logger: Logger, commandLine: [String]) {
    let keys = keysSet
    guard file != nil || !keys.isEmpty else { return }
    let sources = keys.map { path in
      let overridden = catalog.keys.contains {
        $0.path == path && $0.isSet(in: commandLine)
      }
      return "\(path) (\(overridden ? "command line" : location(of: path) ?? "?"))"
    }
    let dropInList = dropIns.isEmpty ? "" : " with drop-ins " + dropIns.joined(separator: ", ")
    logger.info(
      "configuration: \(file ?? "no file")\(dropInList)\(sources.isEmpty ? "" : "; set: " + sources.joined(separator: ", "))"
    )
  }
}
