import KioskGraphics

/// An attribute of a view or layout guide that a constraint relates, as UIKit's
/// `NSLayoutConstraint.Attribute`.
///
/// Positions are measured in the frame of the views' nearest common ancestor; a scroll
/// view's subviews are placed in its content (its `contentOffset` moves them, not their
/// constraints). KioskKit lays out left to right, so `leading` is `left` and `trailing` is
/// `right`.
public enum LayoutAttribute: Sendable, Hashable {
  /// The left edge.
  case left
  /// The right edge.
  case right
  /// The top edge.
  case top
  /// The bottom edge.
  case bottom
  /// The leading edge (the left: KioskKit lays out left to right).
  case leading
  /// The trailing edge (the right).
  case trailing
  /// The width.
  case width
  /// The height.
  case height
  /// The centre along the x-axis.
  case centerX
  /// The centre along the y-axis.
  case centerY
  /// The baseline of the first line of text (labels and buttons; other views: the bottom).
  case firstBaseline
  /// The baseline of the last line of text (labels and buttons; other views: the bottom).
  case lastBaseline
  /// The second attribute of a constraint on a constant (`width == 44`).
  case notAnAttribute

  /// Whether it is a size rather than a position.
  var isSize: Bool { self == .width || self == .height }
  /// Whether it lies along the x-axis.
  var isHorizontal: Bool {
    switch self {
    case .left, .right, .leading, .trailing, .width, .centerX: true
    default: false
    }
  }
}

/// How a constraint relates its two sides, as UIKit's `NSLayoutConstraint.Relation`.
public enum LayoutRelation: Sendable, Hashable {
  /// The first side is at most the second.
  case lessThanOrEqual
  /// The two sides are equal.
  case equal
  /// The first side is at least the second.
  case greaterThanOrEqual
}

/// `firstItem.firstAttribute` *relation* `multiplier × secondItem.secondAttribute + constant`,
/// kept at `priority`: UIKit's `NSLayoutConstraint`, solved by an incremental Cassowary
/// solver as UIKit's is.
///
/// ```swift
/// title.translatesAutoresizingMaskIntoConstraints = false
/// LayoutConstraint.activate([
///   title.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
///   title.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
///   title.widthAnchor.constraint(lessThanOrEqualToConstant: 600),
/// ])
/// ```
///
/// An active constraint is held by its items' nearest common ancestor (`View.constraints`)
/// and solved with the others of its view tree in the layout pass; the default
/// `layoutSubviews()` has then placed the subviews whose
/// `translatesAutoresizingMaskIntoConstraints` is false. Changing `constant` moves the
/// views at the next layout pass, or at once with `layoutIfNeeded()` (inside
/// `View.animate` they move there animated). A required constraint that contradicts the
/// others is logged ("Unable to simultaneously satisfy constraints") and kept at priority
/// 999, as UIKit breaks one and goes on.
///
/// Where KioskKit differs: items are `View`s or `LayoutGuide`s (others are refused with a
/// log line); activating a constraint whose items share no ancestor logs an error and
/// leaves it inactive, where UIKit raises an exception; a priority changed between
/// required and optional on an active constraint is applied (UIKit raises); the class is
/// final.
@MainActor
public final class LayoutConstraint: @MainActor CustomStringConvertible {
  /// The view or layout guide on the left side (held weakly).
  public private(set) weak var firstItem: AnyObject?
  /// Its attribute.
  public let firstAttribute: LayoutAttribute
  /// How the sides relate.
  public let relation: LayoutRelation
  /// The view or layout guide on the right side; `nil` for a constant (held weakly).
  public private(set) weak var secondItem: AnyObject?
  /// Its attribute (`.notAnAttribute` for a constant).
  public let secondAttribute: LayoutAttribute
  /// What the second attribute is multiplied by.
  public let multiplier: Double

  /// Added to the second side. Changing it on an active constraint re-solves incrementally;
  /// a value that is not finite is refused (the old one stays), as other geometry is.
  public var constant: Double {
    didSet {
      guard constant != oldValue else { return }
      guard GeometryGuard.accepts(constant.isFinite, "constant", "\(constant)") else {
        constant = oldValue
        return
      }
      LayoutEngine.constraintDidChange(self)
    }
  }

  /// How much the constraint matters: `.required` (1000, the default) must hold; lower
  /// ones are kept as far as they can be, a higher one before a lower one.
  public var priority: LayoutPriority = .required {
    didSet {
      guard priority != oldValue else { return }
      LayoutEngine.constraintDidChange(self)
    }
  }

  /// A name for the log of unsatisfiable constraints.
  public var identifier: String?

  /// Whether it takes part in layout. Setting it is `activate(_:)` or `deactivate(_:)` of
  /// this one constraint.
  public var isActive: Bool {
    get { holder != nil }
    set { newValue ? Self.activate([self]) : Self.deactivate([self]) }
  }

  /// The view that holds it while it is active: its items' nearest common ancestor.
  weak var holder: View?
  /// The engine it is installed in while active.
  weak var engine: LayoutEngine?

  /// UIKit's `init(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`: a
  /// constraint on a constant when `toItem` is nil. A multiplier or constant that is not
  /// finite counts as 1 or 0.
  public init(
    item: AnyObject, attribute: LayoutAttribute, relatedBy relation: LayoutRelation,
    toItem: AnyObject?, attribute secondAttribute: LayoutAttribute, multiplier: Double = 1,
    constant: Double = 0
  ) {
    firstItem = item
    firstAttribute = attribute
    self.relation = relation
    secondItem = toItem
    self.secondAttribute = toItem == nil ? .notAnAttribute : secondAttribute
    self.multiplier = multiplier.isFinite ? multiplier : 1
    self.constant = constant.isFinite ? constant : 0
  }

  /// Activates every constraint of `constraints` (UIKit's `activate(_:)`): cheaper than
  /// setting `isActive` on each, as the layout is solved once.
  public static func activate(_ constraints: [LayoutConstraint]) {
    for constraint in constraints where constraint.holder == nil {
      LayoutEngine.activate(constraint)
    }
  }

  /// Deactivates every constraint of `constraints` (UIKit's `deactivate(_:)`).
  public static func deactivate(_ constraints: [LayoutConstraint]) {
    for constraint in constraints where constraint.holder != nil {
      LayoutEngine.deactivate(constraint)
    }
  }

  /// The constraint as UIKit's log writes it: `Label.leading == View.leading + 20`.
  public var description: String {
    func name(_ item: AnyObject?) -> String {
      guard let item else { return "(gone)" }
      if let guide = item as? LayoutGuide { return guide.identifier }
      if let view = item as? View, let id = view.accessibilityIdentifier { return id }
      return String(describing: type(of: item))
    }
    let relationText =
      switch relation {
      case .lessThanOrEqual: "<="
      case .equal: "=="
      case .greaterThanOrEqual: ">="
      }
    var text = "\(name(firstItem)).\(firstAttribute) \(relationText) "
    if secondItem != nil {
      text += multiplier == 1 ? "" : "\(multiplier) × "
      text += "\(name(secondItem)).\(secondAttribute)"
      if constant != 0 { text += constant > 0 ? " + \(constant)" : " - \(-constant)" }
    } else {
      text += "\(constant)"
    }
    if priority < .required { text += " @\(Int(priority.rawValue))" }
    if let identifier { text = "'\(identifier)' " + text }
    return text
  }
}
