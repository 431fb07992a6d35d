import Foundation
import KioskKit
import KioskTesting
import Testing

@testable import kiosk_demo

/// The demo as its tests start it: the shell from its storyboard (config/) in the window of
/// a test application, laid out and shown.
@MainActor
enum DemoLaunch {
  /// The checkout: #filePath is Tests/KioskDemoTests/DemoLaunch.swift, two folders down.
  nonisolated static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A `pointSize` screen at scale 1 showing the demo's shell.
  static func launch(pointSize: Size) throws -> (TestApplication, DemoShellController) {
    let app = try TestApplication(pointSize: pointSize)
    DemoApp.registerControllerClasses()
    let url = checkout.appendingPathComponent("config/kiosk-demo.\(Storyboard.fileExtension)")
    let storyboard = try Storyboard(contentsOf: url)
    let shell = try #require(storyboard.instantiateInitialViewController() as? DemoShellController)
    app.window.rootViewController = shell
    app.runUntilIdle()
    return (app, shell)
  }
}
