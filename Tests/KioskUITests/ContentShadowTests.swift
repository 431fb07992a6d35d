import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// Shadows without a `shadowPath` follow the layer's composited alpha, sublayers included,
/// as UIKit's do: the card pattern (a clear cell casting the shadow of its rounded, clipped
/// content view) casts the card's shadow, blurred once and kept while the card moves.
@MainActor
struct ContentShadowTests {
  private let grey = Color(hex: 0xe0e0e0)

  /// A clear 100×80 view at (50, 40) casting a shadow 10 points down without blur, holding
  /// a white rounded content view clipped to its corners, 20 points in from its left.
  private func card(_ app: TestApplication) -> (cell: View, content: View) {
    app.window.backgroundColor = grey
    let cell = View(frame: Rect(x: 50, y: 40, width: 100, height: 80))
    cell.layer.shadowOpacity = 1
    cell.layer.shadowRadius = 0
    cell.layer.shadowOffset = Size(width: 0, height: 10)
    let content = View(frame: Rect(x: 20, y: 0, width: 80, height: 70))
    content.backgroundColor = .white
    content.layer.cornerRadius = 12
    content.layer.masksToBounds = true
    cell.addSubview(content)
    app.window.addSubview(cell)
    app.runUntilIdle()
    return (cell, content)
  }

  @Test func aClearCellCastsTheShadowOfItsRoundedContent() throws {
    let app = try TestApplication(pointSize: Size(width: 240, height: 200), scale: 1)
    let (cell, _) = card(app)
    let shot = app.snapshot()
    // Under the content's bottom edge (y 110 to 120): black; left of the content (x 50 to
    // 70), where the cell has nothing: no shadow.
    #expect(shot.pixel(x: 110, y: 115) == .black)
    #expect(shot.pixel(x: 60, y: 115) == grey)
    // The content's rounded corner casts a rounded shadow: its very corner stays clear.
    #expect(shot.pixel(x: 148, y: 119) == grey)
    #expect(shot.pixel(x: 140, y: 115) == .black)
    #expect(cell.layer.styleCache?.shadowRasterizations == 1)
  }

  @Test func theShadowIsBlurredOnceWhileTheCardMovesAndAgainWhenItsContentChanges() throws {
    let app = try TestApplication(pointSize: Size(width: 240, height: 200), scale: 2)
    let (cell, content) = card(app)
    let cache = try #require(cell.layer.styleCache)
    #expect(cache.shadowRasterizations == 1)
    for _ in 0..<6 {
      cell.center.x += 5
      app.runUntilIdle()
    }
    #expect(cache.shadowRasterizations == 1)
    #expect(app.snapshot().pixel(x: 2 * 140, y: 2 * 115) == .black)
    // The content grows to the cell's left edge: the shadow follows.
    content.frame = Rect(x: 0, y: 0, width: 100, height: 70)
    app.runUntilIdle()
    #expect(cache.shadowRasterizations == 2)
    #expect(app.snapshot().pixel(x: 2 * 90, y: 2 * 115) == .black)
  }

  @Test func aShadowPathStillWinsAndALayerWithoutContentCastsNone() throws {
    let app = try TestApplication(pointSize: Size(width: 240, height: 200), scale: 1)
    let (cell, content) = card(app)
    cell.layer.shadowPath = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
    app.runUntilIdle()
    #expect(app.snapshot().pixel(x: 110, y: 115) == grey)
    #expect(app.snapshot().pixel(x: 55, y: 55) == .black)
    cell.layer.shadowPath = nil
    content.removeFromSuperview()
    app.runUntilIdle()
    // Nothing left to cast a shadow: no pixel of the window changes.
    #expect(app.snapshot().pixel(x: 110, y: 115) == grey)
    #expect(app.snapshot().pixel(x: 55, y: 55) == grey)
  }
}
