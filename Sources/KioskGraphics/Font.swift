internal import CCairo
import FoundationEssentials
import Synchronization

/// A typeface at a size, the counterpart of `UIFont`. Fonts are found through fontconfig;
/// characters the family lacks (Cyrillic, Chinese, ...) come from fallback fonts.
///
/// ```swift
/// let title = Font.boldSystemFont(ofSize: 20)
/// let body = Font(name: "DejaVu Serif", size: 15, italic: true)
/// ```
public struct Font: Hashable, Sendable {
  /// How heavy the strokes are.
  public enum Weight: Sendable, Hashable {
    /// Normal text (400).
    case regular
    /// Slightly heavier (500).
    case medium
    /// Between medium and bold (600).
    case semibold
    /// Bold (700).
    case bold
  }

  /// The fontconfig family name, e.g. `"DejaVu Sans"`.
  public var familyName: String
  /// The size in points: the em size in user-space units, whatever the screen scale.
  public var pointSize: Double
  /// The weight.
  public var weight: Weight
  /// Whether the italic (or oblique) style is used.
  public var isItalic: Bool
  /// The Dynamic Type text style this font was made for ("body", "headline"…; `nil` for a
  /// font made from a size), so that a view that adjusts its font to the preferred text
  /// size can make it again for another size. UIKit keeps this in the font descriptor;
  /// KioskKit's text styles live in KioskUI, which sets it (`Font.preferredFont`).
  public var textStyleName: String?

  /// Creates a font from a family name and a size in points.
  public init(name: String, size: Double, weight: Weight = .regular, italic: Bool = false) {
    familyName = name
    pointSize = size
    self.weight = weight
    isItalic = italic
  }

  /// The family used by the system fonts.
  public static let systemFamilyName = "DejaVu Sans"

  /// The font of standard interface text, like `UIFont.systemFont(ofSize:weight:)`.
  public static func systemFont(ofSize size: Double, weight: Weight = .regular) -> Font {
    Font(name: systemFamilyName, size: size, weight: weight)
  }

  /// The bold system font, like `UIFont.boldSystemFont(ofSize:)`.
  public static func boldSystemFont(ofSize size: Double) -> Font {
    Font(name: systemFamilyName, size: size, weight: .bold)
  }

  /// The same font at another size.
  public func withSize(_ size: Double) -> Font {
    var copy = self
    copy.pointSize = size
    return copy
  }

  /// The distance from one baseline to the next, in points.
  public var lineHeight: Double { metrics.lineHeight }

  /// How far the font rises above the baseline, in points (positive).
  public var ascender: Double { metrics.ascender }

  /// How far the font descends below the baseline, in points: negative, as in UIKit.
  public var descender: Double { metrics.descender }

  /// The size pango is given: sizes outside what a screen can show are clamped so that a
  /// bad value cannot put the drawing context into an error state.
  var effectiveSize: Double {
    pointSize.isFinite ? min(max(pointSize, 0.1), 4096) : 12
  }

  /// A new pango description of the font; the caller frees it.
  func makePangoDescription() -> OpaquePointer {
    let description: OpaquePointer = pango_font_description_new()
    pango_font_description_set_family(description, familyName)
    pango_font_description_set_absolute_size(description, effectiveSize * pangoScale)
    let pangoWeight: PangoWeight =
      switch weight {
      case .regular: PANGO_WEIGHT_NORMAL
      case .medium: PANGO_WEIGHT_MEDIUM
      case .semibold: PANGO_WEIGHT_SEMIBOLD
      case .bold: PANGO_WEIGHT_BOLD
      }
    pango_font_description_set_weight(description, pangoWeight)
    pango_font_description_set_style(
      description, isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
    return description
  }

  private var metrics: FontLineMetrics { FontLineMetrics.cache.metrics(for: self) }
}

/// Pango's fixed-point unit: 1024 to a user-space unit (`PANGO_SCALE`).
let pangoScale = 1024.0

/// Line metrics of a font, measured once per font and kept.
struct FontLineMetrics: Sendable {
  var ascender: Double
  var descender: Double
  var lineHeight: Double

  static let cache = Cache()

  /// Measured fonts, and one pango context to measure with, behind a lock because pango
  /// contexts are not thread-safe.
  final class Cache: @unchecked Sendable {
    private let lock = Mutex(())
    private var known: [Font: FontLineMetrics] = [:]
    private var context: OpaquePointer?

    func metrics(for font: Font) -> FontLineMetrics {
      FontSetUp.waitUntilReady()
      return measure(font)
    }

    /// `metrics(for:)` without waiting for `FontSetUp` (which measures with it).
    func measure(_ font: Font) -> FontLineMetrics {
      return lock.withLock { _ in
        if let m = known[font] { return m }
        if context == nil, let fontMap = pango_cairo_font_map_new() {
          // A font map of our own: the default one belongs to whichever thread asked first.
          context = makeTextContext(fontMap: fontMap)
          g_object_unref(fontMap)
        }
        guard let context else { return FontLineMetrics(ascender: 0, descender: 0, lineHeight: 0) }
        let description = font.makePangoDescription()
        defer { pango_font_description_free(description) }
        guard let pangoMetrics = pango_context_get_metrics(context, description, nil) else {
          return FontLineMetrics(ascender: 0, descender: 0, lineHeight: 0)
        }
        defer { pango_font_metrics_unref(pangoMetrics) }
        let ascent = Double(pango_font_metrics_get_ascent(pangoMetrics)) / pangoScale
        let descent = Double(pango_font_metrics_get_descent(pangoMetrics)) / pangoScale
        let height = Double(pango_font_metrics_get_height(pangoMetrics)) / pangoScale
        let m = FontLineMetrics(
          ascender: ascent, descender: -descent, lineHeight: height > 0 ? height : ascent + descent)
        known[font] = m
        return m
      }
    }

    /// Forgets every measured font and the font map measured with (fonts are measured
    /// again when next asked for).
    func removeAll() {
      lock.withLock { _ in
        known.removeAll()
        if let context { g_object_unref(UnsafeMutableRawPointer(context)) }
        context = nil
      }
    }
  }
}

/// A pango context set up for text that looks the same at every scale: grey antialiasing,
/// no hinting, unrounded glyph positions. `nil` only if pango cannot create one.
func makeTextContext(fontMap: UnsafeMutablePointer<PangoFontMap>) -> OpaquePointer? {
  guard let context = pango_font_map_create_context(fontMap) else { return nil }
  if let options = cairo_font_options_create() {
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    pango_cairo_context_set_font_options(context, options)
    cairo_font_options_destroy(options)
  }
  pango_context_set_round_glyph_positions(context, 0)
  return context
}
