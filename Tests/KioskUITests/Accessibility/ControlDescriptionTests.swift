import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// What the standard controls say of themselves with nothing set by the app, what the
/// app sets winning, and activation and adjustment acting as a tap or a drag would.
@MainActor @Suite struct ControlDescriptionTests {
  private func app() throws -> TestApplication {
    try TestApplication(pointSize: Size(width: 400, height: 300))
  }

  @Test func labelsAreStaticTextOnceTheyHaveText() throws {
    let label = Label(frame: Rect(x: 0, y: 0, width: 200, height: 30))
    #expect(!label.isAccessibilityElement)
    label.text = "Opening hours"
    #expect(label.isAccessibilityElement)
    #expect(label.accessibilityLabel == "Opening hours")
    #expect(label.accessibilityTraits == .staticText)
    label.accessibilityLabel = "Hours"
    #expect(label.accessibilityLabel == "Hours")
  }

  @Test func buttonsAreNamedByTheirTitleAndActivateAsATap() throws {
    let app = try app()
    let button = Button(type: .system)
    button.frame = Rect(x: 10, y: 10, width: 120, height: 44)
    button.setTitle("Order", for: .normal)
    var taps = 0
    button.addAction(Action { _ in taps += 1 }, for: .touchUpInside)
    app.window.addSubview(button)
    app.runUntilIdle()
    #expect(button.isAccessibilityElement)
    #expect(button.accessibilityLabel == "Order")
    #expect(button.accessibilityTraits == .button)
    #expect(button.accessibilityActivate())
    #expect(taps == 1)
    button.isEnabled = false
    #expect(button.accessibilityTraits == [.button, .notEnabled])
    #expect(!button.accessibilityActivate())
    #expect(taps == 1)
    #expect(AccessibilityTree.elements(on: app.screen).count == 1)
  }

  @Test func switchesSayOnOrOffAndToggle() throws {
    let toggle = Switch(frame: Rect(x: 0, y: 0, width: 51, height: 31))
    var changes = 0
    toggle.addAction(Action { _ in changes += 1 }, for: .valueChanged)
    #expect(toggle.accessibilityValue == "off")
    #expect(toggle.accessibilityTraits.contains(.toggleButton))
    #expect(toggle.accessibilityActivate())
    #expect(toggle.isOn)
    #expect(toggle.accessibilityValue == "on")
    #expect(changes == 1)
  }

  @Test func slidersAndProgressSpeakPercentAndSlidersAdjustByATenth() throws {
    let slider = Slider(frame: Rect(x: 0, y: 0, width: 200, height: 30))
    slider.minimumValue = 0
    slider.maximumValue = 10
    slider.value = 5
    var changes = 0
    slider.addAction(Action { _ in changes += 1 }, for: .valueChanged)
    #expect(slider.accessibilityValue == "50%")
    #expect(slider.accessibilityTraits.contains(.adjustable))
    slider.accessibilityIncrement()
    #expect(slider.value == 6)
    #expect(slider.accessibilityValue == "60%")
    slider.accessibilityDecrement()
    slider.accessibilityDecrement()
    #expect(slider.value == 4)
    #expect(changes == 3)
    let progress = ProgressView(frame: Rect(x: 0, y: 0, width: 200, height: 4))
    progress.progress = 0.25
    #expect(progress.accessibilityValue == "25%")
  }

  @Test func segmentsAreButtonsWithTheirPlaceAndSelectOnActivation() throws {
    let app = try app()
    let control = SegmentedControl(items: ["Day", "Week", "Month"])
    control.frame = Rect(x: 10, y: 10, width: 300, height: 32)
    control.selectedSegmentIndex = 0
    var changes = 0
    control.addAction(Action { _ in changes += 1 }, for: .valueChanged)
    app.window.addSubview(control)
    app.runUntilIdle()
    let segments = AccessibilityTree.elements(on: app.screen)
    #expect(segments.map(\.accessibilityLabel) == ["Day", "Week", "Month"])
    #expect(segments.map(\.accessibilityValue) == ["1 of 3", "2 of 3", "3 of 3"])
    #expect(segments[0].accessibilityTraits == [.button, .selected])
    #expect(segments[1].accessibilityActivate())
    #expect(control.selectedSegmentIndex == 1)
    #expect(changes == 1)
    #expect(segments[1].accessibilityTraits == [.button, .selected])
  }

  @Test func stepperHalvesAreIncrementAndDecrementButtons() throws {
    let app = try app()
    let stepper = Stepper(frame: Rect(x: 10, y: 10, width: 94, height: 32))
    stepper.maximumValue = 3
    app.window.addSubview(stepper)
    app.runUntilIdle()
    let halves = AccessibilityTree.elements(on: app.screen)
    #expect(Set(halves.compactMap(\.accessibilityLabel)) == ["Increment", "Decrement"])
    let plus = try #require(halves.first { $0.accessibilityLabel == "Increment" })
    let minus = try #require(halves.first { $0.accessibilityLabel == "Decrement" })
    #expect(minus.accessibilityTraits.contains(.notEnabled))
    #expect(plus.accessibilityActivate())
    #expect(stepper.value == 1)
    #expect(plus.accessibilityValue == "1")
    #expect(!minus.accessibilityTraits.contains(.notEnabled))
  }

  @Test func imagesAreElementsOnlyWithALabel() throws {
    let image = ImageView(frame: Rect(x: 0, y: 0, width: 40, height: 40))
    #expect(!image.isAccessibilityElement)
    image.accessibilityLabel = "Logo"
    #expect(image.isAccessibilityElement)
    #expect(image.accessibilityTraits == .image)
  }
}
