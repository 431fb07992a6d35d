#if compiler(>=6.3)
  import FoundationEssentials
#else
  // Swift 6.2 (the arm64 package's): NotificationCenter is Foundation's there
  // (KioskBase/NotificationMessages.swift).
  import Foundation
  import KioskBase
#endif

extension Screen {
  /// The screens the app can put windows on, as UIKit's `UIScreen.screens`: the main screen
  /// first, then every other screen whose display is connected, in the order they came.
  /// A window goes on another screen with `Window(screen:)`.
  ///
  /// ```swift
  /// if let customerDisplay = Screen.screens.dropFirst().first {
  ///   let window = Window(screen: customerDisplay)
  ///   window.rootViewController = OrderSummaryController()
  ///   window.isHidden = false
  /// }
  /// ```
  public static var screens: [Screen] {
    [main] + connectedScreens.filter { $0 !== main }
  }

  /// Posted when a screen's display is connected while the app runs, as UIKit's
  /// `UIScreen.DidConnectMessage`, with the screen as its subject. Screens already there
  /// at launch are in `screens` and get no message.
  ///
  /// ```swift
  /// let token = NotificationCenter.default.addObserver(
  ///   of: nil as Screen?, for: Screen.DidConnectMessage.self
  /// ) { message in showCustomerDisplay(on: message.screen) }
  /// ```
  public struct DidConnectMessage: NotificationCenter.MainActorMessage {
    public typealias Subject = Screen
    /// The screen that came.
    public let screen: Screen
  }

  /// Posted when a screen's display goes away, as UIKit's `UIScreen.DidDisconnectMessage`,
  /// with the screen as its subject. Its windows stay but show nowhere; an app usually
  /// hides them or moves what they showed to the main screen.
  public struct DidDisconnectMessage: NotificationCenter.MainActorMessage {
    public typealias Subject = Screen
    /// The screen that went.
    public let screen: Screen
  }

  /// The screens other than the main one whose displays are connected, in order.
  private static var connectedScreens: [Screen] = []

  /// Makes this screen one of `screens` (the runtime calls it once the screen has an
  /// output); `announce`: post `DidConnectMessage` (a display connected after launch).
  package func connect(announce: Bool) {
    guard !Self.connectedScreens.contains(where: { $0 === self }) else { return }
    Self.connectedScreens.append(self)
    if announce {
      NotificationCenter.default.post(DidConnectMessage(screen: self), subject: self)
    }
  }

  /// Takes this screen out of `screens` and posts `DidDisconnectMessage`.
  package func disconnect() {
    guard Self.connectedScreens.contains(where: { $0 === self }) else { return }
    Self.connectedScreens.removeAll { $0 === self }
    NotificationCenter.default.post(DidDisconnectMessage(screen: self), subject: self)
  }

  /// Forgets every connected screen (tests start from none).
  package static func forgetConnectedScreensForTesting() {
    connectedScreens.removeAll()
  }
}
