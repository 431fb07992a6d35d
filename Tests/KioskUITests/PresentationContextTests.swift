import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// Figure 1-14 of the seed with a custom container: P holds L on the left and R on the
/// right; R holds G1 and G2 side by side and may define the presentation context.
@MainActor
struct ContextStage {
  let app: TestApplication
  let log = ControllerLog()
  let outer: SideBySideController
  let left: LoggedController
  let right: SideBySideController
  let first: LoggedController
  let second: LoggedController

  static let leftColor = Color(hex: 0x34c759)
  static let presentedColor = Color(hex: 0xff3b30)

  init(rightDefinesContext: Bool = true) throws {
    app = try TestApplication(pointSize: Size(width: 300, height: 200))
    outer = SideBySideController("P", log: log)
    left = LoggedController("L", log: log)
    left.color = Self.leftColor
    right = SideBySideController("R", log: log)
    right.definesPresentationContext = rightDefinesContext
    first = LoggedController("G1", log: log)
    first.color = Color(hex: 0xffcc00)
    second = LoggedController("G2", log: log)
    second.color = Color(hex: 0x5856d6)
    right.show(left: first, right: second)
    outer.show(left: left, right: right)
    app.window.rootViewController = outer
    app.runUntilIdle()
    log.entries = []
  }

  func presented(_ style: ModalPresentationStyle) -> LoggedController {
    let controller = LoggedController("B", log: log)
    controller.color = Self.presentedColor
    controller.modalPresentationStyle = style
    return controller
  }

  /// The presented view's frame in window coordinates.
  func windowFrame(of controller: ViewController) -> Rect {
    controller.view.convert(controller.view.bounds, to: nil)
  }
}

@MainActor
struct PresentationContextTests {
  @Test(arguments: [false, true])
  func currentContextCoversExactlyTheDefiningControllersArea(animated: Bool) throws {
    let stage = try ContextStage()
    let b = stage.presented(.currentContext)
    stage.first.present(b, animated: animated)
    stage.app.advance(by: 0.35)
    #expect(
      stage.log.take() == [
        "B.viewDidLoad", "R.wD", "G1.wD", "G2.wD", "B.wA", "B.dA", "R.dD", "G1.dD", "G2.dD",
      ])
    #expect(stage.windowFrame(of: b) == Rect(x: 150, y: 0, width: 150, height: 200))
    #expect(b.presentingViewController === stage.right)
    #expect(stage.first.presentedViewController === b)
    #expect(stage.left.presentedViewController == nil)
    #expect(stage.outer.presentedViewController == nil)
    #expect(stage.right.view.window == nil)  // the context's view left the window
    #expect(stage.left.view.window === stage.app.window)
    let frame = stage.app.snapshot()
    #expect(frame.pixel(x: 149, y: 100) == ContextStage.leftColor)
    for (x, y) in [(150, 0), (225, 100), (299, 199)] {
      #expect(frame.pixel(x: x, y: y) == ContextStage.presentedColor)
    }

    stage.first.dismiss(animated: animated)
    stage.app.advance(by: 0.35)
    #expect(
      stage.log.take() == [
        "B.wD", "R.wA", "G1.wA", "G2.wA", "R.dA", "G1.dA", "G2.dA", "B.dD",
      ])
    #expect(stage.outer.view.subviews.map { $0 === stage.right.view } == [false, true])
    #expect(stage.right.view.frame == Rect(x: 150, y: 0, width: 150, height: 200))
    #expect(stage.app.snapshot().pixel(x: 160, y: 100) == Color(hex: 0xffcc00))
  }

  @Test func overCurrentContextLeavesTheContextInTheWindow() throws {
    let stage = try ContextStage()
    let b = stage.presented(.overCurrentContext)
    stage.second.present(b, animated: true)
    stage.app.advance(by: 0.35)
    #expect(stage.log.take() == ["B.viewDidLoad", "B.wA", "B.dA"])
    #expect(b.presentingViewController === stage.right)
    #expect(stage.right.view.window === stage.app.window)
    #expect(stage.windowFrame(of: b) == Rect(x: 150, y: 0, width: 150, height: 200))
    let frame = stage.app.snapshot()
    #expect(frame.pixel(x: 100, y: 100) == ContextStage.leftColor)
    #expect(frame.pixel(x: 160, y: 100) == ContextStage.presentedColor)
    b.dismiss(animated: false)
    #expect(stage.log.take() == ["B.wD", "B.dD"])
    #expect(stage.right.view.superview?.subviews.count == 2)
  }

  @Test(arguments: [ModalPresentationStyle.currentContext, .overCurrentContext])
  func withoutADefiningControllerTheContextIsTheRoot(style: ModalPresentationStyle) throws {
    let stage = try ContextStage(rightDefinesContext: false)
    let b = stage.presented(style)
    stage.first.present(b, animated: false)
    #expect(b.presentingViewController === stage.outer)
    #expect(stage.windowFrame(of: b) == Rect(x: 0, y: 0, width: 300, height: 200))
    #expect((stage.outer.view.window === stage.app.window) == (style == .overCurrentContext))
  }

  @Test(arguments: [ModalPresentationStyle.currentContext, .overCurrentContext])
  func theCoveredAreaFollowsTheContextWhenTheWindowResizes(style: ModalPresentationStyle) throws {
    let stage = try ContextStage()
    let b = stage.presented(style)
    stage.first.present(b, animated: false)
    stage.app.window.frame = Rect(x: 0, y: 0, width: 200, height: 100)
    stage.app.runUntilIdle()
    #expect(stage.windowFrame(of: b) == Rect(x: 100, y: 0, width: 100, height: 100))
    let frame = stage.app.snapshot()
    #expect(frame.pixel(x: 99, y: 50) == ContextStage.leftColor)
    #expect(frame.pixel(x: 100, y: 50) == ContextStage.presentedColor)
  }

  @Test(arguments: [false, true])
  func aContextCanProvideTheTransitionStyle(provides: Bool) throws {
    let stage = try ContextStage()
    stage.right.modalTransitionStyle = .crossDissolve
    stage.right.providesPresentationContextTransitionStyle = provides
    let b = stage.presented(.overCurrentContext)
    stage.first.present(b, animated: true)
    stage.app.advance(by: 0.15)
    let onScreen = try #require(b.presentationController?.wrapperView?.layer.presented)
    if provides {
      #expect(onScreen.transform.isIdentity && onScreen.opacity < 1)
    } else {
      #expect(!onScreen.transform.isIdentity && onScreen.opacity == 1)
    }
    // Either way the move is clipped to the context: the left half never changes.
    #expect(stage.app.snapshot().pixel(x: 140, y: 190) == ContextStage.leftColor)
  }

  @Test func aPresentationInAContextGoesAwayWhenItsPresenterIsCovered() throws {
    let stage = try ContextStage()
    let b = stage.presented(.overCurrentContext)
    stage.first.present(b, animated: false)
    let c = stage.presented(.fullScreen)
    stage.left.present(c, animated: false)
    #expect(c.presentingViewController === stage.outer)
    #expect(b.view.window == nil && stage.outer.view.window == nil)
    #expect(stage.log.take().contains("B.dD"))
    stage.left.dismiss(animated: false)
    #expect(b.view.window === stage.app.window)
    #expect(stage.windowFrame(of: b) == Rect(x: 150, y: 0, width: 150, height: 200))
    #expect(stage.log.take().contains("B.dA"))
  }
}
