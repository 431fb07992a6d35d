import FoundationEssentials
import Glibc
import KioskGraphics

/// A view's Auto Layout state (in `ViewLayoutAttributes`).
struct ViewAutoLayout {
  /// `translatesAutoresizingMaskIntoConstraints`.
  var translatesMask = true
  /// The active constraints whose items' nearest common ancestor is this view.
  var heldConstraints: [LayoutConstraint] = []
  /// The engine of the tree this view is the root of, once a constraint in it is active.
  var engine: LayoutEngine?
  /// `setNeedsUpdateConstraints()` was called and `updateConstraints()` has not run since.
  var needsUpdateConstraints = false
}

/// The constraints of one view tree and their solution: UIKit's layout engine. It lives on
/// the tree's root (a window, or a view not in one yet), is made when the first constraint
/// of the tree is activated, and moves with the views: a tree added to another joins that
/// tree's engine; a view removed takes the constraints among its own subtree with it, and
/// those reaching outside it are deactivated, as UIKit does.
///
/// Each view or guide taking part is an `Item` with four variables — its frame's origin and
/// size in its superview's (a guide's: its view's) space. A constraint is written in its
/// items' nearest common ancestor's space: an item's position there is its own origin plus
/// the origins of the views between, which are variables too, so the whole is linear. A
/// view whose `translatesAutoresizingMaskIntoConstraints` is true has its frame pinned by
/// required constraints (UIKit's autoresizing-mask constraints), refreshed when its frame
/// changes; a view's own guides are pinned to its insets the same way.
@MainActor
final class LayoutEngine {
  /// A view or guide taking part.
  @MainActor final class Item {
    weak var view: View?
    weak var guide: LayoutGuide?
    let minX: LayoutVariable
    let minY: LayoutVariable
    let width: LayoutVariable
    let height: LayoutVariable
    /// Installed constraints whose expressions use it (it goes when none do).
    var users = 0
    /// What pins it: a view's frame (mask constraints) or a guide's insets.
    var pins: [SolverConstraint] = []
    var pinnedFrame: Rect?
    var pinnedInsets: EdgeInsets?
    /// A guide's view, whose size its pins use (held as a user of it).
    var pinnedOwner: Item?
    /// Its intrinsic size's hugging and compression-resistance constraints.
    var intrinsic: [SolverConstraint] = []
    var intrinsicKey: IntrinsicKey?
    var intrinsicIsStale = true
    /// A multi-line label without `preferredMaxLayoutWidth`: the width its intrinsic height
    /// was measured at (its last solved width), and whether it is in `wrappingItems`.
    var wrapWidth = 0.0
    var isWrapping = false

    init(name: String) {
      minX = LayoutVariable(name + ".minX")
      minY = LayoutVariable(name + ".minY")
      width = LayoutVariable(name + ".width")
      height = LayoutVariable(name + ".height")
    }

    var object: AnyObject? { view ?? guide }
  }

  /// What the intrinsic constraints were made from.
  struct IntrinsicKey: Equatable {
    var size: Size
    var hugging: (LayoutPriority, LayoutPriority)
    var compression: (LayoutPriority, LayoutPriority)
    var tieBreak: IntrinsicTieBreak?

    static func == (a: IntrinsicKey, b: IntrinsicKey) -> Bool {
      a.size == b.size && a.hugging == b.hugging && a.compression == b.compression
        && a.tieBreak == b.tieBreak
    }
  }

  /// An active constraint as the solver holds it.
  struct Installed {
    let constraint: LayoutConstraint
    let solved: SolverConstraint
    let items: [Item]
    /// The constraint's constant and priority when the solver last took it.
    var constant: Double
    var priority: LayoutPriority
    /// When it was installed, to move constraints to another engine in the same order.
    let sequence: Int
  }

  let solver = ConstraintSolver()
  /// Items in the order they joined (the solver's answer must not depend on hash order).
  private(set) var items: [Item] = []
  private var itemIndex: [ObjectIdentifier: Item] = [:]
  private(set) var installed: [ObjectIdentifier: Installed] = [:]
  private var installations = 0
  var needsSolve = true
  /// Items joined or left, or one changed whether it places itself: `refreshItems()` looks
  /// at all of them once.
  private var membershipChanged = true
  /// The items whose pins may go stale: views that place themselves, views' own guides.
  private var watched: [Item] = []
  /// Items whose intrinsic constraints must be made again.
  private var staleIntrinsic: [Item] = []
  /// Items whose intrinsic height depends on the width they are solved at (multi-line
  /// labels without `preferredMaxLayoutWidth`).
  private var wrappingItems: [Item] = []
  /// While measuring (`systemLayoutSizeFitting`): the view whose size is free and whose
  /// frames are not applied.
  var measuredView: View?

  /// Engines alive: while there is none, the layout pass and the view tree's changes skip
  /// Auto Layout's work.
  private(set) static var liveEngines = 0

  init() { Self.liveEngines += 1 }

  isolated deinit { Self.liveEngines -= 1 }

  /// 1000 is required; below that, strengths grow tenfold every 125 steps of priority, so a
  /// higher priority outweighs a lower one over any distance on a screen (750 over 250 by
  /// 10^4: ten thousand points of error before the weaker could win).
  static func strength(of priority: LayoutPriority) -> Double {
    priority >= .required ? ConstraintSolver.required : pow(10, Double(priority.rawValue) / 125)
  }

  // MARK: Items

  func item(for object: AnyObject) -> Item {
    let key = ObjectIdentifier(object)
    if let known = itemIndex[key] { return known }
    let name: String
    let made: Item
    if let guide = object as? LayoutGuide {
      name = guide.identifier
      made = Item(name: name)
      made.guide = guide
    } else {
      let view = object as? View
      // The type's name as `String(describing:)` writes a type, without its search for
      // conformances and its mirror: it ran for every view joining (a tenth of (z)).
      name = view?.accessibilityIdentifier ?? _typeName(type(of: object), qualified: false)
      made = Item(name: name)
      made.view = view
    }
    itemIndex[key] = made
    items.append(made)
    membershipChanged = true
    staleIntrinsic.append(made)
    // No floor keeps sizes from going negative (one would make every size a basic variable
    // of the tableau, and each constraint on one a pivot of phase one): a negative size is
    // applied as zero, where UIKit's engine also lets a size go below zero.
    return made
  }

  func existingItem(for object: AnyObject) -> Item? { itemIndex[ObjectIdentifier(object)] }

  private func release(_ item: Item) {
    item.users -= 1
    guard item.users <= 0 else { return }
    for constraint in item.pins + item.intrinsic { try? solver.remove(constraint) }
    item.pins = []
    item.intrinsic = []
    item.intrinsicKey = nil
    if let object = item.object { itemIndex[ObjectIdentifier(object)] = nil }
    removeIdentical(item, from: &items)
    membershipChanged = true
    // A guide's pins held its view's size: the view may go too.
    if let owner = item.pinnedOwner {
      item.pinnedOwner = nil
      release(owner)
    }
  }

  // MARK: Installing

  /// Adds `constraint` (held by `holder`) to the solver. A required one that contradicts
  /// the others is logged and kept at 999.
  func install(_ constraint: LayoutConstraint, holder: View, registering: Bool = true) {
    var builder = LayoutExpressionBuilder(engine: self, space: holder)
    guard let built = builder.build(constraint) else {
      uiLogger.error(
        "Auto Layout: cannot install \(constraint): an item is gone or not in the view tree")
      return
    }
    let strength = Self.strength(of: constraint.priority)
    var solved = SolverConstraint(built.expression, built.relation, strength: strength)
    do {
      try solver.add(solved)
    } catch {
      logUnsatisfiable(constraint)
      solved = SolverConstraint(
        built.expression, built.relation, strength: Self.strength(of: LayoutPriority(999)))
      try? solver.add(solved)
    }
    for item in built.items { item.users += 1 }
    installations += 1
    installed[ObjectIdentifier(constraint)] = Installed(
      constraint: constraint, solved: solved, items: built.items, constant: constraint.constant,
      priority: constraint.priority, sequence: installations)
    if registering { constraint.engine = self }
    needsSolve = true
  }

  /// Installs `constraint` again after its constant or priority changed: the old one goes
  /// first (an equality with another constant would contradict it), but its items stay, so
  /// their pins are not made again.
  func reinstall(_ constraint: LayoutConstraint, holder: View) {
    let key = ObjectIdentifier(constraint)
    // Only the constant changed: the solver moves it in place (the expression's constant is
    // `… − constant`), without taking the constraint out and solving it in again.
    // (One kept at 999 after it could not hold is installed again: it may hold now.)
    if var entry = installed[key], entry.priority == constraint.priority,
      entry.solved.strength == Self.strength(of: constraint.priority),
      (try? solver.changeConstant(
        of: entry.solved,
        to: entry.solved.expression.constant - (constraint.constant - entry.constant))) != nil
    {
      entry.constant = constraint.constant
      installed[key] = entry
      needsSolve = true
      return
    }
    guard let old = installed.removeValue(forKey: key) else {
      install(constraint, holder: holder)
      return
    }
    try? solver.remove(old.solved)
    install(constraint, holder: holder)
    for item in old.items { release(item) }
  }

  func uninstall(_ constraint: LayoutConstraint) {
    guard let entry = installed.removeValue(forKey: ObjectIdentifier(constraint)) else { return }
    try? solver.remove(entry.solved)
    for item in entry.items { release(item) }
    if constraint.engine === self { constraint.engine = nil }
    needsSolve = true
  }

  /// The installed constraints in the order they were installed.
  var installedConstraints: [LayoutConstraint] {
    installed.values.sorted { $0.sequence < $1.sequence }.map(\.constraint)
  }

  private func logUnsatisfiable(_ constraint: LayoutConstraint) {
    let mine = [constraint.firstItem, constraint.secondItem].compactMap { $0 }
    let involved = installedConstraints.filter { other in
      mine.contains { $0 === other.firstItem || $0 === other.secondItem }
    }
    let list = ([constraint] + involved).map { "    \($0)" }.joined(separator: "\n")
    let report = """
      Unable to simultaneously satisfy constraints.
      \(list)
      Will attempt to recover by breaking \(constraint) (kept at priority 999)
      """
    Self.unsatisfiableReports += 1
    Self.lastUnsatisfiableReport = report
    uiLogger.error("\(report)")
  }

  /// How many unsatisfiable constraints were reported, and the last report (for tests).
  static var unsatisfiableReports = 0
  static var lastUnsatisfiableReport: String?

  // MARK: Solving

  /// Brings pins and intrinsic sizes up to date, re-solves if anything changed, and sets
  /// the frames of the views that Auto Layout places. Returns whether it solved.
  @discardableResult
  func solveIfNeeded() -> Bool {
    refreshItems()
    guard needsSolve else { return false }
    needsSolve = false
    solver.updateVariables()
    // UIKit's two passes for multi-line labels: a label that came out at another width
    // than its height was measured at is measured again at that width, and solved again
    // (a few rounds at most: the new heights can move widths only through constraints
    // that tie them).
    for _ in 0..<3 where rewrapLabelsAtSolvedWidths() {
      refreshItems()
      needsSolve = false
      solver.updateVariables()
    }
    applySolution()
    return true
  }

  /// Marks the wrapping labels whose solved width differs from the width their intrinsic
  /// height was measured at; whether there was any.
  private func rewrapLabelsAtSolvedWidths() -> Bool {
    guard !wrappingItems.isEmpty else { return false }
    var changed = false
    var index = 0
    while index < wrappingItems.count {
      let item = wrappingItems[index]
      guard item.users > 0, let label = item.view as? Label, label.wrapsAtItsSolvedWidth else {
        item.isWrapping = false
        wrappingItems.swapAt(index, wrappingItems.count - 1)
        wrappingItems.removeLast()
        continue
      }
      let width = max(Self.tidy(item.width.value), 0)
      if width != item.wrapWidth {
        item.wrapWidth = width
        noteIntrinsicChange(of: item)
        changed = true
      }
      index += 1
    }
    return changed
  }

  /// Re-pins views whose frames changed and guides whose insets did, and remakes stale
  /// intrinsic constraints; constraints whose items are gone are dropped.
  ///
  /// This runs at every view's layout, so it looks only at what can have changed: the
  /// watched items (views that place themselves, and views' own guides), and the items
  /// whose intrinsic size was invalidated; all items only after some joined or left or
  /// changed `translatesAutoresizingMaskIntoConstraints`.
  private func refreshItems() {
    if membershipChanged {
      membershipChanged = false
      watched = []
      for item in items {
        if let view = item.view {
          refreshPins(of: view, item)
          if view.translatesAutoresizingMaskIntoConstraints { watched.append(item) }
        } else if let guide = item.guide, guide.kind != .custom {
          refreshPins(of: guide, item)
          watched.append(item)
        }
      }
    } else {
      for item in watched {
        if let view = item.view {
          refreshPins(of: view, item)
        } else if let guide = item.guide {
          refreshPins(of: guide, item)
        }
      }
    }
    if !staleIntrinsic.isEmpty {
      let stale = staleIntrinsic
      staleIntrinsic = []
      // An item that left since it was marked (its last constraint deactivated) is skipped:
      // constraints made for it now would stay in the solver with nothing to remove them.
      for item in stale where item.users > 0 {
        guard let view = item.view else { continue }
        refreshIntrinsic(of: view, item)
      }
    }
    guard needsSolve, measuredView == nil else { return }
    // Constraints whose items are gone (freed without leaving the tree) are dropped. An
    // installed constraint's items are among `items`, so while every item's view or guide
    // is alive none is gone: one look per item rather than two weak loads per constraint.
    // (A plain loop: see `removeIdentical`.)
    var someItemIsGone = false
    for item in items where item.object == nil {
      someItemIsGone = true
      break
    }
    guard someItemIsGone else { return }
    for entry in installed.values
    where entry.constraint.firstItem == nil
      || (entry.constraint.secondAttribute != .notAnAttribute
        && entry.constraint.secondItem == nil)
    {
      LayoutEngine.deactivate(entry.constraint)
    }
  }

  /// `view`'s intrinsic size, its priorities or whether it places itself changed.
  func noteIntrinsicChange(of item: Item) {
    if !item.intrinsicIsStale {
      item.intrinsicIsStale = true
      staleIntrinsic.append(item)
    }
    membershipChanged = true
  }

  private func setPins(_ item: Item, _ pins: [SolverConstraint]) {
    for pin in item.pins { try? solver.remove(pin) }
    item.pins = []
    for pin in pins where (try? solver.add(pin)) != nil { item.pins.append(pin) }
    needsSolve = true
  }

  private func refreshPins(of view: View, _ item: Item) {
    guard view.translatesAutoresizingMaskIntoConstraints, view !== measuredView else {
      if item.pinnedFrame != nil {
        setPins(item, [])
        item.pinnedFrame = nil
      }
      return
    }
    let frame = view.alignmentFrame
    guard frame != item.pinnedFrame else { return }
    item.pinnedFrame = frame
    setPins(
      item,
      [
        (item.minX, frame.minX), (item.minY, frame.minY), (item.width, frame.width),
        (item.height, frame.height),
      ].map { variable, value in
        SolverConstraint(
          LinearExpression([(variable, 1)], constant: -value), .equal,
          strength: ConstraintSolver.required)
      })
  }

  private func refreshPins(of guide: LayoutGuide, _ item: Item) {
    guard let insets = guide.pinnedInsets, let owner = guide.owningView else {
      if item.pinnedInsets != nil {
        setPins(item, [])
        item.pinnedInsets = nil
      }
      return
    }
    guard insets != item.pinnedInsets || item.pinnedOwner == nil else { return }
    item.pinnedInsets = insets
    let ownerItem = self.item(for: owner)
    if item.pinnedOwner == nil {
      // The owner's size is in the guide's pins: the owner stays while the guide does.
      ownerItem.users += 1
      item.pinnedOwner = ownerItem
    }
    func equal(_ terms: [(LayoutVariable, Double)], _ constant: Double) -> SolverConstraint {
      SolverConstraint(
        LinearExpression(terms, constant: constant), .equal, strength: ConstraintSolver.required)
    }
    setPins(
      item,
      [
        equal([(item.minX, 1)], -insets.left), equal([(item.minY, 1)], -insets.top),
        equal([(item.width, 1), (ownerItem.width, -1)], insets.left + insets.right),
        equal([(item.height, 1), (ownerItem.height, -1)], insets.top + insets.bottom),
      ])
  }

  private func refreshIntrinsic(of view: View, _ item: Item) {
    guard item.intrinsicIsStale else { return }
    item.intrinsicIsStale = false
    guard !view.translatesAutoresizingMaskIntoConstraints || view === measuredView else {
      // A view that places itself has its frame pinned: no intrinsic constraints.
      for constraint in item.intrinsic { try? solver.remove(constraint) }
      if !item.intrinsic.isEmpty { needsSolve = true }
      item.intrinsic = []
      item.intrinsicKey = nil
      return
    }
    var size = view.intrinsicContentSize
    if let label = view as? Label, label.wrapsAtItsSolvedWidth {
      if !item.isWrapping {
        item.isWrapping = true
        wrappingItems.append(item)
      }
      // As UIKit's label with a preferred width: the text's size wrapped at that width.
      if item.wrapWidth > 0 { size = label.sizeThatFits(Size(width: item.wrapWidth, height: 0)) }
    }
    let key = IntrinsicKey(
      size: size,
      hugging: (
        view.contentHuggingPriority(for: .horizontal),
        view.contentHuggingPriority(for: .vertical)
      ),
      compression: (
        view.contentCompressionResistancePriority(for: .horizontal),
        view.contentCompressionResistancePriority(for: .vertical)
      ), tieBreak: view.layoutAttributes.stackTieBreak)
    guard key != item.intrinsicKey else { return }
    item.intrinsicKey = key
    for constraint in item.intrinsic { try? solver.remove(constraint) }
    item.intrinsic = []
    let axes = [
      (item.width, key.size.width, key.hugging.0, key.compression.0, LayoutAxis.horizontal),
      (item.height, key.size.height, key.hugging.1, key.compression.1, .vertical),
    ]
    for (variable, length, hugging, compression, axis) in axes where length >= 0 && length.isFinite
    {
      let expression = LinearExpression([(variable, 1)], constant: -length)
      for (relation, priority) in [
        (SolverConstraint.Relation.lessThanOrEqual, hugging), (.greaterThanOrEqual, compression),
      ] {
        // A stack view's tie-break makes equal priorities of its views a hair apart
        // (required ones stay required).
        let isHugging = relation == .lessThanOrEqual
        let factor =
          priority < .required
          ? key.tieBreak?.factor(hugging: isHugging, along: axis) ?? 1 : 1
        let constraint = SolverConstraint(
          expression, relation, strength: Self.strength(of: priority) * factor)
        if (try? solver.add(constraint)) != nil { item.intrinsic.append(constraint) }
      }
    }
    needsSolve = true
  }

  /// Sets the frames of the views Auto Layout places (and the custom guides' frames).
  ///
  /// A view's edges are put on the pixel grid of its screen (in its superview's space), as
  /// UIKit rounds the engine's values, so that neighbours neither overlap nor leave a
  /// hairline between them.
  private func applySolution() {
    for item in items {
      let solved = Rect(
        x: Self.tidy(item.minX.value), y: Self.tidy(item.minY.value),
        width: max(Self.tidy(item.width.value), 0), height: max(Self.tidy(item.height.value), 0))
      guard measuredView == nil else { return }
      if let guide = item.guide, guide.kind == .custom {
        guide.solvedFrame = solved
        continue
      }
      guard let view = item.view, view.superview != nil,
        !view.translatesAutoresizingMaskIntoConstraints
      else { continue }
      let snapped = Self.snapped(solved, scale: view.layer.contentsScale)
      if view.alignmentFrame != snapped { view.alignmentFrame = snapped }
    }
  }

  /// `rect` with its edges on the grid of `scale` pixels a point.
  static func snapped(_ rect: Rect, scale: Double) -> Rect {
    let scale = max(scale, 1)
    func snap(_ value: Double) -> Double { (value * scale).rounded() / scale }
    let x0 = snap(rect.minX)
    let y0 = snap(rect.minY)
    return Rect(
      x: x0, y: y0, width: max(snap(rect.maxX) - x0, 0), height: max(snap(rect.maxY) - y0, 0))
  }

  /// Whether some variable of `view` could move without breaking a constraint: each is
  /// nudged by an edit weaker than any priority (1 has a strength of 10^0.008); one that a
  /// constraint holds stays, one that none decides follows. The solution is put back.
  func isAmbiguous(_ view: View) -> Bool {
    guard let item = existingItem(for: view) else { return true }
    defer { solver.updateVariables() }
    for variable in [item.minX, item.minY, item.width, item.height] {
      let solved = variable.value
      guard (try? solver.addEditVariable(variable, strength: 1e-3)) != nil else { continue }
      try? solver.suggest(solved + 1, for: variable)
      solver.updateVariables()
      let moved = abs(variable.value - solved) > 1e-6
      try? solver.removeEditVariable(variable)
      if moved { return true }
    }
    return false
  }

  /// A solved value without the solver's rounding noise (1e-9 of a point).
  static func tidy(_ value: Double) -> Double {
    let rounded = (value * 1e6).rounded() / 1e6
    return rounded == 0 ? 0 : rounded
  }
}

extension View {
  /// The frame Auto Layout reads and sets: the view's extent before its transform (its
  /// centre and bounds size), which is `frame` while the transform is the identity.
  var alignmentFrame: Rect {
    get {
      let size = bounds.size
      return Rect(
        x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width,
        height: size.height)
    }
    set {
      if transform.isIdentity {
        frame = newValue
      } else {
        var b = bounds
        b.size = newValue.size
        bounds = b
        center = newValue.center
      }
    }
  }
}

/// Removes `object` from `array` (by identity). A plain loop rather than `removeAll(where:)`:
/// a closure made in main-actor code checks its executor at every call, and this runs once
/// per element of long lists (a window holding hundreds of constraints).
func removeIdentical<T: AnyObject>(_ object: T, from array: inout [T]) {
  var index = 0
  while index < array.count {
    if array[index] === object {
      array.remove(at: index)
    } else {
      index += 1
    }
  }
}
