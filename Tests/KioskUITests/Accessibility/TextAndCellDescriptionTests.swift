import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// How text fields, pickers, cells and the on-screen keyboard's keys describe themselves
/// to a screen reader, as UIKit's do (with KioskKit's differences named where they are).
@MainActor @Suite struct TextAndCellDescriptionTests {
  private func app(languages: [String] = ["en"]) throws -> TestApplication {
    let app = try TestApplication(pointSize: Size(width: 1024, height: 600))
    app.application.keyboardSettings.languages = languages
    return app
  }

  private func field(_ placeholder: String, y: Double, in app: TestApplication) -> TextField {
    let field = TextField(frame: Rect(x: 20, y: y, width: 400, height: 44))
    field.placeholder = placeholder
    app.window.addSubview(field)
    app.runUntilIdle()
    return field
  }

  @Test func aFieldIsNamedByItsPlaceholderAndSaysItsTextAndEditing() throws {
    let app = try app()
    let name = field("Name", y: 20, in: app)
    let element = app.textFields["Name"]
    #expect(try element.value == nil)
    #expect(try element.traits == .textEntry)
    name.accessibilityLabel = "Your name"
    #expect(app.textFields["Your name"].exists && !app.textFields["Name"].exists)
    // A double tap starts editing, as a tap does.
    #expect(name.accessibilityActivate())
    app.advance(by: 0.5)
    #expect(name.isFirstResponder)
    #expect(try app.textFields["Your name"].traits.contains(.isEditing))
    try app.textFields["Your name"].typeText("Ada")
    #expect(try app.textFields["Your name"].value == "Ada")
    name.isEnabled = false
    #expect(try app.textFields["Your name"].isEnabled == false)
  }

  @Test func aSecureFieldSaysOnlyHowManyCharactersItHolds() throws {
    let app = try app()
    let pin = field("PIN", y: 20, in: app)
    pin.isSecureTextEntry = true
    pin.text = "40917"
    #expect(try app.secureTextFields["PIN"].value == "5 characters")
    pin.text = "4"
    #expect(try app.secureTextFields["PIN"].value == "1 character")
    // Nowhere in the tree is the text itself.
    let spoken = AccessibilityTree.elements(on: app.screen).flatMap {
      [$0.accessibilityLabel, $0.accessibilityValue, $0.accessibilityHint]
    }
    #expect(!spoken.contains { $0?.contains("4") == true && $0 != "1 character" })
  }

  @Test func aFieldWhoseReturnKeySearchesIsASearchField() throws {
    let app = try app()
    let search = field("Search recipes", y: 20, in: app)
    search.returnKeyType = .search
    #expect(app.searchFields["Search recipes"].exists)
    #expect(!app.textFields["Search recipes"].exists)
  }

  @Test func eachPickerWheelIsAnAdjustableElementSayingItsRow() throws {
    let scene = try PickerScene(rows: [20, 5])
    let wheels = scene.app.pickerWheels
    #expect(wheels.count == 2)
    let hours = wheels.element(boundBy: 0)
    #expect(try hours.traits == .adjustable)
    #expect(try hours.value == "0-0")
    try hours.increment()
    try hours.increment()
    #expect(try hours.value == "0-2")
    #expect(scene.picker.selectedRow(inComponent: 0) == 2)
    try hours.decrement()
    #expect(scene.picker.selectedRow(inComponent: 0) == 1)
    // Each wheel is over its own part of the picker, left to right.
    let frames = try wheels.allElementsBoundByIndex.map { try $0.frame }
    #expect(frames[0].maxX <= frames[1].minX + 0.5)
  }

  @Test func aCellIsOneElementOfItsLabelsUnlessItHoldsAControl() throws {
    let scene = try TableScene(source: RowSource(sections: [(nil, ["Tea", "Coffee"])]))
    let (app, table, source) = (scene.app, scene.table, scene.source)
    let tea = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
    #expect(tea.isAccessibilityElement)
    #expect(tea.accessibilityLabel == "Tea")
    #expect(tea.accessibilityTraits.contains(.button))
    tea.accessoryType = .checkmark
    #expect(tea.accessibilityTraits.contains(.selected))
    // A switch in the cell: the cell is no element, the switch is reached on its own.
    let sugar = Switch(frame: Rect(x: 200, y: 6, width: 51, height: 31))
    sugar.accessibilityLabel = "Sugar"
    tea.contentView.addSubview(sugar)
    app.runUntilIdle()
    #expect(!tea.isAccessibilityElement)
    #expect(app.switches["Sugar"].exists)
    #expect(app.staticTexts["Tea"].exists)
    // Activating a grouped cell selects its row, as a tap does.
    let coffee = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
    #expect(coffee.accessibilityActivate())
    #expect(source.selected == [IndexPath(row: 1, section: 0)])
  }

  @Test func keysSayWhatTheyTypeInTheLayoutsLanguageOrTheirFunction() throws {
    let app = try app(languages: ["ru", "en"])
    let name = field("Имя", y: 20, in: app)
    name.autocapitalizationType = .none
    try app.textFields["Имя"].tap()
    app.advance(by: 0.5)
    let zhe = app.keys["ж"]
    #expect(zhe.exists)
    #expect(try zhe.node.accessibilityLanguage == "ru")
    for function in ["shift", "delete", "space", "return", "next keyboard", "more, numbers"] {
      #expect(app.keys[function].exists, "no key \"\(function)\"")
      #expect(try app.keys[function].node.accessibilityLanguage == nil)
    }
    // Shift: the letters say their capitals, and shift says it is on.
    try app.keys["shift"].tap()
    #expect(app.keys["Ж"].exists)
    #expect(try app.keys["shift"].isSelected)
    // Activating a key types, as a tap does.
    #expect(try app.keys["Ж"].node.accessibilityActivate())
    #expect(name.text == "Ж")
  }
}
