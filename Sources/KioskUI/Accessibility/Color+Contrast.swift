import FoundationEssentials
import Glibc
import KioskGraphics

extension Color {
  /// The system colours' variants for Increase Contrast, from Apple's Human Interface
  /// Guidelines ("Color", the accessible light variants): darker, so that text in them on
  /// white, and white text on them, reaches WCAG's 4.5:1. Greys the standard controls use
  /// for secondary text get darker greys of the same role.
  static let highContrastVariants: [Color: Color] = [
    .systemBlue: Color(hex: 0x0040dd),
    .defaultTint: Color(hex: 0x0040dd),
    .systemGray: Color(hex: 0x6c6c70),
    .systemRed: Color(hex: 0xd70015),
    .systemGreen: Color(hex: 0x248a3d),
    .systemOrange: Color(hex: 0xc93400),
    .separator: Color(hex: 0x8e8e93),
    // The secondary text greys of table headers, footers and detail labels.
    Color(hex: 0x6d6d72): Color(hex: 0x3a3a3c),
    Color(hex: 0x6c6c70): Color(hex: 0x3a3a3c),
    // The light tracks of sliders, progress views and switches (1.3:1 on white) get a grey
    // that a component's boundary needs against white (WCAG 1.4.11: 3:1; this is 3.6:1).
    Color(hex: 0xe5e5ea): Color(hex: 0x86868b),
    Color(hex: 0xe9e9eb): Color(hex: 0x86868b),
  ]

  /// This colour as it is drawn in an interface with `traits`, like UIKit's
  /// `resolvedColor(with:)`: with Increase Contrast (`accessibilityContrast == .high`), a
  /// system colour (`systemBlue`, `systemGray`, `systemRed`…, at any opacity) becomes its
  /// high-contrast variant; every other colour stays as it is.
  ///
  /// UIKit's dynamic colours carry their variants in the colour object; KioskKit's `Color`
  /// is a plain value of four components, so the variants are looked up by value: a colour
  /// that equals a system colour component for component counts as that system colour.
  public func resolvedColor(with traits: TraitCollection) -> Color {
    guard traits.accessibilityContrast == .high,
      let variant = Self.highContrastVariants[withAlphaComponent(1)]
    else { return self }
    return variant.withAlphaComponent(alpha)
  }

  /// The contrast ratio of this colour against `other`, by WCAG 2's definition (1 to 21;
  /// opacity is ignored): 4.5 is what body text needs.
  public func contrastRatio(to other: Color) -> Double {
    let (lighter, darker) = (
      max(relativeLuminance, other.relativeLuminance),
      min(relativeLuminance, other.relativeLuminance)
    )
    return (lighter + 0.05) / (darker + 0.05)
  }

  /// WCAG 2's relative luminance of the colour (0 black, 1 white).
  private var relativeLuminance: Double {
    func linear(_ channel: Double) -> Double {
      channel <= 0.040_45 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }
}
