/// A colour in sRGB with straight (not premultiplied) alpha; components run from 0 to 1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
  /// The red component.
  public var red: Double
  /// The green component.
  public var green: Double
  /// The blue component.
  public var blue: Double
  /// The opacity: 0 is transparent, 1 opaque.
  public var alpha: Double

  /// Creates a colour from its components; values outside 0...1 are clamped.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red.clamped01
    self.green = green.clamped01
    self.blue = blue.clamped01
    self.alpha = alpha.clamped01
  }

  /// A grey: 0 is black, 1 white.
  public init(white: Double, alpha: Double = 1) {
    self.init(red: white, green: white, blue: white, alpha: alpha)
  }

  /// A colour from a 24-bit `0xRRGGBB` value, e.g. `Color(hex: 0x007aff)`.
  public init(hex: UInt32, alpha: Double = 1) {
    self.init(
      red: Double((hex >> 16) & 0xff) / 255, green: Double((hex >> 8) & 0xff) / 255,
      blue: Double(hex & 0xff) / 255, alpha: alpha)
  }

  /// A colour from `"#rrggbb"` or `"#rrggbbaa"` (the `#` is optional); `nil` for anything else.
  public init?(hexString: String) {
    let digits = hexString.hasPrefix("#") ? String(hexString.dropFirst()) : hexString
    guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else {
      return nil
    }
    if digits.count == 6 {
      self.init(hex: value)
    } else {
      self.init(hex: value >> 8, alpha: Double(value & 0xff) / 255)
    }
  }

  /// The same colour with another opacity.
  public func withAlphaComponent(_ alpha: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: alpha)
  }

  /// Whether the colour is fully opaque.
  public var isOpaque: Bool { alpha >= 1 }

  /// The colour a fraction of the way towards `other`, interpolated in premultiplied space
  /// so that fading from a transparent colour does not flash its hidden hue.
  public func interpolated(to other: Color, fraction t: Double) -> Color {
    let a = alpha + (other.alpha - alpha) * t
    guard a > 0 else {
      return Color(red: other.red, green: other.green, blue: other.blue, alpha: 0)
    }
    func mix(_ x: Double, _ y: Double) -> Double {
      (x * alpha + (y * other.alpha - x * alpha) * t) / a
    }
    return Color(
      red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
      alpha: a)
  }

  /// The colour as one premultiplied `0xAARRGGBB` pixel, the layout of cairo's ARGB32 and
  /// pixman's a8r8g8b8 in native byte order.
  public var premultipliedARGB32: UInt32 {
    let a = (alpha * 255).rounded()
    func channel(_ v: Double) -> UInt32 { UInt32((v * a).rounded()) }
    return UInt32(a) << 24 | channel(red) << 16 | channel(green) << 8 | channel(blue)
  }

  /// The colour of one premultiplied `0xAARRGGBB` pixel.
  public init(premultipliedARGB32 pixel: UInt32) {
    let a = Double(pixel >> 24)
    guard a > 0 else {
      self.init(red: 0, green: 0, blue: 0, alpha: 0)
      return
    }
    self.init(
      red: Double((pixel >> 16) & 0xff) / a, green: Double((pixel >> 8) & 0xff) / a,
      blue: Double(pixel & 0xff) / a, alpha: a / 255)
  }

  public var description: String {
    func byte(_ v: Double) -> String {
      let s = String(Int((v * 255).rounded()), radix: 16)
      return s.count == 1 ? "0" + s : s
    }
    return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
  }

  /// Opaque black.
  public static let black = Color(white: 0)
  /// Opaque white.
  public static let white = Color(white: 1)
  /// Fully transparent.
  public static let clear = Color(white: 0, alpha: 0)
  /// Pure red.
  public static let red = Color(red: 1, green: 0, blue: 0)
  /// Pure green.
  public static let green = Color(red: 0, green: 1, blue: 0)
  /// Pure blue.
  public static let blue = Color(red: 0, green: 0, blue: 1)
  /// Mid grey.
  public static let gray = Color(white: 0.5)
  /// Light grey.
  public static let lightGray = Color(white: 2.0 / 3.0)
  /// Dark grey.
  public static let darkGray = Color(white: 1.0 / 3.0)
  /// Orange.
  public static let orange = Color(red: 1, green: 0.5, blue: 0)
  /// Yellow.
  public static let yellow = Color(red: 1, green: 1, blue: 0)
  /// The tint of iOS controls, `#007aff`.
  public static let systemBlue = Color(hex: 0x007aff)
  /// KioskKit's default tint, `#0067d6`: the colour of buttons' titles, bar buttons, the
  /// selected tab, alerts' actions and progress. UIKit tints with `systemBlue` (`#007aff`),
  /// whose text has a contrast of 4.0:1 on white and 3.8:1 on the bars' grey; a public
  /// terminal's text needs WCAG's 4.5:1 (EN 301 549, 9.1.4.3), so KioskKit's default is
  /// the same blue darkened until it has 5.4:1 on white and 4.8:1 on an alert's grey.
  public static let defaultTint = Color(hex: 0x0067d6)
  /// The grey of secondary text (detail labels, unselected tabs), `#6c6c70`: 5.1:1 on
  /// white. UIKit's `secondaryLabel` and `systemGray` (`#8e8e93`, 3.3:1) are too faint for
  /// a public terminal's text; this is the accessible grey of Apple's Human Interface
  /// Guidelines.
  public static let secondaryLabel = Color(hex: 0x6c6c70)
  /// The red of destructive actions and badges, `#d70015`: 4.9:1 against white text, where
  /// UIKit's `systemRed` (`#ff3b30`) has 3.6:1 (Apple's accessible red).
  public static let destructiveRed = Color(hex: 0xd70015)
  /// The grey of secondary labels, `#8e8e93`.
  public static let systemGray = Color(hex: 0x8e8e93)
  /// The colour of separators, `#c6c6c8`.
  public static let separator = Color(hex: 0xc6c6c8)
  /// The red of destructive actions, `#ff3b30`.
  public static let systemRed = Color(hex: 0xff3b30)
  /// The green of switches that are on, `#34c759`.
  public static let systemGreen = Color(hex: 0x34c759)
  /// The system orange, `#ff9500`.
  public static let systemOrange = Color(hex: 0xff9500)
}

extension Double {
  var clamped01: Double { self.isNaN ? 0 : Swift.min(Swift.max(self, 0), 1) }
}
