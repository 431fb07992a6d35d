import KioskGraphics
import KioskUI

/// The window the screen reader draws its focus ring in: in front of every other window,
/// transparent, hidden from the accessibility tree, and never hit by a touch (taps go to
/// the windows behind it). The ring is a rounded outline a little outside the focused
/// element's frame.
@MainActor
public final class FocusRingWindow: Window {
  /// The window level: above alerts and the on-screen keyboard.
  public static let level = 1_000_000.0
  /// How far the ring stands outside the element's frame (points).
  public static let outset = 3.0
  /// The outline's width (points).
  public static let lineWidth = 4.0

  /// The outline.
  public let ring = View(frame: .zero)

  /// A hidden ring window covering `screen`.
  public override init(screen: Screen) {
    super.init(screen: screen)
    windowLevel = Self.level
    isUserInteractionEnabled = false
    accessibilityElementsHidden = true
    backgroundColor = nil
    ring.isUserInteractionEnabled = false
    ring.layer.borderWidth = Self.lineWidth
    ring.layer.borderColor = Color(red: 0.05, green: 0.35, blue: 0.95, alpha: 1)
    ring.layer.cornerRadius = 6
    addSubview(ring)
  }

  /// Shows the ring around `frame` (screen points).
  public func show(around frame: Rect) {
    let local = Rect(
      x: frame.minX - self.frame.minX - Self.outset, y: frame.minY - self.frame.minY - Self.outset,
      width: frame.width + 2 * Self.outset, height: frame.height + 2 * Self.outset)
    if ring.frame != local { ring.frame = local }
    if isHidden { isHidden = false }
  }

  /// Hides the ring.
  public func hideRing() {
    if !isHidden { isHidden = true }
  }

  /// The ring's frame in screen points, while it shows.
  public var ringFrame: Rect? {
    isHidden ? nil : ring.frame.offsetBy(dx: frame.minX, dy: frame.minY)
  }
}
