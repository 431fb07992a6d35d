import KioskLinux
import KioskUI

extension Runtime {
  /// Starts the control interface on `--control-socket` (`off`: none). A socket that
  /// cannot be opened is logged, and the app goes on without it.
  func startControl(
    screen: Screen, statistics: FrameStatistics, screens: @escaping @MainActor () -> [ScreenReport],
    blanker: IdleBlanker, input: LibinputSource?, settings: LiveSettings,
    accessibility: AccessibilityService? = nil, scheduler: DisplayScheduler? = nil
  ) -> ControlServer? {
    guard options.controlSocket != "off", let output = screen.output else { return nil }
    let logger = self.logger
    let service = ControlService(
      screen: screen, output: output, statistics: statistics, logger: logger)
    service.isBlanked = { blanker.isBlanked }
    if let scheduler { service.schedule = { scheduler.report } }
    if let cec = blanker.cec { service.cec = { cec.report } }
    service.screens = screens
    service.inputDevices = { input.map { Array($0.devices.values) } ?? [] }
    service.reloadConfiguration = configurationReloader(settings)
    service.screenshotFolder = options.screenshotFolderInUse
    service.accessibility = accessibility
    let server = ControlServer(
      path: options.controlSocket, group: options.controlGroup, logger: logger
    ) {
      await service.handle($0)
    }
    do {
      try server.start()
      let access = options.controlGroup.map { " (mode 0660, group \($0))" } ?? ""
      logger.info("control: listening on \(options.controlSocket)\(access)")
      return server
    } catch {
      logger.warning("control: no control socket (\(error)); going on without it")
      return nil
    }
  }

  /// Counts frames, seat changes and memory warnings for `KioskMetrics`, samples the
  /// display and input for its gauges, makes its registry swift-metrics' backend, and with
  /// `--metrics-textfile` writes the metrics there every `--metrics-interval` seconds.
  func startMetrics(
    screen: Screen, statistics: FrameStatistics, screens: @escaping @MainActor () -> [ScreenReport],
    blanker: IdleBlanker, input: LibinputSource?, scheduler: DisplayScheduler? = nil
  ) -> MetricsTextfileWriter? {
    let metrics = KioskMetrics.shared
    metrics.bootstrapMetricsSystem()
    statistics.metrics = metrics
    let output = screen.output
    metrics.sample = {
      let base = (output as? FrameRecordingOutput)?.base ?? output
      var kinds: [String: Int] = [:]
      for device in input.map({ Array($0.devices.values) }) ?? [] {
        if device.capabilities.contains(.touch) { kinds["touch", default: 0] += 1 }
        if device.capabilities.contains(.pointer) { kinds["pointer", default: 0] += 1 }
        if device.capabilities.contains(.keyboard) { kinds["keyboard", default: 0] += 1 }
      }
      return KioskMetrics.Sample(
        displayConnected: (base as? DRMOutput)?.isConnected ?? (base?.isActive ?? false),
        width: output?.pixelWidth ?? 0, height: output?.pixelHeight ?? 0,
        refreshRate: output?.refreshRate ?? 0, blanked: blanker.isBlanked,
        inputDevices: kinds, lastActivity: blanker.lastActivity, screens: screens(),
        schedule: scheduler?.report ?? ScheduleReport(),
        cec: blanker.cec?.report ?? CECReport())
    }
    guard let path = options.metricsTextfile else { return nil }
    let writer = MetricsTextfileWriter(
      path: path, interval: options.metricsInterval, metrics: metrics, logger: logger)
    writer.start()
    logger.info("metrics: writing \(path) every \(options.metricsInterval) s")
    return writer
  }
}
