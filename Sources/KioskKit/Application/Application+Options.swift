import ArgumentParser
import KioskUI
#if compiler(>=6.3)
  import FoundationEssentials
#else
  // Swift 6.2 (the arm64 package's): NotificationCenter is Foundation's there
  // (KioskBase/NotificationMessages.swift).
  import Foundation
  import KioskBase
#endif

/// The app's own options as parsed at launch, for `Application.options(_:)`.
@MainActor
enum AppOptionsStore {
  static var parsed: (any ParsableArguments)? {
    get { KioskUI.Application.appOptions as? any ParsableArguments }
    set { KioskUI.Application.appOptions = newValue }
  }
}

extension Application {
  /// Posted on the main queue after `reload-config` (or SIGHUP) changed a key of the app's
  /// own configuration table (`AppConfigurationTable`): `options(_:)` has the new values.
  /// The subject is the application.
  public struct OptionsDidChangeMessage: NotificationCenter.MainActorMessage {
    public typealias Subject = Application
    /// The application.
    public let application: Application
  }

  /// The app's own command-line options, parsed at launch beside the standard ones: pass
  /// their type to `Application.main(_:options:)`, then read them here (from
  /// `application(_:didFinishLaunchingWithOptions:)` on). `nil` when the app was started
  /// without that type; a test gives them with `TestApplication.launch(_:options:)`
  /// (`try app.launch(CheckInApp.self, options: CheckInOptions.parse(["--venue", "Hall B"]))`).
  ///
  /// ```swift
  /// struct CheckInOptions: ParsableArguments {
  ///   @Option(help: "The venue shown on the welcome screen.") var venue = "Main hall"
  /// }
  /// // in main(): Application.main(CheckInApp.self, options: CheckInOptions.self)
  /// let venue = Application.shared.options(CheckInOptions.self)?.venue
  /// ```
  public func options<AppOptions: ParsableArguments>(_ type: AppOptions.Type) -> AppOptions? {
    AppOptionsStore.parsed as? AppOptions
  }
}
