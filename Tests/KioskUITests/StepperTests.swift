import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor
struct StepperTests {
  /// A stepper at (20, 20), 94×32: − at (43, 36), + at (90, 36).
  private func makeApp() throws -> (TestApplication, Stepper, ControlEventLog) {
    let app = try TestApplication(pointSize: Size(width: 200, height: 80), scale: 2)
    let stepper = Stepper(frame: Rect(x: 20, y: 20, width: 0, height: 0))
    app.window.addSubview(stepper)
    app.runUntilIdle()
    return (app, stepper, ControlEventLog(stepper))
  }

  private let minus = Point(x: 43, y: 36)
  private let plus = Point(x: 90, y: 36)

  @Test func defaultsAreUIKits() throws {
    let stepper = Stepper(frame: .zero)
    #expect(stepper.bounds.size == Size(width: 94, height: 32))
    #expect(stepper.sizeThatFits(.zero) == Size(width: 94, height: 32))
    #expect(stepper.value == 0 && stepper.minimumValue == 0 && stepper.maximumValue == 100)
    #expect(stepper.stepValue == 1 && !stepper.wraps && stepper.autorepeat && stepper.isContinuous)
  }

  @Test func tapsStepTheValueAndSendValueChanged() throws {
    let (app, stepper, log) = try makeApp()
    app.tap(at: plus)
    app.tap(at: plus)
    #expect(stepper.value == 2)
    app.tap(at: minus)
    #expect(stepper.value == 1)
    #expect(log.count("valueChanged") == 3)
    stepper.value = 50
    stepper.value = 1000
    #expect(stepper.value == 100)
    #expect(log.count("valueChanged") == 3)
  }

  @Test func theSideAtALimitIsGreyedAndTakesNoTouch() throws {
    let (app, stepper, log) = try makeApp()
    #expect(stepper.minus.alpha < 1 && stepper.plus.alpha == 1)
    app.tap(at: minus)
    #expect(stepper.value == 0)
    #expect(log.events.isEmpty)
    stepper.maximumValue = 2
    stepper.stepValue = 1.5
    app.tap(at: plus)
    app.tap(at: plus)
    #expect(stepper.value == 2)
    #expect(stepper.plus.alpha < 1 && stepper.minus.alpha == 1)
  }

  @Test func wrappingGoesRoundToTheOtherEnd() throws {
    let (app, stepper, _) = try makeApp()
    stepper.wraps = true
    stepper.maximumValue = 3
    #expect(stepper.minus.alpha == 1)
    app.tap(at: minus)
    #expect(stepper.value == 3)
    app.tap(at: plus)
    #expect(stepper.value == 0)
  }

  @Test func holdingASideRepeatsFasterAndFaster() throws {
    let (app, stepper, log) = try makeApp()
    app.touch(.began, at: plus)
    #expect(stepper.value == 1)
    #expect(!stepper.shade.isHidden)
    app.advance(by: 0.45)
    #expect(stepper.value == 1)
    app.advance(by: 0.1)  // 0.55 s: the first repeat
    #expect(stepper.value == 2)
    app.advance(by: 1.0)  // four more at 0.2 s, then 0.1 s
    let afterOneAndAHalf = stepper.value
    #expect(afterOneAndAHalf >= 6 && afterOneAndAHalf <= 9)
    app.advance(by: 1.0)
    let gained = stepper.value - afterOneAndAHalf
    #expect(gained > 10)  // ten a second, then twenty
    app.touch(.ended, at: plus)
    let final = stepper.value
    app.advance(by: 2)
    #expect(stepper.value == final)
    #expect(stepper.shade.isHidden)
    #expect(log.count("valueChanged") == Int(final))
    #expect(ScheduledAction.nextFireTime == nil)
  }

  @Test func theRepeatStopsAtTheLimitAndWhenTheFingerLeaves() throws {
    let (app, stepper, _) = try makeApp()
    stepper.maximumValue = 3
    app.touch(.began, at: plus)
    app.advance(by: 3)
    #expect(stepper.value == 3)
    app.touch(.ended, at: plus)
    stepper.value = 0
    app.touch(.began, at: plus)
    app.touch(.moved, at: minus)
    app.advance(by: 3)
    #expect(stepper.value == 1)
    app.touch(.ended, at: minus)
  }

  @Test func withoutAutorepeatOrContinuous() throws {
    let (app, stepper, log) = try makeApp()
    stepper.autorepeat = false
    stepper.isContinuous = false
    app.touch(.began, at: plus)
    app.advance(by: 2)
    #expect(stepper.value == 1)
    #expect(log.count("valueChanged") == 0)
    app.touch(.ended, at: plus)
    #expect(log.count("valueChanged") == 1)
  }
}
