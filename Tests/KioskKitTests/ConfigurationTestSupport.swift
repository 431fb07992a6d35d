import Foundation

@testable import KioskKit

/// Writes `text` to a new file in the temporary folder and returns its path.
func writeConfiguration(_ text: String, name: String = "kiosk.toml") throws -> String {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("kiosk-config-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let path = folder.appendingPathComponent(name).path
  try text.write(toFile: path, atomically: true, encoding: .utf8)
  return path
}

/// The problems `text` has, one `location: message` a line (empty: none).
func problems(_ text: String, environment: [String: String] = [:]) throws -> [String] {
  let path = try writeConfiguration(text)
  do {
    _ = try KioskConfiguration.load(file: path, environment: environment)
    return []
  } catch {
    return error.problems.map { $0.description.replacingOccurrences(of: path, with: "FILE") }
  }
}

/// The options `text` and `environment` give under `commandLine`.
func options(
  _ text: String, environment: [String: String] = [:], commandLine: [String] = []
) throws -> RuntimeOptions {
  let path = try writeConfiguration(text)
  return try KioskConfiguration.load(file: path, environment: environment)
    .options(commandLine: commandLine)
}

/// The sample file in `config/`.
let sampleConfigurationPath = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("config/kiosk.toml").path

/// What start-up does for `commandLine` (e.g. `--check-config FILE`) with no environment:
/// the exit code and message, or `nil` when it would go on to run.
func startUpExit(_ commandLine: [String]) -> (code: KioskExitCode, message: String)? {
  let parsed = RuntimeOptions.parseOrExit(commandLine)
  guard
    case .exit(let code, let message) = ConfigurationStartUp.resolve(
      parsed: parsed, commandLine: commandLine, environment: [:])
  else { return nil }
  return (code, message)
}
