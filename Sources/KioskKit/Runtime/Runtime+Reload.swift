import Dispatch
import Glibc
import KioskLinux
import Logging

extension Runtime {
  /// Loads the configuration file again and applies its live keys to `settings`; returns a
  /// line per changed key. Nil when the app runs without a configuration file.
  /// The file is read off the main queue, within `LiveSettings.reloadTimeLimit`.
  func configurationReloader(_ settings: LiveSettings) -> (@MainActor () async throws -> [String])?
  {
    guard let file = configurationFile else { return nil }
    let (commandLine, storyboard) = (self.commandLine, appMainStoryboard)
    return {
      try await settings.reloadOffMainQueue(
        file: file, commandLine: commandLine, appMainStoryboard: storyboard)
    }
  }

  /// SIGHUP reloads the configuration as `kioskctl reload-config` does (what
  /// `systemctl reload kiosk`, the unit's `ExecReload=`, sends), between RELOADING=1 and
  /// READY=1. The outcome goes to the log; an error leaves the running settings as they were.
  func reloadOnHangUp(
    _ reload: (@MainActor () async throws -> [String])?, notifier: SystemdNotifier
  ) -> DispatchSourceSignal {
    signal(SIGHUP, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: .main)
    let logger = self.logger
    source.setEventHandler {
      MainActor.assumeIsolated {
        guard let reload else {
          logger.warning("SIGHUP: no configuration file to reload")
          return
        }
        Task { @MainActor in
          await notifier.reloading {
            do {
              let changes = try await reload()
              logger.notice("SIGHUP: configuration reloaded: \(changes.count) changes")
            } catch {
              logger.error("SIGHUP: configuration not reloaded: \(error)")
            }
          }
        }
      }
    }
    source.resume()
    return source
  }
}
