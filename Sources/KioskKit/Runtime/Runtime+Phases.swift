import Dispatch
import FoundationEssentials
import KioskGraphics
import KioskLinux
import KioskUI
import KioskVirtual
import Logging

extension Runtime {
  // MARK: Phase 1: open the display

  /// The display backends, in the order `auto` tries them. A new backend is one entry here.
  var displayBackends: [DisplayBackend] {
    [
      DisplayBackend(
        backend: .drm,
        absence: {
          let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
          return nodes.contains { $0.hasPrefix("card") } ? nil : "no DRM card (no /dev/dri/card*)"
        },
        open: { waiting in
          var configuration = drmConfiguration
          if !waiting { configuration.waitForCard = 0 }
          return try openDRM(configuration)
        }),
      DisplayBackend(
        backend: .fbdev,
        absence: {
          FileManager.default.fileExists(atPath: options.fbdev)
            ? nil : "no framebuffer at \(options.fbdev)"
        },
        open: { _ in try openFBDev() }),
    ]
  }

  /// Opens the display `--backend` names; `auto`: the first backend that is there and
  /// opens (each refusal logged), else none (the virtual framebuffer).
  func openDisplay() throws -> Panel? {
    switch options.backend {
    case .virtual:
      return nil
    case .auto:
      for candidate in displayBackends {
        if let absence = candidate.absence() {
          logger.info("backend auto: \(absence)")
          continue
        }
        do {
          return try candidate.open(false)
        } catch {
          logger.info("backend auto: \(candidate.backend.displayName) refused: \(error)")
        }
      }
      logger.info("backend auto: no display; using the virtual framebuffer")
      return nil
    case let chosen:
      guard let candidate = displayBackends.first(where: { $0.backend == chosen }) else {
        throw StartUpFailure("no backend \(chosen.rawValue)", code: .backendUnavailable)
      }
      do {
        return try candidate.open(true)
      } catch {
        throw StartUpFailure(
          "cannot open the \(chosen.displayName) display: \(error)", code: .backendUnavailable)
      }
    }
  }

  var drmConfiguration: DRMConfiguration {
    var configuration = DRMConfiguration(
      card: options.card, connector: options.connector, mode: options.mode,
      waitForCard: options.waitForCard)
    if options.planeRotation { configuration.planeRotation = options.screenRotation }
    // With no display at boot and no mode given, the screen starts at its configured size
    // (`size` at `scale`, as the panel would be mounted) until the display's mode replaces it.
    // (validate() has checked both; the clamp keeps a buffer within what DRM can make.)
    func pixels(_ points: Double) -> Int {
      Int(min(max(points * options.scale, 1), 16384).rounded())
    }
    configuration.provisionalSize = options.screenRotation.panelSize(
      forLogical: pixels(options.size.width), pixels(options.size.height))
    return configuration
  }

  private func openDRM(_ configuration: DRMConfiguration) throws -> Panel {
    let output = try DRMOutput.open(configuration: configuration, logger: logger)
    let keep = options.onExit == .lastFrame
    return Panel(output: output, shutDown: { output.shutDown(keepLastFrame: keep) })
  }

  private func openFBDev() throws -> Panel {
    let output = try FBDevOutput.open(path: options.fbdev, logger: logger)
    return Panel(output: output, shutDown: { output.shutDown() })
  }

  /// The touch script `--touch-script` names, read before anything is opened.
  func loadTouchScript() throws -> TouchScript? {
    guard let path = options.touchScript else { return nil }
    do {
      return try TouchScript(parsing: TextFile.read(path, limit: TouchLimits.maximumScriptSize))
    } catch let refusal as TextFile.Refusal {
      let place = refusal.line.map { "\(path):\($0)" } ?? path
      throw StartUpFailure("cannot use the touch script \(place): \(refusal)", code: .usage)
    } catch {
      throw StartUpFailure("cannot use the touch script \(path): \(error)", code: .usage)
    }
  }

  // MARK: Phase 2: make the screen

  /// The screen that fills the panel (or `--size` on the virtual framebuffer), shown on its
  /// output; `Screen.main` from now on.
  func makeScreen(on panel: Panel?) throws -> ShownScreen {
    let rotation = options.screenRotation
    let screen =
      panel.map {
        Screen(
          panelWidth: $0.output.pixelWidth, panelHeight: $0.output.pixelHeight,
          scale: options.scale, rotation: rotation)
      }
      ?? Screen(
        pointSize: Size(width: options.size.width, height: options.size.height),
        scale: options.scale, rotation: rotation)
    if let error = screen.compositor.frameError {
      throw StartUpFailure(
        "cannot make frames for this screen: \(error)", code: .backendUnavailable)
    }
    let virtual = try panel == nil ? makeVirtualOutput(for: screen) : nil
    Screen.main = screen
    let output: DisplayOutput = panel?.output ?? virtual ?? screen.output ?? NoOutput()
    logger.info(
      "KioskKit \(KioskKitVersion.string): screen \(screen.bounds.size) pt at scale \(screen.scale), rotation \(rotation), on \(output.name) (\(output.pixelWidth)×\(output.pixelHeight) px)"
    )
    StartupTrace.mark("screen")
    let loop =
      virtual != nil && !options.realtime
      ? SimulatedRunLoop(outputs: virtual.map { [$0] } ?? []) : nil
    loop?.install()
    let frameStatistics = FrameStatistics()
    screen.attach(
      loop == nil
        ? FrameRecordingOutput(output, statistics: frameStatistics, logger: logger) : output)
    return ShownScreen(
      screen: screen, output: output, virtual: virtual, simulatedLoop: loop,
      frameStatistics: frameStatistics)
  }

  /// The virtual framebuffer that shows `screen` when there is no panel, and the folder
  /// its PNGs go to (`--output`).
  private func makeVirtualOutput(for screen: Screen) throws -> VirtualOutput {
    let virtual: VirtualOutput
    do {
      virtual = try VirtualOutput(for: screen, timing: options.realtime ? .realTime : .manual)
    } catch {
      throw StartUpFailure(
        "cannot create the virtual framebuffer: \(error)", code: .backendUnavailable)
    }
    if options.outputDirectory != nil, options.realtime {
      // PNGs are written each time simulated time comes to rest; real time has no such point.
      logger.warning(
        "--output writes PNGs in simulated time only; with --realtime none are written")
    }
    if let directory = options.outputDirectory {
      do {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw StartUpFailure(
          "cannot create the output folder \(directory): \(error)", code: .cannotWrite)
      }
    }
    return virtual
  }

  // MARK: Phase 3: launch the app

  /// The launch sequence of the seed documents: delegate, then (with a main storyboard) a
  /// window with the storyboard's initial controller as its root, then
  /// `didFinishLaunching`, where the delegate builds or configures the window, then (with a
  /// main storyboard) `makeKeyAndVisible`.
  func launchApp(_ delegateType: ApplicationDelegate.Type) throws {
    let application = Application()
    Application.install(application)
    application.keyboardSettings = options.keyboardSettings
    let logger = self.logger
    Storyboard.errorHandler = { logger.error("\($0)") }
    let launched: Bool
    if let path = options.mainStoryboard {
      do {
        launched = try application.launch(delegateType, mainStoryboard: path)
      } catch {
        throw StartUpFailure("cannot start with the main storyboard: \(error)", code: .usage)
      }
    } else {
      launched = application.launch(delegateType)
    }
    guard launched else { throw StartUpFailure("the app refused to launch", code: .launchRefused) }
    StartupTrace.mark("launched")
  }

  // MARK: Phase 4: start the services

  /// Blanking, input, live settings, systemd, the control socket, metrics, SIGHUP,
  /// real-time scheduling, and the ways the app stops (the harness, `--duration`, signals),
  /// each registered with the stop path as it starts.
  func startServices(
    on shown: ShownScreen, others: [SecondaryScreen], panel: Panel?, seat: Seat?,
    stopPath: StopPath
  ) -> RunningServices {
    let screen = shown.screen
    let output = shown.output
    let application = Application.shared
    let blanker = IdleBlanker(
      output: output, others: others.map(\.output), timeout: options.blankAfter, logger: logger)
    application.userActivityHandler = { blanker.userActivity() }
    application.blankingHandler = { blanker.setBlanked($0) }
    blanker.cec = startCEC(onDisplay: panel != nil)
    blanker.start()
    let input = startInput(on: screen, others: others, withPanel: panel != nil)
    let settings = LiveSettings(
      options: options, appKeyValues: appKeyValues, blanker: blanker, logger: logger
    ) {
      startMemoryWarnings($0)
    }
    let accessibility = AccessibilityService(
      application: application, options: options,
      makeSpeech: AccessibilityService.systemSpeech(logger: logger), logger: logger)
    settings.accessibility = accessibility
    let scheduler = DisplayScheduler(blanker: blanker, logger: logger)
    scheduler.apply(options)
    settings.scheduler = scheduler
    settings.scannersDidChange = {
      input?.updateScanners($0.scannerMatches, gap: $0.scanGapSeconds)
    }
    accessibility.readerDidChange = { _ in settings.updateBlankTimeout() }
    accessibility.start()
    let headphones = input == nil ? nil : startHeadphoneSwitch(for: accessibility)
    let service = startService(
      output: output, screen: screen, others: others, blanker: blanker, seat: seat, input: input)
    stopPath.notifier = service.notifier
    let screens = screenReports(main: shown, others: others)
    let control = startControl(
      screen: screen, statistics: shown.frameStatistics, screens: screens, blanker: blanker,
      input: input, settings: settings, accessibility: accessibility, scheduler: scheduler)
    stopPath.control = control
    let metrics = startMetrics(
      screen: screen, statistics: shown.frameStatistics, screens: screens, blanker: blanker,
      input: input, scheduler: scheduler)
    stopPath.metrics = metrics
    let hangUp = reloadOnHangUp(configurationReloader(settings), notifier: service.notifier)
    RealTimeDriver.start()
    if options.handshake {
      Handshake.start(on: output, screen: screen) { stopPath.stop("stopped by the harness") }
    }
    if let duration = options.duration {
      DispatchQueue.main.asyncAfter(deadline: .now() + duration) {
        MainActor.assumeIsolated { () -> Void in stopPath.stop("stopped after \(duration) s") }
      }
    }
    ExitOnSignal.install { signal in stopPath.stop("stopped by \(signal)") }
    return RunningServices(
      input: input, settings: settings, service: service, control: control, metrics: metrics,
      hangUp: hangUp, accessibility: accessibility, headphones: headphones)
  }
}

extension Runtime {
  /// Every screen as status and metrics report it, the main one first.
  func screenReports(main: ShownScreen, others: [SecondaryScreen])
    -> @MainActor () -> [ScreenReport]
  {
    {
      [
        ScreenReport(
          screen: main.screen, output: main.output, statistics: main.frameStatistics,
          isMain: true)
      ]
        + others.map {
          ScreenReport(
            screen: $0.screen, output: $0.output, statistics: $0.frameStatistics, isMain: false)
        }
    }
  }
}

extension RuntimeOptions {
  /// `rotation` as a `Rotation` (validate() admits only 0, 90, 180 and 270).
  var screenRotation: Rotation { Rotation(degrees: rotation) ?? .degrees0 }
}

extension RuntimeOptions.Backend {
  /// How logs name the backend: `DRM`, `fbdev`.
  var displayName: String {
    switch self {
    case .drm: "DRM"
    case .fbdev: "fbdev"
    case .virtual: "virtual"
    case .auto: "auto"
    }
  }
}
