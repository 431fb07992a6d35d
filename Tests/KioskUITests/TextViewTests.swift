import Foundation
import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor
private final class ChangeCounter: TextViewDelegate {
  var changes = 0
  var refuseDigits = false
  func textViewDidChange(_ textView: TextView) { changes += 1 }
  func textView(
    _ textView: TextView, shouldChangeTextIn range: TextRange, replacementText text: String
  )
    -> Bool
  { !(refuseDigits && text.contains { $0.isNumber }) }
}

/// `TextView`: several lines, a tap to edit, line breaks, scrolling the caret into view.
@MainActor
struct TextViewTests {
  @Test func aTapBeginsEditingAndReturnBreaksTheLine() throws {
    let app = try TestApplication(pointSize: Size(width: 600, height: 400))
    app.application.keyboardSettings.onScreenKeyboard = .never
    let view = TextView(frame: Rect(x: 20, y: 20, width: 300, height: 120))
    let delegate = ChangeCounter()
    view.textViewDelegate = delegate
    app.window.addSubview(view)
    app.runUntilIdle()
    app.tap(at: Point(x: 60, y: 40))
    #expect(view.isFirstResponder && view.isEditing)
    view.insertText("Line one")
    view.returnKeyPressed()
    view.insertText("Zwei")
    #expect(view.text == "Line one\nZwei")
    #expect(delegate.changes == 3)
    delegate.refuseDigits = true
    view.insertText("3")
    #expect(view.text == "Line one\nZwei")
    // Up goes to the line above.
    app.application.sendPresses([PressSample(phase: .began, key: Key(keyCode: 103, characters: ""))]
    )
    #expect(view.selectedRange.location < 9)
  }

  @Test func theCaretIsScrolledIntoView() throws {
    let app = try TestApplication(pointSize: Size(width: 600, height: 400))
    app.application.keyboardSettings.onScreenKeyboard = .never
    let view = TextView(frame: Rect(x: 20, y: 20, width: 300, height: 100))
    app.window.addSubview(view)
    app.runUntilIdle()
    view.becomeFirstResponder()
    for line in 1...20 { view.insertText("Line \(line)\n") }
    app.runUntilIdle()
    #expect(view.contentOffset.y > 200)
    #expect(view.contentSize.height > 400)
  }

  /// A text view at (20, 100) holding `text` (which starts "Soup of the day"), being
  /// edited, scrolled to the top, with "the" selected by a double tap.
  private func makeViewWithTheSelected(_ text: String) throws -> (TestApplication, TextView) {
    let app = try TestApplication(pointSize: Size(width: 600, height: 400))
    app.application.keyboardSettings.onScreenKeyboard = .never
    let view = TextView(frame: Rect(x: 20, y: 100, width: 300, height: 120))
    view.text = text
    app.window.addSubview(view)
    app.runUntilIdle()
    view.becomeFirstResponder()
    view.setContentOffset(.zero, animated: false)
    app.runUntilIdle()
    let word = view.caretRect(for: 9)  // inside "the"
    let point = view.convert(Point(x: word.midX, y: word.midY), to: app.window)
    app.tap(at: point)
    app.tap(at: point)
    #expect(view.selectedRange == TextRange(location: 8, length: 3))
    return (app, view)
  }

  @Test func aDoubleTapSelectsAWordAndTheMenuCopiesIt() throws {
    Pasteboard.general.strings = nil
    let (app, _) = try makeViewWithTheSelected("Soup of the day")
    let menu = try #require(EditMenu.shared.menuView)
    #expect(menu.commands == [.cut, .copy, .selectAll])
    let copyX = try #require(
      stride(from: 0.0, to: menu.bounds.width, by: 2).first { menu.segment(at: $0) == 1 })
    app.tap(at: menu.convert(Point(x: copyX + 10, y: menu.bounds.midY), to: app.window))
    #expect(Pasteboard.general.string == "the")
    #expect(EditMenu.shared.menuView == nil)
  }

  @Test func theSelectionHandlesExtendTheSelectionWithoutScrolling() throws {
    let (app, view) = try makeViewWithTheSelected(
      "Soup of the day\nand bread on the side\n" + String(repeating: "more\n", count: 20))
    let end = try #require(view.selectionHandles.first { !$0.isStart })
    let handlesShown = view.selectionHandles.allSatisfy { !$0.isHidden }
    #expect(handlesShown)
    // The end handle sits at the end of "the"; dragged down to the end of "bread".
    let bread = view.caretRect(for: 25)
    let from = view.convert(Point(x: end.frame.midX, y: end.frame.midY), to: app.window)
    let to = view.convert(Point(x: bread.minX, y: bread.midY), to: app.window)
    let offsetBefore = view.contentOffset
    app.drag(from: from, to: to, duration: 0.3)
    app.runUntilIdle()
    #expect(view.selectedRange == TextRange(location: 8, length: 17))
    #expect(view.contentOffset == offsetBefore)
    #expect(EditMenu.shared.menuView != nil)
    // The start handle pulled back to the start of the text.
    let start = try #require(view.selectionHandles.first { $0.isStart })
    let startPoint = view.convert(Point(x: start.frame.midX, y: start.frame.midY), to: app.window)
    let origin = view.convert(Point(x: 6, y: view.caretRect(for: 0).midY), to: app.window)
    app.drag(from: startPoint, to: origin, duration: 0.3)
    app.runUntilIdle()
    #expect(view.selectedRange == TextRange(location: 0, length: 25))
    // A drag elsewhere still scrolls, and ending editing hides the handles.
    let low = view.convert(Point(x: 200, y: 100), to: app.window)
    app.drag(from: low, to: Point(x: low.x, y: low.y - 60), duration: 0.3)
    app.advance(by: 1)
    #expect(view.contentOffset.y > 20)
    #expect(view.selectedRange == TextRange(location: 0, length: 25))
    view.resignFirstResponder()
    let handlesHidden = view.selectionHandles.allSatisfy(\.isHidden)
    #expect(handlesHidden)
  }
}
