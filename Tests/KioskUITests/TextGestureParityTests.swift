import Foundation
import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// What a gesture left in a text control: its selection and whether the edit menu shows.
private struct Outcome: Equatable {
  var selection: NSRange
  var menuShows: Bool
}

/// A text field and a text view follow a finger the same way (one `TextTouchTracker`): a
/// double tap selects a word, a tap on the caret shows the menu, and a long press is
/// recognised while the finger is still down, after which the caret follows the finger.
@MainActor
struct TextGestureParityTests {
  private static let text = "Soup of the day"

  /// Plays the gestures at the points `point(offset)` (screen points over the caret at
  /// each offset), noting what each left.
  private func play(
    _ app: TestApplication, at point: (Int) -> Point, selection: () -> NSRange
  ) -> [Outcome] {
    var outcomes: [Outcome] = []
    func note() {
      outcomes.append(
        Outcome(selection: selection(), menuShows: EditMenu.shared.menuView != nil))
    }
    // A double tap inside "the".
    app.tap(at: point(9))
    app.tap(at: point(9))
    note()
    // A tap elsewhere (not a third tap), then a tap on the caret it placed.
    app.advance(by: 1)
    app.tap(at: point(2))
    note()
    app.advance(by: 1)
    app.tap(at: point(2))
    note()
    // A long press, still down; then the finger moves and lifts.
    app.advance(by: 1)
    app.touch(.began, at: point(5))
    app.advance(by: TextTouchTracker.longPressDuration + 0.3)
    note()
    app.touch(.moved, at: point(11))
    note()
    app.touch(.ended, at: point(11))
    note()
    return outcomes
  }

  private func makeApp() throws -> TestApplication {
    let app = try TestApplication(pointSize: Size(width: 600, height: 400))
    app.application.keyboardSettings.onScreenKeyboard = .never
    return app
  }

  @Test func aTextViewRecognisesALongPressBeforeTheFingerLifts() throws {
    let app = try makeApp()
    let view = TextView(frame: Rect(x: 20, y: 100, width: 300, height: 120))
    view.text = Self.text
    app.window.addSubview(view)
    app.runUntilIdle()
    let outcomes = play(
      app,
      at: { offset in
        let caret = view.caretRect(for: offset)
        return view.convert(Point(x: caret.midX, y: caret.midY), to: app.window)
      }, selection: { view.selectedRange })
    try #require(outcomes.count == 6)
    // The caret is where the finger rests before the finger lifts.
    #expect(outcomes[3].selection == NSRange(location: 5, length: 0))
    #expect(outcomes[4] == Outcome(selection: NSRange(location: 11, length: 0), menuShows: false))
    #expect(outcomes[5] == Outcome(selection: NSRange(location: 11, length: 0), menuShows: true))
    #expect(view.contentOffset == .zero)
  }

  @Test func aTextFieldAndATextViewAnswerTheSameGesturesAlike() throws {
    let app = try makeApp()
    let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 44))
    field.text = Self.text
    app.window.addSubview(field)
    app.runUntilIdle()
    let inField = play(
      app,
      at: { offset in
        let caret = field.caretRect(for: offset)
        return field.canvas.convert(Point(x: caret.midX, y: caret.midY), to: app.window)
      }, selection: { field.selectedRange })
    field.removeFromSuperview()
    let view = TextView(frame: Rect(x: 20, y: 100, width: 300, height: 120))
    view.text = Self.text
    app.window.addSubview(view)
    app.runUntilIdle()
    let inView = play(
      app,
      at: { offset in
        let caret = view.caretRect(for: offset)
        return view.convert(Point(x: caret.midX, y: caret.midY), to: app.window)
      }, selection: { view.selectedRange })
    try #require(inField.count == 6)
    #expect(inField[0] == Outcome(selection: NSRange(location: 8, length: 3), menuShows: true))
    #expect(inField[1] == Outcome(selection: NSRange(location: 2, length: 0), menuShows: false))
    #expect(inField[2] == Outcome(selection: NSRange(location: 2, length: 0), menuShows: true))
    #expect(inView == inField)
  }
}
