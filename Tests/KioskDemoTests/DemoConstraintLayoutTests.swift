import KioskKit
import KioskTesting
import Testing

@testable import kiosk_demo

/// The demo's screens that lay out by constraints switch arrangements with the width, as
/// their frame-based layouts did: the goldens cover a wide panel, these a narrow one.
@MainActor
struct DemoConstraintLayoutTests {
  private func show(_ controller: ViewController, width: Double, height: Double) throws
    -> TestApplication
  {
    let app = try TestApplication(pointSize: Size(width: width, height: height))
    app.window.rootViewController = controller
    app.runUntilIdle()
    return app
  }

  @Test func aRecipeOnANarrowScreenPutsItsTextUnderThePicture() throws {
    let recipe = RecipeDetailController()
    let app = try show(recipe, width: 400, height: 700)
    let labels = recipe.view.subviews.compactMap { $0 as? Label }
    let time = try #require(labels.first { $0.text?.hasPrefix("Ready in") == true })
    #expect(time.frame == Rect(x: 20, y: 20 + 180 + 12, width: 360, height: 30))
    #expect(recipe.photoButton?.frame.minX == 20)
    // Turned wide, the text goes beside the picture again.
    app.window.frame = Rect(x: 0, y: 0, width: 700, height: 400)
    app.runUntilIdle()
    #expect(time.frame == Rect(x: 224, y: 20, width: 456, height: 30))
    // Low, the picture shrinks to leave 140 points of the height.
    app.window.frame = Rect(x: 0, y: 0, width: 700, height: 250)
    app.runUntilIdle()
    let picture = try #require(recipe.view.subviews.first { $0 is ImageView })
    #expect(picture.frame == Rect(x: 20, y: 20, width: 110, height: 110))
  }

  @Test func newContactOnANarrowScreenPutsTheFieldsUnderThePortrait() throws {
    let contact = NewContactController()
    _ = try show(contact, width: 400, height: 700)
    #expect(contact.nameField.frame == Rect(x: 16, y: 210, width: 368, height: 44))
    #expect(contact.emailField.frame == Rect(x: 16, y: 314, width: 368, height: 44))
    let table = try #require(contact.view.subviews.first { $0 is TableView })
    #expect(table.frame == Rect(x: 0, y: 366, width: 400, height: 334))
  }
}
