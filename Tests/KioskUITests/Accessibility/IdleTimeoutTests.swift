import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// The app-wide inactivity timer: `Application.idleTimeout`, its warning and its
/// multiplier with a screen reader.
@MainActor @Suite struct IdleTimeoutTests {
  /// A screen reader that takes every touch and key (the app sees none).
  private final class SwallowingFilter: AccessibilityInputFilter {
    func filterTouches(_ samples: [TouchSample], on screen: Screen, at time: Double) -> Bool {
      true
    }
    func filterPresses(_ samples: [PressSample], at time: Double) -> Bool { true }
  }

  /// An app with a 10 s timeout and a 3 s warning, counting handler calls and announcements.
  @MainActor private final class Fixture {
    let app: TestApplication
    var idleCalls = 0
    var announcements: [String] = []

    init(timeout: Double? = 10, warning: Double = 3) throws {
      app = try TestApplication(pointSize: Size(width: 400, height: 300))
      let application = app.application
      _ = application.addAccessibilityObserver { [unowned self] notification, argument in
        if notification == .announcement, let text = argument as? String {
          self.announcements.append(text)
        }
      }
      application.idleWarningDuration = warning
      application.idleHandler = { [unowned self] in self.idleCalls += 1 }
      application.idleTimeout = timeout
    }
  }

  @Test func theHandlerRunsAfterTheTimeoutOnce() throws {
    let fixture = try Fixture()
    let app = fixture.app
    app.advance(by: 9.9)
    #expect(fixture.idleCalls == 0)
    app.advance(by: 0.2)
    #expect(fixture.idleCalls == 1)
    #expect(!app.application.isShowingIdleWarning)
    // Nobody there: it waits for the next touch before counting again.
    app.advance(by: 100)
    #expect(fixture.idleCalls == 1)
    app.tap(at: Point(x: 10, y: 10))
    app.advance(by: 10.1)
    #expect(fixture.idleCalls == 2)
  }

  @Test func theWarningShowsAndIsAnnouncedBeforeTheEnd() throws {
    let fixture = try Fixture()
    let app = fixture.app
    app.advance(by: 6.9)
    #expect(!app.application.isShowingIdleWarning)
    #expect(fixture.announcements.isEmpty)
    app.advance(by: 0.2)
    #expect(app.application.isShowingIdleWarning)
    #expect(app.screen.windows.last === app.application.idleWarningWindow)
    #expect(fixture.announcements == ["Are you still there? Touch the screen to continue."])
    // The warning is on screen: the dimmed backdrop over the white window.
    #expect(app.snapshot().pixel(x: 5, y: 5) != .white)
    app.advance(by: 3)
    #expect(fixture.idleCalls == 1)
    #expect(!app.application.isShowingIdleWarning)
    #expect(app.snapshot().pixel(x: 5, y: 5) == .white)
  }

  @Test func aTouchDuringTheWarningExtendsAndDoesNotReachTheApp() throws {
    let fixture = try Fixture()
    let app = fixture.app
    let button = Button(type: .system)
    button.frame = app.window.bounds
    var taps = 0
    button.addAction(Action { _ in taps += 1 }, for: .primaryActionTriggered)
    app.window.addSubview(button)
    app.advance(by: 8)
    #expect(app.application.isShowingIdleWarning)
    app.tap(at: Point(x: 20, y: 20))
    #expect(!app.application.isShowingIdleWarning)
    #expect(taps == 0)
    // The count starts again at the touch: 10 s from 8.05.
    app.advance(by: 9.9)
    #expect(fixture.idleCalls == 0)
    app.advance(by: 0.2)
    #expect(fixture.idleCalls == 1)
    // Without the warning the same touch is the app's.
    app.tap(at: Point(x: 20, y: 20))
    #expect(taps == 1)
  }

  @Test func theContinueButtonAndKeysExtendToo() throws {
    let fixture = try Fixture()
    let app = fixture.app
    app.advance(by: 7.5)
    let window = try #require(app.application.idleWarningWindow as? IdleWarningWindow)
    let button = window.continueButton
    let middle = button.convert(
      Point(x: button.bounds.midX, y: button.bounds.midY), to: nil as View?)
    app.tap(at: middle)
    #expect(!app.application.isShowingIdleWarning)
    app.advance(by: 7.5)
    #expect(app.application.isShowingIdleWarning)
    let key = Key(keyCode: 28, characters: "\r")
    app.application.sendPresses([PressSample(phase: .began, key: key)])
    app.application.sendPresses([PressSample(phase: .ended, key: key)])
    app.runUntilIdle()
    #expect(!app.application.isShowingIdleWarning)
    app.advance(by: 9)
    #expect(fixture.idleCalls == 0)
  }

  @Test func aScreenReaderMultipliesTheTimeAndItsInputCounts() throws {
    let fixture = try Fixture()
    let app = fixture.app
    app.application.accessibilityInputFilter = SwallowingFilter()
    app.application.idleTimeoutMultiplierWithScreenReader = 2
    // Twice 10 s, the warning twice 3 s before.
    app.advance(by: 13.9)
    #expect(!app.application.isShowingIdleWarning)
    app.advance(by: 0.2)
    #expect(app.application.isShowingIdleWarning)
    // The screen reader takes the touch; it still counts.
    app.tap(at: Point(x: 20, y: 20))
    #expect(!app.application.isShowingIdleWarning)
    app.advance(by: 19.9)
    #expect(fixture.idleCalls == 0)
    app.advance(by: 0.2)
    #expect(fixture.idleCalls == 1)
  }

  @Test func withoutATimeoutNothingHappens() throws {
    let fixture = try Fixture(timeout: nil)
    let app = fixture.app
    app.advance(by: 1_000)
    app.tap(at: Point(x: 20, y: 20))
    app.advance(by: 1_000)
    #expect(fixture.idleCalls == 0)
    #expect(fixture.announcements.isEmpty)
    #expect(!app.application.isShowingIdleWarning)
    // Turning it off during the warning takes the warning away.
    app.application.idleTimeout = 5
    app.advance(by: 3)
    #expect(app.application.isShowingIdleWarning)
    app.application.idleTimeout = nil
    #expect(!app.application.isShowingIdleWarning)
    app.advance(by: 100)
    #expect(fixture.idleCalls == 0)
  }
}
