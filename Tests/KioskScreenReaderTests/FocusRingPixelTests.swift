import KioskGraphics
import KioskScreenReader
import KioskTesting
import KioskUI
import Testing

/// The focus ring is drawn as edges and corners rather than as one bordered layer (which
/// would keep a raster of the ring's whole size): it must show the same pixels.
@MainActor @Suite struct FocusRingPixelTests {
  @Test(arguments: [1.0, 1.5, 2.0])
  func theRingsPiecesDrawWhatOneBorderedRoundedLayerWould(scale: Double) throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300), scale: scale)
    let content = View(frame: Rect(x: 10, y: 10, width: 300, height: 200))
    content.backgroundColor = Color(red: 0.9, green: 0.8, blue: 0.3)
    app.window.addSubview(content)
    let ringWindow = FocusRingWindow(screen: app.screen)
    ringWindow.show(around: Rect(x: 20, y: 30, width: 240, height: 44))
    app.runUntilIdle()
    let pieces = app.snapshot()

    ringWindow.hideRing()
    let outlineWindow = Window(screen: app.screen)
    outlineWindow.windowLevel = FocusRingWindow.level
    outlineWindow.backgroundColor = nil
    outlineWindow.isUserInteractionEnabled = false
    let outline = View(frame: ringWindow.ring.frame)
    outline.layer.borderWidth = FocusRingWindow.lineWidth
    outline.layer.borderColor = FocusRingWindow.color
    outline.layer.cornerRadius = FocusRingWindow.cornerRadius
    outlineWindow.addSubview(outline)
    outlineWindow.isHidden = false
    app.runUntilIdle()
    let bordered = app.snapshot()

    var differing = 0
    var ringPixels = 0
    for y in 0..<bordered.height {
      for x in 0..<bordered.width {
        let expected = bordered.pixel(x: x, y: y)
        if pieces.pixel(x: x, y: y) != expected { differing += 1 }
        if expected.blue > 0.9 && expected.red < 0.1 { ringPixels += 1 }
      }
    }
    // The comparison means something only if the ring shows.
    #expect(ringPixels > Int(2 * 240 * 4 * scale * scale))
    #expect(differing == 0)
  }
}
