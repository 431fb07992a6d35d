import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// Typing redraws only the part of the line an edit changes (TextField+Drawing.swift's
/// `invalidateText`): in every script the pixels it leaves are those of a full redraw of the
/// field. Arabic letters join (a letter typed after another changes the other's form) and
/// run right to left, also inside left-to-right text; a combining mark changes the glyph
/// before it; CJK glyphs are wide.
@MainActor
struct TextFieldScriptEditTests {
  @Test(arguments: [
    ("Привет ми", ["р", "!", "⌫", "й"]),
    ("漢字を入", ["力", "す", "⌫", "る"]),
    ("مرحبا بال", ["ع", "ا", "⌫", "ل"]),
    ("Hello سل", ["ا", "م", "⌫", " ", "x"]),
    ("Cafe", ["\u{301}", "s", "⌫", "\u{308}"]),
    ("Ελλην", ["ι", "κ", "⌫", "ά"]),
  ])
  func editsMatchAFullRedraw(start: String, edits: [String]) throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300), scale: 2)
    app.application.keyboardSettings.onScreenKeyboard = .never
    let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 44))
    field.borderStyle = .roundedRect
    app.window.addSubview(field)
    field.text = start
    field.becomeFirstResponder()
    app.advance(by: 0.2)
    for edit in edits {
      if edit == "⌫" { field.deleteBackward() } else { field.insertText(edit) }
      app.runUntilIdle()
      let edited = app.snapshot()
      field.canvas.setNeedsDisplay()
      #expect(differingPixels(edited, app.snapshot()) == 0, "\(start) after \(edit)")
    }
  }
}

/// A text field that counts its layout passes.
@MainActor
private final class CountingTextField: TextField {
  var layoutPasses = 0
  override func layoutSubviews() {
    layoutPasses += 1
    super.layoutSubviews()
  }
}

/// A keystroke updates the caret and the scroll itself and takes no layout pass, unless the
/// clear button comes or goes (the text rectangle changes).
@MainActor
@Test func aKeystrokeTakesNoLayoutPassUnlessTheClearButtonComesOrGoes() throws {
  let app = try TestApplication(pointSize: Size(width: 400, height: 300), scale: 2)
  app.application.keyboardSettings.onScreenKeyboard = .never
  let field = CountingTextField(frame: Rect(x: 20, y: 20, width: 300, height: 44))
  field.clearButtonMode = .whileEditing
  app.window.addSubview(field)
  field.becomeFirstResponder()
  app.advance(by: 0.2)
  let before = field.layoutPasses
  field.insertText("a")
  app.runUntilIdle()
  #expect(field.layoutPasses == before + 1, "the clear button came")
  #expect(!field.clearButton.isHidden)
  field.insertText("b")
  app.runUntilIdle()
  field.deleteBackward()
  app.runUntilIdle()
  #expect(field.layoutPasses == before + 1, "keystrokes")
  #expect(field.caretView.frame.minX > 2, "the caret follows the text")
  field.deleteBackward()
  app.runUntilIdle()
  #expect(field.layoutPasses == before + 2, "the clear button went")
  #expect(field.clearButton.isHidden)
  #expect(pixelsDifferingFromAFullRepaint(app) == 0)
}
