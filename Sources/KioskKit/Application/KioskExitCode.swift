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
