import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// `Layer.shouldRasterize`, as UIKit's: the subtree drawn once into a bitmap and blended
/// from it while nothing in it changes.
@MainActor
struct ShouldRasterizeTests {
  /// A card with a band and a label over a grey window.
  private func makeCard(rasterized: Bool) throws -> (TestApplication, View, View) {
    let app = try TestApplication(pointSize: Size(width: 120, height: 90), scale: 2)
    app.window.backgroundColor = Color(hex: 0xe0e0e0)
    let card = View(frame: Rect(x: 10, y: 10, width: 70, height: 50))
    card.backgroundColor = .white
    let band = View(frame: Rect(x: 5, y: 5, width: 60, height: 15))
    band.backgroundColor = Color(hex: 0xffcc80)
    let label = Label(frame: Rect(x: 5, y: 25, width: 60, height: 20))
    label.text = "Rasterized"
    label.font = .systemFont(ofSize: 11)
    card.addSubview(band)
    card.addSubview(label)
    card.layer.shouldRasterize = rasterized
    app.window.addSubview(card)
    app.runUntilIdle()
    return (app, card, band)
  }

  @Test func aRasterizedSubtreeLooksTheSameAndMovesWithoutBeingDrawnAgain() throws {
    let (plainApp, plainCard, _) = try makeCard(rasterized: false)
    #expect(plainCard.layer.styleCache?.group == nil)
    plainCard.center.x += 13
    let plain = plainApp.snapshot()

    let (app, card, band) = try makeCard(rasterized: true)
    let group = try #require(card.layer.styleCache?.group)
    let renders = group.version
    card.center.x += 13
    #expect(differingPixels(app.snapshot(), plain) == 0)
    // Moved by whole pixels: blended from the same bitmap.
    #expect(group.version == renders)
    band.backgroundColor = .red
    app.runUntilIdle()
    #expect(group.version > renders)
    card.layer.shouldRasterize = false
    app.runUntilIdle()
    #expect(card.layer.styleCache?.group == nil)
  }
}
