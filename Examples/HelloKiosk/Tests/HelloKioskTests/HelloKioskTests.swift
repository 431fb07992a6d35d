import KioskKit
import KioskTesting
import Testing

@testable import HelloKiosk

@MainActor @Test func theGreetingIsShownAndTheButtonCounts() throws {
  let app = try TestApplication(pointSize: Size(width: 640, height: 400), scale: 2)
  let delegate = try app.launch(HelloKiosk.self)
  let controller = try #require(delegate.window?.rootViewController as? GreetingController)
  app.tap(at: Point(x: 320, y: 235))
  #expect(controller.taps == 1)
  try assertSnapshot(of: app, named: "hello-tapped-once")
}
