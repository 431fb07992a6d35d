import KioskGraphics
import KioskUI

/// An output for the impossible case of having none, so types line up; shows nothing.
@MainActor
final class NoOutput: DisplayOutput {
  let name = "none"
  let pixelWidth = 1
  let pixelHeight = 1
  let refreshRate = 60.0
  let isActive = false
  var frameHandler: (@MainActor (Double) -> Void)?
  func present(_ frame: PixelBuffer, damage: Region, rotation: Rotation) throws {}
  func requestFrameEvent() {}
}
