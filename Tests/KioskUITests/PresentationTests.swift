import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// Logs, at each appearance callback and after the transition, whether it is being
/// presented or dismissed ("B.wA presented").
@MainActor
final class PresentationProbe: LoggedController {
  var flags: [String] = []

  private func note(_ callback: String) {
    var parts = ["\(name).\(callback)"]
    if isBeingPresented { parts.append("presented") }
    if isBeingDismissed { parts.append("dismissed") }
    flags.append(parts.joined(separator: " "))
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    note("wA")
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    note("dA")
  }
  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    note("wD")
  }
  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    note("dD")
  }
  func noteNow(_ label: String) { note(label) }
}

/// A screen with a root controller on it, for presenting from.
@MainActor
struct PresentationStage {
  let app: TestApplication
  let log = ControllerLog()
  let root: WindowCheckingController

  init(width: Double = 300, height: Double = 200) throws {
    app = try TestApplication(pointSize: Size(width: width, height: height))
    root = WindowCheckingController("A", log: log)
    root.color = Color(hex: 0x007aff)
    app.window.rootViewController = root
    app.runUntilIdle()
    log.entries = []
  }

  func controller(_ name: String, style: ModalPresentationStyle = .fullScreen) -> PresentationProbe
  {
    let controller = PresentationProbe(name, log: log)
    controller.modalPresentationStyle = style
    controller.color = Color(hex: 0xff3b30)
    return controller
  }
}

@MainActor
struct PresentationTests {
  @Test(arguments: [false, true])
  func presentingFullScreenDisappearsThePresenterAndTakesItsViewOutOfTheWindow(animated: Bool)
    throws
  {
    let stage = try PresentationStage()
    let (a, log) = (stage.root, stage.log)
    let b = stage.controller("B")
    var completions: [String] = []
    a.present(b, animated: animated) { completions.append(log.entries.last ?? "none") }
    if animated {
      #expect(log.take() == ["B.viewDidLoad", "A.wD", "B.wA"])
      #expect(a.view.window === stage.app.window)  // still shown under the sliding view
      #expect(completions.isEmpty)
      stage.app.advance(by: 0.15)
      #expect(log.entries.isEmpty && completions.isEmpty)
      stage.app.advance(by: 0.2)
      #expect(log.take() == ["B.dA", "A.dD"])
    } else {
      #expect(log.take() == ["B.viewDidLoad", "A.wD", "B.wA", "B.dA", "A.dD"])
    }
    #expect(completions == ["A.dD"])
    #expect(a.animatedFlags.last == animated && b.animatedFlags == [animated])
    #expect(a.view.window == nil)
    #expect(a.inWindow.suffix(2) == ["wD true", "dD false"])
    #expect(b.view.window === stage.app.window)
    #expect(b.view.convert(b.view.bounds, to: nil) == Rect(x: 0, y: 0, width: 300, height: 200))
    #expect(a.presentedViewController === b && b.presentingViewController === a)
    #expect(b.presentationController?.presentationStyle == .fullScreen)
    #expect(stage.app.snapshot().pixel(x: 150, y: 100) == Color(hex: 0xff3b30))
  }

  @Test(arguments: [false, true])
  func dismissingFullScreenBringsThePresenterBack(animated: Bool) throws {
    let stage = try PresentationStage()
    let (a, log) = (stage.root, stage.log)
    let b = stage.controller("B")
    a.present(b, animated: false)
    log.entries = []
    var completed = 0
    a.dismiss(animated: animated) { completed += 1 }
    if animated {
      #expect(log.take() == ["B.wD", "A.wA"])
      #expect(a.view.window === stage.app.window)  // back under the view sliding away
      #expect(b.view.window === stage.app.window)
      stage.app.advance(by: 0.15)
      #expect(log.entries.isEmpty && completed == 0)
      stage.app.advance(by: 0.2)
      #expect(log.take() == ["A.dA", "B.dD"])
    } else {
      #expect(log.take() == ["B.wD", "A.wA", "A.dA", "B.dD"])
    }
    #expect(completed == 1)
    #expect(b.view.window == nil)
    #expect(a.view.superview === stage.app.window)
    #expect(a.view.frame == Rect(x: 0, y: 0, width: 300, height: 200))
    #expect(stage.app.window.subviews.count == 1)
    #expect(a.presentedViewController == nil && b.presentingViewController == nil)
    // The presentation that ended is gone; asking makes a fresh one, as UIKit does.
    #expect(b.presentationController?.presentingViewController == nil)
    #expect(b.presentationController?.containerView == nil)
    #expect(stage.app.snapshot().pixel(x: 150, y: 100) == Color(hex: 0x007aff))
  }

  @Test(
    arguments: [ModalPresentationStyle.overFullScreen, .overCurrentContext, .formSheet, .popover],
    [false, true])
  func overStylesGiveCallbacksOnlyToThePresentedController(
    style: ModalPresentationStyle, animated: Bool
  ) throws {
    let stage = try PresentationStage(width: 640, height: 400)
    let (a, log) = (stage.root, stage.log)
    let b = stage.controller("B", style: style)
    b.popoverPresentationController?.sourceView = a.view
    b.popoverPresentationController?.sourceRect = Rect(x: 300, y: 20, width: 40, height: 30)
    var completed = 0
    a.present(b, animated: animated) { completed += 1 }
    if animated {
      #expect(log.take() == ["B.viewDidLoad", "B.wA"])
      stage.app.advance(by: 0.35)
      #expect(log.take() == ["B.dA"])
    } else {
      #expect(log.take() == ["B.viewDidLoad", "B.wA", "B.dA"])
    }
    #expect(completed == 1)
    #expect(a.view.window === stage.app.window)
    #expect(b.view.window === stage.app.window)
    #expect(b.presentationController?.presentationStyle == style)
    a.dismiss(animated: animated) { completed += 1 }
    if animated {
      #expect(log.take() == ["B.wD"])
      stage.app.advance(by: 0.35)
    }
    #expect(log.take() == (animated ? ["B.dD"] : ["B.wD", "B.dD"]))
    #expect(completed == 2)
    #expect(a.view.window === stage.app.window && b.view.window == nil)
    #expect(stage.app.window.subviews.count == 1)
    #expect(a.inWindow == ["wA false", "dA true"])
  }

  @Test(arguments: [false, true])
  func beingPresentedAndDismissedAreTrueOnlyDuringThoseTransitions(animated: Bool) throws {
    let stage = try PresentationStage()
    let b = stage.controller("B")
    #expect(!b.isBeingPresented)
    stage.root.present(b, animated: animated) { b.noteNow("completion") }
    if animated {
      #expect(b.isBeingPresented)
      stage.app.advance(by: 0.35)
    }
    #expect(!b.isBeingPresented)
    b.noteNow("idle")
    b.dismiss(animated: animated) { b.noteNow("completion") }
    if animated {
      #expect(b.isBeingDismissed)
      stage.app.advance(by: 0.35)
    }
    #expect(!b.isBeingDismissed)
    #expect(
      b.flags == [
        "B.wA presented", "B.dA presented", "B.completion", "B.idle", "B.wD dismissed",
        "B.dD dismissed", "B.completion",
      ])
    #expect(!stage.root.isBeingPresented && !stage.root.isBeingDismissed)
  }

  @Test func aControllerThatPresentsNothingIsDismissedByItsPresenter() throws {
    let stage = try PresentationStage()
    let b = stage.controller("B")
    stage.root.present(b, animated: false)
    stage.log.entries = []
    b.dismiss(animated: false)
    #expect(stage.log.take() == ["B.wD", "A.wA", "A.dA", "B.dD"])
    #expect(stage.root.presentedViewController == nil)
    var called = false
    stage.root.dismiss(animated: false) { called = true }  // nothing presented
    #expect(called)
    #expect(stage.log.take().isEmpty)
  }

  @Test func aChildPresentsFromTheTopOfItsParentChainAndItsChildrenCanDismiss() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let container = SideBySideController("P", log: log)
    let left = LoggedController("L", log: log)
    let right = LoggedController("R", log: log)
    container.show(left: left, right: right)
    app.window.rootViewController = container
    let b = SideBySideController("B", log: log)
    let inner = LoggedController("I", log: log)
    b.show(left: inner, right: LoggedController("J", log: log))
    log.entries = []
    left.present(b, animated: false)
    #expect(b.presentingViewController === container)
    #expect(left.presentedViewController === b)  // through its parent
    #expect(inner.presentingViewController === container)
    #expect(
      log.take() == [
        "P.wD", "L.wD", "R.wD", "B.wA", "I.wA", "J.wA", "B.dA", "I.dA", "J.dA",
        "P.dD", "L.dD", "R.dD",
      ])
    inner.dismiss(animated: false)
    #expect(container.presentedViewController == nil)
    #expect(log.take().prefix(4) == ["B.wD", "I.wD", "J.wD", "P.wA"])
    #expect(container.view.window === app.window)
  }

  /// As in UIKit, a controller presents one controller at a time: asking one that already
  /// presents is refused (with a logged warning) and its completion never runs; the top of
  /// the chain presents the next one.
  @Test func aControllerThatAlreadyPresentsRefusesToPresentAnother() throws {
    let stage = try PresentationStage()
    let a = stage.root
    let (b, c, d) = (stage.controller("B"), stage.controller("C"), stage.controller("D"))
    a.present(b, animated: false)
    var completions = 0
    a.present(c, animated: false) { completions += 1 }
    stage.app.advance(by: 1)
    #expect(completions == 0)
    #expect(c.presentingViewController == nil && b.presentedViewController == nil)
    #expect(a.presentedViewController === b)
    b.present(c, animated: false) { completions += 1 }
    #expect(completions == 1 && c.presentingViewController === b)
    b.present(d, animated: false)
    #expect(d.presentingViewController == nil && c.presentedViewController == nil)
    c.present(d, animated: false)
    #expect(d.presentingViewController === c)
    #expect(stage.app.window.subviews.count == 1)  // full screen: only the top is in the window
    #expect(d.view.window === stage.app.window && c.view.window == nil && a.view.window == nil)
    b.present(b, animated: false)  // already presented: refused
    a.present(a, animated: false)
    #expect(b.presentingViewController === a && a.presentingViewController == nil)
  }

  /// A request made while the presented controller is animating away waits for the end of
  /// that dismissal (KioskKit's one difference here; see `present(_:animated:completion:)`).
  @Test func presentingWhileTheOneBeforeIsDismissedWaitsForTheDismissal() throws {
    let stage = try PresentationStage()
    let a = stage.root
    let (b, c) = (stage.controller("B"), stage.controller("C"))
    a.present(b, animated: false)
    b.dismiss(animated: true)
    var completed = false
    a.present(c, animated: false) { completed = true }
    #expect(!completed && a.presentedViewController === b)
    stage.app.advance(by: 1)
    #expect(completed && a.presentedViewController === c && b.presentingViewController == nil)
  }

  @Test(arguments: [false, true])
  func dismissingTheMiddleOfAChainDismissesEverythingAboveIt(animated: Bool) throws {
    let stage = try PresentationStage()
    let (a, log) = (stage.root, stage.log)
    let (b, c, d) = (stage.controller("B"), stage.controller("C"), stage.controller("D"))
    a.present(b, animated: false)
    b.present(c, animated: false)
    c.present(d, animated: false)
    log.entries = []
    var completed = false
    b.dismiss(animated: animated) { completed = true }
    if animated {
      #expect(log.take() == ["D.wD", "B.wA"])
      #expect(c.view.window == nil)  // only the top one animates
      #expect(d.view.window === stage.app.window)
      stage.app.advance(by: 0.35)
    }
    #expect(log.take() == (animated ? ["B.dA", "D.dD"] : ["D.wD", "B.wA", "B.dA", "D.dD"]))
    #expect(completed)
    #expect(b.presentedViewController == nil && a.presentedViewController === b)
    #expect(c.presentingViewController == nil && d.presentingViewController == nil)
    #expect(c.presentedViewController == nil)
    #expect(b.view.window === stage.app.window && d.view.window == nil)
    #expect(stage.app.window.subviews.count == 1)

    b.present(c, animated: false)
    c.present(d, animated: false)
    log.entries = []
    a.dismiss(animated: animated)
    stage.app.advance(by: 0.35)
    #expect(log.take() == ["D.wD", "A.wA", "A.dA", "D.dD"])
    #expect(a.presentedViewController == nil)
    #expect(stage.app.window.subviews.count == 1 && a.view.superview === stage.app.window)
  }

  @Test func dismissingAChainOfOverPresentationsDisappearsEachShownController() throws {
    let stage = try PresentationStage()
    let (a, log) = (stage.root, stage.log)
    let b = stage.controller("B", style: .overFullScreen)
    let c = stage.controller("C", style: .overFullScreen)
    a.present(b, animated: false)
    b.present(c, animated: false)
    #expect(stage.app.window.subviews.count == 3)
    log.entries = []
    a.dismiss(animated: true)
    #expect(log.take() == ["C.wD", "B.wD"])
    #expect(b.view.window == nil && c.view.window === stage.app.window)
    stage.app.advance(by: 0.35)
    #expect(log.take() == ["C.dD", "B.dD"])
    #expect(stage.app.window.subviews.count == 1)
  }

  @Test func aFullScreenPresentationOverASheetTakesBothOutOfTheWindow() throws {
    let stage = try PresentationStage(width: 640, height: 400)
    let (a, log) = (stage.root, stage.log)
    let b = stage.controller("B", style: .formSheet)
    let c = stage.controller("C")
    a.present(b, animated: false)
    log.entries = []
    b.present(c, animated: false)
    #expect(log.take() == ["C.viewDidLoad", "A.wD", "B.wD", "C.wA", "C.dA", "A.dD", "B.dD"])
    #expect(a.view.window == nil && b.view.window == nil)
    c.dismiss(animated: false)
    #expect(log.take() == ["C.wD", "B.wA", "A.wA", "B.dA", "A.dA", "C.dD"])
    #expect(stage.app.window.subviews.first === a.view)
    #expect(b.view.window === stage.app.window)
  }

  /// A request made while a presentation is still animating waits for its end, and is then
  /// refused like any request to a controller that already presents one; a dismissal asked
  /// meanwhile waits too.
  @Test func requestsDuringATransitionWaitForItsEnd() throws {
    let stage = try PresentationStage()
    let (a, log) = (stage.root, stage.log)
    let (b, c) = (stage.controller("B"), stage.controller("C"))
    var order: [String] = []
    a.present(b, animated: true) { order.append("B in") }
    a.present(c, animated: true) { order.append("C in") }
    #expect(c.presentingViewController == nil)
    stage.app.advance(by: 0.35)
    #expect(order == ["B in"])
    #expect(c.presentingViewController == nil && b.presentedViewController == nil)
    b.present(c, animated: true) { order.append("C in") }
    a.dismiss(animated: true) { order.append("all out") }
    stage.app.advance(by: 0.35)
    stage.app.advance(by: 0.35)
    #expect(order == ["B in", "C in", "all out"])
    #expect(a.presentedViewController == nil)
    #expect(log.take().suffix(4) == ["C.wD", "A.wA", "A.dA", "C.dD"])
  }

  @Test func aControllerOutOfTheWindowPresentsNothing() throws {
    let stage = try PresentationStage()
    let loose = LoggedController("X", log: stage.log)
    let b = stage.controller("B")
    var called = false
    loose.present(b, animated: false) { called = true }
    #expect(!called)
    #expect(b.presentingViewController == nil && loose.presentedViewController == nil)
    stage.root.present(b, animated: false)
    #expect(b.presentingViewController === stage.root)
  }

  @Test func inAHiddenWindowThePresentedControllerAppearsWhenTheWindowIsShown() throws {
    let stage = try PresentationStage()
    let (a, log) = (stage.root, stage.log)
    stage.app.window.isHidden = true
    log.entries = []
    let b = stage.controller("B")
    a.present(b, animated: true)
    #expect(log.take() == ["B.viewDidLoad"])
    #expect(a.view.window == nil && b.presentingViewController === a)
    stage.app.window.isHidden = false
    #expect(log.take() == ["B.wA", "B.dA"])
  }

  /// Mid-transition frames: cover vertical slides the presented view up from the bottom;
  /// cross dissolve blends it over the presenter.
  @Test(arguments: [ModalTransitionStyle.coverVertical, .crossDissolve])
  func transitionStylesMoveOrFadeThePresentedView(style: ModalTransitionStyle) throws {
    let stage = try PresentationStage()
    let b = stage.controller("B")
    b.modalTransitionStyle = style
    b.color = Color(hex: 0xffffff)
    stage.root.present(b, animated: true)
    stage.app.advance(by: 0.15)
    let frame = stage.app.snapshot()
    let top = frame.pixel(x: 150, y: 5)
    let bottom = frame.pixel(x: 150, y: 195)
    switch style {
    case .coverVertical:
      #expect(top == Color(hex: 0x007aff))
      #expect(bottom == Color(hex: 0xffffff))
    case .crossDissolve:
      #expect(top == bottom)
      #expect(top.red > 0.2 && top.red < 0.9)
    }
    stage.app.advance(by: 0.2)
    #expect(stage.app.snapshot().pixel(x: 150, y: 5) == Color(hex: 0xffffff))
  }

  @Test func touchesAPresentedControllerDoesNotHandleGoToItsPresenter() throws {
    final class TouchNotingController: ViewController {
      var touches = 0
      override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
        self.touches += 1
      }
    }
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let a = TouchNotingController()
    app.window.rootViewController = a
    let b = ViewController()
    b.modalPresentationStyle = .formSheet
    a.present(b, animated: false)
    #expect(b.next === a)
    app.tap(at: Point(x: 150, y: 100))
    #expect(a.touches == 1)
  }

  @Test func aViewReplacedWhileCoveredIsTheOneThatComesBack() throws {
    let stage = try PresentationStage()
    let a = stage.root
    let b = stage.controller("B")
    a.present(b, animated: false)
    let replacement = View(frame: .zero)
    replacement.backgroundColor = Color(hex: 0x34c759)
    a.view = replacement
    b.dismiss(animated: false)
    #expect(replacement.superview === stage.app.window)
    #expect(replacement.frame == Rect(x: 0, y: 0, width: 300, height: 200))
    #expect(stage.app.snapshot().pixel(x: 150, y: 100) == Color(hex: 0x34c759))
  }
}
