import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// Changes the compositor makes in place, without walking the layer tree: a leaf layer's
/// colour, opacity and visibility. Each result must equal a full repaint of the same scene.
@MainActor
struct CompositorInPlaceTests {
  /// A white window with a half-transparent grey card holding a red leaf, hidden unless
  /// `leafShown`.
  private func makeScene(leafShown: Bool = false) throws
    -> (TestApplication, card: View, leaf: View)
  {
    let app = try TestApplication(pointSize: Size(width: 100, height: 80), scale: 2)
    let card = View(frame: Rect(x: 10, y: 10, width: 60, height: 40))
    card.backgroundColor = .gray
    card.alpha = 0.5
    let leaf = View(frame: Rect(x: 10, y: 10, width: 20, height: 10))
    leaf.backgroundColor = .red
    leaf.isHidden = !leafShown
    card.addSubview(leaf)
    app.window.addSubview(card)
    app.runUntilIdle()
    return (app, card, leaf)
  }

  /// Pixels of the frame on screen that differ from a full repaint of the same layers.
  private func pixelsDifferingFromAFullRepaint(_ app: TestApplication) -> Int {
    let inPlace = app.snapshot()
    app.screen.compositor.setNeedsFullRepaint()
    Transaction.setNeedsCommit()
    let full = app.snapshot()
    var differing = 0
    for y in 0..<full.height {
      for x in 0..<full.width where inPlace.pixel(x: x, y: y) != full.pixel(x: x, y: y) {
        differing += 1
      }
    }
    return differing
  }

  @Test func showingAndHidingALeafIsRepaintedInPlace() throws {
    let (app, _, leaf) = try makeScene()
    let compositor = app.screen.compositor
    let walks = compositor.treeWalks
    let hidden = app.snapshot().pixel(x: 50, y: 50)
    leaf.isHidden = false
    let shown = app.snapshot()
    // Only the leaf's pixels: (20, 20) to (40, 30) in points, at scale 2.
    #expect(compositor.lastDamage == Region(PixelRect(x: 40, y: 40, width: 40, height: 20)))
    #expect(shown.pixel(x: 50, y: 50) != hidden)
    // Red at the card's opacity (0.5) over the card's grey, itself at 0.5 over white.
    #expect(shown.pixel(x: 50, y: 50) == Color(hex: 0xdf5f5f))
    leaf.isHidden = true
    #expect(app.snapshot().pixel(x: 50, y: 50) == hidden)
    #expect(compositor.treeWalks == walks)
    leaf.isHidden = false
    #expect(pixelsDifferingFromAFullRepaint(app) == 0)
  }

  @Test func aLeafsOpacityChangesInPlaceAndAnimatesWithoutWalks() throws {
    let (app, _, leaf) = try makeScene(leafShown: true)
    let compositor = app.screen.compositor
    let walks = compositor.treeWalks
    leaf.alpha = 0
    #expect(app.snapshot().pixel(x: 50, y: 50) == Color(hex: 0xbfbfbf))  // the card alone
    View.animate(withDuration: 0.4) { leaf.alpha = 1 }
    let frames = app.framesPresented
    app.advance(by: 0.2)
    #expect(app.framesPresented > frames)  // it animates, frame by frame
    app.advance(by: 0.3)
    #expect(compositor.treeWalks == walks)
    #expect(pixelsDifferingFromAFullRepaint(app) == 0)
  }

  @Test func aLayerWithSublayersStillWalks() throws {
    let (app, card, _) = try makeScene(leafShown: true)
    let compositor = app.screen.compositor
    let walks = compositor.treeWalks
    card.isHidden = true
    #expect(app.snapshot().pixel(x: 50, y: 50) == .white)
    #expect(compositor.treeWalks == walks + 1)
    card.isHidden = false
    card.alpha = 1
    #expect(app.snapshot().pixel(x: 50, y: 50) == .red)
    #expect(pixelsDifferingFromAFullRepaint(app) == 0)
  }

  @Test func aLeafFirstShownAfterItsBackingStoreWasReleasedIsDrawn() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 80))
    let view = CountingView(frame: Rect(x: 0, y: 0, width: 40, height: 40))
    view.fill = .green
    app.window.addSubview(view)
    app.runUntilIdle()
    view.isHidden = true
    app.runUntilIdle()
    app.application.simulateMemoryWarning()
    app.runUntilIdle()
    #expect(view.layer.contents == nil)
    view.isHidden = false
    #expect(app.snapshot().pixel(x: 20, y: 20) == .green)
    #expect(pixelsDifferingFromAFullRepaint(app) == 0)
  }
}
