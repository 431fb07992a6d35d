import ArgumentParser
import Foundation
import KioskGraphics
import KioskLinux
import KioskRime
import KioskUI
import KioskVersion
import KioskVirtual
import Logging

/// Exit codes of KioskKit apps.
public enum KioskExitCode: Int32, Sendable {
  /// Ran and stopped normally.
  case success = 0
  /// The app's delegate refused to launch.
  case launchRefused = 1
  /// A command-line option, the configuration or a file it names (a touch script, the
  /// main storyboard) was wrong or could not be used, or the app was started setuid root.
  case usage = 64
  /// The backend could not start (no display, no memory for buffers…).
  case backendUnavailable = 69
  /// Frames could not be written where asked.
  case cannotWrite = 73
}

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
      FileHandle.standardError.write(
        Data(
          "error: the app's options (\(AppOptions.self)) reuse \(list), which KioskKit's standard options already name; rename the app's\n"
            .utf8))
      exit(KioskExitCode.usage.rawValue)
    }
    let parser: CommandLineParser
    do {
      parser = try .with(AppOptions.self)
    } catch {
      FileHandle.standardError.write(Data("error: \(error)\n".utf8))
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

/// The launch sequence and main loop behind `Application.main`.
@MainActor
struct Runtime {
  let options: RuntimeOptions
  let logger: Logger
  /// The configuration file in use and the command line over it, for `reload-config`.
  var configurationFile: String?
  var commandLine: [String] = []
  /// The app's own main storyboard (`Application.main(_:mainStoryboard:)`), for `reload-config`.
  var appMainStoryboard: String?
  /// The values the file and environment gave the app's own configuration keys, for
  /// `reload-config`.
  var appKeyValues: [String: [String]] = [:]

  /// The level every logger of the process follows (`log.level`, which `reload-config`
  /// changes while the app runs).
  nonisolated static let logLevel = SharedLogLevel(.info)

  static func makeLogger(level: String, format: RuntimeOptions.LogFormat = .auto) -> Logger {
    logLevel.value = Logger.Level(rawValue: level) ?? .info
    LoggingSystem.bootstrap { label in
      SharedLevelLogHandler(
        base: makeLogHandler(label: label, level: .trace, format: format), shared: logLevel)
    }
    return Logger(label: "kiosk")
  }

  /// Runs the app in four phases — open the display, make the screen, launch the app,
  /// start the services — then the main loop. A phase that fails ends the run through the
  /// stop path with its exit code.
  func run(_ delegateType: ApplicationDelegate.Type) -> KioskExitCode {
    if let refusal = PrivilegeCheck.refusal() {
      logger.critical("\(refusal)")
      return .usage
    }
    if options.connector == "list" || options.mode == "list" {
      print(DRMOutput.describeAll())
      print(InputDeviceList.describeAll())
      return .success
    }
    let seat = options.backend == .virtual ? nil : openSeat()
    let stopPath = StopPath(logger: logger)
    do {
      var touchScript = try loadTouchScript()
      let panel = try openDisplay()
      // From here on every way out goes through the stop path, which lets go of the display.
      stopPath.releaseDisplay = panel?.shutDown
      let shown = try makeScreen(on: panel)
      let others = makeSecondaryScreens(beside: panel, simulatedLoop: shown.simulatedLoop)
      if !others.isEmpty {
        // The other screens' outputs go first: the main one may hold the card's DRM master.
        stopPath.releaseDisplay = {
          for other in others.reversed() { other.shutDown() }
          panel?.shutDown()
        }
      }
      try launchApp(delegateType)
      if let touchScript {
        logger.info(
          "replaying \(touchScript.frames.count) touch frames over \(touchScript.duration) s")
        touchScript.play(on: shown.screen)
      }
      // Each scheduled frame holds its own touches, let go once it is played; the script
      // need not keep them all for the whole run (a soak run's has hundreds of thousands).
      touchScript = nil
      if let loop = shown.simulatedLoop, let virtual = shown.virtual {
        if options.input == .libinput {
          logger.warning("input: libinput needs real time on the virtual framebuffer (--realtime)")
        }
        return runSimulated(loop, output: virtual, others: others)
      }
      let services = startServices(
        on: shown, others: others, panel: panel, seat: seat, stopPath: stopPath)
      withExtendedLifetime(services) { dispatchMain() }
    } catch let failure as StartUpFailure {
      return stopPath.startUpFailed(failure.reason, code: failure.code)
    } catch {
      return stopPath.startUpFailed("\(error)", code: .usage)
    }
  }

  /// Starts libinput if `--input` asks for it (`auto`: with a display backend). Input that
  /// cannot start is logged, and the app runs without it.
  func startInput(on screen: Screen, others: [SecondaryScreen], withPanel: Bool)
    -> LibinputSource?
  {
    switch options.input {
    case .none: return nil
    case .auto where !withPanel: return nil
    case .auto, .libinput: break
    }
    var configuration = LibinputConfiguration()
    configuration.seat = options.seat
    configuration.devicePaths = options.inputDevices
    configuration.calibration = options.touchCalibration.flatMap(TouchCalibration.init(parsing:))
    configuration.touchOutput = options.touchOutput
    for other in others where !other.spec.touchDevices.isEmpty {
      configuration.touchDevices[other.output.name, default: []] += other.spec.touchDevices
    }
    configuration.keyboardLayout = KeyboardLayout(
      layout: options.keyboardLayout, variant: options.keyboardVariant,
      options: options.keyboardOptions)
    let devices =
      options.inputDevices.isEmpty
      ? "seat \(options.seat)" : options.inputDevices.joined(separator: ", ")
    do {
      let source = try LibinputSource(
        screen: screen, otherScreens: others.map(\.screen), configuration: configuration,
        logger: logger)
      logger.info("input: libinput on \(devices)")
      source.start()
      return source
    } catch {
      logger.error("input: cannot read input from \(devices): \(error); going on without input")
      return nil
    }
  }

  /// Simulated time: jump from event to event, write a PNG each time the app settles.
  private func runSimulated(
    _ loop: SimulatedRunLoop, output: VirtualOutput, others: [SecondaryScreen]
  ) -> KioskExitCode {
    var written = 0
    var usedNames: Set<String> = []
    var lastName: String?
    var failure: KioskExitCode?
    let end = loop.run(until: options.duration ?? 120) {
      guard failure == nil, let directory = options.outputDirectory else { return }
      written += 1
      // A named screen is written once, when it first comes to rest: a blinking caret
      // makes it come to rest again and again.
      let screenName = Application.shared.screenName
      if let screenName, screenName == lastName { return }
      lastName = screenName
      let name = Self.pngName(for: screenName, number: written, used: &usedNames)
      let path = (directory as NSString).appendingPathComponent(name)
      do {
        try output.writePNG(to: path)
        logger.info("wrote \(path)")
        // Each other screen beside it: `NAME-CONNECTOR.png` (e.g. recipes-virtual-2.png).
        for other in others where Screen.screens.contains(where: { $0 === other.screen }) {
          guard let virtual = other.virtual, virtual.frontBuffer != nil else { continue }
          let otherPath = String(path.dropLast(4)) + "-\(other.spec.connector.lowercased()).png"
          try virtual.writePNG(to: otherPath)
          logger.info("wrote \(otherPath)")
        }
      } catch {
        logger.error("cannot write \(path): \(error)")
        failure = .cannotWrite
      }
    }
    // Resident memory at the end, then after a memory warning (caches let go, freed memory
    // given back, as an idle kiosk app's would be after one) and the anonymous part of that
    // (heap and buffers, not the files mapped): what a run keeps, for soak runs of
    // `--touch-script`.
    let atEnd = ProcessMemory.residentBytes()
    Application.shared.simulateMemoryWarning()
    loop.runUntilIdle()
    let afterWarning = ProcessMemory.residentBytes()
    let anonymousAfterWarning = ProcessMemory.anonymousResidentBytes()
    let heapAfterWarning = ProcessMemory.heapBytesInUse()
    func megabytes(_ bytes: Int?) -> String {
      bytes.map { String(format: "%.1f", Double($0) / 1_048_576) } ?? "?"
    }
    let resident = atEnd.map { _ in
      ", resident memory \(megabytes(atEnd)) MB (\(megabytes(afterWarning)) MB after a memory warning, \(megabytes(anonymousAfterWarning)) MB of it anonymous, \(megabytes(heapAfterWarning)) MB heap in use)"
    }
    logger.info(
      "stopped after \(String(format: "%.2f", end)) s of simulated time, \(output.framesPresented) frames presented\(resident ?? "")"
    )
    return failure ?? .success
  }
}

extension Runtime {
  /// The file name of the `number`th PNG: the app's `screenName` made safe for a file
  /// name (lower-case letters, digits and dashes), with "-2", "-3"… when the screen was
  /// written before; `screen-NN.png` when the app names none.
  static func pngName(for screenName: String?, number: Int, used: inout Set<String>) -> String {
    let safe = String(
      (screenName ?? "").lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" }
    )
    .split(separator: "-").joined(separator: "-")
    let base = safe.isEmpty ? String(format: "screen-%02d", number) : String(safe.prefix(80))
    var name = base
    var copy = 1
    while used.contains(name) {
      copy += 1
      name = "\(base)-\(copy)"
    }
    used.insert(name)
    return name + ".png"
  }
}

/// A display the runtime drives, whichever backend opened it.
@MainActor
struct Panel {
  /// Where frames go.
  let output: DisplayOutput
  /// Lets go of the display on exit (stops its timers, gives the screen back).
  let shutDown: @MainActor () -> Void
}

/// An output for the impossible case of having none, so types line up; shows nothing.
@MainActor
final class NoOutput: DisplayOutput {
  let name = "none"
  let pixelWidth = 1
  let pixelHeight = 1
  let refreshRate = 60.0
  let isActive = false
  var frameHandler: (@MainActor (Double) -> Void)?
  func present(_ frame: PixelBuffer, damage: Region, rotation: Rotation) throws {}
  func requestFrameEvent() {}
}

/// For test harnesses (`--handshake`): when no frame has been shown for a while after one
/// was, print `KIOSK SETTLED n NAME WxH frames=N` (N: frames composited so far) and wait
/// for a line on standard input before going on, so the host can capture the screen while
/// this process still holds it. The line `quit` ends the app cleanly (as SIGTERM does), so
/// a harness need not guess a `--duration` long enough for a slow machine.
@MainActor
enum Handshake {
  private static var quietTimer: DispatchSourceTimer?
  private static var settledCount = 0
  private static var detector = SettleDetector()

  static func start(
    on output: DisplayOutput, screen: Screen, quit: @escaping @MainActor () -> Void
  ) {
    let timer = DispatchSource.makeTimerSource(queue: .main)
    timer.schedule(deadline: .now() + 0.1, repeating: 0.1)
    timer.setEventHandler {
      MainActor.assumeIsolated {
        // Every screen's frames: a second screen still painting has not settled either.
        let frames = Screen.screens.reduce(0) { $0 + $1.compositor.framesComposited }
        guard
          detector.hasSettled(
            frames: frames, busy: Transaction.isCommitPending || View.areAnimationsRunning,
            at: monotonicSeconds())
        else { return }
        settledCount += 1
        print(
          "KIOSK SETTLED \(settledCount) \(output.name) \(output.pixelWidth)x\(output.pixelHeight)"
            + " frames=\(frames)")
        fflush(nil)  // all streams: stdout is a global C variable Swift 6 will not touch
        if readLine() == "quit" { quit() }
      }
    }
    timer.resume()
    quietTimer = timer
  }
}

/// When the screen has come to rest: new frames since the last report, then none, and
/// nothing pending, for `quietPeriod` seconds by the clock. The clock, not a count of timer
/// ticks: after a long turn of the main queue (a slow start's first frame) a late tick and
/// the next one can come milliseconds apart, and two ticks that saw the same frame count
/// would then report a frame a display with deferred I/O (fbdev on DRM) does not show yet.
struct SettleDetector {
  /// Seconds without frames (or pending work) before the screen counts as settled.
  var quietPeriod = 0.3
  private var lastFrames = -1
  private var reportedFrames = 0
  private var quietSince = 0.0

  /// Looks at the frame count at `time`; returns whether the screen has settled since the
  /// last report (and counts this as one).
  mutating func hasSettled(frames: Int, busy: Bool, at time: Double) -> Bool {
    if frames != lastFrames || busy {
      lastFrames = frames
      quietSince = time
      return false
    }
    guard frames > reportedFrames, time - quietSince >= quietPeriod else { return false }
    reportedFrames = frames
    return true
  }
}

/// SIGTERM and SIGINT end the process cleanly: `stop` is called with the signal's name
/// (the runtime's stop path, which exits).
@MainActor
enum ExitOnSignal {
  private static var sources: [DispatchSourceSignal] = []

  static func install(_ stop: @escaping @MainActor (String) -> Void) {
    for (number, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
      source.setEventHandler {
        MainActor.assumeIsolated { stop(name) }
      }
      source.resume()
      sources.append(source)
    }
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
