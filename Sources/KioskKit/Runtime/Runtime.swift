import Dispatch
import FoundationEssentials
import Glibc
import KioskBase
import KioskLinux
import KioskUI
import KioskVirtual
import Logging

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
    configuration.scanners = options.scannerMatches
    configuration.scanGap = options.scanGapSeconds
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
      let path = joinedPath(directory, name)
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
      bytes.map { String(Double($0) / 1_048_576, decimals: 1) } ?? "?"
    }
    let resident = atEnd.map { _ in
      ", resident memory \(megabytes(atEnd)) MB (\(megabytes(afterWarning)) MB after a memory warning, \(megabytes(anonymousAfterWarning)) MB of it anonymous, \(megabytes(heapAfterWarning)) MB heap in use)"
    }
    logger.info(
      "stopped after \(String(end, decimals: 2)) s of simulated time, \(output.framesPresented) frames presented\(resident ?? "")"
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
    let base = safe.isEmpty ? "screen-" + String(number, digits: 2) : String(safe.prefix(80))
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
