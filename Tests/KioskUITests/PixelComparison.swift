import KioskGraphics
import KioskTesting

@testable import KioskUI

/// How many pixels of two frames of one size differ (their stored values, compared exactly).
func differingPixels(_ a: Bitmap, _ b: Bitmap) -> Int {
  var count = 0
  for y in 0..<a.height {
    for x in 0..<a.width where a.buffer.rawPixel(x: x, y: y) != b.buffer.rawPixel(x: x, y: y) {
      count += 1
    }
  }
  return count
}

/// Pixels of the frame on `app`'s screen that differ from a full repaint of the same layers
/// (which it then shows).
@MainActor
func pixelsDifferingFromAFullRepaint(_ app: TestApplication) -> Int {
  let painted = app.snapshot()
  app.screen.compositor.setNeedsFullRepaint()
  Transaction.setNeedsCommit()
  return differingPixels(painted, app.snapshot())
}
