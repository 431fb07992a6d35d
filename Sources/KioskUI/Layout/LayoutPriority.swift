import KioskGraphics

/// How much a constraint, or a view's hold on its intrinsic size along one axis, matters:
/// UIKit's `UILayoutPriority`, a number from 1 to 1000.
///
/// A constraint at `.required` must hold; lower ones hold as far as they can, a higher one
/// before a lower one (`LayoutConstraint.priority`). A view's content hugging and
/// compression resistance are the priorities of its intrinsic-size constraints; `StackView`
/// reads them too (its `.fill` distribution and its fallbacks) to choose which arranged view
/// stretches when there is room to spare (the one that hugs its content least) and which
/// shrinks when there is not (the one that resists compression least).
///
/// ```swift
/// title.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)  // title takes the room
/// ```
public struct LayoutPriority: RawRepresentable, Hashable, Comparable, Sendable {
  /// The priority, from 1 to 1000.
  public var rawValue: Float

  /// Creates a priority; values outside 1...1000 are clamped to that range, as UIKit
  /// requires priorities to lie there.
  public init(rawValue: Float) {
    self.rawValue = rawValue.isNaN ? 1 : min(max(rawValue, 1), 1000)
  }

  /// Creates a priority from a number (clamped to 1...1000).
  public init(_ rawValue: Float) {
    self.init(rawValue: rawValue)
  }

  /// 1000: a size that must be kept.
  public static let required = LayoutPriority(rawValue: 1000)
  /// 750: the default compression resistance.
  public static let defaultHigh = LayoutPriority(rawValue: 750)
  /// 250: the default content hugging.
  public static let defaultLow = LayoutPriority(rawValue: 250)
  /// 50: the priority at which a view is measured at its fitting size.
  public static let fittingSizeLevel = LayoutPriority(rawValue: 50)

  /// Whether `lhs` is the weaker priority.
  public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// A priority `rhs` higher (clamped to 1...1000).
  public static func + (lhs: LayoutPriority, rhs: Float) -> LayoutPriority {
    LayoutPriority(rawValue: lhs.rawValue + rhs)
  }

  /// A priority `rhs` lower (clamped to 1...1000).
  public static func - (lhs: LayoutPriority, rhs: Float) -> LayoutPriority {
    LayoutPriority(rawValue: lhs.rawValue - rhs)
  }
}

/// A direction of layout: across (`horizontal`) or down (`vertical`), as UIKit's
/// `NSLayoutConstraint.Axis`.
public enum LayoutAxis: Sendable, Hashable {
  /// Left to right.
  case horizontal
  /// Top to bottom.
  case vertical
}

/// Distances inward from the edges of a rectangle named by reading direction (leading and
/// trailing), as UIKit's `NSDirectionalEdgeInsets`. KioskKit lays text and views out left
/// to right, so leading is the left edge and trailing the right.
public struct DirectionalEdgeInsets: Hashable, Sendable {
  /// Distance from the top edge.
  public var top: Double
  /// Distance from the leading (left) edge.
  public var leading: Double
  /// Distance from the bottom edge.
  public var bottom: Double
  /// Distance from the trailing (right) edge.
  public var trailing: Double

  /// Creates insets.
  public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// Insets of zero.
  public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)

  /// The same insets by absolute edges (leading is left).
  var edgeInsets: EdgeInsets {
    EdgeInsets(top: top, left: leading, bottom: bottom, right: trailing)
  }
}

extension EdgeInsets {
  /// The same insets by reading direction (left is leading).
  var directional: DirectionalEdgeInsets {
    DirectionalEdgeInsets(top: top, leading: left, bottom: bottom, trailing: right)
  }

  /// Each edge the larger of the two.
  func union(_ other: EdgeInsets) -> EdgeInsets {
    EdgeInsets(
      top: max(top, other.top), left: max(left, other.left), bottom: max(bottom, other.bottom),
      right: max(right, other.right))
  }

  /// Each edge the sum of the two.
  func adding(_ other: EdgeInsets) -> EdgeInsets {
    EdgeInsets(
      top: top + other.top, left: left + other.left, bottom: bottom + other.bottom,
      right: right + other.right)
  }

  /// Whether every edge is a finite number.
  var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }
}
