import FoundationEssentials
import KioskUI

/// Where an app keeps its files: a state folder for what must survive restarts and updates
/// (a visitor count, a queue of records not sent yet) and a cache folder for what can be
/// made again (downloaded images).
///
/// Under systemd the unit's `StateDirectory=kiosk` and `CacheDirectory=kiosk` make
/// `/var/lib/kiosk` and `/var/cache/kiosk`, owned by the service's user and writable
/// although `ProtectSystem=strict` makes the rest of the system read-only; systemd passes
/// them as `STATE_DIRECTORY` and `CACHE_DIRECTORY`. Elsewhere (development, tests) the XDG
/// folders stand in: `$XDG_STATE_HOME/APP` (`~/.local/state/APP`) and `$XDG_CACHE_HOME/APP`
/// (`~/.cache/APP`), APP being the executable's name.
enum AppDirectories {
  enum Kind {
    case state, cache

    /// systemd's variable (`StateDirectory=` → `STATE_DIRECTORY`).
    var systemdVariable: String { self == .state ? "STATE_DIRECTORY" : "CACHE_DIRECTORY" }
    /// The XDG variable and its default under the home folder.
    var xdg: (variable: String, underHome: String) {
      self == .state ? ("XDG_STATE_HOME", ".local/state") : ("XDG_CACHE_HOME", ".cache")
    }
  }

  /// The folder of `kind` for the app `appName` in `environment` (not created).
  static func path(_ kind: Kind, appName: String, environment: [String: String]) -> String {
    // systemd lists one folder per StateDirectory= entry, separated by colons: the first
    // is the unit's own.
    if let list = environment[kind.systemdVariable],
      let first = list.split(separator: ":").first, first.hasPrefix("/")
    {
      return String(first)
    }
    let base: String
    if let xdg = environment[kind.xdg.variable], xdg.hasPrefix("/") {
      base = xdg
    } else {
      let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
      base = home + "/" + kind.xdg.underHome
    }
    return base + "/" + appName
  }

  /// The folder of `kind`, created (with its parents, mode 0700) if it is missing.
  static func prepared(_ kind: Kind, environment: [String: String]) throws -> String {
    let folder = path(kind, appName: appName, environment: environment)
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    return folder
  }

  /// The executable's name, as the command line names the app.
  static var appName: String { AppCommand.configuration.commandName ?? "app" }
}

extension Application {
  /// The folder for the app's data that must survive restarts and package updates, created
  /// if missing: the unit's state directory (`/var/lib/kiosk`, from systemd's
  /// `STATE_DIRECTORY`) under systemd, else `$XDG_STATE_HOME/APP` (`~/.local/state/APP`,
  /// APP being the executable's name). Throws when the folder cannot be made (a read-only
  /// home, say), with the reason.
  public var stateDirectory: String {
    get throws {
      try AppDirectories.prepared(.state, environment: ProcessInfo.processInfo.environment)
    }
  }

  /// The folder for data the app can make again (it may be emptied between runs), created if
  /// missing: the unit's cache directory (`/var/cache/kiosk`, from systemd's
  /// `CACHE_DIRECTORY`) under systemd, else `$XDG_CACHE_HOME/APP` (`~/.cache/APP`).
  public var cacheDirectory: String {
    get throws {
      try AppDirectories.prepared(.cache, environment: ProcessInfo.processInfo.environment)
    }
  }
}
