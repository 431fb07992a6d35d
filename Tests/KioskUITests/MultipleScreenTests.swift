import Foundation
import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// Screens beside the main one (a customer display on a point-of-sale kiosk): UIKit's
/// `screens`, connection notifications, windows per screen, each screen with its own size,
/// scale and frames.
@MainActor
struct MultipleScreenTests {
  @Test func theMainScreenComesFirstThenEachConnectedOne() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 200))
    var connected: [ObjectIdentifier] = []
    var disconnected: [ObjectIdentifier] = []
    let center = NotificationCenter.default
    let observers = [
      center.addObserver(of: nil as Screen?, for: Screen.DidConnectMessage.self) { message in
        connected.append(ObjectIdentifier(message.screen))
      },
      center.addObserver(of: nil as Screen?, for: Screen.DidDisconnectMessage.self) { message in
        disconnected.append(ObjectIdentifier(message.screen))
      },
    ]
    defer { for observer in observers { NotificationCenter.default.removeObserver(observer) } }
    #expect(Screen.screens.count == 1 && Screen.screens[0] === app.screen)
    // One there at launch: listed, not announced.
    let (atLaunch, _) = try app.connectScreen(
      pointSize: Size(width: 160, height: 100), announce: false)
    #expect(connected.isEmpty)
    // One plugged in later: announced, with itself as the object.
    let (later, _) = try app.connectScreen(pointSize: Size(width: 200, height: 120), scale: 2)
    #expect(connected == [ObjectIdentifier(later)])
    #expect(
      Screen.screens.map { ObjectIdentifier($0) }
        == [app.screen, atLaunch, later].map {
          ObjectIdentifier($0)
        })
    app.disconnectScreen(atLaunch)
    #expect(disconnected == [ObjectIdentifier(atLaunch)])
    #expect(Screen.screens.count == 2 && Screen.screens[1] === later)
    app.disconnectScreen(atLaunch)
    #expect(disconnected.count == 1, "a screen already gone is not announced twice")
  }

  @Test func aWindowOnAnotherScreenShowsThereAtThatScreensSizeAndScale() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 200))
    let (customer, panel) = try app.connectScreen(
      pointSize: Size(width: 100, height: 60), scale: 2)
    #expect(panel.pixelWidth == 200 && panel.pixelHeight == 120)
    let window = Window(screen: customer)
    window.backgroundColor = .red
    let badge = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    badge.backgroundColor = .blue
    window.addSubview(badge)
    window.isHidden = false
    #expect(window.frame == customer.bounds)
    #expect(window.traitCollection.displayScale == 2)
    let shown = app.snapshot(of: panel)
    #expect(shown.pixel(x: 2, y: 2) == .red)
    #expect(shown.pixel(x: 40, y: 40) == .blue, "points at scale 2: (10, 10) pt is (20, 20) px")
    #expect(app.snapshot().pixel(x: 2, y: 2) == .white, "the main screen is untouched")
    // A change on one screen repaints that screen only.
    let mainFrames = app.framesPresented
    badge.backgroundColor = .green
    #expect(app.snapshot(of: panel).pixel(x: 40, y: 40) == .green)
    #expect(app.framesPresented == mainFrames)
    window.isHidden = true
  }

  @Test func eachScreenAnimatesAtItsOwnRefreshRate() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 200))
    let (signage, panel) = try app.connectScreen(
      pointSize: Size(width: 160, height: 100), refreshRate: 30)
    let window = Window(screen: signage)
    window.isHidden = false
    let moving = [
      View(frame: Rect(x: 0, y: 0, width: 10, height: 10)),
      View(frame: Rect(x: 0, y: 0, width: 10, height: 10)),
    ]
    app.window.addSubview(moving[0])
    window.addSubview(moving[1])
    for view in moving { view.backgroundColor = .black }
    app.runUntilIdle()
    let before = (main: app.framesPresented, signage: panel.framesPresented)
    View.animate(withDuration: 1) {
      moving[0].frame.origin.x = 300
      moving[1].frame.origin.x = 150
    }
    for _ in 0..<100 { app.advance(by: 0.0125) }
    let mainFrames = app.framesPresented - before.main
    let signageFrames = panel.framesPresented - before.signage
    // One frame a refresh while animating, each panel at its own rate.
    #expect((58...62).contains(mainFrames), "\(mainFrames) frames at 60 Hz")
    #expect((28...32).contains(signageFrames), "\(signageFrames) frames at 30 Hz")
    #expect(abs(moving[1].layer.presented.position.x - 155) < 1e-6, "the animation ran to its end")
    window.isHidden = true
  }
}
