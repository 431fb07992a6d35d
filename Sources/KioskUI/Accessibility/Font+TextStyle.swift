import KioskGraphics

extension Font {
  /// The Dynamic Type text styles, as UIKit's `UIFont.TextStyle`: each names a role of
  /// text, whose size follows the preferred content size category.
  public enum TextStyle: String, Sendable, CaseIterable {
    /// The largest title, of a screen's top (34 pt at the default size).
    case largeTitle
    /// A first-level title (28 pt).
    case title1
    /// A second-level title (22 pt).
    case title2
    /// A third-level title (20 pt).
    case title3
    /// A heading: semibold (17 pt).
    case headline
    /// Running text (17 pt).
    case body
    /// Text that stands out from the body (16 pt).
    case callout
    /// A subheading (15 pt).
    case subheadline
    /// Footnotes (13 pt).
    case footnote
    /// Captions (12 pt).
    case caption1
    /// Secondary captions (11 pt).
    case caption2

    /// The sizes in points at the twelve categories from `extraSmall` to
    /// `accessibilityExtraExtraExtraLarge`, from Apple's Human Interface Guidelines
    /// ("Dynamic Type sizes", iOS).
    var sizes: [Double] {
      switch self {
      case .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60]
      case .title1: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58]
      case .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56]
      case .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55]
      case .headline, .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
      case .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51]
      case .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
      case .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44]
      case .caption1: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43]
      case .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 41]
      }
    }

    /// The weight at regular legibility: headlines are semibold, the rest regular.
    var weight: Weight { self == .headline ? .semibold : .regular }

    /// The size in points at `category` (`unspecified` counts as the default, `large`).
    public func pointSize(for category: ContentSizeCategory) -> Double {
      let category = category == .unspecified ? .large : category
      return sizes[category.rawValue - ContentSizeCategory.extraSmall.rawValue]
    }
  }

  /// The system font for `style` at the text size and weight of `traits` (the main
  /// screen's when `nil`), like `UIFont.preferredFont(forTextStyle:compatibleWith:)`. With
  /// Bold Text (`legibilityWeight == .bold`) it is one step bolder (see `boldTextWeight`).
  /// The font remembers its style, so that views with `adjustsFontForContentSizeCategory`
  /// make it again when the size category changes.
  @MainActor
  public static func preferredFont(
    forTextStyle style: TextStyle, compatibleWith traits: TraitCollection? = nil
  ) -> Font {
    let traits = traits ?? Screen.main.traitCollection
    let weight = traits.legibilityWeight == .bold ? style.weight.boldTextWeight : style.weight
    var font = Font.systemFont(
      ofSize: style.pointSize(for: traits.preferredContentSizeCategory), weight: weight)
    font.textStyleName = style.rawValue
    return font
  }

  /// The text style this font was made for by `preferredFont(forTextStyle:compatibleWith:)`.
  public var textStyle: TextStyle? { textStyleName.flatMap(TextStyle.init(rawValue:)) }

  /// This font for `traits`: a text-style font made again at their size category and
  /// weight; with `systemFontsFollowBoldText`, a system font made one step bolder under
  /// Bold Text instead (what standard controls draw); any other font as it is.
  @MainActor
  func resolved(for traits: TraitCollection, systemFontsFollowBoldText: Bool = false) -> Font {
    if let style = textStyle, !systemFontsFollowBoldText {
      var font = Font.preferredFont(forTextStyle: style, compatibleWith: traits)
      font.isItalic = isItalic
      return font
    }
    guard systemFontsFollowBoldText, traits.legibilityWeight == .bold,
      familyName == Font.systemFamilyName
    else { return self }
    var font = self
    font.weight = weight.boldTextWeight
    return font
  }
}

extension Font.Weight {
  /// The weight Bold Text turns this one into. As on iOS, regular text becomes semibold
  /// rather than medium: DejaVu Sans has no medium face, so a medium step would not show.
  public var boldTextWeight: Font.Weight {
    switch self {
    case .regular: .semibold
    case .medium, .semibold, .bold: .bold
    }
  }
}

/// A view whose text-style font follows the text size when asked, as UIKit's
/// `UIContentSizeCategoryAdjusting`: labels, text fields and text views.
@MainActor
protocol TextStyleFontAdjusting: View {
  var font: Font { get set }
  var adjustsFontForContentSizeCategory: Bool { get }
}

extension TextStyleFontAdjusting {
  /// Makes a text-style font again for the current traits, when the view adjusts it.
  func adjustFontToTraits() {
    guard adjustsFontForContentSizeCategory, font.textStyle != nil else { return }
    font = font.resolved(for: traitCollection)
  }
}

extension Label: TextStyleFontAdjusting {}
extension TextField: TextStyleFontAdjusting {}
extension TextView: TextStyleFontAdjusting {}
