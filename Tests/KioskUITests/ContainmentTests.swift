import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A custom container built with the public API alone: two children side by side, each
/// half of its view, and a swap of the right-hand one.
@MainActor
final class SideBySideController: LoggedController {
  private(set) var left: ViewController?
  private(set) var right: ViewController?
  var forwardsAutomatically = true

  override var shouldAutomaticallyForwardAppearanceMethods: Bool { forwardsAutomatically }

  func show(left: ViewController, right: ViewController) {
    for child in [left, right] {
      addChild(child)
      view.addSubview(child.view)
      child.didMove(toParent: self)
    }
    self.left = left
    self.right = right
    view.setNeedsLayout()
  }

  /// Replaces the right-hand child with `next`, sliding it in over `duration` seconds.
  func swapRight(
    to next: ViewController, duration: Double, done: (@MainActor () -> Void)? = nil
  ) {
    guard let current = right else { return }
    addChild(next)
    current.willMove(toParent: nil)
    let slot = current.view.frame
    next.view.frame = slot.offsetBy(dx: slot.width, dy: 0)
    right = next
    transition(
      from: current, to: next, duration: duration,
      animations: {
        next.view.frame = slot
        current.view.alpha = 0
      },
      completion: { [self] _ in
        current.removeFromParent()
        next.didMove(toParent: self)
        done?()
      })
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let half = view.bounds.width / 2
    left?.view.frame = Rect(x: 0, y: 0, width: half, height: view.bounds.height)
    right?.view.frame = Rect(x: half, y: 0, width: half, height: view.bounds.height)
  }
}

/// A container that forwards appearance by hand, to its first child only.
@MainActor
final class FirstChildOnlyController: LoggedController {
  override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    children.first?.beginAppearanceTransition(true, animated: animated)
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    children.first?.endAppearanceTransition()
  }
  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    children.first?.beginAppearanceTransition(false, animated: animated)
  }
  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    children.first?.endAppearanceTransition()
  }
}

extension Rect {
  fileprivate func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: width, height: height)
  }
}

@MainActor
struct ContainmentTests {
  @Test func addChildCallsWillMoveAndTheContainerCallsDidMove() throws {
    _ = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let parent = LoggedController("P", log: log)
    let child = LoggedController("C", log: log)
    parent.loadViewIfNeeded()
    log.entries = []
    var parentDuringWillMove: ViewController? = parent
    final class Probe: LoggedController {
      var onWillMove: (() -> Void)?
      override func willMove(toParent parent: ViewController?) {
        onWillMove?()
        super.willMove(toParent: parent)
      }
    }
    let probe = Probe("Q", log: log)
    probe.onWillMove = { parentDuringWillMove = probe.parent }
    parent.addChild(child)
    #expect(log.take() == ["C.willMove(P)"])
    #expect(child.parent === parent)
    #expect(parent.children.count == 1 && parent.children.first === child)
    parent.view.addSubview(child.view)
    child.didMove(toParent: parent)
    #expect(log.take() == ["C.viewDidLoad", "C.didMove(P)"])
    parent.addChild(child)  // already a child: nothing
    #expect(log.take().isEmpty)
    parent.addChild(probe)
    #expect(parentDuringWillMove == nil)  // willMove comes before the link is made
    #expect(parent.children.count == 2)
  }

  @Test func theContainerCallsWillMoveNilAndRemoveFromParentCallsDidMoveNil() throws {
    _ = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let parent = LoggedController("P", log: log)
    let child = LoggedController("C", log: log)
    parent.addChild(child)
    parent.view.addSubview(child.view)
    child.didMove(toParent: parent)
    log.entries = []
    child.willMove(toParent: nil)
    child.view.removeFromSuperview()
    #expect(log.take() == ["C.willMove(nil)"])
    #expect(child.parent === parent)
    child.removeFromParent()
    #expect(log.take() == ["C.didMove(nil)"])
    #expect(child.parent == nil)
    #expect(parent.children.isEmpty)
    child.removeFromParent()
    #expect(log.take().isEmpty)
  }

  @Test func aChildOfAnotherContainerLeavesItFirst() {
    let log = ControllerLog()
    let first = LoggedController("P", log: log)
    let second = LoggedController("Q", log: log)
    let child = LoggedController("C", log: log)
    first.addChild(child)
    log.entries = []
    second.addChild(child)
    #expect(log.take() == ["C.didMove(nil)", "C.willMove(Q)"])
    #expect(first.children.isEmpty)
    #expect(second.children.first === child)
    child.addChild(second)  // its own parent: refused
    #expect(child.children.isEmpty)
    #expect(second.parent == nil)
  }

  @Test func aChildAddedToAVisibleContainerAppearsWhenItsViewEntersTheWindow() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let parent = LoggedController("P", log: log)
    let child = LoggedController("C", log: log)
    app.window.rootViewController = parent
    child.loadViewIfNeeded()
    log.entries = []
    parent.addChild(child)
    #expect(log.take() == ["C.willMove(P)"])
    parent.view.addSubview(child.view)
    #expect(log.take() == ["C.wA+moving", "C.dA+moving"])
    child.didMove(toParent: parent)
    #expect(log.take() == ["C.didMove(P)"])
    #expect(!child.isMovingToParent)

    child.willMove(toParent: nil)
    #expect(child.isMovingFromParent)
    child.view.removeFromSuperview()
    #expect(log.take() == ["C.willMove(nil)", "C.wD+moving", "C.dD+moving"])
    child.removeFromParent()
    #expect(log.take() == ["C.didMove(nil)"])
    #expect(!child.isMovingFromParent && !child.isMovingToParent)
  }

  @Test func childrenAddedBeforeTheContainerAppearsAreNotMovingWhenItDoes() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let container = SideBySideController("P", log: log)
    let a = LoggedController("A", log: log)
    let b = LoggedController("B", log: log)
    container.show(left: a, right: b)
    #expect(!a.isMovingToParent && !b.isMovingToParent)
    log.entries = []
    app.window.rootViewController = container
    #expect(log.take() == ["P.wA", "A.wA", "B.wA", "P.dA", "A.dA", "B.dA"])
    app.window.isHidden = true
    #expect(log.take() == ["P.wD", "A.wD", "B.wD", "P.dD", "A.dD", "B.dD"])
  }

  @Test func aContainerForwardsAppearanceOnlyToChildrenWhoseViewsAreInIt() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let container = LoggedController("P", log: log)
    let shown = LoggedController("A", log: log)
    let offstage = LoggedController("B", log: log)
    let grandchild = LoggedController("G", log: log)
    container.addChild(shown)
    container.view.addSubview(shown.view)
    shown.didMove(toParent: container)
    shown.addChild(grandchild)
    shown.view.addSubview(grandchild.view)
    grandchild.didMove(toParent: shown)
    container.addChild(offstage)
    offstage.didMove(toParent: container)
    log.entries = []
    app.window.rootViewController = container
    #expect(log.take() == ["P.wA", "A.wA", "G.wA", "P.dA", "A.dA", "G.dA"])
    app.window.rootViewController = nil
    #expect(log.take() == ["P.wD", "A.wD", "G.wD", "P.dD", "A.dD", "G.dD"])
  }

  @Test func aContainerThatForwardsByHandDecidesWhichChildrenAppear() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let container = FirstChildOnlyController("P", log: log)
    let first = LoggedController("A", log: log)
    let second = LoggedController("B", log: log)
    let grandchild = LoggedController("G", log: log)
    for child in [first, second] {
      container.addChild(child)
      container.view.addSubview(child.view)
      child.didMove(toParent: container)
    }
    first.addChild(grandchild)
    first.view.addSubview(grandchild.view)
    grandchild.didMove(toParent: first)
    log.entries = []
    app.window.rootViewController = container
    // B's view is in the window too, but its container keeps it out of the cycle; G
    // follows A, which forwards automatically.
    #expect(log.take() == ["P.wA", "A.wA", "G.wA", "P.dA", "A.dA", "G.dA"])
    second.view.removeFromSuperview()
    container.view.addSubview(second.view)
    #expect(log.take().isEmpty)
    app.window.rootViewController = nil
    #expect(log.take() == ["P.wD", "A.wD", "G.wD", "P.dD", "A.dD", "G.dD"])
  }

  @Test func aSwapWithTransitionGivesBothChildrenTheirCallbacksAroundTheAnimation() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let container = SideBySideController("P", log: log)
    let a = LoggedController("A", log: log)
    let b = LoggedController("B", log: log)
    let c = LoggedController("C", log: log)
    container.show(left: a, right: b)
    app.window.rootViewController = container
    app.runUntilIdle()
    #expect(b.view.frame == Rect(x: 150, y: 0, width: 150, height: 200))
    log.entries = []
    var finished = false
    container.swapRight(to: c, duration: 0.3) { finished = true }
    #expect(
      log.take() == [
        "C.willMove(P)", "B.willMove(nil)", "C.viewDidLoad", "B.wD+moving", "C.wA+moving",
      ])
    #expect(c.view.superview === container.view)
    app.advance(by: 0.15)
    #expect(log.take().isEmpty)
    #expect(b.view.superview === container.view)
    #expect(b.isMovingFromParent && c.isMovingToParent)
    app.advance(by: 0.2)
    #expect(log.take() == ["B.dD+moving", "C.dA+moving", "B.didMove(nil)", "C.didMove(P)"])
    #expect(finished)
    #expect(b.view.superview == nil)
    #expect(container.children.count == 2 && container.children.last === c)
    #expect(c.animatedFlags == [true])
    #expect(!b.isMovingFromParent && !c.isMovingToParent)
    #expect(c.view.frame == Rect(x: 150, y: 0, width: 150, height: 200))
    app.window.frame = Rect(x: 0, y: 0, width: 200, height: 100)
    app.runUntilIdle()
    #expect(a.view.frame == Rect(x: 0, y: 0, width: 100, height: 100))
    #expect(c.view.frame == Rect(x: 100, y: 0, width: 100, height: 100))
  }

  @Test func aSwapInAContainerThatForwardsByHandLeavesTheCallbacksToIt() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let container = SideBySideController("P", log: log)
    container.forwardsAutomatically = false
    let a = LoggedController("A", log: log)
    let b = LoggedController("B", log: log)
    let c = LoggedController("C", log: log)
    container.show(left: a, right: b)
    app.window.rootViewController = container
    #expect(
      log.take().filter { $0.hasPrefix("B.") } == [
        "B.willMove(P)", "B.viewDidLoad", "B.didMove(P)",
      ])
    container.swapRight(to: c, duration: 0)
    app.runUntilIdle()
    #expect(
      log.take() == [
        "C.willMove(P)", "B.willMove(nil)", "C.viewDidLoad", "B.didMove(nil)", "C.didMove(P)",
      ])
    #expect(b.view.superview == nil && c.view.superview === container.view)
  }

  @Test func aSwapInAContainerOffScreenCallsNoAppearanceMethods() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200))
    let log = ControllerLog()
    let container = SideBySideController("P", log: log)
    let a = LoggedController("A", log: log)
    let b = LoggedController("B", log: log)
    let c = LoggedController("C", log: log)
    container.show(left: a, right: b)
    log.entries = []
    var finished = false
    container.swapRight(to: c, duration: 0) { finished = true }
    app.runUntilIdle()
    #expect(finished)
    #expect(
      log.take() == [
        "C.willMove(P)", "B.willMove(nil)", "C.viewDidLoad", "B.didMove(nil)", "C.didMove(P)",
      ])
  }
}
