import KioskGraphics
import KioskUI

extension Screen {
  /// The screen point under a position on the panel given as fractions of its size (0…1
  /// across and down the panel as mounted, as libinput reports a touchscreen). Goes through
  /// panel pixels and the inverse of `pointsToPanel`, the transform rendering uses, so a
  /// finger lands on what is drawn under it at every rotation.
  func point(atPanelFraction fraction: Point) -> Point {
    let panel = nativeBounds
    let pixel = Point(x: fraction.x * panel.width, y: fraction.y * panel.height)
    return pixel.applying(pointsToPanel.inverted ?? .identity)
  }
}
