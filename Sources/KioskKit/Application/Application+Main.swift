import ArgumentParser
import FoundationEssentials
import Glibc
import KioskBase
import KioskGraphics
import KioskLinux
import KioskRime
import KioskUI
import KioskVersion
import KioskVirtual
import Logging

extension Application {
  /// Starts a KioskKit app: parses the standard options (`--help` lists them), picks a
  /// backend, follows the launch sequence (create a screen and its output, then the
  /// delegate, and call `application(_:didFinishLaunchingWithOptions:)`, where the delegate
  /// builds its window) and runs the main loop. With `--main-storyboard FILE` the runtime
  /// creates the window (the delegate's `window`), makes the storyboard's initial
  /// controller its root before `didFinishLaunching` and shows it after; a storyboard that
  /// cannot be loaded stops start-up with a message and exit code 64. `mainStoryboard`
  /// names the app's own main storyboard file, used when the command line names none (as
  /// UIKit's `UIMainStoryboardFile` in Info.plist).
  ///
  /// ```swift
  /// @main
  /// final class App: ApplicationDelegate {
  ///   var window: Window?
  ///   static func main() { Application.main(App.self) }
  ///   func application(_ app: Application, didFinishLaunchingWithOptions _: [String: String]) -> Bool {
  ///     let window = Window(screen: .main)
  ///     window.rootViewController = HelloController()  // its view fills the window
  ///     window.makeKeyAndVisible()                     // viewWillAppear, viewDidAppear
  ///     self.window = window
  ///     return true
  ///   }
  /// }
  /// ```
  public static func main(
    _ delegateType: ApplicationDelegate.Type,
    arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    mainStoryboard: String? = nil
  ) -> Never {
    launch(delegateType, parser: .standard, arguments: arguments, mainStoryboard: mainStoryboard)
  }

  /// `main(_:arguments:mainStoryboard:)` for an app with command-line options of its own:
  /// `options` (an ArgumentParser `ParsableArguments` type) is parsed beside the standard
  /// options, listed under "App options" in `--help`, and read with
  /// `Application.shared.options(_:)`. An option named like a standard one (`--scale`) or
  /// like `--help`/`--version` stops start-up with a message naming it (exit code 64).
  ///
  /// ```swift
  /// struct CheckInOptions: ParsableArguments {
  ///   @Option(help: "The venue shown on the welcome screen.") var venue = "Main hall"
  /// }
  ///
  /// @main
  /// final class CheckInApp: ApplicationDelegate {
  ///   var window: Window?
  ///   static func main() { Application.main(CheckInApp.self, options: CheckInOptions.self) }
  /// }
  /// ```
  public static func main<AppOptions: ParsableArguments>(
    _ delegateType: ApplicationDelegate.Type, options: AppOptions.Type,
    arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    mainStoryboard: String? = nil
  ) -> Never {
    let collisions = CommandLineParser.collisions(of: AppOptions.self)
    if !collisions.isEmpty {
      let list = collisions.joined(separator: ", ")
      writeToStandardError(
        "error: the app's options (\(AppOptions.self)) reuse \(list), which KioskKit's standard options already name; rename the app's\n"
      )
      exit(KioskExitCode.usage.rawValue)
    }
    let parser: CommandLineParser
    do {
      parser = try .with(AppOptions.self)
    } catch {
      writeToStandardError("error: \(error)\n")
      exit(KioskExitCode.usage.rawValue)
    }
    launch(delegateType, parser: parser, arguments: arguments, mainStoryboard: mainStoryboard)
  }

  private static func launch(
    _ delegateType: ApplicationDelegate.Type, parser: CommandLineParser, arguments: [String],
    mainStoryboard: String?
  ) -> Never {
    StartupTrace.mark("main")
    // fontconfig and the first font, on a second core while options, configuration and the
    // app's views are set up here; the first text waits for what is left.
    FontSetUp.startInBackground()
    CommandLineParser.current = parser
    var options: RuntimeOptions
    do {
      (options, AppOptionsStore.parsed) = try parser.parse(arguments)
    } catch {
      parser.exit(error)
    }
    // The configuration file and KIOSK_* variables under the command line; --check-config
    // and configuration errors exit here.
    let configuration: KioskConfiguration
    (options, configuration, AppOptionsStore.parsed) = ConfigurationStartUp.apply(
      to: options, appOptions: AppOptionsStore.parsed, commandLine: arguments)
    if options.mainStoryboard == nil { options.mainStoryboard = mainStoryboard }
    let logger = Runtime.makeLogger(level: options.logLevel, format: options.logFormat)
    configuration.log(to: logger, commandLine: arguments)
    KioskUI.Application.setTextInputLogHandler { logger.warning("\($0)") }
    GeometryGuard.logHandler = { logger.warning("\($0)") }
    RimeInputMethod.register(logger: logger)
    StartupTrace.mark("configured")
    var runtime = Runtime(options: options, logger: logger)
    runtime.configurationFile = configuration.file
    runtime.commandLine = arguments
    runtime.appKeyValues = configuration.appKeyValues(under: arguments)
    runtime.appMainStoryboard = mainStoryboard
    let code = runtime.run(delegateType)
    exit(code.rawValue)
  }
}
