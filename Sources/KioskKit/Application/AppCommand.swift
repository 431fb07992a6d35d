import ArgumentParser
import KioskVersion

/// The command line of an app: the standard options under the executable's own name.
struct AppCommand: ParsableCommand {
  // Made once: ArgumentParser reads it several times per parse.
  static let configuration: CommandConfiguration = {
    let name =
      CommandLine.arguments.first.flatMap { $0.split(separator: "/").last }
      .map(String.init) ?? "app"
    return CommandConfiguration(
      commandName: name,
      abstract: "A KioskKit app. These options are the runtime's, shared by every KioskKit app.",
      version: "\(name) (KioskKit) \(KioskKitVersion.string)")
  }()

  @OptionGroup var options: RuntimeOptions
}
