import KioskGraphics

/// Activation, and the engine following the view tree as views move.
extension LayoutEngine {
  /// The view an item is placed in: a view itself, a guide's owning view.
  static func anchorView(of object: AnyObject?) -> View? {
    (object as? View) ?? (object as? LayoutGuide)?.owningView
  }

  /// The deepest view that is `a` or holds it and is `b` or holds it.
  static func nearestCommonAncestor(_ a: View, _ b: View) -> View? {
    // Most constraints relate a view to itself, its superview or a sibling: answered
    // from the two superviews, without measuring both depths (each step up the tree is a
    // weak load).
    if a === b { return a }
    let parentA = a.superview
    if parentA === b { return b }
    let parentB = b.superview
    if parentB === a { return a }
    if let parentA, parentA === parentB { return parentA }
    func depth(_ view: View) -> Int {
      var count = 0
      var current = view.superview
      while let next = current {
        count += 1
        current = next.superview
      }
      return count
    }
    var (x, y) = (a, b)
    var (dx, dy) = (depth(a), depth(b))
    while dx > dy, let up = x.superview {
      x = up
      dx -= 1
    }
    while dy > dx, let up = y.superview {
      y = up
      dy -= 1
    }
    while x !== y {
      guard let upX = x.superview, let upY = y.superview else { return nil }
      x = upX
      y = upY
    }
    return x
  }

  static func root(of view: View) -> View {
    var top = view
    while let up = top.superview { top = up }
    return top
  }

  /// The engine of `view`'s tree (made when `create` and there is none).
  static func engine(forTreeOf view: View, create: Bool) -> LayoutEngine? {
    let root = root(of: view)
    if let engine = root.layoutAttributes.autoLayout.engine { return engine }
    guard create else { return nil }
    let engine = LayoutEngine()
    root.layoutAttributes.autoLayout.engine = engine
    return engine
  }

  /// Whether the two attributes can be related (UIKit raises where this refuses): sizes
  /// with sizes of either axis (an aspect ratio relates a height to a width) or constants,
  /// positions along one axis with each other.
  static func canRelate(_ first: LayoutAttribute, _ second: LayoutAttribute) -> Bool {
    guard first != .notAnAttribute else { return false }
    guard second != .notAnAttribute else { return first.isSize }
    guard first.isSize == second.isSize else { return false }
    return first.isSize || first.isHorizontal == second.isHorizontal
  }

  static func activate(_ constraint: LayoutConstraint) {
    guard canRelate(constraint.firstAttribute, constraint.secondAttribute) else {
      uiLogger.error(
        "Auto Layout: \(constraint) relates attributes of different kinds; not activated")
      return
    }
    let firstItem = constraint.firstItem
    guard let first = anchorView(of: firstItem) else {
      uiLogger.error(
        "Auto Layout: \(constraint): the first item is not a view or a guide added to one; not activated"
      )
      return
    }
    // Each item is loaded once (a weak load) and handed on.
    let secondItem = constraint.secondItem
    var holder = first
    if constraint.secondAttribute != .notAnAttribute {
      guard let second = anchorView(of: secondItem),
        let common = nearestCommonAncestor(first, second)
      else {
        uiLogger.error(
          "Auto Layout: \(constraint): its items have no common ancestor (add both to one view tree first); not activated"
        )
        return
      }
      holder = common
    }
    constraint.holder = holder
    holder.layoutAttributes.autoLayout.heldConstraints.append(constraint)
    engine(forTreeOf: holder, create: true)?.install(constraint, holder: holder)
    markForLayout(firstItem, secondItem, holder: holder)
  }

  /// Marks for layout the views whose subviews a change of `constraint` may move: its
  /// holder and its items' superviews (UIKit lays out a view again when the engine moves
  /// its subviews).
  private static func markForLayout(_ constraint: LayoutConstraint, holder: View?) {
    markForLayout(constraint.firstItem, constraint.secondItem, holder: holder)
  }

  /// `markForLayout(_:holder:)` with the constraint's items already loaded (no array of
  /// them: this runs for every constraint activated).
  private static func markForLayout(_ first: AnyObject?, _ second: AnyObject?, holder: View?) {
    holder?.setNeedsLayout()
    func mark(_ item: AnyObject?) {
      guard let view = anchorView(of: item) else { return }
      let parent = item is LayoutGuide ? view : (view.superview ?? view)
      if parent !== holder { parent.setNeedsLayout() }
    }
    mark(first)
    mark(second)
  }

  static func deactivate(_ constraint: LayoutConstraint) {
    let holder = constraint.holder
    constraint.holder = nil
    if let holder {
      removeIdentical(constraint, from: &holder.layoutAttributes.autoLayout.heldConstraints)
    }
    constraint.engine?.uninstall(constraint)
    markForLayout(constraint, holder: holder)
  }

  static func constraintDidChange(_ constraint: LayoutConstraint) {
    guard let holder = constraint.holder, let engine = constraint.engine else { return }
    engine.reinstall(constraint, holder: holder)
    markForLayout(constraint, holder: holder)
  }

  /// Before `view` leaves its superview: the constraints held above it that reach into its
  /// subtree are deactivated (as UIKit removes them), and those held inside its subtree
  /// are taken out of the engine, to go with the view (returned).
  static func viewWillLeaveSuperview(_ view: View) -> [LayoutConstraint] {
    guard liveEngines > 0, let parent = view.superview,
      let engine = engine(forTreeOf: parent, create: false)
    else { return [] }
    var ancestor: View? = parent
    while let current = ancestor {
      for constraint in current.layoutAttributes.autoLayout.heldConstraints
      where [constraint.firstItem, constraint.secondItem].contains(where: {
        anchorView(of: $0)?.isDescendant(of: view) == true
      }) {
        deactivate(constraint)
      }
      ancestor = current.superview
    }
    var moving: [LayoutConstraint] = []
    func collect(_ current: View) {
      for constraint in current.layoutAttributes.autoLayout.heldConstraints {
        engine.uninstall(constraint)
        moving.append(constraint)
      }
      for subview in current.subviews { collect(subview) }
    }
    collect(view)
    return moving
  }

  /// After `view` moved (to a new superview or to none): the constraints it carries, and
  /// its own engine's if it was the root of a tree with one, join its tree's engine.
  static func viewDidMove(_ view: View, carrying moving: [LayoutConstraint]) {
    var moving = moving
    if view.superview != nil, let own = view.layoutAttributes.autoLayout.engine {
      moving += own.installedConstraints
      for constraint in own.installedConstraints { own.uninstall(constraint) }
      view.layoutAttributes.autoLayout.engine = nil
    }
    guard !moving.isEmpty, let engine = engine(forTreeOf: view, create: true) else { return }
    for constraint in moving {
      guard let holder = constraint.holder else { continue }
      engine.install(constraint, holder: holder)
    }
    view.setNeedsLayout()
  }

  /// Before a custom guide leaves `view`: the constraints that use it are deactivated.
  static func guideWillBeRemoved(_ guide: LayoutGuide, from view: View) {
    guard liveEngines > 0 else { return }
    var current: View? = view
    while let holder = current {
      for constraint in holder.layoutAttributes.autoLayout.heldConstraints
      where constraint.firstItem === guide || constraint.secondItem === guide {
        deactivate(constraint)
      }
      current = holder.superview
    }
  }

  /// `view`'s intrinsic size (or its priorities) changed.
  static func intrinsicContentSizeDidChange(_ view: View) {
    guard liveEngines > 0, let engine = engine(forTreeOf: view, create: false),
      let item = engine.existingItem(for: view)
    else { return }
    engine.noteIntrinsicChange(of: item)
    (view.superview ?? view).setNeedsLayout()
  }

  /// Solves `view`'s tree if anything changed (the layout pass, before `layoutSubviews()`).
  static func solveTree(of view: View) {
    guard liveEngines > 0 else { return }
    engine(forTreeOf: view, create: false)?.solveIfNeeded()
  }

  // MARK: The update-constraints pass

  /// Views that asked for `updateConstraints()` (held weakly).
  private static var viewsNeedingConstraintUpdate: [WeakView] = []

  static func noteNeedsUpdateConstraints(_ view: View) {
    viewsNeedingConstraintUpdate.append(WeakView(view: view))
    Transaction.setNeedsCommit()
  }

  /// UIKit's update-constraints pass, before layout: each view that asked gets
  /// `updateConstraints()` (a controller's root view also its controller's
  /// `updateViewConstraints()`), the deepest first.
  static func updateConstraintsPass() {
    guard !viewsNeedingConstraintUpdate.isEmpty else { return }
    // A view may ask again while updating: at most a few rounds, as a guard against loops.
    for _ in 0..<4 where !viewsNeedingConstraintUpdate.isEmpty {
      let pending = viewsNeedingConstraintUpdate.compactMap(\.view)
      viewsNeedingConstraintUpdate = []
      let deepestFirst = pending.map { view -> (View, Int) in
        var depth = 0
        var current = view.superview
        while let up = current {
          depth += 1
          current = up.superview
        }
        return (view, depth)
      }.sorted { $0.1 > $1.1 }
      for (view, _) in deepestFirst { view.updateConstraintsIfNeeded() }
    }
  }
}
