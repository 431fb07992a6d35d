import KioskGraphics
import KioskLinux
import KioskUI
import KioskVirtual
import Logging

extension Runtime {
  /// The size a screen runs at while its display is not connected and no mode is given, and
  /// the size of a second virtual framebuffer without a mode.
  static let secondaryStandInSize = (width: 1024, height: 600)

  /// Opens the output of each screen besides the main one and makes its screen, before the
  /// app launches (so that `Screen.screens` has those with a display from the start). On DRM
  /// each gets its own CRTC (on the main screen's card when that card has the connector);
  /// on the virtual framebuffer, a second framebuffer of the mode's size. A screen that
  /// cannot be opened is logged and left out: the main screen matters more.
  func makeSecondaryScreens(beside panel: Panel?, simulatedLoop: SimulatedRunLoop?)
    -> [SecondaryScreen]
  {
    let specs = options.screens.compactMap(SecondaryScreenSpec.init(parsing:))
    guard !specs.isEmpty else { return [] }
    var opened: [DRMOutput] = (panel?.output as? DRMOutput).map { [$0] } ?? []
    var screens: [SecondaryScreen] = []
    for spec in specs {
      let shown: (output: DisplayOutput, virtual: VirtualOutput?, shutDown: @MainActor () -> Void)
      if panel == nil {
        let size = spec.mode.flatMap(DRMMode.size(of:)) ?? Self.secondaryStandInSize
        do {
          let virtual = try VirtualOutput(
            name: spec.connector, pixelWidth: size.width, pixelHeight: size.height,
            timing: options.realtime ? .realTime : .manual)
          shown = (virtual, virtual, {})
        } catch {
          logger.error("screen \(spec.connector): no virtual framebuffer (\(error)); left out")
          continue
        }
      } else if !opened.isEmpty {
        var configuration = DRMConfiguration(
          card: spec.card, connector: spec.connector, mode: spec.mode, waitForCard: 0)
        configuration.provisionalSize = Self.secondaryStandInSize
        do {
          let output = try DRMOutput.open(
            configuration: configuration, besides: opened, logger: logger)
          opened.append(output)
          let keep = options.onExit == .lastFrame
          shown = (output, nil, { output.shutDown(keepLastFrame: keep) })
        } catch {
          logger.error("screen \(spec.connector): \(error); going on without it")
          continue
        }
      } else {
        logger.warning(
          "screen \(spec.connector): other screens need DRM (the main screen is on \(panel?.output.name ?? "none")); left out"
        )
        continue
      }
      if let screen = makeSecondaryScreen(spec, on: shown.output, loop: simulatedLoop) {
        screens.append(
          SecondaryScreen(
            spec: spec, screen: screen.screen, output: shown.output, virtual: shown.virtual,
            frameStatistics: screen.statistics, shutDown: shown.shutDown))
      } else {
        shown.shutDown()
      }
    }
    return screens
  }

  /// The screen of `spec` on `output`: attached, in `Screen.screens` when its display is
  /// connected, and added or taken out as the display comes and goes.
  private func makeSecondaryScreen(
    _ spec: SecondaryScreenSpec, on output: DisplayOutput, loop: SimulatedRunLoop?
  ) -> (screen: Screen, statistics: FrameStatistics)? {
    let rotation = Rotation(degrees: spec.rotation) ?? .degrees0
    let screen = Screen(
      panelWidth: output.pixelWidth, panelHeight: output.pixelHeight,
      scale: spec.scale ?? options.scale, rotation: rotation)
    if let error = screen.compositor.frameError {
      logger.error("screen \(spec.connector): cannot make frames (\(error)); left out")
      return nil
    }
    let statistics = FrameStatistics()
    if let virtual = output as? VirtualOutput, let loop {
      loop.outputs.append(virtual)
      screen.attach(virtual)
    } else {
      screen.attach(FrameRecordingOutput(output, statistics: statistics, logger: logger))
    }
    let logger = self.logger
    let drm = output as? DRMOutput
    drm?.connectionHandler = { [weak screen] connected in
      guard let screen else { return }
      if connected {
        logger.info("screen \(spec.connector): display connected (\(screen.bounds.size) pt)")
        screen.connect(announce: true)
      } else {
        logger.info("screen \(spec.connector): display gone; its windows show nowhere")
        screen.disconnect()
      }
    }
    if drm?.isConnected ?? true { screen.connect(announce: false) }
    logger.info(
      "screen \(spec.connector): \(screen.bounds.size) pt at scale \(screen.scale), rotation \(rotation), on \(output.name) (\(output.pixelWidth)×\(output.pixelHeight) px)\(drm.map { $0.isConnected ? "" : ", no display yet" } ?? "")"
    )
    return (screen, statistics)
  }
}
