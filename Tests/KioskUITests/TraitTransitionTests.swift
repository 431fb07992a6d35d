import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// Whether two snapshots have the same size and the same pixels.
func samePixels(_ a: Bitmap, _ b: Bitmap) -> Bool {
  guard a.width == b.width, a.height == b.height else { return false }
  for y in 0..<a.height {
    for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { return false }
  }
  return true
}

/// An output whose panel changes size, as a DRM output does when a display of another size
/// is connected.
@MainActor
final class ResizingOutput: DisplayOutput {
  let name = "resizing"
  private(set) var pixelWidth: Int
  private(set) var pixelHeight: Int
  let refreshRate = 60.0
  let isActive = true
  var frameHandler: (@MainActor (Double) -> Void)?
  var sizeChangeHandler: (@MainActor (Int, Int) -> Void)?
  private(set) var presentedSizes: [[Int]] = []

  init(width: Int, height: Int) {
    pixelWidth = width
    pixelHeight = height
  }

  func connectDisplay(width: Int, height: Int) {
    pixelWidth = width
    pixelHeight = height
    sizeChangeHandler?(width, height)
  }

  func present(_ frame: PixelBuffer, damage: Region, rotation: Rotation) throws {
    presentedSizes.append([frame.width, frame.height])
  }

  func requestFrameEvent() {}
}

@MainActor
struct TraitTransitionTests {
  /// A root "R" filling the window with a child "C" filling it, shown, logging to `log`.
  private func showRootWithChild(in app: TestApplication) -> (
    log: ControllerLog, root: StackController, child: TraitController
  ) {
    let log = ControllerLog()
    let root = StackController("R", log: log)
    let child = TraitController("C", log: log)
    app.window.rootViewController = root
    root.embed(child)
    app.runUntilIdle()
    return (log, root, child)
  }

  @Test func aDisplayOfAnotherSizeResizesTheScreenAsATurnDoes() throws {
    let app = try TestApplication(pointSize: Size(width: 1024, height: 600), scale: 1)
    let (log, _, child) = showRootWithChild(in: app)
    let output = ResizingOutput(width: 1024, height: 600)
    app.screen.attach(output)
    app.screen.rotation = .degrees90
    log.entries = []

    // A portrait 480×800 panel, mounted turned: the screen becomes 800×480 points.
    output.connectDisplay(width: 480, height: 800)
    #expect(app.screen.bounds == Rect(x: 0, y: 0, width: 800, height: 480))
    #expect(app.screen.rotation == .degrees90)
    #expect(app.screen.nativeBounds == Rect(x: 0, y: 0, width: 480, height: 800))
    #expect(
      log.take() == [
        "R.transition(800x480)", "C.transition(800x480)", "R.traits(compact→regular)",
        "C.traits(compact→regular)",
      ])
    #expect(app.window.frame == app.screen.bounds)
    #expect(child.view.frame == Rect(x: 0, y: 0, width: 800, height: 480))
    app.runUntilIdle()
    #expect(output.presentedSizes.last == [800, 480])
    // The same size again changes nothing.
    output.connectDisplay(width: 480, height: 800)
    #expect(log.take().isEmpty)
  }

  @Test func turningTheScreenFlipsSizeClassesOncePerFlip() throws {
    let app = try TestApplication(pointSize: Size(width: 1024, height: 600))
    let (log, root, child) = showRootWithChild(in: app)
    #expect(root.traitCollection.horizontalSizeClass == .regular)
    var boundsDuringTransition: [Rect] = []
    root.onTransition = { _, _ in boundsDuringTransition.append(app.screen.bounds) }
    log.entries = []

    app.screen.rotation = .degrees90
    #expect(app.screen.bounds == Rect(x: 0, y: 0, width: 600, height: 1024))
    #expect(
      log.take() == [
        "R.transition(600x1024)", "C.transition(600x1024)", "R.traits(regular→compact)",
        "C.traits(regular→compact)",
      ])
    #expect(boundsDuringTransition == [Rect(x: 0, y: 0, width: 1024, height: 600)])
    #expect(root.traitCollection.horizontalSizeClass == .compact)
    #expect(root.traitCollection.verticalSizeClass == .regular)
    #expect(root.traitChanges.first??.horizontalSizeClass == .regular)
    #expect(app.window.frame == app.screen.bounds)
    #expect(root.view.frame == Rect(x: 0, y: 0, width: 600, height: 1024))
    #expect(child.view.frame == Rect(x: 0, y: 0, width: 600, height: 1024))

    // Upside down landscape: the classes flip back.
    app.screen.rotation = .degrees180
    #expect(
      log.take() == [
        "R.transition(1024x600)", "C.transition(1024x600)", "R.traits(compact→regular)",
        "C.traits(compact→regular)",
      ])
    // A half turn keeps the size: the controllers hear of it, the traits stay.
    app.screen.rotation = .degrees0
    #expect(log.take() == ["R.transition(1024x600)", "C.transition(1024x600)"])
    app.screen.rotation = .degrees0
    #expect(log.take().isEmpty)
    #expect(root.traitChanges.count == 2)
  }

  @Test func theCoordinatorRunsAnimationsAlongsideAndCompletionsAfter() throws {
    let scene = try SplitScene(pointSize: Size(width: 1024, height: 600))
    let app = scene.app
    let detail = scene.secondary
    let badge = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
    detail.view.addSubview(badge)
    app.runUntilIdle()
    var events: [String] = []
    var saved: ViewControllerTransitionCoordinator?
    detail.onTransition = { size, coordinator in
      saved = coordinator
      events.append("animated \(coordinator.isAnimated)")
      coordinator.animate(
        alongsideTransition: { _ in
          events.append("alongside \(Int(app.screen.bounds.width))")
          badge.alpha = 0
        },
        completion: { _ in events.append("completion") })
    }

    app.screen.setRotation(.degrees90, animated: true)
    #expect(events == ["animated true", "alongside 600"])
    #expect(badge.alpha == 0)  // the model value; the presentation fades
    #expect(app.window.layer.presented.bounds.width == 600)  // the window takes it at once
    #expect(detail.view.frame == Rect(x: 0, y: 0, width: 600, height: 1024))
    app.advance(by: 0.15)
    let halfway = badge.layer.presented.opacity
    #expect(halfway > 0.05 && halfway < 0.95)
    let middle = detail.view.layer.presented.position.x
    #expect(middle > 300 && middle < 691.5)  // on its way from the right-hand column
    app.advance(by: 0.3)
    #expect(events == ["animated true", "alongside 600", "completion"])
    #expect(detail.view.layer.presented.position.x == 300)
    #expect(saved?.transitionDuration == Screen.rotationDuration)

    // Once the transition is over, added work runs at once.
    var late: [String] = []
    let queued = saved?.animate(
      alongsideTransition: { _ in late.append("a") }, completion: { _ in late.append("c") })
    #expect(queued == false)
    #expect(late == ["a", "c"])

    events = []
    app.screen.rotation = .degrees0
    #expect(events == ["animated false", "alongside 1024", "completion"])
  }

  @Test func windowsThatFillTheScreenFollowItAndOthersStay() throws {
    let app = try TestApplication(pointSize: Size(width: 800, height: 480))
    let hidden = Window(screen: app.screen)
    let panel = Window(screen: app.screen)
    panel.frame = Rect(x: 10, y: 10, width: 200, height: 100)
    panel.makeKeyAndVisible()
    let log = ControllerLog()
    let hiddenRoot = TraitController("H", log: log)
    hidden.rootViewController = hiddenRoot
    let panelRoot = TraitController("P", log: log)
    panel.rootViewController = panelRoot
    log.entries = []
    app.screen.rotation = .degrees270
    #expect(app.window.frame == Rect(x: 0, y: 0, width: 480, height: 800))
    #expect(hidden.frame == Rect(x: 0, y: 0, width: 480, height: 800))
    #expect(hiddenRoot.view.frame == hidden.bounds)
    #expect(panel.frame == Rect(x: 10, y: 10, width: 200, height: 100))
    #expect(log.take() == ["H.transition(480x800)", "H.traits(regular→compact)"])
  }

  @Test func theFrameTurnsWhileThePanelKeepsItsPixels() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 200), scale: 2)
    let corner = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
    corner.backgroundColor = Color(hex: 0xff0000)
    app.window.addSubview(corner)
    let before = app.snapshot()
    #expect(before.pixel(x: 2, y: 2) == Color(hex: 0xff0000))
    let frames = app.framesPresented

    app.screen.rotation = .degrees90
    #expect(app.screen.nativeBounds == Rect(x: 0, y: 0, width: 640, height: 400))
    #expect(app.screen.pixelWidth == 400 && app.screen.pixelHeight == 640)
    let after = app.snapshot()
    #expect(app.framesPresented == frames + 1)
    #expect(app.screen.compositor.frame.width == 400)
    #expect(app.screen.compositor.frame.height == 640)
    #expect(app.screen.compositor.lastDamage.area == 400 * 640)  // the whole screen
    #expect(after.width == 640 && after.height == 400)
    // The screen's top-left corner is now at the panel's top right.
    #expect(after.pixel(x: 637, y: 2) == Color(hex: 0xff0000))
    #expect(after.pixel(x: 2, y: 2) == .white)
    let toPanel = app.screen.pointsToPanel
    #expect(Point(x: 0, y: 0).applying(toPanel) == Point(x: 640, y: 0))
    #expect(Point(x: 200, y: 320).applying(toPanel) == Point(x: 0, y: 400))

    // A half turn from there: same frame size, every pixel moves.
    app.screen.rotation = .degrees270
    let upsideDown = app.snapshot()
    #expect(app.framesPresented == frames + 2)
    #expect(upsideDown.pixel(x: 2, y: 397) == Color(hex: 0xff0000))
    #expect(upsideDown.pixel(x: 637, y: 2) == .white)
  }

  @Test func pixelsAfterTurningEqualAScreenMadeTurned() throws {
    func build(on app: TestApplication) -> SplitViewController {
      let log = ControllerLog()
      let list = TraitController("P", log: log, color: Color(hex: 0xe5e5ea))
      let detail = TraitController("D", log: log, color: Color(hex: 0xfff4d6))
      let split = SplitViewController(primary: list, secondary: detail)
      app.window.rootViewController = split
      let banner = Label(frame: Rect(x: 0, y: 0, width: detail.view.bounds.width, height: 40))
      banner.autoresizingMask = [.flexibleWidth]
      banner.backgroundColor = Color(hex: 0x007aff)
      banner.textColor = .white
      banner.text = "Detail"
      detail.view.addSubview(banner)
      let footer = View(
        frame: Rect(x: 20, y: detail.view.bounds.height - 60, width: 80, height: 40))
      footer.autoresizingMask = [.flexibleTopMargin, .flexibleRightMargin]
      footer.backgroundColor = Color(hex: 0x34c759)
      detail.view.addSubview(footer)
      return split
    }
    let turned = try TestApplication(pointSize: Size(width: 800, height: 480), scale: 1.5)
    let first = build(on: turned)
    let landscape = turned.snapshot()
    #expect(!first.isCollapsed)
    turned.screen.rotation = .degrees90
    #expect(first.isCollapsed)
    let afterTurn = turned.snapshot()
    #expect(!samePixels(landscape, afterTurn))

    let fresh = try TestApplication(
      pointSize: Size(width: 480, height: 800), scale: 1.5, rotation: .degrees90)
    let second = build(on: fresh)
    #expect(second.isCollapsed)
    let made = fresh.snapshot()
    #expect(made.width == 1200 && made.height == 720)
    #expect(samePixels(afterTurn, made))
  }

  @Test func presentedControllersFollowAndCoveredViewsComeBackAtTheNewSize() throws {
    let app = try TestApplication(pointSize: Size(width: 1024, height: 600))
    let log = ControllerLog()
    let root = TraitController("A", log: log)
    let cover = TraitController("B", log: log)
    let sheet = TraitController("F", log: log)
    app.window.rootViewController = root
    app.runUntilIdle()
    root.present(cover, animated: false)
    sheet.modalPresentationStyle = .formSheet
    sheet.preferredContentSize = Size(width: 400, height: 300)
    cover.present(sheet, animated: false)
    app.runUntilIdle()
    #expect(root.view.window == nil)
    log.entries = []

    app.screen.rotation = .degrees90
    #expect(
      log.take() == [
        "A.transition(600x1024)", "B.transition(600x1024)", "F.transition(400x300)",
        "A.traits(regular→compact)", "B.traits(regular→compact)", "F.traits(regular→compact)",
      ])
    #expect(cover.traitCollection.horizontalSizeClass == .compact)
    app.runUntilIdle()
    #expect(cover.view.frame.size == Size(width: 600, height: 1024))
    root.dismiss(animated: false)
    app.runUntilIdle()
    #expect(root.view.window === app.window)
    #expect(root.view.frame == Rect(x: 0, y: 0, width: 600, height: 1024))
  }
}
