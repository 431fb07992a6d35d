import Foundation
import KioskKit
import KioskTesting
import Testing

@testable import CheckIn

/// A visitor checks in as at the panel: the app's own delegate and main storyboard on a
/// virtual screen, its views found by their labels, the on-screen keyboard tapped key by key, the visitor book written under
/// the state directory systemd would give the service.
@MainActor @Suite(.serialized) struct CheckInTests {
  let folder = NSTemporaryDirectory() + "checkin-\(UUID().uuidString)"

  init() {
    setenv("STATE_DIRECTORY", folder, 1)
  }

  @Test func aVisitorChecksInOnTheOnScreenKeyboard() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let app = try TestApplication(pointSize: Size(width: 960, height: 540), scale: 1)
    let storyboard = try #require(CheckInApp.mainStoryboard)
    let delegate = try app.launch(CheckInApp.self, mainStoryboard: storyboard)
    let navigation = try #require(delegate.window?.rootViewController as? NavigationController)
    let welcome = try #require(navigation.topViewController as? WelcomeController)
    try assertSnapshot(of: app, named: "welcome")

    try app.buttons["Check in"].tap()  // found by its label, as XCUITest finds it
    app.advance(by: 1)  // the push, then the keyboard sliding in for the name
    let form = try #require(navigation.topViewController as? CheckInFormController)
    #expect(form.nameField.isFirstResponder && app.keyboardFrame != nil)
    try app.textFields["Your name"].typeText("Ada Lovelace")
    #expect(app.tapKeyboardKey(.returnKey))  // on to the party's size: the number pad
    app.advance(by: 0.5)
    #expect(form.partyField.isFirstResponder)
    #expect(app.tapKeyboardKey(.backspace) && app.typeOnScreenKeyboard("3"))
    #expect(form.nameField.text == "Ada Lovelace" && form.partyField.text == "3")
    try assertSnapshot(of: app, named: "form-number-pad")

    try app.buttons["Check in"].tap()
    app.advance(by: 1)
    #expect(navigation.topViewController is ConfirmationController)
    try assertSnapshot(of: app, named: "confirmation")
    #expect(delegate.book.visitorCount == 3)
    // Written where the service keeps its state, and read back by a new book.
    let reread = VisitorBook(folder: folder)
    #expect(reread.visits.map(\.name) == ["Ada Lovelace"] && reread.visitorCount == 3)

    // Back to the welcome screen by itself.
    app.advance(by: 9)
    #expect(navigation.topViewController === welcome)
  }

  @Test func theAppRunsWithTheOptionsItIsLaunchedWith() throws {
    let app = try TestApplication(pointSize: Size(width: 960, height: 540), scale: 1)
    let storyboard = try #require(CheckInApp.mainStoryboard)
    let options = try CheckInOptions.parse(["--venue", "the museum", "--max-party", "12"])
    let delegate = try app.launch(CheckInApp.self, options: options, mainStoryboard: storyboard)
    #expect(Application.shared.options(CheckInOptions.self)?.maxParty == 12)
    #expect(delegate.window != nil)
    #expect(app.staticTexts["Welcome to the museum"].exists)
    // A later launch without options has the defaults again.
    let next = try TestApplication(pointSize: Size(width: 960, height: 540), scale: 1)
    #expect(Application.shared.options(CheckInOptions.self) == nil)
    _ = next
  }

  @Test func partiesLargerThanTheVenueAllowsCannotCheckIn() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let app = try TestApplication(pointSize: Size(width: 960, height: 540), scale: 1)
    let form = CheckInFormController(book: VisitorBook(folder: folder))
    app.window.rootViewController = form
    app.runUntilIdle()
    form.nameField.text = "Grace"
    form.partyField.text = "9"  // the default limit is 8
    form.partyField.sendActions(for: .editingChanged)
    #expect(!form.doneButton.isEnabled)
    form.partyField.text = "8"
    form.partyField.sendActions(for: .editingChanged)
    #expect(form.doneButton.isEnabled)
  }
}
