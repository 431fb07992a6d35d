import Foundation
import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A text field holding 100,000 characters (issue 38's bad input): editing it traps
/// nowhere, a keystroke shapes a bounded part of the text and repaints no more than the
/// field, and what it leaves on screen is what a full repaint shows. Work is counted in
/// characters laid out and pixels painted, never in time, so the tests cannot flake.
@MainActor
struct TextFieldLongTextTests {
  /// Most of the UTF-16 units a keystroke may lay out, whatever the text's length.
  private static let shapedBound = 8_192

  private static let longText: String = {
    let words = "Lorem ipsum dolor sit amet, consectetur adipiscing elit. "
    return String(String(repeating: words, count: 100_000 / words.count + 1).prefix(100_000))
  }()

  private func makeField(
    _ app: TestApplication, secure: Bool = false, text: String = longText
  ) -> TextField {
    app.application.keyboardSettings.onScreenKeyboard = .never
    let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 44))
    field.borderStyle = .roundedRect
    field.isSecureTextEntry = secure
    app.window.addSubview(field)
    field.text = text
    field.becomeFirstResponder()
    app.advance(by: 0.2)
    return field
  }

  /// The field's pixels on the screen: what one of its frames may repaint at most.
  private func fieldPixels(_ field: TextField, _ app: TestApplication) -> Int {
    let frame = field.convert(field.bounds, to: app.window)
    return Int(frame.width * app.screen.scale) * Int(frame.height * app.screen.scale)
  }

  /// One edit: it lays out a bounded part of the text, damages at most the field, and the
  /// frame matches a full repaint.
  private func check(
    _ edit: String, _ field: TextField, _ app: TestApplication,
    _ change: () -> Void
  ) {
    change()
    app.runUntilIdle()
    let shaped = field.displayLayout?.text.utf16.count ?? 0
    #expect(shaped <= Self.shapedBound, "\(edit): \(shaped) units laid out")
    // What is laid out is the text around the caret, and the caret shows in the field.
    let range = field.layoutRange
    let shown = field.editor.buffer.substring(range)
    if field.isSecureTextEntry {
      #expect(field.displayLayout?.text.utf16.count == shown.utf16.count, "\(edit)")
    } else {
      #expect(field.displayLayout?.text == shown, "\(edit)")
    }
    #expect(range.contains(field.editor.caret) || range.upperBound == field.editor.caret)
    // A long text's laid-out part is at least as wide as the field: no blank where text
    // should be.
    let width = field.displayLayout?.size.width ?? 0
    if field.editor.buffer.length > 10_000 {
      #expect(width >= field.canvas.bounds.width, "\(edit): \(width) pt laid out")
    }
    let caret = field.caretView.frame
    #expect(caret.minX >= -1 && caret.maxX <= field.canvas.bounds.width + 1, "\(edit): \(caret)")
    let damage = app.screen.compositor.lastDamage.area
    #expect(damage <= fieldPixels(field, app), "\(edit): \(damage) px repainted")
    #expect(pixelsDifferingFromAFullRepaint(app) == 0, "after \(edit)")
  }

  @Test(arguments: [false, true])
  func typingAtTheEndLaysOutAndPaintsABoundedPart(secure: Bool) throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300), scale: 2)
    let field = makeField(app, secure: secure)
    #expect(field.selectedRange.location == 100_000)
    for letter in ["a", "b", "c"] {
      check("typing \(letter)", field, app) { field.insertText(letter) }
    }
    check("backspace", field, app) { field.deleteBackward() }
    #expect(field.text == Self.longText + "ab")
  }

  @Test func typingAtTheStartAndInTheMiddle() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300), scale: 2)
    let field = makeField(app)
    check("caret to the start", field, app) {
      field.selectedRange = TextRange(location: 0, length: 0)
    }
    check("typing at the start", field, app) { field.insertText("X") }
    check("caret to the middle", field, app) {
      field.selectedRange = TextRange(location: 50_000, length: 0)
    }
    check("typing in the middle", field, app) { field.insertText("Y") }
    check("backspace in the middle", field, app) { field.deleteBackward() }
    check("arrow keys", field, app) {
      for _ in 0..<3 { app.press(.left) }
      app.press(.right)
    }
    #expect(field.selectedRange.location == 50_000 - 2)
    check("Home", field, app) { app.press(.home) }
    check("End", field, app) { app.press(.end) }
    check("select all", field, app) { field.selectAll(nil) }
    check("typing over everything", field, app) { field.insertText("Z") }
    #expect(field.text == "Z")
  }

  /// Characters far narrower than the first guess of the window (a letter, then nine
  /// zero-width spaces): the window widens until it fills the field.
  @Test func narrowCharactersWidenTheWindow() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300), scale: 2)
    let unit = "a" + String(repeating: "\u{200B}", count: 9)
    let field = makeField(app, text: String(repeating: unit, count: 10_000))
    check("typing at the end", field, app) { field.insertText("b") }
    check("caret to the middle", field, app) {
      field.selectedRange = TextRange(location: 50_000, length: 0)
    }
    check("typing in the middle", field, app) { field.insertText("c") }
  }

  /// CJK glyphs are a whole em wide: once laid out, the window takes its margin from the
  /// units per point it saw, a quarter of the first guess's.
  @Test func wideGlyphsNarrowTheWindow() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300), scale: 2)
    let field = makeField(app, text: String(repeating: "漢字仮名交じり文", count: 12_500))
    check("caret to the middle", field, app) {
      field.selectedRange = TextRange(location: 50_000, length: 0)
    }
    check("typing", field, app) { field.insertText("字") }
    let shaped = field.displayLayout?.text.utf16.count ?? 0
    #expect(shaped <= 300, "\(shaped) units laid out")
  }

  /// A tap in the text puts the caret at the character under the finger, far from the
  /// text's start: the laid-out part's offsets are the text's.
  @Test func aTapFindsTheCharacterUnderTheFinger() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300), scale: 2)
    let field = makeField(app)
    field.selectedRange = TextRange(location: 60_000, length: 0)
    app.runUntilIdle()
    let caret = field.caretView.convert(field.caretView.bounds, to: app.window)
    app.tap(at: Point(x: caret.midX, y: caret.midY))
    let location = field.selectedRange.location
    #expect((59_999...60_001).contains(location), "caret at \(location)")
    #expect(pixelsDifferingFromAFullRepaint(app) == 0)
  }
}
