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
    // Blended layer by layer: a group (UIKit's default) is drawn off screen as a whole, so
    // its leaves' changes are not made in place.
    card.layer.allowsGroupOpacity = false
    let leaf = View(frame: Rect(x: 10, y: 10, width: 20, height: 10))
    leaf.backgroundColor = .red
    leaf.isHidden = !leafShown
    card.addSubview(leaf)
    app.window.addSubview(card)
    app.runUntilIdle()
    return (app, card, leaf)
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

  @Test func aMovingLeafIsMovedInPlace() throws {
    let (app, card, leaf) = try makeScene(leafShown: true)
    let compositor = app.screen.compositor
    let walks = compositor.treeWalks
    leaf.frame.origin = Point(x: 30, y: 20)
    let moved = app.snapshot()
    #expect(compositor.treeWalks == walks)
    // Where it was (20, 20)–(40, 30) and where it is (40, 30)–(60, 40), in points at scale 2.
    var expected = Region(PixelRect(x: 40, y: 40, width: 40, height: 20))
    expected.formUnion(PixelRect(x: 80, y: 60, width: 40, height: 20))
    #expect(compositor.lastDamage == expected)
    #expect(moved.pixel(x: 50, y: 50) == Color(hex: 0xbfbfbf))  // the card alone
    #expect(moved.pixel(x: 90, y: 70) == Color(hex: 0xdf5f5f))
    #expect(pixelsDifferingFromAFullRepaint(app) == 0)
    // Resized, and moved partly outside the masking card: clipped to it, still in place.
    card.clipsToBounds = true
    app.runUntilIdle()
    let walksAfterMasking = compositor.treeWalks
    leaf.frame = Rect(x: 50, y: 30, width: 30, height: 30)
    _ = app.snapshot()
    #expect(compositor.treeWalks == walksAfterMasking)
    #expect(pixelsDifferingFromAFullRepaint(app) == 0)
    // A hidden leaf that moves changes no pixel.
    let walksBeforeHiding = compositor.treeWalks  // the check above walked, once
    leaf.isHidden = true
    app.runUntilIdle()
    let frames = app.framesPresented
    leaf.frame.origin = Point(x: 0, y: 0)
    app.runUntilIdle()
    #expect(app.framesPresented == frames)
    leaf.isHidden = false
    #expect(app.snapshot().pixel(x: 30, y: 30) == Color(hex: 0xdf5f5f))
    #expect(compositor.treeWalks == walksBeforeHiding)
    #expect(pixelsDifferingFromAFullRepaint(app) == 0)
  }

  @Test func anAnimatedLeafMovesWithoutWalks() throws {
    let (app, _, leaf) = try makeScene(leafShown: true)
    let compositor = app.screen.compositor
    let walks = compositor.treeWalks
    View.animate(withDuration: 0.4) { leaf.center = Point(x: 40, y: 25) }
    let frames = app.framesPresented
    app.advance(by: 0.2)
    #expect(app.framesPresented > frames + 2)
    #expect(pixelsDifferingFromAFullRepaint(app) == 0)
    let walksMidway = compositor.treeWalks
    app.advance(by: 0.3)
    #expect(walksMidway == walks + 1)  // the check above repainted in full, once
    #expect(compositor.treeWalks == walksMidway)
    #expect(pixelsDifferingFromAFullRepaint(app) == 0)
  }

  @Test func aLeafGainingASublayerWalksAgain() throws {
    let (app, _, leaf) = try makeScene(leafShown: true)
    let compositor = app.screen.compositor
    let walks = compositor.treeWalks
    leaf.frame.origin = Point(x: 5, y: 5)
    let dot = View(frame: Rect(x: 2, y: 2, width: 4, height: 4))
    dot.backgroundColor = .blue
    leaf.addSubview(dot)
    let frame = app.snapshot()
    #expect(compositor.treeWalks == walks + 1)
    // The dot, at (10 + 5 + 2) points and more, shows over the leaf.
    #expect(frame.pixel(x: 2 * 18, y: 2 * 18) != Color(hex: 0xdf5f5f))
    #expect(frame.pixel(x: 2 * 16, y: 2 * 16) == Color(hex: 0xdf5f5f))
    #expect(pixelsDifferingFromAFullRepaint(app) == 0)
  }
}
