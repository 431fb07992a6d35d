import KioskGraphics

/// How much room an interface has along one axis: roughly, whether a layout meant for a
/// phone (`compact`) or for a tablet (`regular`) fits.
public enum UserInterfaceSizeClass: Sendable, Equatable, CustomStringConvertible {
  /// Not known, or not set in an override (the inherited value stays).
  case unspecified
  /// Little room: one column of content.
  case compact
  /// Plenty of room: content side by side.
  case regular

  /// The name of the class ("compact", "regular", "unspecified").
  public var description: String {
    switch self {
    case .unspecified: "unspecified"
    case .compact: "compact"
    case .regular: "regular"
    }
  }
}

/// The environment an interface is shown in: its horizontal and vertical size classes and
/// the display scale. Screens, windows, views and view controllers each have one; a
/// container passes its own down to its children and may override parts of it for a child
/// (`setOverrideTraitCollection(_:forChild:)`).
///
/// Kiosk panels have no device classes to go by, so the size classes follow the size in
/// points: a width of at least `regularWidthThreshold` (700 points) is regular, and a height
/// of at least `regularHeightThreshold` (500 points) is regular. 700 points is where two
/// readable columns fit side by side (a 35 % list column of 245 points and 455 points of
/// detail); it falls between the short and the long sides of the common 7–10" panels, so
/// that a 1024×600 panel is regular wide in landscape and compact wide in portrait, and an
/// 800×480 panel is regular wide and compact high in landscape.
///
/// ```swift
/// override func traitCollectionDidChange(_ previous: TraitCollection?) {
///   super.traitCollectionDidChange(previous)
///   stack.axis = traitCollection.horizontalSizeClass == .regular ? .horizontal : .vertical
/// }
/// ```
public struct TraitCollection: Sendable, Equatable, CustomStringConvertible {
  /// Widths (points) from this one up are horizontally regular.
  public static let regularWidthThreshold = 700.0
  /// Heights (points) from this one up are vertically regular.
  public static let regularHeightThreshold = 500.0

  /// How much room there is across.
  public var horizontalSizeClass: UserInterfaceSizeClass
  /// How much room there is down.
  public var verticalSizeClass: UserInterfaceSizeClass
  /// Pixels per point of the screen the interface is on; 0 when not specified.
  public var displayScale: Double
  /// The preferred size of text (Dynamic Type).
  public var preferredContentSizeCategory: ContentSizeCategory = .unspecified
  /// Whether colours are to have more contrast (Increase Contrast).
  public var accessibilityContrast: AccessibilityContrast = .unspecified
  /// Whether text is to be bold (Bold Text).
  public var legibilityWeight: LegibilityWeight = .unspecified

  /// A collection with the given traits; those left out are unspecified (with none given,
  /// an override that changes nothing).
  public init(
    horizontalSizeClass: UserInterfaceSizeClass = .unspecified,
    verticalSizeClass: UserInterfaceSizeClass = .unspecified, displayScale: Double = 0
  ) {
    self.horizontalSizeClass = horizontalSizeClass
    self.verticalSizeClass = verticalSizeClass
    self.displayScale = displayScale
  }

  /// Combines collections: each trait comes from the last collection that specifies it.
  public init(traitsFrom collections: [TraitCollection]) {
    self.init()
    for collection in collections { self = applying(collection) }
  }

  /// The traits of an area of `size` points on a screen of `scale`, by the kiosk rule.
  public init(size: Size, displayScale: Double) {
    self.init(
      horizontalSizeClass: size.width >= Self.regularWidthThreshold ? .regular : .compact,
      verticalSizeClass: size.height >= Self.regularHeightThreshold ? .regular : .compact,
      displayScale: displayScale)
  }

  /// This collection with the traits `other` specifies put in place of its own.
  public func applying(_ other: TraitCollection) -> TraitCollection {
    var result = self
    if other.horizontalSizeClass != .unspecified {
      result.horizontalSizeClass = other.horizontalSizeClass
    }
    if other.verticalSizeClass != .unspecified {
      result.verticalSizeClass = other.verticalSizeClass
    }
    if other.displayScale > 0 { result.displayScale = other.displayScale }
    if other.preferredContentSizeCategory != .unspecified {
      result.preferredContentSizeCategory = other.preferredContentSizeCategory
    }
    if other.accessibilityContrast != .unspecified {
      result.accessibilityContrast = other.accessibilityContrast
    }
    if other.legibilityWeight != .unspecified { result.legibilityWeight = other.legibilityWeight }
    return result
  }

  /// Whether every trait `other` specifies has the same value here.
  public func containsTraits(in other: TraitCollection?) -> Bool {
    guard let other else { return true }
    return applying(other) == self
  }

  /// Whether the size classes differ from `other`'s (what most layouts react to).
  public func hasDifferentSizeClasses(comparedTo other: TraitCollection?) -> Bool {
    horizontalSizeClass != other?.horizontalSizeClass
      || verticalSizeClass != other?.verticalSizeClass
  }

  /// Whether colours resolve differently than under `other` (UIKit's
  /// `hasDifferentColorAppearance(comparedTo:)`): here, whether Increase Contrast differs,
  /// as KioskKit has no dark mode.
  public func hasDifferentColorAppearance(comparedTo other: TraitCollection?) -> Bool {
    accessibilityContrast != other?.accessibilityContrast
  }

  /// The traits in a line, for logs.
  public var description: String {
    "TraitCollection(horizontal: \(horizontalSizeClass), vertical: \(verticalSizeClass), "
      + "scale: \(displayScale), size: \(preferredContentSizeCategory), "
      + "contrast: \(accessibilityContrast), weight: \(legibilityWeight))"
  }
}
