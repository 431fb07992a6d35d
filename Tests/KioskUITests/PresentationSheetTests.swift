import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A delegate that remembers what it was asked, in order, and may refuse.
@MainActor
final class DismissalDelegate: PresentationControllerDelegate {
  var allows = true
  var events: [String] = []

  func presentationControllerShouldDismiss(_ presentationController: PresentationController)
    -> Bool
  {
    events.append("should")
    return allows
  }
  func presentationControllerWillDismiss(_ presentationController: PresentationController) {
    events.append("will")
  }
  func presentationControllerDidDismiss(_ presentationController: PresentationController) {
    events.append("did")
  }
  func presentationControllerDidAttemptToDismiss(
    _ presentationController: PresentationController
  ) {
    events.append("attempt")
  }
}

@MainActor
struct PresentationSheetTests {
  static let blue = Color(hex: 0x007aff)
  static let red = Color(hex: 0xff3b30)

  /// A 640 × 400 screen (regular) with a blue root and a button-sized source at the top.
  private func stage(width: Double = 640, height: Double = 400) throws -> (
    PresentationStage, View
  ) {
    let stage = try PresentationStage(width: width, height: height)
    let source = View(frame: Rect(x: 300, y: 20, width: 40, height: 30))
    source.backgroundColor = Color(hex: 0x1c1c1e)
    stage.root.view.addSubview(source)
    return (stage, source)
  }

  private func popover(
    in stage: PresentationStage, source: View, size: Size = Size(width: 200, height: 150)
  ) -> PresentationProbe {
    let b = stage.controller("B", style: .popover)
    b.preferredContentSize = size
    b.popoverPresentationController?.sourceView = source
    return b
  }

  private func windowFrame(of controller: ViewController) -> Rect {
    controller.view.convert(controller.view.bounds, to: nil)
  }

  // MARK: Form sheet

  @Test func aFormSheetIsACentredCardOverADimmedWindow() throws {
    let (stage, _) = try stage()
    let b = stage.controller("B", style: .formSheet)
    stage.root.present(b, animated: true)
    stage.app.advance(by: 0.35)
    #expect(windowFrame(of: b) == Rect(x: 50, y: 20, width: 540, height: 360))
    let frame = stage.app.snapshot()
    #expect(frame.pixel(x: 320, y: 200) == Self.red)
    let dimmed = frame.pixel(x: 10, y: 200)
    #expect(dimmed.blue > 0.5 && dimmed.blue < 0.7)  // 60% of the blue root
    #expect(dimmed.green < Self.blue.green)
    stage.app.tap(at: Point(x: 10, y: 200))  // a sheet is not dismissed from outside
    #expect(stage.root.presentedViewController === b)
  }

  @Test func aFormSheetTakesThePreferredSizeAndShrinksOnSmallScreens() throws {
    let (stage, _) = try stage()
    let b = stage.controller("B", style: .formSheet)
    b.preferredContentSize = Size(width: 300, height: 200)
    stage.root.present(b, animated: false)
    stage.app.runUntilIdle()
    #expect(windowFrame(of: b) == Rect(x: 170, y: 100, width: 300, height: 200))
    b.preferredContentSize = Size(width: 400, height: 100)
    stage.app.runUntilIdle()
    #expect(windowFrame(of: b) == Rect(x: 120, y: 150, width: 400, height: 100))

    let (small, _) = try self.stage(width: 400, height: 300)
    let c = small.controller("C", style: .formSheet)
    small.root.present(c, animated: false)
    small.app.runUntilIdle()
    #expect(windowFrame(of: c) == Rect(x: 20, y: 20, width: 360, height: 260))
  }

  // MARK: Popover

  @Test func aPopoverPointsItsArrowAtTheSource() throws {
    let (stage, source) = try stage()
    let b = popover(in: stage, source: source)
    stage.root.present(b, animated: true)
    stage.app.advance(by: 0.35)
    let popover = try #require(b.popoverPresentationController)
    #expect(popover.arrowDirection == .up)
    // Below the source (maxY 50) by the arrow (12) and the card's rim (3), centred on it.
    #expect(windowFrame(of: b) == Rect(x: 220, y: 65, width: 200, height: 150))
    #expect(popover.frameOfPresentedViewInContainerView == windowFrame(of: b))
    let frame = stage.app.snapshot()
    #expect(frame.pixel(x: 320, y: 58) == .white)  // the arrow, between source and card
    #expect(frame.pixel(x: 300, y: 52) == Self.blue)  // beside the arrow
    #expect(frame.pixel(x: 219, y: 140) == .white)  // the rim
    #expect(frame.pixel(x: 320, y: 140) == Self.red)
    #expect(stage.root.view.window === stage.app.window)
  }

  /// A source somewhere on screen, the sides the arrow may take, and the side expected.
  struct PlacementCase: Sendable, CustomTestStringConvertible {
    var source: Rect
    var permitted: PopoverArrowDirection
    var expected: PopoverArrowDirection
    var testDescription: String { "source \(source)" }
  }

  @Test(arguments: [
    PlacementCase(
      source: Rect(x: 300, y: 350, width: 40, height: 30), permitted: .any, expected: .down),
    PlacementCase(
      source: Rect(x: 10, y: 150, width: 30, height: 40), permitted: .any, expected: .left),
    PlacementCase(
      source: Rect(x: 600, y: 150, width: 30, height: 40), permitted: .any, expected: .right),
    PlacementCase(
      source: Rect(x: 300, y: 20, width: 40, height: 30), permitted: [.left, .right],
      expected: .left),
  ])
  func thePopoverTakesAPermittedSideWhereItFits(placement: PlacementCase) throws {
    let (sourceFrame, permitted, expected) = (
      placement.source, placement.permitted, placement.expected
    )
    let (stage, source) = try stage()
    source.frame = sourceFrame
    let b = popover(in: stage, source: source, size: Size(width: 200, height: 250))
    b.popoverPresentationController?.permittedArrowDirections = permitted
    stage.root.present(b, animated: false)
    stage.app.runUntilIdle()
    let popover = try #require(b.popoverPresentationController)
    #expect(popover.arrowDirection == expected)
    let content = windowFrame(of: b)
    #expect(content.size == Size(width: 200, height: 250))
    #expect(!content.intersects(sourceFrame))
    #expect(content.minX >= 10 && content.maxX <= 630 && content.minY >= 10 && content.maxY <= 390)
    switch expected {
    case .down: #expect(content.maxY == sourceFrame.minY - 15)
    case .left: #expect(content.minX == sourceFrame.maxX + 15)
    case .right: #expect(content.maxX == sourceFrame.minX - 15)
    default: Issue.record("unexpected direction")
    }
  }

  @Test func aTapOutsideThePopoverDismissesItAndATapInsideDoesNot() throws {
    let (stage, source) = try stage()
    let b = popover(in: stage, source: source)
    var insideTaps = 0
    b.view.addGestureRecognizer(TapGestureRecognizer { _ in insideTaps += 1 })
    let delegate = DismissalDelegate()
    stage.root.present(b, animated: false)
    b.presentationController?.delegate = delegate
    stage.app.runUntilIdle()
    stage.log.entries = []
    stage.app.tap(at: Point(x: 320, y: 140))
    #expect(insideTaps == 1)
    #expect(stage.root.presentedViewController === b)
    stage.app.tap(at: Point(x: 300, y: 45))  // the source itself is outside too
    #expect(stage.log.take() == ["B.wD"])
    #expect(delegate.events == ["should", "will"])
    stage.app.advance(by: 0.35)
    #expect(stage.log.take() == ["B.dD"])
    #expect(delegate.events == ["should", "will", "did"])
    #expect(stage.root.presentedViewController == nil)
    #expect(b.view.window == nil)
    stage.app.tap(at: Point(x: 100, y: 300))
    #expect(insideTaps == 1)
  }

  @Test func theDelegateCanKeepThePopoverAndPassthroughViewsStayTouchable() throws {
    let (stage, source) = try stage()
    let b = popover(in: stage, source: source)
    let delegate = DismissalDelegate()
    delegate.allows = false
    var sourceTaps = 0
    source.addGestureRecognizer(TapGestureRecognizer { _ in sourceTaps += 1 })
    stage.root.present(b, animated: false)
    let popover = try #require(b.popoverPresentationController)
    popover.delegate = delegate
    popover.passthroughViews = [source]
    stage.app.tap(at: Point(x: 100, y: 300))
    #expect(delegate.events == ["should", "attempt"])
    #expect(stage.root.presentedViewController === b)
    stage.app.tap(at: Point(x: 320, y: 35))
    #expect(sourceTaps == 1)
    #expect(delegate.events == ["should", "attempt"])
    #expect(stage.root.presentedViewController === b)
  }

  @Test func aPopoverOnACompactScreenIsPresentedFullScreen() throws {
    let (stage, source) = try stage(width: 400, height: 640)
    let b = popover(in: stage, source: source)
    stage.root.present(b, animated: false)
    #expect(stage.log.take() == ["B.viewDidLoad", "A.wD", "B.wA", "B.dA", "A.dD"])
    #expect(b.presentationController?.presentationStyle == .fullScreen)
    #expect(b.popoverPresentationController?.arrowDirection == .unknown)
    #expect(windowFrame(of: b) == Rect(x: 0, y: 0, width: 400, height: 640))
    #expect(stage.root.view.window == nil)
    stage.app.tap(at: Point(x: 10, y: 600))
    #expect(stage.root.presentedViewController === b)
  }

  @Test func aPopoverFollowsThePreferredSizeWhileShown() throws {
    let (stage, source) = try stage()
    let b = popover(in: stage, source: source)
    stage.root.present(b, animated: false)
    stage.app.runUntilIdle()
    b.preferredContentSize = Size(width: 100, height: 80)
    stage.app.runUntilIdle()
    #expect(windowFrame(of: b) == Rect(x: 270, y: 65, width: 100, height: 80))
  }

  @Test func aPopoverWithoutASourceIsCentredWithoutAnArrow() throws {
    let (stage, _) = try stage()
    let b = stage.controller("B", style: .popover)
    b.preferredContentSize = Size(width: 200, height: 100)
    stage.root.present(b, animated: false)
    stage.app.runUntilIdle()
    #expect(b.popoverPresentationController?.arrowDirection == .unknown)
    #expect(windowFrame(of: b) == Rect(x: 220, y: 150, width: 200, height: 100))
  }
}
