import KioskGraphics

/// Scales fonts and lengths of an app's own design with the text size, as UIKit's
/// `UIFontMetrics`: a custom font, or a row height or margin measured at the default size,
/// grows and shrinks in the proportion of a text style (body, unless another is named).
///
/// ```swift
/// tableView.rowHeight = FontMetrics.default.scaledValue(for: 64, compatibleWith: traitCollection)
/// price.font = FontMetrics(forTextStyle: .headline).scaledFont(for: .boldSystemFont(ofSize: 22))
/// ```
///
/// A scaled font remembers nothing of its style: a view with
/// `adjustsFontForContentSizeCategory` does not scale it again when the size changes (UIKit
/// does, for fonts made by `scaledFont(for:)`); scale it again in `traitCollectionDidChange`.
@MainActor
public struct FontMetrics: Sendable {
  /// The metrics of the body text style.
  public static let `default` = FontMetrics(forTextStyle: .body)

  /// The text style whose growth this follows.
  public let textStyle: Font.TextStyle

  /// Metrics that follow `textStyle`.
  public nonisolated init(forTextStyle textStyle: Font.TextStyle) {
    self.textStyle = textStyle
  }

  /// The factor for `traits` (the main screen's when `nil`): the style's size at their
  /// text size over its size at the default one.
  private func factor(for traits: TraitCollection?) -> Double {
    let category = (traits ?? Screen.main.traitCollection).preferredContentSizeCategory
    return textStyle.pointSize(for: category) / textStyle.pointSize(for: .large)
  }

  /// `value`, measured at the default text size, at the text size of `traits`.
  public func scaledValue(for value: Double, compatibleWith traits: TraitCollection? = nil)
    -> Double
  {
    (value * factor(for: traits)).rounded()
  }

  /// `font` at the text size of `traits`, no larger than `maximumPointSize` when one is
  /// given (greater than 0).
  public func scaledFont(
    for font: Font, maximumPointSize: Double = 0, compatibleWith traits: TraitCollection? = nil
  ) -> Font {
    var size = font.pointSize * factor(for: traits)
    if maximumPointSize > 0 { size = min(size, maximumPointSize) }
    var scaled = font
    scaled.pointSize = size.rounded()
    return scaled
  }
}
