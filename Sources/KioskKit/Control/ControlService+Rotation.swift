import KioskControl
import KioskGraphics
import KioskUI

extension ControlService {
  /// The `rotate DEGREES` request: turns the main screen on its panel, animated (not with
  /// Reduce Motion) as an app's `Screen.setRotation(_:animated:)` is (controllers get
  /// `viewWillTransition(to:with:)`
  /// and their trait changes, touch follows from the next event on); replies with the
  /// rotation and the screen's new size in points.
  func rotate(toDegrees degrees: Int) -> ControlReply {
    guard let rotation = Rotation(degrees: degrees), rotation.degrees == degrees else {
      return .error("rotate \(degrees) is not allowed; allowed: 0, 90, 180 or 270 (degrees)")
    }
    let old = screen.rotation
    screen.turnAsOperatorAsks(to: rotation)
    logger.notice("control: screen turned from \(old.degrees) to \(rotation.degrees) degrees")
    return .ok([
      "rotation: \(screen.rotation.degrees)",
      "screen: \(format(screen.bounds.width))x\(format(screen.bounds.height)) pt",
    ])
  }
}

extension Screen {
  /// Turns the screen as an operator's request does (`kioskctl rotate`, a reload of
  /// `output.rotation`): animated, unless Reduce Motion is on, then at once (the views do
  /// not travel to their new places; UIKit, too, moves less on a turn with Reduce Motion).
  func turnAsOperatorAsks(to rotation: Rotation) {
    setRotation(rotation, animated: !Application.shared.accessibilitySettings.reduceMotion)
  }
}
