import ArgumentParser
import Foundation
import KioskGraphics
import KioskUI
import KioskVirtual
import Logging

/// Exit codes of KioskKit apps.
public enum KioskExitCode: Int32 {
  /// Ran and stopped normally.
  case success = 0
  /// The app's delegate refused to launch.
  case launchRefused = 1
  /// A command-line option was wrong.
  case usage = 64
  /// The backend could not start (no display, no memory for buffers…).
  case backendUnavailable = 69
  /// Frames could not be written where asked.
  case cannotWrite = 73
}

extension Application {
  /// Starts a KioskKit app: parses the standard options (`--help` lists them), picks a
  /// backend, follows the launch sequence (create the delegate, a screen and its output,
  /// call `application(_:didFinishLaunchingWithOptions:)`) and runs the main loop.
  ///
  /// ```swift
  /// @main
  /// final class App: ApplicationDelegate {
  ///   var window: Window?
  ///   static func main() { Application.main(App.self) }
  ///   func application(_ app: Application, didFinishLaunchingWithOptions _: [String: String]) -> Bool {
  ///     let window = Window(screen: .main)
  ///     let label = Label(frame: Rect(x: 20, y: 20, width: 300, height: 40))
  ///     label.text = "Hello, kiosk"
  ///     window.addSubview(label)
  ///     window.makeKeyAndVisible()
  ///     self.window = window
  ///     return true
  ///   }
  /// }
  /// ```
  public static func main(
    _ delegateType: ApplicationDelegate.Type,
    arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) -> Never {
    let options: RuntimeOptions
    do {
      options = try AppCommand.parse(arguments).options
    } catch {
      AppCommand.exit(withError: error)
    }
    let logger = Runtime.makeLogger(level: options.logLevel)
    let code = Runtime(options: options, logger: logger).run(delegateType)
    exit(code.rawValue)
  }
}

/// The command line of an app: the standard options under the executable's own name.
struct AppCommand: ParsableCommand {
  static var configuration: CommandConfiguration {
    let name = CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "app"
    return CommandConfiguration(
      commandName: name,
      abstract: "A KioskKit app. These options are the runtime's, shared by every KioskKit app.")
  }

  @OptionGroup var options: RuntimeOptions
}

/// The launch sequence and main loop behind `Application.main`.
@MainActor
struct Runtime {
  let options: RuntimeOptions
  let logger: Logger

  static func makeLogger(level: String) -> Logger {
    LoggingSystem.bootstrap { label in
      var handler = StreamLogHandler.standardError(label: label)
      handler.logLevel = Logger.Level(rawValue: level) ?? .info
      return handler
    }
    return Logger(label: "kiosk")
  }

  func run(_ delegateType: ApplicationDelegate.Type) -> KioskExitCode {
    let rotation = Rotation(degrees: options.rotation) ?? .degrees0
    let screen = Screen(
      pointSize: Size(width: options.size.width, height: options.size.height), scale: options.scale,
      rotation: rotation)
    if let error = screen.compositor.frameError {
      logger.critical("cannot make frames for this screen: \(error)")
      return .backendUnavailable
    }
    if options.backend == .auto {
      logger.info("no panel backend in this build; using the virtual framebuffer")
    }
    let output: VirtualOutput
    do {
      output = try VirtualOutput(for: screen, timing: options.realtime ? .realTime : .manual)
    } catch {
      logger.critical("cannot create the virtual framebuffer: \(error)")
      return .backendUnavailable
    }
    if let directory = options.outputDirectory {
      do {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true)
      } catch {
        logger.critical("cannot create the output folder \(directory): \(error)")
        return .cannotWrite
      }
    }
    Screen.main = screen
    logger.info(
      "screen \(screen.bounds.size) pt at scale \(screen.scale), rotation \(rotation), virtual panel \(output.pixelWidth)×\(output.pixelHeight) px"
    )
    let loop = options.realtime ? nil : SimulatedRunLoop(outputs: [output])
    loop?.install()
    screen.attach(output)

    // The launch sequence of the seed documents: delegate, window, didFinishLaunching.
    let application = Application()
    Application.install(application)
    let delegate = delegateType.init()
    application.delegate = delegate
    guard delegate.application(application, didFinishLaunchingWithOptions: [:]) else {
      logger.error("the app refused to launch")
      return .launchRefused
    }
    if let loop {
      return runSimulated(loop, output: output)
    }
    RealTimeDriver.start()
    dispatchMain()
  }

  /// Simulated time: jump from event to event, write a PNG each time the app settles.
  private func runSimulated(_ loop: SimulatedRunLoop, output: VirtualOutput) -> KioskExitCode {
    var written = 0
    var failure: KioskExitCode?
    let end = loop.run(until: options.duration) {
      guard failure == nil, let directory = options.outputDirectory else { return }
      written += 1
      let path = (directory as NSString).appendingPathComponent(
        String(format: "screen-%02d.png", written))
      do {
        try output.writePNG(to: path)
        logger.info("wrote \(path)")
      } catch {
        logger.error("cannot write \(path): \(error)")
        failure = .cannotWrite
      }
    }
    logger.info(
      "stopped after \(String(format: "%.2f", end)) s of simulated time, \(output.framesPresented) frames presented"
    )
    return failure ?? .success
  }
}

/// Real time on the main queue: commits at the end of each turn (the default scheduler),
/// scheduled actions on a dispatch timer re-armed whenever the earliest one changes.
@MainActor
enum RealTimeDriver {
  private static var timer: DispatchSourceTimer?

  static func start() {
    ScheduledAction.scheduleDidChange = { arm() }
    arm()
  }

  private static func arm() {
    timer?.cancel()
    timer = nil
    guard let next = ScheduledAction.nextFireTime else { return }
    let source = DispatchSource.makeTimerSource(queue: .main)
    let delay = max(next - Transaction.clock(), 0)
    source.schedule(deadline: .now() + delay)
    source.setEventHandler {
      MainActor.assumeIsolated {
        ScheduledAction.runDue(at: Transaction.clock())
        arm()
      }
    }
    source.resume()
    timer = source
  }
}
