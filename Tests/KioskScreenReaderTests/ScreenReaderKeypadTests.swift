import KioskGraphics
import KioskScreenReader
import KioskSpeech
import KioskTesting
import KioskUI
import Testing

@MainActor @Suite struct ScreenReaderKeypadTests {
  private let help = Key(keyCode: 138, characters: "")

  @Test func arrowsMoveInReadingOrder() throws {
    let harness = try ReaderHarness()
    harness.start(with: [
      ProbeView("C", Rect(x: 10, y: 100, width: 80, height: 30)),
      ProbeView("B", Rect(x: 200, y: 10, width: 80, height: 30)),
      ProbeView("A", Rect(x: 10, y: 10, width: 80, height: 30)),
    ])
    #expect(harness.focusLabel == "A")
    harness.app.press(.down)
    #expect(harness.focusLabel == "B")
    harness.app.press(.right)
    #expect(harness.focusLabel == "C")
    harness.app.press(.down)
    #expect(harness.focusLabel == "C")
    #expect(harness.reader.boundariesHit == 1)
    harness.app.press(.up)
    #expect(harness.focusLabel == "B")
    harness.app.press(.left)
    #expect(harness.focusLabel == "A")
    #expect(harness.speech.texts == ["A", "B", "C", "B", "A"])
  }

  @Test func enterActivatesAndHelpSpeaksTheHint() throws {
    let harness = try ReaderHarness()
    let button = Button(type: .system)
    button.frame = Rect(x: 100, y: 100, width: 120, height: 44)
    button.isAccessibilityElement = true
    button.accessibilityLabel = "Order"
    button.accessibilityTraits = .button
    button.accessibilityHint = "Sends the order to the kitchen"
    var orders = 0
    button.addAction(Action { _ in orders += 1 }, for: .touchUpInside)
    harness.start(with: [button])
    #expect(harness.speech.texts == ["Order, button", "Sends the order to the kitchen"])
    harness.app.press(.enter)
    #expect(orders == 1)
    harness.app.press(Key(keyCode: 96, characters: "\r"))
    #expect(orders == 2)
    harness.app.press(help)
    #expect(harness.speech.texts.last == "Sends the order to the kitchen")
    #expect(harness.speech.transcript.last?.interrupts == true)
  }

  @Test func escapeAndBackspaceGoBackWhenNoTextIsEdited() throws {
    let harness = try ReaderHarness()
    let screen = ProbeView("Screen", Rect(x: 0, y: 0, width: 400, height: 300))
    screen.isAccessibilityElement = false
    screen.handlesEscape = true
    screen.addSubview(ProbeView("Item", Rect(x: 10, y: 10, width: 100, height: 40)))
    harness.start(with: [screen])
    harness.app.press(.escape)
    harness.app.press(.backspace)
    #expect(screen.escapes == 2)
  }

  @Test func digitsTypeIntoTheFocusedTextField() throws {
    let harness = try ReaderHarness()
    let field = TextField(frame: Rect(x: 20, y: 60, width: 200, height: 40))
    field.isAccessibilityElement = true
    field.accessibilityLabel = "PIN"
    field.keyboardType = .numberPad
    harness.start(with: [ProbeView("Title", Rect(x: 20, y: 10, width: 200, height: 30)), field])
    harness.app.press(.down)
    #expect(harness.focusLabel == "PIN")
    // A digit on a field not yet being edited starts editing it and is typed there.
    harness.app.press("4")
    #expect(field.isEditing)
    harness.app.press("2")
    #expect(field.text == "42")
    // While it is edited, Backspace deletes instead of going back.
    harness.app.press(.backspace)
    #expect(field.text == "4")
  }

  @Test func keysTheReaderDoesNotUseReachTheApp() throws {
    let harness = try ReaderHarness()
    let field = TextField(frame: Rect(x: 20, y: 20, width: 200, height: 40))
    field.isAccessibilityElement = true
    field.accessibilityLabel = "Name"
    harness.start(with: [field])
    harness.app.press(.enter)
    #expect(field.isEditing)
    harness.app.typeOnHardwareKeyboard("Ada")
    #expect(field.text == "Ada")
    harness.app.press(.down)
    #expect(field.text == "Ada")
  }

  @Test func aFieldThatNeedsLettersIsTypedIntoThroughTheKeyboardsKeys() throws {
    let harness = try ReaderHarness(height: 700)
    let field = TextField(frame: Rect(x: 20, y: 20, width: 200, height: 40))
    field.isAccessibilityElement = true
    field.accessibilityLabel = "Name"
    let other = ProbeView("Other", Rect(x: 20, y: 80, width: 200, height: 40))
    // Stand-ins for the on-screen keyboard's keys, above the real keyboard (whose keys may or
    // may not be elements yet): elements with the keyboardKey trait.
    let q = ProbeView("Q", Rect(x: 20, y: 140, width: 40, height: 40), traits: .keyboardKey)
    let w = ProbeView("W", Rect(x: 80, y: 140, width: 40, height: 40), traits: .keyboardKey)
    harness.start(with: [field, other, q, w])
    harness.app.press(.enter)
    #expect(field.isEditing)
    harness.app.press(.down)
    #expect(harness.focusLabel == "Q")
    harness.app.press(.right)
    #expect(harness.focusLabel == "W")
    harness.app.press(.enter)
    #expect(w.touchesBegan == 1 && w.touchesEnded == 1)
    // Backspace still deletes while the field is being edited, wherever the focus is.
    harness.app.typeOnHardwareKeyboard("Al")
    harness.app.press(.backspace)
    #expect(field.text == "A")
    harness.app.press(.up)
    harness.app.press(.up)
    #expect(harness.focusLabel == "Name")
  }

  /// A keypad adjusts as a focus group's edit mode: Enter on an adjustable element starts
  /// adjusting, the arrows turn it (up and right more, down and left less) instead of
  /// moving, Enter ends it; moving away ends it too.
  @Test func enterOnAnAdjustableElementLetsTheArrowsAdjustIt() throws {
    let harness = try ReaderHarness()
    let slider = PercentSlider(frame: Rect(x: 20, y: 60, width: 200, height: 31))
    slider.value = 0.5
    slider.accessibilityLabel = "Volume"
    harness.start(with: [ProbeView("Title", Rect(x: 20, y: 10, width: 200, height: 30)), slider])
    harness.app.press(.down)
    #expect(harness.focusLabel == "Volume")
    harness.app.press(.up)
    #expect(harness.focusLabel == "Title", "not adjusting: the arrows move")
    harness.app.press(.down)
    harness.app.press(.enter)
    #expect(harness.reader.isAdjustingFocus)
    #expect(harness.speech.texts.last == ScreenReader.adjustingPrompt)
    harness.app.press(.up)
    harness.app.press(.right)
    #expect(abs(slider.value - 0.7) < 0.001 && harness.focusLabel == "Volume")
    #expect(harness.speech.texts.last == "70%")
    harness.app.press(.down)
    harness.app.press(.left)
    harness.app.press(.left)
    #expect(abs(slider.value - 0.4) < 0.001)
    harness.app.press(.enter)
    #expect(!harness.reader.isAdjustingFocus)
    #expect(harness.speech.texts.last?.hasPrefix("Volume, 40%") == true, "\(harness.speech.texts)")
    harness.app.press(.up)
    #expect(harness.focusLabel == "Title" && abs(slider.value - 0.4) < 0.001)
  }
}
