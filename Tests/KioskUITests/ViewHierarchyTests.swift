import KioskGraphics
import KioskTesting
import KioskUI
import Testing

/// A shared list of hook calls, in the order they happened.
@MainActor
final class HookLog {
  var entries: [String] = []
}

/// A view that records its hierarchy hooks (and the state it sees in them) in a `HookLog`.
@MainActor
final class HookRecordingView: View {
  let name: String
  let log: HookLog

  init(_ name: String, log: HookLog, frame: Rect = Rect(x: 0, y: 0, width: 10, height: 10)) {
    self.name = name
    self.log = log
    super.init(frame: frame)
  }

  private static func label(_ view: View?) -> String {
    guard let view else { return "nil" }
    if let recorder = view as? HookRecordingView { return recorder.name }
    return view is Window ? "window" : "view"
  }

  override func willMove(toSuperview newSuperview: View?) {
    log.entries.append("\(name).willMoveToSuperview(\(Self.label(newSuperview)))")
  }

  override func didMoveToSuperview() {
    log.entries.append("\(name).didMoveToSuperview(\(Self.label(superview)))")
  }

  override func willMove(toWindow newWindow: Window?) {
    // The window property still names the old window here.
    let old = window.map { ObjectIdentifier($0) }
    let new = newWindow.map { ObjectIdentifier($0) }
    let label = newWindow == nil ? "nil" : (old == new ? "same" : "window")
    log.entries.append("\(name).willMoveToWindow(\(label)) from \(Self.label(window))")
  }

  override func didMoveToWindow() {
    log.entries.append("\(name).didMoveToWindow(\(Self.label(window)))")
  }

  override func didAddSubview(_ subview: View) {
    log.entries.append("\(name).didAddSubview(\(Self.label(subview)))")
  }

  override func willRemoveSubview(_ subview: View) {
    #expect(subview.superview === self)
    log.entries.append("\(name).willRemoveSubview(\(Self.label(subview)))")
  }
}

/// Subview order, reparenting and the hooks that announce moves.
@MainActor
struct ViewHierarchyTests {
  /// A parent with subviews tagged 1, 2, 3 (back to front).
  private func makeFamily(count: Int = 3) -> (View, [View]) {
    let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let children = (1...count).map { tag -> View in
      let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
      child.tag = tag
      parent.addSubview(child)
      return child
    }
    return (parent, children)
  }

  /// The subviews' tags; `#expect`s that the layers are in the same order.
  private func order(
    _ parent: View, sourceLocation: SourceLocation = #_sourceLocation
  ) -> [Int] {
    let layersMatch =
      parent.layer.sublayers.count == parent.subviews.count
      && zip(parent.layer.sublayers, parent.subviews).allSatisfy { $0 === $1.layer }
    #expect(
      layersMatch, "the layers are not in the subviews' order", sourceLocation: sourceLocation)
    for subview in parent.subviews {
      #expect(subview.superview === parent, sourceLocation: sourceLocation)
      #expect(subview.layer.superlayer === parent.layer, sourceLocation: sourceLocation)
    }
    return parent.subviews.map(\.tag)
  }

  // MARK: Order

  @Test func addSubviewAppendsOnTop() {
    let (parent, children) = makeFamily()
    #expect(order(parent) == [1, 2, 3])
    #expect(children.allSatisfy { $0.superview === parent })
  }

  @Test func insertAtIndex() {
    let (parent, _) = makeFamily()
    let d = View()
    d.tag = 4
    parent.insertSubview(d, at: 1)
    #expect(order(parent) == [1, 4, 2, 3])
    let e = View()
    e.tag = 5
    parent.insertSubview(e, at: 0)
    #expect(order(parent) == [5, 1, 4, 2, 3])
    let f = View()
    f.tag = 6
    parent.insertSubview(f, at: 5)
    #expect(order(parent) == [5, 1, 4, 2, 3, 6])
  }

  @Test func insertAtIndexZeroMovesAnExistingSubviewToTheBack() {
    let (parent, children) = makeFamily(count: 4)
    parent.insertSubview(children[3], at: 0)
    #expect(order(parent) == [4, 1, 2, 3])
    parent.insertSubview(children[1], at: 0)
    #expect(order(parent) == [2, 4, 1, 3])
  }

  @Test func insertAboveAndBelowANewView() {
    let (parent, children) = makeFamily()
    let d = View()
    d.tag = 4
    parent.insertSubview(d, aboveSubview: children[0])
    #expect(order(parent) == [1, 4, 2, 3])
    let e = View()
    e.tag = 5
    parent.insertSubview(e, belowSubview: children[2])
    #expect(order(parent) == [1, 4, 2, 5, 3])
    let f = View()
    f.tag = 6
    parent.insertSubview(f, aboveSubview: children[2])
    #expect(order(parent) == [1, 4, 2, 5, 3, 6])
    let g = View()
    g.tag = 7
    parent.insertSubview(g, belowSubview: children[0])
    #expect(order(parent) == [7, 1, 4, 2, 5, 3, 6])
  }

  @Test func insertAboveMovesAnExistingSubview() {
    let (parent, children) = makeFamily()
    parent.insertSubview(children[0], aboveSubview: children[2])
    #expect(order(parent) == [2, 3, 1])
    parent.insertSubview(children[1], aboveSubview: children[0])
    #expect(order(parent) == [3, 1, 2])
    parent.insertSubview(children[1], aboveSubview: children[2])
    #expect(order(parent) == [3, 2, 1])
  }

  @Test func insertBelowMovesAnExistingSubview() {
    let (parent, children) = makeFamily()
    parent.insertSubview(children[0], belowSubview: children[2])
    #expect(order(parent) == [2, 1, 3])
    parent.insertSubview(children[2], belowSubview: children[1])
    #expect(order(parent) == [3, 2, 1])
    parent.insertSubview(children[0], belowSubview: children[1])
    #expect(order(parent) == [3, 1, 2])
  }

  @Test func insertNextToItselfChangesNothing() {
    let (parent, children) = makeFamily()
    parent.insertSubview(children[1], aboveSubview: children[1])
    #expect(order(parent) == [1, 2, 3])
    parent.insertSubview(children[1], belowSubview: children[1])
    #expect(order(parent) == [1, 2, 3])
  }

  @Test func bringToFrontAndSendToBack() {
    let (parent, children) = makeFamily()
    parent.bringSubviewToFront(children[0])
    #expect(order(parent) == [2, 3, 1])
    parent.bringSubviewToFront(children[0])
    #expect(order(parent) == [2, 3, 1])
    parent.sendSubviewToBack(children[2])
    #expect(order(parent) == [3, 2, 1])
    parent.sendSubviewToBack(children[2])
    #expect(order(parent) == [3, 2, 1])
    // A view that is not a subview is ignored.
    let stranger = View()
    parent.bringSubviewToFront(stranger)
    parent.sendSubviewToBack(stranger)
    #expect(stranger.superview == nil)
    #expect(order(parent) == [3, 2, 1])
  }

  @Test(arguments: [
    (0, 2, [3, 2, 1, 4]), (2, 0, [3, 2, 1, 4]), (0, 1, [2, 1, 3, 4]),
    (3, 1, [1, 4, 3, 2]), (1, 3, [1, 4, 3, 2]), (1, 1, [1, 2, 3, 4]),
  ])
  func exchangeSubviews(first: Int, second: Int, expected: [Int]) {
    let (parent, _) = makeFamily(count: 4)
    parent.exchangeSubview(at: first, withSubviewAt: second)
    #expect(order(parent) == expected)
  }

  @Test func readdingMovesToTheFront() {
    let (parent, children) = makeFamily()
    parent.addSubview(children[0])
    #expect(order(parent) == [2, 3, 1])
    parent.addSubview(children[1])
    #expect(order(parent) == [3, 1, 2])
  }

  @Test func reorderingSendsNoMoveHooks() {
    let log = HookLog()
    let parent = View()
    let a = HookRecordingView("a", log: log)
    let b = HookRecordingView("b", log: log)
    parent.addSubview(a)
    parent.addSubview(b)
    log.entries.removeAll()
    parent.addSubview(a)
    parent.bringSubviewToFront(b)
    parent.sendSubviewToBack(a)
    parent.exchangeSubview(at: 0, withSubviewAt: 1)
    parent.insertSubview(a, at: 0)
    #expect(log.entries.isEmpty)
  }

  @Test func frontMostSubviewIsDrawnOnTopAfterReordering() throws {
    let app = try TestApplication(pointSize: Size(width: 40, height: 40))
    let red = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
    red.backgroundColor = .red
    let green = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    green.backgroundColor = .green
    app.window.addSubview(red)
    app.window.addSubview(green)
    #expect(app.snapshot().pixel(x: 15, y: 15) == .green)
    app.window.bringSubviewToFront(red)
    #expect(app.snapshot().pixel(x: 15, y: 15) == .red)
    app.window.sendSubviewToBack(red)
    #expect(app.snapshot().pixel(x: 15, y: 15) == .green)
    app.window.exchangeSubview(at: 1, withSubviewAt: 0)
    #expect(app.snapshot().pixel(x: 15, y: 15) == .red)
    app.window.insertSubview(green, aboveSubview: red)
    #expect(app.snapshot().pixel(x: 15, y: 15) == .green)
    app.window.insertSubview(green, belowSubview: red)
    #expect(app.snapshot().pixel(x: 15, y: 15) == .red)
  }

  // MARK: Reparenting and removal

  @Test func addingToAnotherParentRemovesFromTheOld() {
    let (old, children) = makeFamily()
    let new = View()
    new.addSubview(children[1])
    #expect(order(old) == [1, 3])
    #expect(order(new) == [2])
    #expect(children[1].superview === new)
    #expect(children[1].layer.superlayer === new.layer)
  }

  @Test func insertingAViewFromAnotherParentAtAnIndex() {
    let (old, oldChildren) = makeFamily()
    let (new, newChildren) = makeFamily()
    new.insertSubview(oldChildren[0], at: 1)
    #expect(order(old) == [2, 3])
    #expect(order(new) == [1, 1, 2, 3])
    #expect(new.subviews[1] === oldChildren[0])
    new.insertSubview(oldChildren[2], belowSubview: newChildren[0])
    #expect(order(old) == [2])
    #expect(new.subviews.first === oldChildren[2])
    new.insertSubview(oldChildren[1], aboveSubview: newChildren[2])
    #expect(order(old) == [])
    #expect(new.subviews.last === oldChildren[1])
    #expect(order(new) == [3, 1, 1, 2, 3, 2])
  }

  @Test func removeFromSuperview() {
    let (parent, children) = makeFamily()
    children[1].removeFromSuperview()
    #expect(order(parent) == [1, 3])
    #expect(children[1].superview == nil)
    #expect(children[1].layer.superlayer == nil)
    // Removing a view without a superview does nothing.
    children[1].removeFromSuperview()
    #expect(children[1].superview == nil)
    #expect(order(parent) == [1, 3])
  }

  @Test func removedSubtreeStaysIntact() {
    let grandparent = View()
    let parent = View()
    let child = View()
    grandparent.addSubview(parent)
    parent.addSubview(child)
    parent.removeFromSuperview()
    #expect(child.superview === parent)
    #expect(parent.subviews.count == 1 && parent.subviews[0] === child)
    #expect(grandparent.subviews.isEmpty)
  }

  @Test func cannotAddAnAncestorOrItself() {
    let grandparent = View()
    let parent = View()
    let child = View()
    grandparent.addSubview(parent)
    parent.addSubview(child)
    child.addSubview(grandparent)
    child.addSubview(parent)
    child.insertSubview(grandparent, at: 0)
    child.addSubview(child)
    #expect(grandparent.superview == nil)
    #expect(parent.superview === grandparent)
    #expect(child.superview === parent)
    #expect(child.subviews.isEmpty)
    #expect(child.layer.sublayers.isEmpty)
  }

  @Test func isDescendant() {
    let grandparent = View()
    let parent = View()
    let child = View()
    let other = View()
    grandparent.addSubview(parent)
    parent.addSubview(child)
    grandparent.addSubview(other)
    #expect(child.isDescendant(of: grandparent))
    #expect(child.isDescendant(of: child))
    #expect(!grandparent.isDescendant(of: child))
    #expect(!child.isDescendant(of: other))
  }

  // MARK: Window

  @Test func windowProperty() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let parent = View()
    let child = View()
    parent.addSubview(child)
    #expect(child.window == nil)
    window.addSubview(parent)
    #expect(window.window === window)
    #expect(parent.window === window)
    #expect(child.window === window)
    parent.removeFromSuperview()
    #expect(parent.window == nil)
    #expect(child.window == nil)
  }

  // MARK: Hooks

  @Test func hooksWhenAddingOutsideAWindow() {
    let log = HookLog()
    let parent = HookRecordingView("p", log: log)
    let child = HookRecordingView("c", log: log)
    parent.addSubview(child)
    #expect(
      log.entries == [
        "c.willMoveToSuperview(p)", "c.didMoveToSuperview(p)", "p.didAddSubview(c)",
      ])
  }

  @Test func hooksWhenAddingASubtreeToAWindow() {
    let log = HookLog()
    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let parent = HookRecordingView("p", log: log)
    let child = HookRecordingView("c", log: log)
    parent.addSubview(child)
    log.entries.removeAll()
    window.addSubview(parent)
    #expect(
      log.entries == [
        "p.willMoveToSuperview(window)",
        "p.willMoveToWindow(window) from nil",
        "c.willMoveToWindow(window) from nil",
        "p.didMoveToWindow(window)",
        "c.didMoveToWindow(window)",
        "p.didMoveToSuperview(window)",
      ])
  }

  @Test func hooksWhenAddingToAParentInAWindow() {
    let log = HookLog()
    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let parent = HookRecordingView("p", log: log)
    window.addSubview(parent)
    let child = HookRecordingView("c", log: log)
    log.entries.removeAll()
    parent.addSubview(child)
    #expect(
      log.entries == [
        "c.willMoveToSuperview(p)",
        "c.willMoveToWindow(window) from nil",
        "c.didMoveToWindow(window)",
        "c.didMoveToSuperview(p)",
        "p.didAddSubview(c)",
      ])
  }

  @Test func hooksWhenRemovingFromAWindow() {
    let log = HookLog()
    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let parent = HookRecordingView("p", log: log)
    let child = HookRecordingView("c", log: log)
    let grandchild = HookRecordingView("g", log: log)
    window.addSubview(parent)
    parent.addSubview(child)
    child.addSubview(grandchild)
    log.entries.removeAll()
    child.removeFromSuperview()
    #expect(
      log.entries == [
        "p.willRemoveSubview(c)",
        "c.willMoveToSuperview(nil)",
        "c.willMoveToWindow(nil) from window",
        "g.willMoveToWindow(nil) from window",
        "c.didMoveToWindow(nil)",
        "g.didMoveToWindow(nil)",
        "c.didMoveToSuperview(nil)",
      ])
  }

  @Test func hooksWhenRemovingOutsideAWindow() {
    let log = HookLog()
    let parent = HookRecordingView("p", log: log)
    let child = HookRecordingView("c", log: log)
    parent.addSubview(child)
    log.entries.removeAll()
    child.removeFromSuperview()
    #expect(
      log.entries == [
        "p.willRemoveSubview(c)", "c.willMoveToSuperview(nil)", "c.didMoveToSuperview(nil)",
      ])
  }

  @Test func hooksWhenMovingWithinAWindow() {
    let log = HookLog()
    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let old = HookRecordingView("old", log: log)
    let new = HookRecordingView("new", log: log)
    let child = HookRecordingView("c", log: log)
    window.addSubview(old)
    window.addSubview(new)
    old.addSubview(child)
    log.entries.removeAll()
    new.addSubview(child)
    // The window does not change: no window hooks. The old parent hears of the removal.
    let childHooks = log.entries.filter { $0.hasPrefix("c.") }
    #expect(childHooks == ["c.willMoveToSuperview(new)", "c.didMoveToSuperview(new)"])
    #expect(log.entries.filter { $0.hasPrefix("old.") } == ["old.willRemoveSubview(c)"])
    #expect(log.entries.last == "new.didAddSubview(c)")
    #expect(log.entries.count == 4)
  }

  @Test func hooksWhenMovingBetweenWindows() {
    let log = HookLog()
    let first = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let second = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let view = HookRecordingView("v", log: log)
    first.addSubview(view)
    log.entries.removeAll()
    var seen: Window?
    final class Probe: View {
      var onMove: ((Window?) -> Void)?
      override func willMove(toWindow newWindow: Window?) { onMove?(newWindow) }
    }
    let probe = Probe()
    probe.onMove = { seen = $0 }
    view.addSubview(probe)
    second.addSubview(view)
    #expect(seen === second)
    #expect(
      log.entries == [
        "v.didAddSubview(view)",
        "v.willMoveToSuperview(window)",
        "v.willMoveToWindow(window) from window",
        "v.didMoveToWindow(window)",
        "v.didMoveToSuperview(window)",
      ])
    #expect(view.window === second)
    #expect(first.subviews.isEmpty)
  }

  // MARK: Tags

  @Test func viewWithTagSearchesSelfThenDescendantsDepthFirst() {
    let root = View()
    root.tag = 1
    let a = View()
    a.tag = 2
    let aChild = View()
    aChild.tag = 5
    let b = View()
    b.tag = 5
    let bChild = View()
    bChild.tag = 6
    root.addSubview(a)
    a.addSubview(aChild)
    root.addSubview(b)
    b.addSubview(bChild)
    #expect(root.viewWithTag(1) === root)
    #expect(root.viewWithTag(5) === aChild)
    #expect(root.viewWithTag(6) === bChild)
    #expect(b.viewWithTag(5) === b)
    #expect(a.viewWithTag(6) == nil)
    #expect(root.viewWithTag(7) == nil)
  }
}
