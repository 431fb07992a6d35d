import Foundation
import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// What a gesture left in a text control: its selection and whether the edit menu shows.
private struct Outcome: Equatable {
  var selection: TextRange
  var menuShows: Bool
}

/// A text field and a text view follow a finger the same way (one `TextTouchTracker`): a
/// double tap selects a word, a tap on the caret shows the menu, and a long press is
/// recognised while the finger is still down, after which the caret follows the finger.
@MainActor
struct TextGestureParityTests {
  private static let text = "Soup of the day"

  /// Puts `control` in `app`'s window and plays the gestures over the caret at offsets of
  /// its text (`caret(offset)`, in `space`'s coordinates), noting what each left.
  private func play(
    _ app: TestApplication, on control: View, caret: (Int) -> Rect, in space: View,
    selection: () -> TextRange
  ) -> [Outcome] {
    app.window.addSubview(control)
    app.runUntilIdle()
    func point(_ offset: Int) -> Point {
      let rect = caret(offset)
      return space.convert(Point(x: rect.midX, y: rect.midY), to: app.window)
    }
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

  /// Plays the gestures on a text view holding `text`, in `app`'s window.
  private func playOnATextView(_ app: TestApplication) -> (TextView, [Outcome]) {
    let view = TextView(frame: Rect(x: 20, y: 100, width: 300, height: 120))
    view.text = Self.text
    let outcomes = play(
      app, on: view, caret: { view.caretRect(for: $0) }, in: view,
      selection: { view.selectedRange })
    return (view, outcomes)
  }

  @Test func aTextViewRecognisesALongPressBeforeTheFingerLifts() throws {
    let app = try makeApp()
    let (view, outcomes) = playOnATextView(app)
    try #require(outcomes.count == 6)
    // The caret is where the finger rests before the finger lifts.
    #expect(outcomes[3].selection == TextRange(location: 5, length: 0))
    #expect(outcomes[4] == Outcome(selection: TextRange(location: 11, length: 0), menuShows: false))
    #expect(outcomes[5] == Outcome(selection: TextRange(location: 11, length: 0), menuShows: true))
    #expect(view.contentOffset == .zero)
  }

  @Test func aTextFieldAndATextViewAnswerTheSameGesturesAlike() throws {
    let app = try makeApp()
    let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 44))
    field.text = Self.text
    let inField = play(
      app, on: field, caret: { field.caretRect(for: $0) }, in: field.canvas,
      selection: { field.selectedRange })
    field.removeFromSuperview()
    let (_, inView) = playOnATextView(app)
    try #require(inField.count == 6)
    #expect(inField[0] == Outcome(selection: TextRange(location: 8, length: 3), menuShows: true))
    #expect(inField[1] == Outcome(selection: TextRange(location: 2, length: 0), menuShows: false))
    #expect(inField[2] == Outcome(selection: TextRange(location: 2, length: 0), menuShows: true))
    #expect(inView == inField)
  }
}
