import KioskLinux
import KioskUI

extension Runtime {
  /// Starts the control interface on `--control-socket` (`off`: none). A socket that
  /// cannot be opened is logged, and the app goes on without it.
  func startControl(
    screen: Screen, statistics: FrameStatistics, blanker: IdleBlanker, input: LibinputSource?,
    settings: LiveSettings
  ) -> ControlServer? {
    guard options.controlSocket != "off", let output = screen.output else { return nil }
    let logger = self.logger
    let service = ControlService(
      screen: screen, output: output, statistics: statistics, logger: logger)
    service.isBlanked = { blanker.isBlanked }
    service.inputDevices = { input.map { Array($0.devices.values) } ?? [] }
    service.reloadConfiguration = configurationReloader(settings)
    let server = ControlServer(path: options.controlSocket, logger: logger) {
      await service.handle($0)
    }
    do {
      try server.start()
      logger.info("control: listening on \(options.controlSocket)")
      return server
    } catch {
      logger.warning("control: no control socket (\(error)); going on without it")
      return nil
    }
  }
}
