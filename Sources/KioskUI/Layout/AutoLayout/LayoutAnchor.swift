import KioskGraphics

/// An attribute of a view or layout guide that makes constraints with attributes of its own
/// kind (`view.leadingAnchor.constraint(equalTo: other.leadingAnchor)`), as UIKit's
/// `NSLayoutAnchor`: edges and centres along one axis relate only to each other, sizes to
/// sizes. The constraints it makes are inactive until activated.
@MainActor
public class LayoutAnchor<AnchorType: AnyObject> {
  /// The view or layout guide (held weakly, as by a constraint).
  public private(set) weak var item: AnyObject?
  /// The attribute it stands for.
  public let attribute: LayoutAttribute

  init(item: AnyObject, attribute: LayoutAttribute) {
    self.item = item
    self.attribute = attribute
  }

  /// `self == anchor + constant`.
  public func constraint(equalTo anchor: LayoutAnchor<AnchorType>, constant: Double = 0)
    -> LayoutConstraint
  {
    make(.equal, anchor, multiplier: 1, constant: constant)
  }

  /// `self >= anchor + constant`.
  public func constraint(
    greaterThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant: Double = 0
  ) -> LayoutConstraint {
    make(.greaterThanOrEqual, anchor, multiplier: 1, constant: constant)
  }

  /// `self <= anchor + constant`.
  public func constraint(
    lessThanOrEqualTo anchor: LayoutAnchor<AnchorType>, constant: Double = 0
  ) -> LayoutConstraint {
    make(.lessThanOrEqual, anchor, multiplier: 1, constant: constant)
  }

  func make(
    _ relation: LayoutRelation, _ anchor: LayoutAnchor<AnchorType>, multiplier: Double,
    constant: Double
  ) -> LayoutConstraint {
    LayoutConstraint(
      item: item ?? anchor, attribute: attribute, relatedBy: relation, toItem: anchor.item,
      attribute: anchor.attribute, multiplier: multiplier, constant: constant)
  }
}

/// A horizontal edge or centre: `leadingAnchor`, `trailingAnchor`, `leftAnchor`,
/// `rightAnchor`, `centerXAnchor` (UIKit's `NSLayoutXAxisAnchor`).
public final class LayoutXAxisAnchor: LayoutAnchor<LayoutXAxisAnchor> {}

/// A vertical edge, centre or baseline: `topAnchor`, `bottomAnchor`, `centerYAnchor`,
/// `firstBaselineAnchor`, `lastBaselineAnchor` (UIKit's `NSLayoutYAxisAnchor`).
public final class LayoutYAxisAnchor: LayoutAnchor<LayoutYAxisAnchor> {}

/// A width or height: `widthAnchor`, `heightAnchor` (UIKit's `NSLayoutDimension`).
public final class LayoutDimension: LayoutAnchor<LayoutDimension> {
  /// `self == constant`.
  public func constraint(equalToConstant constant: Double) -> LayoutConstraint {
    fixed(.equal, constant)
  }

  /// `self >= constant`.
  public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutConstraint {
    fixed(.greaterThanOrEqual, constant)
  }

  /// `self <= constant`.
  public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutConstraint {
    fixed(.lessThanOrEqual, constant)
  }

  /// `self == multiplier × anchor + constant`.
  public func constraint(
    equalTo anchor: LayoutDimension, multiplier: Double, constant: Double = 0
  ) -> LayoutConstraint {
    make(.equal, anchor, multiplier: multiplier, constant: constant)
  }

  /// `self >= multiplier × anchor + constant`.
  public func constraint(
    greaterThanOrEqualTo anchor: LayoutDimension, multiplier: Double, constant: Double = 0
  ) -> LayoutConstraint {
    make(.greaterThanOrEqual, anchor, multiplier: multiplier, constant: constant)
  }

  /// `self <= multiplier × anchor + constant`.
  public func constraint(
    lessThanOrEqualTo anchor: LayoutDimension, multiplier: Double, constant: Double = 0
  ) -> LayoutConstraint {
    make(.lessThanOrEqual, anchor, multiplier: multiplier, constant: constant)
  }

  private func fixed(_ relation: LayoutRelation, _ value: Double) -> LayoutConstraint {
    LayoutConstraint(
      item: item ?? self, attribute: attribute, relatedBy: relation, toItem: nil,
      attribute: .notAnAttribute, constant: value)
  }
}

/// What views and layout guides have in common for Auto Layout: their anchors.
@MainActor
public protocol LayoutAnchorProviding: AnyObject {
  /// The leading edge (the left).
  var leadingAnchor: LayoutXAxisAnchor { get }
  /// The trailing edge (the right).
  var trailingAnchor: LayoutXAxisAnchor { get }
  /// The left edge.
  var leftAnchor: LayoutXAxisAnchor { get }
  /// The right edge.
  var rightAnchor: LayoutXAxisAnchor { get }
  /// The top edge.
  var topAnchor: LayoutYAxisAnchor { get }
  /// The bottom edge.
  var bottomAnchor: LayoutYAxisAnchor { get }
  /// The width.
  var widthAnchor: LayoutDimension { get }
  /// The height.
  var heightAnchor: LayoutDimension { get }
  /// The horizontal centre.
  var centerXAnchor: LayoutXAxisAnchor { get }
  /// The vertical centre.
  var centerYAnchor: LayoutYAxisAnchor { get }
}

extension LayoutAnchorProviding {
  /// The leading edge (the left).
  public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .leading) }
  /// The trailing edge (the right).
  public var trailingAnchor: LayoutXAxisAnchor {
    LayoutXAxisAnchor(item: self, attribute: .trailing)
  }
  /// The left edge.
  public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .left) }
  /// The right edge.
  public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .right) }
  /// The top edge.
  public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .top) }
  /// The bottom edge.
  public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .bottom) }
  /// The width.
  public var widthAnchor: LayoutDimension { LayoutDimension(item: self, attribute: .width) }
  /// The height.
  public var heightAnchor: LayoutDimension { LayoutDimension(item: self, attribute: .height) }
  /// The horizontal centre.
  public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .centerX) }
  /// The vertical centre.
  public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .centerY) }
}

extension View: LayoutAnchorProviding {
  /// The baseline of the first line of text (a label's or button's; other views' bottom).
  public var firstBaselineAnchor: LayoutYAxisAnchor {
    LayoutYAxisAnchor(item: self, attribute: .firstBaseline)
  }
  /// The baseline of the last line of text (a label's or button's; other views' bottom).
  public var lastBaselineAnchor: LayoutYAxisAnchor {
    LayoutYAxisAnchor(item: self, attribute: .lastBaseline)
  }
}
