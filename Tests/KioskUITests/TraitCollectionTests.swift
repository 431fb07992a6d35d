import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// A controller that writes to a log what traits, size changes, appearance and containment
/// do to it: "A.traits(regular→compact)", "A.transition(600x1024)", "A.wA", "A.wD+moving",
/// "A.willMove(S)" (a split view parent is "S").
@MainActor
class TraitController: ViewController {
  let name: String
  let log: ControllerLog
  var color = Color.white
  /// Called in viewWillTransition(to:with:), before super.
  var onTransition: ((Size, ViewControllerTransitionCoordinator) -> Void)?
  private(set) var traitChanges: [TraitCollection?] = []

  init(_ name: String, log: ControllerLog, color: Color = .white) {
    self.name = name
    self.log = log
    self.color = color
    super.init()
  }

  private func record(_ event: String) {
    log.entries.append("\(name).\(event)")
  }

  private var movingSuffix: String {
    isMovingToParent || isMovingFromParent ? "+moving" : ""
  }

  private static func label(_ parent: ViewController?) -> String {
    switch parent {
    case let named as TraitController: named.name
    case is SplitViewController: "S"
    case nil: "nil"
    default: "?"
    }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = color
  }

  override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    traitChanges.append(previousTraitCollection)
    let before = previousTraitCollection?.horizontalSizeClass.description ?? "none"
    record("traits(\(before)→\(traitCollection.horizontalSizeClass))")
  }

  override func viewWillTransition(
    to size: Size, with coordinator: ViewControllerTransitionCoordinator
  ) {
    onTransition?(size, coordinator)
    record("transition(\(Int(size.width))x\(Int(size.height)))")
    super.viewWillTransition(to: size, with: coordinator)
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    record("wA" + movingSuffix)
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    record("dA" + movingSuffix)
  }

  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    record("wD" + movingSuffix)
  }

  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    record("dD" + movingSuffix)
  }

  override func willMove(toParent parent: ViewController?) {
    super.willMove(toParent: parent)
    record("willMove(\(Self.label(parent)))")
  }

  override func didMove(toParent parent: ViewController?) {
    super.didMove(toParent: parent)
    record("didMove(\(Self.label(parent)))")
  }
}

/// A container with its children stacked in its view, each filling it.
@MainActor
final class StackController: TraitController {
  func embed(_ child: ViewController) {
    addChild(child)
    child.view.frame = view.bounds
    child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view.addSubview(child.view)
    child.didMove(toParent: self)
  }
}

@MainActor
struct TraitCollectionTests {
  @Test func theKioskRuleGivesSizeClassesFromPoints() {
    let landscape = TraitCollection(size: Size(width: 1024, height: 600), displayScale: 1)
    #expect(landscape.horizontalSizeClass == .regular)
    #expect(landscape.verticalSizeClass == .regular)
    let portrait = TraitCollection(size: Size(width: 600, height: 1024), displayScale: 1)
    #expect(portrait.horizontalSizeClass == .compact)
    #expect(portrait.verticalSizeClass == .regular)
    let small = TraitCollection(size: Size(width: 800, height: 480), displayScale: 2)
    #expect(small.horizontalSizeClass == .regular)
    #expect(small.verticalSizeClass == .compact)
    #expect(small.displayScale == 2)
    #expect(
      TraitCollection(size: Size(width: 700, height: 500), displayScale: 1).horizontalSizeClass
        == .regular)
    #expect(
      TraitCollection(size: Size(width: 699, height: 499), displayScale: 1).horizontalSizeClass
        == .compact)
    #expect(
      TraitCollection(size: Size(width: 699, height: 499), displayScale: 1).verticalSizeClass
        == .compact)
  }

  @Test func specifiedTraitsWinWhenCollectionsCombine() {
    let base = TraitCollection(
      horizontalSizeClass: .regular, verticalSizeClass: .regular, displayScale: 2)
    let compactWidth = TraitCollection(horizontalSizeClass: .compact)
    let merged = base.applying(compactWidth)
    #expect(merged.horizontalSizeClass == .compact)
    #expect(merged.verticalSizeClass == .regular)
    #expect(merged.displayScale == 2)
    #expect(TraitCollection(traitsFrom: [base, compactWidth]) == merged)
    #expect(TraitCollection(traitsFrom: [compactWidth, base]) == base)
    #expect(merged.containsTraits(in: compactWidth))
    #expect(!base.containsTraits(in: compactWidth))
    #expect(base.containsTraits(in: nil))
    #expect(TraitCollection().horizontalSizeClass == .unspecified)
    #expect(base.hasDifferentSizeClasses(comparedTo: merged))
    #expect(
      !base.hasDifferentSizeClasses(
        comparedTo: TraitCollection(
          horizontalSizeClass: .regular, verticalSizeClass: .regular, displayScale: 3)))
  }

  @Test func screensWindowsControllersAndViewsShareTheirTraits() throws {
    let app = try TestApplication(pointSize: Size(width: 600, height: 1024), scale: 2)
    #expect(app.screen.traitCollection.horizontalSizeClass == .compact)
    #expect(app.screen.traitCollection.displayScale == 2)
    #expect(app.window.traitCollection == app.screen.traitCollection)
    let log = ControllerLog()
    let root = StackController("R", log: log)
    let child = TraitController("C", log: log)
    app.window.rootViewController = root
    root.embed(child)
    let label = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    child.view.addSubview(label)
    #expect(root.traitCollection == app.window.traitCollection)
    #expect(child.traitCollection == root.traitCollection)
    #expect(label.traitCollection == child.traitCollection)
    let small = Window(frame: Rect(x: 0, y: 0, width: 800, height: 300))
    #expect(small.traitCollection.horizontalSizeClass == .regular)
    #expect(small.traitCollection.verticalSizeClass == .compact)
  }

  @Test func anOverrideChangesTheChildAndItsDescendantsOnly() throws {
    let app = try TestApplication(pointSize: Size(width: 1024, height: 600))
    let log = ControllerLog()
    let root = StackController("R", log: log)
    let left = StackController("L", log: log)
    let right = TraitController("Q", log: log)
    let inner = TraitController("G", log: log)
    app.window.rootViewController = root
    root.embed(left)
    root.embed(right)
    left.embed(inner)
    app.runUntilIdle()
    log.entries = []

    root.setOverrideTraitCollection(
      TraitCollection(horizontalSizeClass: .compact), forChild: left)
    #expect(log.take() == ["L.traits(regular→compact)", "G.traits(regular→compact)"])
    #expect(left.traitCollection.horizontalSizeClass == .compact)
    #expect(left.traitCollection.verticalSizeClass == .regular)  // still inherited
    #expect(inner.traitCollection.horizontalSizeClass == .compact)
    #expect(inner.view.traitCollection.horizontalSizeClass == .compact)
    #expect(right.traitCollection.horizontalSizeClass == .regular)
    #expect(root.traitCollection.horizontalSizeClass == .regular)
    #expect(root.overrideTraitCollection(forChild: left)?.horizontalSizeClass == .compact)
    #expect(root.overrideTraitCollection(forChild: right) == nil)

    // The same override again, or one that matches what is inherited: nothing to tell.
    root.setOverrideTraitCollection(
      TraitCollection(horizontalSizeClass: .compact), forChild: left)
    root.setOverrideTraitCollection(
      TraitCollection(horizontalSizeClass: .regular), forChild: right)
    #expect(log.take().isEmpty)

    root.setOverrideTraitCollection(nil, forChild: left)
    #expect(log.take() == ["L.traits(compact→regular)", "G.traits(compact→regular)"])
    #expect(left.traitCollection.horizontalSizeClass == .regular)
    #expect(left.traitChanges.count == 2)
  }

  @Test func aChildWhoseViewIsNotLoadedIsNotToldButGetsTheOverride() throws {
    let app = try TestApplication(pointSize: Size(width: 1024, height: 600))
    let log = ControllerLog()
    let root = StackController("R", log: log)
    app.window.rootViewController = root
    let later = TraitController("N", log: log)
    root.addChild(later)
    log.entries = []
    root.setOverrideTraitCollection(
      TraitCollection(verticalSizeClass: .compact), forChild: later)
    #expect(log.take().isEmpty)
    #expect(!later.isViewLoaded)
    #expect(later.traitCollection.verticalSizeClass == .compact)
    #expect(later.traitCollection.horizontalSizeClass == .regular)
  }
}
