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
    guard let first = constraint.firstItem,
      var expression = attributeExpression(of: first, constraint.firstAttribute)
    else { return nil }
    if constraint.secondAttribute != .notAnAttribute {
      guard let second = constraint.secondItem,
        let other = attributeExpression(of: second, constraint.secondAttribute)
      else { return nil }
      for term in other.terms {
        expression.terms.append((term.variable, -constraint.multiplier * term.coefficient))
      }
      expression.constant -= constraint.multiplier * other.constant
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

  /// `attribute` of `object` in `space`, or nil when `object` is not inside it.
  private mutating func attributeExpression(of object: AnyObject, _ attribute: LayoutAttribute)
    -> LinearExpression?
  {
    guard attribute != .notAnAttribute, object is View || object is LayoutGuide else { return nil }
    let item = use(object)
    var x = LinearExpression()
    var y = LinearExpression()
    if object !== space {
      x.terms.append((item.minX, 1))
      y.terms.append((item.minY, 1))
      var container = (object as? View)?.superview ?? (object as? LayoutGuide)?.owningView
      while let view = container, view !== space {
        let between = use(view)
        x.terms.append((between.minX, 1))
        y.terms.append((between.minY, 1))
        container = view.superview
      }
      guard container === space else { return nil }
    }
    func plus(_ expression: LinearExpression, _ variable: LayoutVariable, _ factor: Double)
      -> LinearExpression
    {
      var result = expression
      result.terms.append((variable, factor))
      return result
    }
    switch attribute {
    case .left, .leading: return x
    case .right, .trailing: return plus(x, item.width, 1)
    case .centerX: return plus(x, item.width, 0.5)
    case .width: return LinearExpression([(item.width, 1)])
    case .top: return y
    case .bottom: return plus(y, item.height, 1)
    case .centerY: return plus(y, item.height, 0.5)
    case .height: return LinearExpression([(item.height, 1)])
    case .firstBaseline, .lastBaseline:
      guard let view = object as? View, let offset = Self.baseline(of: view, attribute) else {
        return plus(y, item.height, 1)
      }
      var result = y
      result.constant += offset
      return result
    case .notAnAttribute: return nil
    }
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
