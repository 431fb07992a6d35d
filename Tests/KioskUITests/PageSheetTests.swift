import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// UIKit's sheets since iOS 13: `.pageSheet` and `.automatic`, dismissed by a swipe down
/// unless `isModalInPresentation` or the delegate says no.
@MainActor
struct PageSheetTests {
  private func present(
    _ style: ModalPresentationStyle, on stage: PresentationStage
  ) -> (PresentationProbe, DismissalDelegate) {
    let sheet = stage.controller("B", style: style)
    let delegate = DismissalDelegate()
    sheet.presentationController?.delegate = delegate
    stage.root.present(sheet, animated: true)
    stage.app.advance(by: 1)
    return (sheet, delegate)
  }

  @Test func aPageSheetIsACentredCardOnAWideScreenAndFullWidthOnANarrowOne() throws {
    let wide = try PresentationStage(width: 1024, height: 768)
    let (sheet, _) = present(.pageSheet, on: wide)
    #expect(
      sheet.view.convert(sheet.view.bounds, to: nil) == Rect(x: 160, y: 20, width: 704, height: 748)
    )
    // What is under a sheet stays in the window, dimmed.
    #expect(wide.root.view.window === wide.app.window)
    let narrow = try PresentationStage(width: 400, height: 700)
    let (automatic, _) = present(.automatic, on: narrow)
    #expect(automatic.presentationController?.presentationStyle == .pageSheet)
    #expect(
      automatic.view.convert(automatic.view.bounds, to: nil)
        == Rect(x: 0, y: 10, width: 400, height: 690))
    #expect(automatic.presentationController?.frameOfPresentedViewInContainerView.minY == 10)
  }

  @Test func aSwipeDownDismissesTheSheetAndTellsTheDelegate() throws {
    let stage = try PresentationStage(width: 1024, height: 768)
    let (sheet, delegate) = present(.pageSheet, on: stage)
    stage.app.drag(
      from: Point(x: 500, y: 200), to: Point(x: 500, y: 600), duration: 0.4)
    stage.app.advance(by: 1)
    #expect(stage.root.presentedViewController == nil)
    #expect(sheet.view.window == nil)
    #expect(delegate.events == ["should", "will", "did"])
  }

  @Test func aShortDragSpringsBackAndASidewaysOneDoesNotMoveTheSheet() throws {
    let stage = try PresentationStage(width: 1024, height: 768)
    let (sheet, _) = present(.formSheet, on: stage)
    let start = sheet.view.convert(sheet.view.bounds, to: nil)
    let middle = Point(x: start.midX, y: start.midY)
    stage.app.touch(.began, at: middle)
    for step in 1...10 {
      stage.app.advance(by: 0.05)
      stage.app.touch(.moved, at: Point(x: middle.x, y: middle.y + Double(step) * 6))
    }
    // The sheet follows the finger down.
    #expect(abs(sheet.view.convert(sheet.view.bounds, to: nil).minY - (start.minY + 60)) < 8)
    stage.app.advance(by: 0.3)
    stage.app.touch(.ended, at: Point(x: middle.x, y: middle.y + 60))
    stage.app.advance(by: 1)
    #expect(stage.root.presentedViewController === sheet)
    #expect(sheet.view.convert(sheet.view.bounds, to: nil) == start)
    stage.app.drag(
      from: middle, to: Point(x: middle.x + 300, y: middle.y + 20), duration: 0.3)
    stage.app.advance(by: 1)
    #expect(stage.root.presentedViewController === sheet)
  }

  @Test func aSheetThatIsModalInPresentationResistsAndTheDelegateHearsTheAttempt() throws {
    let stage = try PresentationStage(width: 1024, height: 768)
    let (sheet, delegate) = present(.pageSheet, on: stage)
    sheet.isModalInPresentation = true
    let start = sheet.view.convert(sheet.view.bounds, to: nil)
    stage.app.touch(.began, at: Point(x: 500, y: 200))
    for step in 1...10 {
      stage.app.advance(by: 0.05)
      stage.app.touch(.moved, at: Point(x: 500, y: 200 + Double(step) * 40))
    }
    // Dragged 400 points, it gave far less.
    let moved = sheet.view.convert(sheet.view.bounds, to: nil).minY - start.minY
    #expect(moved > 0 && moved < 200)
    stage.app.touch(.ended, at: Point(x: 500, y: 600))
    stage.app.advance(by: 1)
    #expect(stage.root.presentedViewController === sheet)
    #expect(delegate.events == ["attempt"])
    #expect(sheet.view.convert(sheet.view.bounds, to: nil) == start)
    // A screen reader's escape is refused the same way; dismiss(animated:) still works.
    #expect(sheet.view.superview?.superview?.accessibilityPerformEscape() == false)
    #expect(delegate.events == ["attempt", "attempt"])
    sheet.dismiss(animated: false)
    stage.app.runUntilIdle()
    #expect(stage.root.presentedViewController == nil)
  }

  @Test func theDelegateCanRefuseAndAStoryboardNamesTheStyles() throws {
    let stage = try PresentationStage(width: 1024, height: 768)
    let (_, delegate) = present(.pageSheet, on: stage)
    delegate.allows = false
    stage.app.drag(from: Point(x: 500, y: 200), to: Point(x: 500, y: 700), duration: 0.3)
    stage.app.advance(by: 1)
    #expect(stage.root.presentedViewController != nil)
    #expect(delegate.events.last == "attempt")
    #expect(StoryboardNames.presentationStyles.contains { $0 == ("pageSheet", .pageSheet) })
    #expect(StoryboardNames.presentationStyles.contains { $0 == ("automatic", .automatic) })
  }
}
