import KioskGraphics

/// Writes a constraint as the solver's `expression relation 0`, in the space of the view
/// that holds it (its items' nearest common ancestor): `first − multiplier × second −
/// constant`. An item's position there is its own origin plus the origins of the views
/// between it and that ancestor (each an item with variables of its own), so the result
/// stays linear; the ancestor's own edges are 0 and its size.
@MainActor
struct LayoutExpressionBuilder {
  let engine: LayoutEngine
  let space: View
  /// Every item the expression uses (an item used twice is listed twice).
  private(set) var items: [LayoutEngine.Item] = []

  init(engine: LayoutEngine, space: View) {
    self.engine = engine
    self.space = space
  }

  struct Built {
    var expression: LinearExpression
    var relation: SolverConstraint.Relation
    var items: [LayoutEngine.Item]
  }

  mutating func build(_ constraint: LayoutConstraint) -> Built? {
    // One array for the whole expression, each side's terms appended to it in place (with
    // the side's factor): making each side's expression for both axes and copying them
    // together was a fifth of activating a constraint.
    var expression = LinearExpression()
    expression.terms.reserveCapacity(4)
    guard let first = constraint.firstItem,
      append(first, constraint.firstAttribute, times: 1, to: &expression)
    else { return nil }
    if constraint.secondAttribute != .notAnAttribute {
      guard let second = constraint.secondItem,
        append(second, constraint.secondAttribute, times: -constraint.multiplier, to: &expression)
      else { return nil }
    }
    expression.constant -= constraint.constant
    let relation: SolverConstraint.Relation =
      switch constraint.relation {
      case .lessThanOrEqual: .lessThanOrEqual
      case .equal: .equal
      case .greaterThanOrEqual: .greaterThanOrEqual
      }
    return Built(expression: expression, relation: relation, items: items)
  }

  private mutating func use(_ object: AnyObject) -> LayoutEngine.Item {
    let item = engine.item(for: object)
    items.append(item)
    return item
  }

  /// Appends `factor ×` (`attribute` of `object` in `space`) to `expression`; false when
  /// `object` is not inside it. Every view between `object` and `space` is used (an item)
  /// whichever the attribute, and its origin is a term of a position.
  private mutating func append(
    _ object: AnyObject, _ attribute: LayoutAttribute, times factor: Double,
    to expression: inout LinearExpression
  ) -> Bool {
    guard attribute != .notAnAttribute, object is View || object is LayoutGuide else {
      return false
    }
    let item = use(object)
    let axis: Axis? =
      switch attribute {
      case .left, .leading, .right, .trailing, .centerX: .horizontal
      case .top, .bottom, .centerY, .firstBaseline, .lastBaseline: .vertical
      case .width, .height, .notAnAttribute: nil
      }
    func add(_ variable: LayoutVariable, _ coefficient: Double) {
      expression.terms.append((variable, factor * coefficient))
    }
    if object !== space {
      if let axis { add(axis == .horizontal ? item.minX : item.minY, 1) }
      var container = (object as? View)?.superview ?? (object as? LayoutGuide)?.owningView
      while let view = container, view !== space {
        let between = use(view)
        if let axis { add(axis == .horizontal ? between.minX : between.minY, 1) }
        container = view.superview
      }
      guard container === space else { return false }
    }
    switch attribute {
    case .left, .leading, .top, .notAnAttribute: break
    case .right, .trailing: add(item.width, 1)
    case .centerX: add(item.width, 0.5)
    case .width: add(item.width, 1)
    case .bottom: add(item.height, 1)
    case .centerY: add(item.height, 0.5)
    case .height: add(item.height, 1)
    case .firstBaseline, .lastBaseline:
      if let view = object as? View, let offset = Self.baseline(of: view, attribute) {
        expression.constant += factor * offset
      } else {
        add(item.height, 1)
      }
    }
    return true
  }

  private enum Axis {
    case horizontal
    case vertical
  }

  /// How far below a view's top its first or last baseline lies, at the height its content
  /// asks for (the view's own height when it asks none): a label or button that hugs its
  /// text has it there.
  static func baseline(of view: View, _ attribute: LayoutAttribute) -> Double? {
    let intrinsic = view.intrinsicContentSize.height
    let height = intrinsic >= 0 ? intrinsic : view.bounds.height
    return StackView.baseline(of: view, height: height, last: attribute == .lastBaseline)
  }
}
