import KioskGraphics

extension View {
  /// The size `systemLayoutSizeFitting(_:)` approaches to find the smallest size the
  /// constraints allow (UIKit's `layoutFittingCompressedSize`).
  public static let layoutFittingCompressedSize = Size(width: 0, height: 0)
  /// The size `systemLayoutSizeFitting(_:)` approaches to find the largest size the
  /// constraints allow (UIKit's `layoutFittingExpandedSize`).
  public static let layoutFittingExpandedSize = Size(width: 100_000, height: 100_000)

  /// Whether the view's frame is its own (`true`, the default, as in UIKit: a constraint
  /// that refers to the view reads its frame, held by required constraints) or its
  /// constraints' (`false`: the layout pass sets its frame from them). Set it to false on
  /// every view you place with constraints.
  public var translatesAutoresizingMaskIntoConstraints: Bool {
    get { layoutAttributes.autoLayout.translatesMask }
    set {
      guard newValue != layoutAttributes.autoLayout.translatesMask else { return }
      layoutAttributes.autoLayout.translatesMask = newValue
      LayoutEngine.intrinsicContentSizeDidChange(self)
      (superview ?? self).setNeedsLayout()
    }
  }

  /// The active constraints this view holds: those whose items' nearest common ancestor
  /// it is (where UIKit's `activate(_:)` installs them).
  public var constraints: [LayoutConstraint] { layoutAttributes.autoLayout.heldConstraints }

  /// Activates `constraint` (UIKit's older way; it is held by its items' nearest common
  /// ancestor whichever view it is added to).
  public func addConstraint(_ constraint: LayoutConstraint) {
    constraint.isActive = true
  }

  /// Activates every constraint of `constraints`.
  public func addConstraints(_ constraints: [LayoutConstraint]) {
    LayoutConstraint.activate(constraints)
  }

  /// Deactivates `constraint`.
  public func removeConstraint(_ constraint: LayoutConstraint) {
    constraint.isActive = false
  }

  /// Deactivates every constraint of `constraints`.
  public func removeConstraints(_ constraints: [LayoutConstraint]) {
    LayoutConstraint.deactivate(constraints)
  }

  /// Asks for `updateConstraints()` in the next update-constraints pass (before the next
  /// layout pass, or at `layoutIfNeeded()`/`updateConstraintsIfNeeded()`).
  public func setNeedsUpdateConstraints() {
    guard !layoutAttributes.autoLayout.needsUpdateConstraints else { return }
    layoutAttributes.autoLayout.needsUpdateConstraints = true
    LayoutEngine.noteNeedsUpdateConstraints(self)
  }

  /// Whether `updateConstraints()` is due.
  public func needsUpdateConstraints() -> Bool {
    layoutAttributes.autoLayout.needsUpdateConstraints
  }

  /// Calls `updateConstraints()` now if it is due (and the controller's
  /// `updateViewConstraints()` for a controller's root view).
  public func updateConstraintsIfNeeded() {
    guard layoutAttributes.autoLayout.needsUpdateConstraints else { return }
    layoutAttributes.autoLayout.needsUpdateConstraints = false
    updateConstraints()
    owningViewController?.updateViewConstraints()
  }

  /// Whether the view's constraints leave its frame undecided (UIKit's
  /// `hasAmbiguousLayout`, for debugging): some edge or size of it could move without
  /// breaking any of them. False for a view not placed by constraints.
  public var hasAmbiguousLayout: Bool {
    guard !translatesAutoresizingMaskIntoConstraints,
      let engine = LayoutEngine.engine(forTreeOf: self, create: false)
    else { return false }
    engine.solveIfNeeded()
    return engine.isAmbiguous(self)
  }

  /// The size the view's constraints give it nearest to `targetSize` (its content's
  /// constraints and intrinsic sizes, within its own subtree): `layoutFittingCompressedSize`
  /// for the smallest, `layoutFittingExpandedSize` for the largest. Nothing moves.
  public func systemLayoutSizeFitting(_ targetSize: Size) -> Size {
    systemLayoutSizeFitting(
      targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
      verticalFittingPriority: .fittingSizeLevel)
  }

  /// The size the view's constraints give it nearest to `targetSize`, holding each
  /// dimension to the target at its priority: a table cell measured at its table's width
  /// passes `.required` horizontally and `.fittingSizeLevel` vertically.
  public func systemLayoutSizeFitting(
    _ targetSize: Size, withHorizontalFittingPriority horizontal: LayoutPriority,
    verticalFittingPriority vertical: LayoutPriority
  ) -> Size {
    // As UIKit: the views' constraints are brought up to date first (a stack view inside
    // makes its arrangement).
    func updateConstraints(of view: View) {
      for subview in view.subviews { updateConstraints(of: subview) }
      view.updateConstraintsIfNeeded()
    }
    updateConstraints(of: self)
    let engine = LayoutEngine()
    engine.measuredView = self
    func install(from view: View) {
      for constraint in view.layoutAttributes.autoLayout.heldConstraints
      where [constraint.firstItem, constraint.secondItem].allSatisfy({
        $0 == nil || LayoutEngine.anchorView(of: $0)?.isDescendant(of: self) == true
      }) {
        engine.install(constraint, holder: view, registering: false)
      }
      for subview in view.subviews { install(from: subview) }
    }
    install(from: self)
    let item = engine.item(for: self)
    item.users += 1
    for (variable, target, priority) in [
      (item.width, targetSize.width, horizontal), (item.height, targetSize.height, vertical),
    ] where target.isFinite {
      try? engine.solver.add(
        SolverConstraint(
          LinearExpression([(variable, 1)], constant: -max(target, 0)), .equal,
          strength: min(LayoutEngine.strength(of: priority), ConstraintSolver.required / 10)))
    }
    engine.solveIfNeeded()
    return Size(
      width: LayoutEngine.tidy(item.width.value), height: LayoutEngine.tidy(item.height.value))
  }
}
