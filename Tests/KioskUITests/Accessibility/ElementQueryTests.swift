import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// `KioskTesting`'s element queries, as XCUITest's: views found by label, identifier, kind
/// and container, driven as a person would, and failures that say what the screen held.
@MainActor @Suite struct ElementQueryTests {
  private func button(_ title: String, at origin: Point, tapped: @escaping () -> Void) -> Button {
    let button = Button(type: .system)
    button.setTitle(title, for: .normal)
    button.frame = Rect(origin: origin, size: Size(width: 120, height: 44))
    button.addAction(Action { _ in tapped() }, for: .touchUpInside)
    return button
  }

  @Test func buttonsAreFoundByLabelOrIdentifierAndTapped() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    var taps: [String] = []
    let order = button("Order", at: Point(x: 20, y: 20)) { taps.append("Order") }
    let help = button("Help", at: Point(x: 20, y: 80)) { taps.append("Help") }
    help.accessibilityIdentifier = "help-button"
    app.window.addSubview(order)
    app.window.addSubview(help)
    app.runUntilIdle()

    #expect(app.buttons.count == 2)
    try app.buttons["Order"].tap()
    try app.buttons["help-button"].tap()
    #expect(taps == ["Order", "Help"])
    #expect(try app.buttons.element(boundBy: 1).label == "Help")
    #expect(app.staticTexts["Order"].exists == false)

    let missing = #expect(throws: ElementQueryError.self) { try app.buttons["Pay"].tap() }
    #expect(missing?.description.contains("\"Order\", \"help-button\"") == true)
    help.setTitle("Order", for: .normal)
    help.accessibilityIdentifier = nil
    let twice = #expect(throws: ElementQueryError.self) { try app.buttons["Order"].tap() }
    #expect(twice?.description.contains("2 elements match") == true)
    try app.buttons["Order"].firstMatch.tap()
    #expect(taps.last == "Order")
  }

  @Test func aCoveredButtonCannotBeTappedAndADisabledOneSaysSo() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    var tapped = false
    let order = button("Order", at: Point(x: 20, y: 20)) { tapped = true }
    app.window.addSubview(order)
    let cover = View(frame: Rect(x: 0, y: 0, width: 400, height: 100))
    app.window.addSubview(cover)
    app.runUntilIdle()
    #expect(app.buttons["Order"].isHittable == false)
    #expect(throws: ElementQueryError.self) { try app.buttons["Order"].tap() }
    #expect(!tapped)
    cover.removeFromSuperview()
    order.isEnabled = false
    app.runUntilIdle()
    #expect(app.buttons["Order"].isHittable)
    #expect(try app.buttons["Order"].isEnabled == false)
  }

  @Test func waitingForAnElementAdvancesTheClock() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let start = app.now
    let later = button("Later", at: Point(x: 20, y: 20)) {}
    ScheduledAction.after(1) { app.window.addSubview(later) }
    #expect(app.buttons["Later"].waitForExistence(timeout: 0.5) == false)
    #expect(app.buttons["Later"].waitForExistence(timeout: 2))
    #expect(app.now - start < 1.1)
  }

  @Test func typingSwitchesCaseAndPlaneAndNamesAMissingKey() throws {
    let app = try TestApplication(pointSize: Size(width: 640, height: 400))
    let name = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 34))
    name.placeholder = "Plate"
    let pin = TextField(frame: Rect(x: 20, y: 70, width: 300, height: 34))
    pin.placeholder = "PIN"
    pin.isSecureTextEntry = true
    app.window.addSubview(name)
    app.window.addSubview(pin)
    app.runUntilIdle()

    #expect(app.textFields.count == 1)
    #expect(app.secureTextFields["PIN"].exists)
    try app.textFields["Plate"].typeText("Ab-12 #")
    #expect(name.text == "Ab-12 #")
    #expect(app.keys.count > 20)
    let missing = #expect(throws: ElementQueryError.self) {
      try app.textFields["Plate"].typeText("ж")
    }
    #expect(missing?.description.contains("no key for \"ж\"") == true)
    try app.secureTextFields["PIN"].typeText("1234")
    #expect(pin.text == "1234")
    #expect(try app.secureTextFields["PIN"].value == "4 characters")
  }

  @Test func anAlertsButtonsAreFoundInsideItAndHideWhatIsBehind() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let controller = ViewController()
    app.window.rootViewController = controller
    controller.view.addSubview(button("Order", at: Point(x: 20, y: 20)) {})
    app.runUntilIdle()
    var chosen: String?
    let alert = AlertController(
      title: "Delete?", message: "It cannot be undone.", preferredStyle: .alert)
    alert.addAction(AlertAction(title: "Keep", style: .cancel) { _ in chosen = "Keep" })
    alert.addAction(AlertAction(title: "Delete", style: .destructive) { _ in chosen = "Delete" })
    controller.present(alert, animated: false)
    app.advance(by: 0.5)

    #expect(app.alerts.count == 1)
    #expect(app.alerts["Delete?"].exists)
    #expect(app.alerts["Delete?"].buttons.count == 2)
    #expect(app.buttons["Order"].exists == false)
    try app.alerts["Delete?"].buttons["Delete"].tap()
    app.advance(by: 0.5)
    #expect(chosen == "Delete")
    #expect(app.alerts.count == 0)
    #expect(app.buttons["Order"].exists)
  }

  @Test func cellsAreContainersWhoseTextsCanBeFound() throws {
    let scene = try TableScene(source: RowSource(sections: [(nil, ["Tea", "Coffee", "Cocoa"])]))
    let (app, source) = (scene.app, scene.source)

    #expect(app.tables.count == 1)
    #expect(app.cells.count == 3)
    #expect(app.tables.element.cells.count == 3)
    #expect(app.cells.containing(.staticText, "Coffee").count == 1)
    #expect(app.cells.element(boundBy: 2).staticTexts["Cocoa"].exists)
    try app.cells["Coffee"].tap()
    #expect(source.selected == [IndexPath(row: 1, section: 0)])
  }

  @Test func controlsAreTheirOwnKindsAndAdjust() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let toggle = Switch(frame: Rect(x: 20, y: 20, width: 51, height: 31))
    toggle.accessibilityLabel = "Sound"
    let stepper = Stepper(frame: Rect(x: 20, y: 80, width: 94, height: 32))
    stepper.accessibilityLabel = "Cups"
    let slider = Slider(frame: Rect(x: 20, y: 140, width: 200, height: 34))
    slider.accessibilityLabel = "Volume"
    slider.value = 0.5
    for view in [toggle, stepper, slider] as [View] { app.window.addSubview(view) }
    app.runUntilIdle()

    #expect(app.switches.count == 1 && app.buttons["Sound"].exists == false)
    try app.switches["Sound"].tap()
    #expect(toggle.isOn)
    #expect(app.steppers.element.buttons.count == 2)
    try app.steppers.element.buttons.element(boundBy: 1).tap()
    #expect(stepper.value == 1)
    try app.sliders["Volume"].increment()
    #expect(slider.value > 0.5)
  }

  @Test func aPickersWheelTurnsToAValue() throws {
    let scene = try PickerScene(rows: [20])
    let wheel = scene.app.pickerWheels.element
    #expect(wheel.exists)
    try wheel.adjust(toPickerWheelValue: "0-7")
    #expect(scene.picker.selectedRow(inComponent: 0) == 7)
    #expect(throws: ElementQueryError.self) { try wheel.adjust(toPickerWheelValue: "0-70") }
  }
}
