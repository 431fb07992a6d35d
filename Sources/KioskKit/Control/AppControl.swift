import KioskControl
import KioskUI

/// The app's own requests and status lines on the control socket.
@MainActor
enum AppControl {
  /// A request of the app's own.
  struct Command {
    let name: String
    let help: String
    let handler: @MainActor (String) throws -> [String]
  }

  /// The app's requests, in the order they were added.
  static var commands: [Command] = []
  /// The app's `key: value` lines of `status`, in the order they were added.
  static var statusLines: [(key: String, value: @MainActor () -> String)] = []

  /// The request named `name`, if the app added one.
  static func command(named name: String) -> Command? {
    commands.first { $0.name == name }
  }
}

/// Why a control request or status line of the app's own cannot be added.
public struct AppControlError: Error, CustomStringConvertible {
  /// What is wrong, naming what clashes.
  public let description: String
}

extension Application {
  /// Adds a request of the app's own to the control socket: `kioskctl NAME [ARGUMENT…]`
  /// (or the line `NAME ARGUMENT` on the socket) calls `handler` on the main actor with the
  /// text after the name (empty when there is none). The lines it returns follow `ok` in the
  /// reply; an error it throws is the reply's `error: …` reason. `kioskctl help` lists the
  /// request with `help`.
  ///
  /// ```swift
  /// try app.addControlCommand("checkin-count", help: "Visitors checked in today") { _ in
  ///   ["checked in: \(store.count)"]
  /// }
  /// ```
  ///
  /// Throws when `name` is not lower-case letters, digits and `-`, names a request of
  /// KioskKit's own (`status`, `screenshot`…), or was added already.
  public func addControlCommand(
    _ name: String, help: String,
    handler: @escaping @MainActor (_ argument: String) throws -> [String]
  ) throws(AppControlError) {
    guard ControlRequest.isAppRequestName(name) else {
      throw AppControlError(
        description:
          "the control request \"\(name)\" must be lower-case letters, digits and -")
    }
    guard !ControlRequest.standardNames.contains(name) else {
      throw AppControlError(
        description:
          "the control request \(name) is one of KioskKit's own; name the app's another way")
    }
    guard AppControl.command(named: name) == nil else {
      throw AppControlError(description: "the control request \(name) was added already")
    }
    AppControl.commands.append(.init(name: name, help: help, handler: handler))
  }

  /// Adds a `key: value` line to `kioskctl status` (after KioskKit's), its value read from
  /// `value` at each request; `status json` has it in its `app` object. A key may not hold
  /// `:` or line breaks, and line breaks in a value become spaces.
  public func addStatusLine(_ key: String, value: @escaping @MainActor () -> String)
    throws(AppControlError)
  {
    guard !key.isEmpty, !key.contains(":"), !key.contains(where: \.isNewline) else {
      throw AppControlError(
        description: "the status key \"\(key)\" must be one line without \":\"")
    }
    guard !AppControl.statusLines.contains(where: { $0.key == key }) else {
      throw AppControlError(description: "the status line \(key) was added already")
    }
    AppControl.statusLines.append((key, value))
  }
}
