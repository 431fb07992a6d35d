import Foundation
import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A delegate that records what it was asked and can refuse.
@MainActor
private final class RecordingDelegate: TextFieldDelegate {
  var calls: [String] = []
  var maximumLength: Int?
  var allowsEnd = true

  func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
    calls.append("shouldBegin")
    return true
  }
  func textFieldDidBeginEditing(_ textField: TextField) { calls.append("didBegin") }
  func textFieldShouldEndEditing(_ textField: TextField) -> Bool {
    calls.append("shouldEnd")
    return allowsEnd
  }
  /// Whether the field was still first responder when told that editing ended.
  var wasFirstResponderAtDidEnd: Bool?
  func textFieldDidEndEditing(_ textField: TextField) {
    calls.append("didEnd")
    wasFirstResponderAtDidEnd = textField.isFirstResponder
  }
  func textField(
    _ textField: TextField, shouldChangeCharactersIn range: TextRange,
    replacementString string: String
  ) -> Bool {
    calls.append("change \(range.location),\(range.length) '\(string)'")
    guard let maximumLength else { return true }
    let current = (textField.text ?? "").utf16.count
    return current - range.length + string.utf16.count <= maximumLength
  }
  func textFieldShouldReturn(_ textField: TextField) -> Bool {
    calls.append("shouldReturn")
    return true
  }
}

/// Editing semantics of `TextField`: typing, replacing a selection, deleting grapheme
/// clusters, the delegate's veto, secure entry, marked text, first responder changes.
@MainActor
struct TextFieldTests {
  private func makeField(_ app: TestApplication) -> TextField {
    let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 44))
    field.borderStyle = .roundedRect
    app.window.addSubview(field)
    app.runUntilIdle()
    return field
  }

  @Test func typingReplacesTheSelectionAndMovesTheCaret() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let field = makeField(app)
    #expect(field.becomeFirstResponder())
    field.insertText("hello world")
    #expect(field.text == "hello world")
    #expect(field.selectedRange == TextRange(location: 11, length: 0))
    field.selectedRange = TextRange(location: 6, length: 5)
    field.insertText("there")
    #expect(field.text == "hello there")
    #expect(field.selectedRange == TextRange(location: 11, length: 0))
  }

  @Test func backspaceDeletesWholeGraphemeClusters() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let field = makeField(app)
    field.becomeFirstResponder()
    // A family emoji (ZWJ sequence), a flag, e + combining acute, Hangul.
    field.insertText("a👨‍👩‍👧🇩🇪e\u{301}한")
    field.deleteBackward()
    #expect(field.text == "a👨‍👩‍👧🇩🇪e\u{301}")
    field.deleteBackward()
    #expect(field.text == "a👨‍👩‍👧🇩🇪")
    field.deleteBackward()
    #expect(field.text == "a👨‍👩‍👧")
    field.deleteBackward()
    #expect(field.text == "a")
  }

  @Test func theDelegateCanVetoAndLimitTheLength() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let field = makeField(app)
    let delegate = RecordingDelegate()
    delegate.maximumLength = 4
    field.delegate = delegate
    field.becomeFirstResponder()
    for character in "123456" { field.insertText(String(character)) }
    #expect(field.text == "1234")
    #expect(delegate.calls.contains("change 4,0 '5'"))
    #expect(delegate.calls.prefix(2) == ["shouldBegin", "didBegin"])
  }

  @Test func editingEventsAndReturn() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let field = makeField(app)
    var events: [String] = []
    field.addAction(Action { _ in events.append("begin") }, for: .editingDidBegin)
    field.addAction(Action { _ in events.append("changed") }, for: .editingChanged)
    field.addAction(Action { _ in events.append("exit") }, for: .editingDidEndOnExit)
    field.addAction(Action { _ in events.append("end") }, for: .editingDidEnd)
    field.text = "set by the app"
    field.becomeFirstResponder()
    field.insertText("!")
    field.returnKeyPressed()
    #expect(events == ["begin", "changed", "exit", "end"])
    #expect(!field.isFirstResponder)
  }

  /// UIKit's text field messages, with the field as subject: an observer of another
  /// field hears nothing.
  @Test func beginChangeAndEndArePostedAsMessagesAboutTheField() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let field = makeField(app)
    let other = TextField(frame: .zero)
    var heard: [String] = []
    let center = NotificationCenter.default
    let tokens = [
      center.addObserver(of: field, for: TextField.TextDidBeginEditingMessage.self) {
        heard.append("begin \($0.textField === field)")
      },
      center.addObserver(of: field, for: TextField.TextDidChangeMessage.self) {
        heard.append("change \($0.textField.text ?? "")")
      },
      center.addObserver(of: field, for: TextField.TextDidEndEditingMessage.self) { _ in
        heard.append("end")
      },
      center.addObserver(of: other, for: TextField.TextDidChangeMessage.self) { _ in
        heard.append("other")
      },
    ]
    defer { for token in tokens { center.removeObserver(token) } }
    field.text = "set by the app"
    field.becomeFirstResponder()
    field.insertText("!")
    field.resignFirstResponder()
    #expect(heard == ["begin true", "change set by the app!", "end"])
  }

  @Test func aDelegateCanKeepEditingGoingButEndEditingForceEndsIt() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let field = makeField(app)
    let delegate = RecordingDelegate()
    delegate.allowsEnd = false
    field.delegate = delegate
    field.becomeFirstResponder()
    #expect(!field.resignFirstResponder())
    #expect(!app.window.endEditing(false))
    #expect(field.isEditing)
    #expect(app.window.endEditing(true))
    #expect(!field.isEditing && !field.isFirstResponder)
    #expect(delegate.calls.last == "didEnd")
  }

  @Test func anotherFieldTakesOverAsFirstResponder() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let first = makeField(app)
    let second = TextField(frame: Rect(x: 20, y: 80, width: 300, height: 44))
    app.window.addSubview(second)
    first.becomeFirstResponder()
    second.becomeFirstResponder()
    #expect(!first.isEditing && second.isEditing && second.isFirstResponder)
    second.removeFromSuperview()
    #expect(!second.isEditing)
  }

  /// UIKit's order when the field being edited leaves its window: the delegate is asked
  /// (and cannot keep it editing), the field resigns, then editing ends, once.
  @Test(arguments: [true, false])
  func leavingTheWindowEndsEditingInUIKitsOrder(delegateAllowsEnd: Bool) throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let field = makeField(app)
    let delegate = RecordingDelegate()
    delegate.allowsEnd = delegateAllowsEnd
    field.delegate = delegate
    field.becomeFirstResponder()
    delegate.calls = []
    field.removeFromSuperview()
    app.runUntilIdle()
    #expect(delegate.calls == ["shouldEnd", "didEnd"])
    #expect(delegate.wasFirstResponderAtDidEnd == false)
    #expect(!field.isEditing && !field.isFirstResponder)
  }

  @Test func secureEntryShowsBulletsAndNeverCopies() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let field = makeField(app)
    field.isSecureTextEntry = true
    field.becomeFirstResponder()
    field.insertText("s")
    field.insertText("3")
    #expect(field.displayText == "•3")
    app.advance(by: TextField.revealDuration + 0.1)
    #expect(field.displayText == "••")
    Pasteboard.general.string = "before"
    field.selectAll(nil)
    field.editor.copy()
    field.editor.cut()
    #expect(Pasteboard.general.string == "before")
    #expect(field.text == "s3")
    #expect(!field.description.contains("s3"))
  }

  @Test func markedTextIsReplacedThenCommitted() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let field = makeField(app)
    field.becomeFirstResponder()
    field.insertText("我")
    field.setMarkedText("ni", selectedRange: TextRange(location: 2, length: 0))
    field.setMarkedText("ni hao", selectedRange: TextRange(location: 6, length: 0))
    #expect(field.text == "我ni hao")
    #expect(field.markedTextRange == TextRange(location: 1, length: 6))
    field.insertText("你好")
    #expect(field.text == "我你好")
    #expect(field.markedTextRange == nil)
    field.setMarkedText("x", selectedRange: TextRange(location: 1, length: 0))
    field.unmarkText()
    #expect(field.text == "我你好x" && field.markedTextRange == nil)
  }

  @Test func cutCopyPasteAndSelectAll() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let field = makeField(app)
    field.becomeFirstResponder()
    field.insertText("one two")
    field.editor.selectWord(at: 5)
    #expect(field.selectedRange == TextRange(location: 4, length: 3))
    field.editor.cut()
    #expect(field.text == "one " && Pasteboard.general.string == "two")
    field.editor.paste()
    field.editor.paste()
    #expect(field.text == "one twotwo")
  }

  @Test func textThatIsNotTextIsDroppedAndHugeTextDoesNotCrash() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let field = makeField(app)
    field.becomeFirstResponder()
    let invalid = String(decoding: [0x61, 0xff, 0xfe, 0x00, 0x62, 0x0a, 0x63], as: UTF8.self)
    field.insertText(invalid)
    #expect(field.text == "ab c")
    let long = String(repeating: "Lorem ipsum ", count: 10_000)
    field.text = long
    field.insertText("!")
    app.runUntilIdle()
    #expect(field.text?.count == 120_001)
    field.deleteBackward()
    #expect(field.text == long)
  }

  @Test func aTapPlacesTheCaretAtTheNearestGraphemeBoundary() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let field = makeField(app)
    field.text = "Привет мир"
    app.runUntilIdle()
    app.tap(at: Point(x: 25, y: 42))
    #expect(field.isFirstResponder)
    #expect(field.selectedRange.location == 0)
    // The caret lands between the two characters on either side of the tap.
    let layout = try #require(field.displayLayout)
    let afterThree = layout.caretRect(at: field.editor.buffer.index(3)).minX
    let origin = field.convert(Point(x: afterThree, y: 0), from: field.canvas)
    app.tap(at: Point(x: 20 + origin.x + field.textOrigin.x + 1, y: 42))
    #expect(field.selectedRange.location == 3)
    app.advance(by: 1)
    app.tap(at: Point(x: 20 + origin.x + field.textOrigin.x + 1, y: 42))
    app.tap(at: Point(x: 20 + origin.x + field.textOrigin.x + 1, y: 42))
    #expect(field.selectedRange == TextRange(location: 0, length: 6))
  }

  @Test func theCaretBlinksOnlyWhileEditing() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let field = makeField(app)
    let idle = app.framesPresented
    app.advance(by: 3)
    #expect(app.framesPresented == idle)
    #expect(!field.caretView.isBlinking)
    field.becomeFirstResponder()
    app.advance(by: 0.1)
    let start = app.framesPresented
    app.advance(by: 2.05)
    #expect(app.framesPresented - start >= 3)
    field.resignFirstResponder()
    // The keyboard slides out first.
    app.advance(by: 0.5)
    let stopped = app.framesPresented
    app.advance(by: 3)
    #expect(app.framesPresented == stopped)
  }

  /// A blink repaints the caret's rectangle and nothing else.
  @Test func aBlinkDamagesOnlyTheCaret() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300), scale: 2)
    app.application.keyboardSettings.onScreenKeyboard = .never
    let field = makeField(app)
    field.text = "Blink"
    field.becomeFirstResponder()
    app.advance(by: 0.2)
    let caret = field.caretView.convert(field.caretView.bounds, to: app.window)
    app.advance(by: CaretView.blinkInterval)
    #expect(field.caretView.isHidden)
    let damage = app.screen.compositor.lastDamage
    // The caret's rectangle rounded out to whole pixels (scale 2).
    let pixels =
      Int((caret.maxX * 2).rounded(.up) - (caret.minX * 2).rounded(.down))
      * Int((caret.maxY * 2).rounded(.up) - (caret.minY * 2).rounded(.down))
    #expect(damage.area == pixels, "\(damage)")
  }

  /// An edit redraws from the character before it to the end of the line, and what it
  /// leaves on screen is what a full redraw of the field shows (a combining mark changes
  /// the letter before it; a deletion leaves no trace of the glyph).
  @Test func editsRedrawTheirPartAndMatchAFullRedraw() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300), scale: 2)
    app.application.keyboardSettings.onScreenKeyboard = .never
    let field = makeField(app)
    field.text = "Hello wor"
    field.becomeFirstResponder()
    app.advance(by: 0.2)
    for edit in ["l", "d", "e", "\u{301}", "⌫", "!"] {
      if edit == "⌫" { field.deleteBackward() } else { field.insertText(edit) }
      app.runUntilIdle()
      let damage = app.screen.compositor.lastDamage.extents
      #expect(damage.width < 80, "\(edit): \(damage) is more than a glyph and the caret")
      let edited = app.snapshot()
      field.canvas.setNeedsDisplay()
      let redrawn = app.snapshot()
      #expect(differingPixels(edited, redrawn) == 0, "after \(edit)")
    }
    #expect(field.text == "Hello world!")
  }

  @Test func hardwareKeysEditAndRepeat() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let field = makeField(app)
    field.becomeFirstResponder()
    func key(_ code: Int, _ text: String = "", _ flags: KeyModifierFlags = []) -> Key {
      Key(keyCode: code, characters: text, modifierFlags: flags)
    }
    for (code, letter) in [(35, "h"), (18, "e"), (38, "l"), (38, "l"), (24, "o")] {
      app.application.sendPresses([PressSample(phase: .began, key: key(code, letter))])
      app.application.sendPresses([PressSample(phase: .ended, key: key(code, letter))])
    }
    #expect(field.text == "hello")
    // Shift+Left twice selects "lo"; typing replaces it.
    for _ in 0..<2 {
      app.application.sendPresses([PressSample(phase: .began, key: key(105, "", .shift))])
      app.application.sendPresses([PressSample(phase: .ended, key: key(105, "", .shift))])
    }
    #expect(field.selectedRange == TextRange(location: 3, length: 2))
    // Backspace held for 1 s: one delete, then 25 a second after 0.5 s.
    app.application.sendPresses([PressSample(phase: .began, key: key(14))])
    app.advance(by: 0.5 + 0.04 * 1 + 0.001)
    app.application.sendPresses([PressSample(phase: .ended, key: key(14))])
    #expect(field.text == "h")
    app.advance(by: 1)
    #expect(field.text == "h")
    // Ctrl+A, Ctrl+C, End, Ctrl+V.
    app.application.sendPresses([PressSample(phase: .began, key: key(30, "\u{1}", .control))])
    app.application.sendPresses([PressSample(phase: .began, key: key(46, "\u{3}", .control))])
    app.application.sendPresses([PressSample(phase: .began, key: key(107))])
    app.application.sendPresses([PressSample(phase: .began, key: key(47, "\u{16}", .control))])
    #expect(field.text == "hh")
  }
}

@MainActor @Test func testsTypeOnAHardwareKeyboard() throws {
  let app = try TestApplication(pointSize: Size(width: 400, height: 200))
  let field = TextField(frame: Rect(x: 10, y: 10, width: 300, height: 40))
  app.window.addSubview(field)
  field.becomeFirstResponder()
  app.typeOnHardwareKeyboard("Hi there")
  #expect(field.text == "Hi there")
  app.press(.backspace)
  app.press(.left)
  app.press("X")
  #expect(field.text == "Hi theXr")
  app.press("a", modifiers: .control)  // select all
  app.press(.backspace)
  #expect(field.text == "")
  app.typeOnHardwareKeyboard("ok")
  app.press(.enter)
  #expect(field.text == "ok")
}
