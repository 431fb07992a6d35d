/// How the app is to look for someone who needs it different: larger text, more contrast,
/// bold text, less motion, a magnified screen. Each is a setting in `[accessibility]`, an
/// option, and live through `kioskctl`; views see the first three through their
/// `traitCollection`, and animations and the compositor read the last two.
public struct AccessibilitySettings: Sendable, Equatable {
  /// The preferred size of text (Dynamic Type).
  public var contentSizeCategory: ContentSizeCategory = .large
  /// Increase Contrast: system colours take their high-contrast variants.
  public var increaseContrast = false
  /// Bold Text: system fonts are drawn bold.
  public var boldText = false
  /// Reduce Motion: pushes and presentations cross-fade or cut instead of sliding.
  public var reduceMotion = false
  /// Zoom's magnification: 1 is off; 2–8 magnify the screen.
  public var zoomScale = 1.0

  /// The defaults: large text, normal contrast, regular weight, motion, no zoom.
  public init() {}

  /// The traits these settings give every view.
  public var traits: TraitCollection {
    var traits = TraitCollection()
    traits.preferredContentSizeCategory = contentSizeCategory
    traits.accessibilityContrast = increaseContrast ? .high : .normal
    traits.legibilityWeight = boldText ? .bold : .regular
    return traits
  }
}

/// The preferred size of text, as UIKit's `UIContentSizeCategory`: seven sizes a person
/// picks from, and five larger accessibility sizes.
public enum ContentSizeCategory: Int, Sendable, Comparable, CaseIterable, CustomStringConvertible {
  /// Not known, or not set in an override.
  case unspecified = 0
  /// The smallest size.
  case extraSmall
  /// Small.
  case small
  /// Medium.
  case medium
  /// The default size.
  case large
  /// Extra large.
  case extraLarge
  /// Extra extra large.
  case extraExtraLarge
  /// The largest size that is not an accessibility size.
  case extraExtraExtraLarge
  /// The first accessibility size.
  case accessibilityMedium
  /// An accessibility size.
  case accessibilityLarge
  /// An accessibility size.
  case accessibilityExtraLarge
  /// An accessibility size.
  case accessibilityExtraExtraLarge
  /// The largest accessibility size.
  case accessibilityExtraExtraExtraLarge

  /// Whether this is one of the five accessibility sizes.
  public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The name used in configuration and by `kioskctl` ("large", "accessibilityLarge").
  public var description: String {
    switch self {
    case .unspecified: "unspecified"
    case .extraSmall: "extraSmall"
    case .small: "small"
    case .medium: "medium"
    case .large: "large"
    case .extraLarge: "extraLarge"
    case .extraExtraLarge: "extraExtraLarge"
    case .extraExtraExtraLarge: "extraExtraExtraLarge"
    case .accessibilityMedium: "accessibilityMedium"
    case .accessibilityLarge: "accessibilityLarge"
    case .accessibilityExtraLarge: "accessibilityExtraLarge"
    case .accessibilityExtraExtraLarge: "accessibilityExtraExtraLarge"
    case .accessibilityExtraExtraExtraLarge: "accessibilityExtraExtraExtraLarge"
    }
  }

  /// The category a configuration or `kioskctl` names, if any.
  public init?(name: String) {
    guard let match = Self.allCases.first(where: { $0.description == name }) else { return nil }
    self = match
  }
}

/// Whether colours are to have more contrast, as UIKit's `UIAccessibilityContrast`.
public enum AccessibilityContrast: Sendable, Equatable {
  /// Not known, or not set in an override.
  case unspecified
  /// Normal contrast.
  case normal
  /// Increase Contrast is on.
  case high
}

/// Whether text is to be bold, as UIKit's `UILegibilityWeight`.
public enum LegibilityWeight: Sendable, Equatable {
  /// Not known, or not set in an override.
  case unspecified
  /// Regular weight.
  case regular
  /// Bold Text is on.
  case bold
}
