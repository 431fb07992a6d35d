import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A split view of two logged controllers, "P" (primary) and "D" (secondary), as the root
/// of a test application.
@MainActor
struct SplitScene {
  let app: TestApplication
  let log = ControllerLog()
  let primary: TraitController
  let secondary: TraitController
  let split: SplitViewController

  init(pointSize: Size, delegate: SplitViewControllerDelegate? = nil) throws {
    app = try TestApplication(pointSize: pointSize)
    primary = TraitController("P", log: log, color: Color(hex: 0xe5e5ea))
    secondary = TraitController("D", log: log, color: Color(hex: 0xfff4d6))
    split = SplitViewController(primary: primary, secondary: secondary)
    split.delegate = delegate
    app.window.rootViewController = split
    app.runUntilIdle()
  }
}

@MainActor
struct SplitViewTests {
  @Test func regularWidthShowsTheColumnsSideBySide() throws {
    let scene = try SplitScene(pointSize: Size(width: 1024, height: 600))
    let split = scene.split
    #expect(!split.isCollapsed)
    #expect(split.displayMode == .oneBesideSecondary)
    #expect(split.viewControllers.count == 2)
    #expect(split.viewController(for: .primary) === scene.primary)
    #expect(scene.primary.splitViewController === split)
    #expect(split.children.count == 2)
    #expect(split.primaryColumnWidth == 358)  // 35 % of 1024
    #expect(scene.primary.view.frame == Rect(x: 0, y: 0, width: 358, height: 600))
    #expect(scene.secondary.view.frame == Rect(x: 359, y: 0, width: 665, height: 600))
    #expect(scene.primary.view.window === scene.app.window)
    #expect(scene.secondary.view.window === scene.app.window)
    // The separator line between them.
    let frame = scene.app.snapshot()
    #expect(frame.pixel(x: 358, y: 300) == .separator)
    #expect(frame.pixel(x: 100, y: 300) == Color(hex: 0xe5e5ea))
    #expect(frame.pixel(x: 700, y: 300) == Color(hex: 0xfff4d6))
    // The narrow column is compact; the detail keeps the split view's regular width.
    #expect(scene.primary.traitCollection.horizontalSizeClass == .compact)
    #expect(scene.secondary.traitCollection.horizontalSizeClass == .regular)
    let log = scene.log.take()
    #expect(log.filter { $0.hasPrefix("P.") && $0.contains("A") } == ["P.wA", "P.dA"])
    #expect(log.filter { $0.hasPrefix("D.") && $0.contains("A") } == ["D.wA", "D.dA"])
  }

  @Test func turningToPortraitCollapsesAndBackExpands() throws {
    let scene = try SplitScene(pointSize: Size(width: 1024, height: 600))
    let split = scene.split
    scene.log.entries = []

    scene.app.screen.rotation = .degrees90
    #expect(split.isCollapsed)
    #expect(split.displayMode == .secondaryOnly)
    #expect(
      scene.log.take() == [
        "P.transition(240x1024)", "D.transition(600x1024)", "P.wD", "P.dD",
        "D.traits(regular→compact)",
      ])
    #expect(scene.primary.view.window == nil)
    #expect(scene.primary.parent === split)  // still a child, just not shown
    #expect(scene.secondary.view.frame == Rect(x: 0, y: 0, width: 600, height: 1024))
    let portrait = scene.app.snapshot()
    #expect(portrait.pixel(x: 1000, y: 10) == Color(hex: 0xfff4d6))  // panel top right

    scene.app.screen.rotation = .degrees0
    #expect(!split.isCollapsed)
    #expect(split.displayMode == .oneBesideSecondary)
    #expect(
      scene.log.take() == [
        "P.transition(358x600)", "D.transition(665x600)", "P.wA", "P.dA",
        "D.traits(compact→regular)",
      ])
    #expect(scene.primary.view.window === scene.app.window)
    #expect(scene.primary.view.frame == Rect(x: 0, y: 0, width: 358, height: 600))
    #expect(scene.secondary.view.frame == Rect(x: 359, y: 0, width: 665, height: 600))
    #expect(scene.primary.traitChanges.isEmpty)  // compact as a column and when collapsed
  }

  @Test func theButtonShowsThePrimaryOverTheSecondaryAndATapOutsideHidesIt() throws {
    let scene = try SplitScene(pointSize: Size(width: 600, height: 1024))
    let split = scene.split
    #expect(split.isCollapsed)
    #expect(scene.primary.view.window == nil)
    #expect(scene.secondary.view.frame == Rect(x: 0, y: 0, width: 600, height: 1024))
    scene.log.entries = []

    split.displayModeButtonItem.performAction()
    #expect(split.displayMode == .oneOverSecondary)
    #expect(scene.log.take() == ["P.wA"])
    scene.app.advance(by: 0.3)
    #expect(scene.log.take() == ["P.dA"])
    #expect(scene.primary.view.frame == Rect(x: 0, y: 0, width: 240, height: 1024))
    let frame = scene.app.snapshot()
    #expect(frame.pixel(x: 100, y: 500) == Color(hex: 0xe5e5ea))
    #expect(frame.pixel(x: 240, y: 500) == .separator)
    #expect(frame.pixel(x: 400, y: 500) != Color(hex: 0xfff4d6))  // dimmed
    #expect(scene.secondary.view.window === scene.app.window)  // still under the overlay

    scene.app.tap(at: Point(x: 450, y: 500))
    #expect(split.displayMode == .secondaryOnly)
    #expect(scene.log.take() == ["P.wD"])
    scene.app.advance(by: 0.3)
    #expect(scene.log.take() == ["P.dD"])
    #expect(scene.primary.view.window == nil)
    #expect(scene.app.snapshot().pixel(x: 100, y: 500) == Color(hex: 0xfff4d6))
  }

  @Test func aSwipeFromTheLeftEdgeShowsThePrimary() throws {
    let scene = try SplitScene(pointSize: Size(width: 600, height: 1024))
    let split = scene.split
    scene.app.drag(from: Point(x: 120, y: 500), to: Point(x: 400, y: 500), duration: 0.2)
    #expect(split.displayMode == .secondaryOnly)  // not from the edge
    scene.app.drag(from: Point(x: 4, y: 500), to: Point(x: 8, y: 800), duration: 0.2)
    #expect(split.displayMode == .secondaryOnly)  // from the edge, but downwards
    scene.app.drag(from: Point(x: 4, y: 500), to: Point(x: 200, y: 510), duration: 0.2)
    #expect(split.displayMode == .oneOverSecondary)
    scene.app.advance(by: 0.3)
    #expect(scene.primary.view.window === scene.app.window)
    split.presentsWithGesture = false
    split.hide(.primary)
    scene.app.advance(by: 0.3)
    scene.app.drag(from: Point(x: 4, y: 500), to: Point(x: 200, y: 510), duration: 0.2)
    #expect(split.displayMode == .secondaryOnly)
  }

  @Test func showDetailReplacesTheSecondarySideBySide() throws {
    let scene = try SplitScene(pointSize: Size(width: 1024, height: 600))
    let split = scene.split
    let next = TraitController("N", log: scene.log)
    scene.log.entries = []
    // Called on the primary: it goes up to the split view.
    scene.primary.showDetailViewController(next, sender: nil)
    #expect(
      scene.log.take() == [
        "N.willMove(S)", "D.willMove(nil)", "D.wD+moving", "N.wA+moving", "D.dD+moving",
        "N.dA+moving", "D.didMove(nil)", "N.didMove(S)",
      ])
    #expect(split.viewControllers.count == 2)
    #expect(split.viewControllers.last === next)
    #expect(scene.secondary.parent == nil)
    #expect(scene.secondary.view.superview == nil)
    #expect(next.view.frame == Rect(x: 359, y: 0, width: 665, height: 600))
    #expect(next.traitCollection.horizontalSizeClass == .regular)
    #expect(split.displayMode == .oneBesideSecondary)
    #expect(scene.primary.view.window === scene.app.window)
  }

  @Test func showDetailWhenCollapsedBecomesWhatIsShown() throws {
    let scene = try SplitScene(pointSize: Size(width: 600, height: 1024))
    let split = scene.split
    split.show(.primary)
    scene.app.advance(by: 0.3)
    #expect(split.displayMode == .oneOverSecondary)
    let next = TraitController("N", log: scene.log)
    scene.log.entries = []
    scene.primary.showDetailViewController(next, sender: nil)
    #expect(
      scene.log.take() == [
        "N.willMove(S)", "D.willMove(nil)", "D.wD+moving", "N.wA+moving", "D.dD+moving",
        "N.dA+moving", "D.didMove(nil)", "N.didMove(S)", "P.wD",
      ])
    #expect(split.displayMode == .secondaryOnly)
    scene.app.advance(by: 0.3)
    #expect(scene.log.take() == ["P.dD"])
    #expect(next.view.frame == Rect(x: 0, y: 0, width: 600, height: 1024))
    #expect(next.view.window === scene.app.window)
    #expect(scene.primary.view.window == nil)
    #expect(next.traitCollection.horizontalSizeClass == .compact)
  }

  @Test func showOnTheSplitViewReplacesThePrimary() throws {
    let scene = try SplitScene(pointSize: Size(width: 1024, height: 600))
    let split = scene.split
    let list = TraitController("L", log: scene.log)
    scene.secondary.show(list, sender: nil)
    #expect(split.viewControllers.first === list)
    #expect(scene.primary.parent == nil)
    #expect(list.view.frame == Rect(x: 0, y: 0, width: 358, height: 600))
    #expect(list.traitCollection.horizontalSizeClass == .compact)
  }

  @Test func showWithNoContainerToTakeItPresents() throws {
    let app = try TestApplication(pointSize: Size(width: 640, height: 400))
    let log = ControllerLog()
    let root = TraitController("R", log: log)
    app.window.rootViewController = root
    app.runUntilIdle()
    let shown = TraitController("X", log: log)
    let detail = TraitController("Y", log: log)
    root.show(shown, sender: nil)
    app.advance(by: 0.4)
    #expect(root.presentedViewController === shown)
    shown.showDetailViewController(detail, sender: nil)
    app.advance(by: 0.4)
    #expect(shown.presentedViewController === detail)
  }

  @Test func theDelegateHearsAndDecides() throws {
    final class Recorder: SplitViewControllerDelegate {
      var events: [String] = []
      var showPrimaryOnCollapse = true
      var separateWith: ViewController?
      var takesShowDetail = false
      func splitViewController(
        _ splitViewController: SplitViewController,
        willChangeTo displayMode: SplitViewController.DisplayMode
      ) { events.append("willChange(\(displayMode))") }
      func splitViewController(
        _ splitViewController: SplitViewController,
        collapseSecondary secondaryViewController: ViewController,
        onto primaryViewController: ViewController
      ) -> Bool {
        events.append("collapse")
        return showPrimaryOnCollapse
      }
      func splitViewController(
        _ splitViewController: SplitViewController,
        separateSecondaryFrom primaryViewController: ViewController
      ) -> ViewController? {
        events.append("separate")
        return separateWith
      }
      func splitViewControllerDidCollapse(_ splitViewController: SplitViewController) {
        events.append("didCollapse")
      }
      func splitViewControllerDidExpand(_ splitViewController: SplitViewController) {
        events.append("didExpand")
      }
      func splitViewController(
        _ splitViewController: SplitViewController, showDetail controller: ViewController,
        sender: Any?
      ) -> Bool {
        events.append("showDetail")
        return takesShowDetail
      }
    }
    let recorder = Recorder()
    let scene = try SplitScene(pointSize: Size(width: 1024, height: 600), delegate: recorder)
    let split = scene.split
    #expect(recorder.events.isEmpty)  // a split view starts expanded: nothing to tell
    recorder.events = []

    scene.app.screen.rotation = .degrees90
    #expect(recorder.events == ["collapse", "willChange(oneOverSecondary)", "didCollapse"])
    #expect(split.displayMode == .oneOverSecondary)
    #expect(scene.primary.view.frame == Rect(x: 0, y: 0, width: 240, height: 1024))
    #expect(scene.primary.view.window === scene.app.window)

    let replacement = TraitController("E", log: scene.log)
    recorder.separateWith = replacement
    recorder.events = []
    scene.app.screen.rotation = .degrees0
    #expect(recorder.events == ["separate", "willChange(oneBesideSecondary)", "didExpand"])
    #expect(split.viewControllers.last === replacement)
    #expect(replacement.view.frame == Rect(x: 359, y: 0, width: 665, height: 600))

    recorder.takesShowDetail = true
    recorder.events = []
    scene.primary.showDetailViewController(TraitController("Z", log: scene.log), sender: nil)
    #expect(recorder.events == ["showDetail"])
    #expect(split.viewControllers.last === replacement)
  }

  @Test func thePreferredDisplayModeHidesOrOverlaysThePrimary() throws {
    let scene = try SplitScene(pointSize: Size(width: 1024, height: 600))
    let split = scene.split
    scene.log.entries = []
    split.preferredDisplayMode = .secondaryOnly
    #expect(split.displayMode == .secondaryOnly)
    #expect(scene.log.take() == ["P.wD", "P.dD"])
    #expect(scene.primary.view.window == nil)
    #expect(scene.secondary.view.frame == Rect(x: 0, y: 0, width: 1024, height: 600))
    split.preferredPrimaryColumnWidthFraction = 0.5
    split.preferredDisplayMode = .oneOverSecondary
    #expect(scene.log.take() == ["P.wA", "P.dA"])
    #expect(scene.primary.view.frame == Rect(x: 0, y: 0, width: 512, height: 600))
    #expect(scene.secondary.view.frame == Rect(x: 0, y: 0, width: 1024, height: 600))
    split.preferredDisplayMode = .automatic
    #expect(split.displayMode == .oneBesideSecondary)
    #expect(scene.secondary.view.frame == Rect(x: 513, y: 0, width: 511, height: 600))
    #expect(scene.log.take().isEmpty)
  }
}
