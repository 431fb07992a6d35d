import ArgumentParser

/// The command line of an app with options of its own: the standard options, then the
/// app's under their own heading, in one `--help`.
struct AppCommandWithOptions<AppOptions: ParsableArguments>: ParsableCommand {
  static var configuration: CommandConfiguration { AppCommand.configuration }

  @OptionGroup var options: RuntimeOptions
  @OptionGroup(title: "App options") var app: AppOptions
}
