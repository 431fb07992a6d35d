import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// What an app keeps when the screen turns while it runs (`kioskctl rotate`, a reload of
/// `output.rotation`, `Screen.setRotation(_:animated:)`): typed text and its caret, the
/// first responder, a scroll view's offset; and what it hears: one
/// `viewWillTransition(to:with:)` with the new size, one layout.
@MainActor
struct LiveRotationStateTests {
  @Test func aTextFieldKeepsItsTextCaretAndFocusThroughEveryTurn() throws {
    let app = try TestApplication(pointSize: Size(width: 1024, height: 600), scale: 1)
    let field = TextField(frame: Rect(x: 20, y: 20, width: 300, height: 40))
    app.window.addSubview(field)
    #expect(field.becomeFirstResponder())
    app.typeOnHardwareKeyboard("Ada Lovelace")
    field.selectedRange = TextRange(location: 3, length: 0)
    app.runUntilIdle()
    for rotation in [Rotation.degrees90, .degrees180, .degrees270, .degrees0, .degrees90] {
      app.screen.setRotation(rotation, animated: true)
      app.advance(by: Screen.rotationDuration / 2)  // in the middle of the turn
      #expect(field.isFirstResponder, "at \(rotation)")
      app.advance(by: Screen.rotationDuration)
      #expect(field.text == "Ada Lovelace", "at \(rotation)")
      #expect(field.selectedRange == TextRange(location: 3, length: 0), "at \(rotation)")
      #expect(field.isFirstResponder, "at \(rotation)")
    }
    // Typing goes on at the caret.
    app.typeOnHardwareKeyboard("!")
    #expect(field.text == "Ada! Lovelace")
  }

  @Test func aScrollViewKeepsItsOffsetWhereItIsStillValid() throws {
    let app = try TestApplication(pointSize: Size(width: 1024, height: 600), scale: 1)
    let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    scroll.contentSize = Size(width: 400, height: 3000)
    app.window.addSubview(scroll)
    scroll.contentOffset = Point(x: 0, y: 800)
    app.runUntilIdle()
    for rotation in [Rotation.degrees90, .degrees180, .degrees270, .degrees0] {
      app.screen.setRotation(rotation, animated: true)
      app.advance(by: Screen.rotationDuration * 2)
      #expect(scroll.contentOffset == Point(x: 0, y: 800), "at \(rotation)")
    }
  }

  @Test func theRootHearsOneTransitionWithTheNewSizeAndLaysOutOnce() throws {
    let app = try TestApplication(pointSize: Size(width: 1024, height: 600), scale: 1)
    let root = CountingController()
    app.window.rootViewController = root
    app.runUntilIdle()
    for (rotation, size) in [
      (Rotation.degrees90, Size(width: 600, height: 1024)),
      (.degrees180, Size(width: 1024, height: 600)),
      (.degrees270, Size(width: 600, height: 1024)),
    ] {
      root.transitions = []
      root.layouts = 0
      root.traitChanges = 0
      app.screen.setRotation(rotation, animated: true)
      app.advance(by: Screen.rotationDuration * 2)
      #expect(root.transitions == [size], "at \(rotation)")
      #expect(root.layouts == 1, "at \(rotation)")
      #expect(root.view.frame.size == size, "at \(rotation)")
      // Portrait ↔ landscape changes the size classes; 90 → 180 is a new size as well.
      #expect(root.traitChanges == 1, "at \(rotation)")
    }
  }
}

@MainActor
private final class CountingController: ViewController {
  var transitions: [Size] = []
  var layouts = 0
  var traitChanges = 0

  override func viewWillTransition(
    to size: Size, with coordinator: ViewControllerTransitionCoordinator
  ) {
    super.viewWillTransition(to: size, with: coordinator)
    transitions.append(size)
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    layouts += 1
  }

  override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    traitChanges += 1
  }
}
