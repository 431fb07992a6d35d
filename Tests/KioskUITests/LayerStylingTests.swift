import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// Layer styling (corners, border, shadow) and group opacity: what shows, what is damaged,
/// and what is drawn again.
@MainActor
struct LayerStylingTests {
  /// A white card with rounded corners and a shadow 6 points down, on a grey window.
  private func shadowedCard(
    _ app: TestApplication, frame: Rect = Rect(x: 40, y: 40, width: 80, height: 60),
    radius: Double = 4, opacity: Double = 0.5
  ) -> View {
    app.window.backgroundColor = Color(hex: 0xe0e0e0)
    let card = View(frame: frame)
    card.backgroundColor = .white
    card.layer.cornerRadius = 10
    card.layer.shadowOpacity = opacity
    card.layer.shadowRadius = radius
    card.layer.shadowOffset = Size(width: 0, height: 6)
    app.window.addSubview(card)
    app.runUntilIdle()
    return card
  }

  private func isClose(_ a: Color, _ b: Color, within tolerance: Double = 2.5 / 255) -> Bool {
    abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance
      && abs(a.blue - b.blue) <= tolerance && abs(a.alpha - b.alpha) <= tolerance
  }

  // MARK: Group opacity

  /// Two overlapping opaque subviews in a view at alpha 0.5: where they overlap, the top
  /// one at 50% over the white background, as UIKit's group opacity shows (blending each
  /// layer on its own would let the bottom one show through).
  @Test func groupOpacityBlendsOverlappingSubviewsAsOne() throws {
    let app = try TestApplication(pointSize: Size(width: 120, height: 120), scale: 2)
    let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let bottom = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
    bottom.backgroundColor = .red
    let top = View(frame: Rect(x: 30, y: 30, width: 50, height: 50))
    top.backgroundColor = .blue
    parent.addSubview(bottom)
    parent.addSubview(top)
    parent.alpha = 0.5
    app.window.addSubview(parent)
    app.runUntilIdle()
    let overlap = app.snapshot().pixel(x: 90, y: 90)
    #expect(isClose(overlap, Color(red: 0.5, green: 0.5, blue: 1)), "\(overlap)")
    // Where only the bottom one is: red at 50%.
    #expect(isClose(app.snapshot().pixel(x: 30, y: 30), Color(red: 1, green: 0.5, blue: 0.5)))

    // Opting out blends each layer on its own: red shows through blue.
    parent.layer.allowsGroupOpacity = false
    app.runUntilIdle()
    let mixed = app.snapshot().pixel(x: 90, y: 90)
    #expect(isClose(mixed, Color(red: 0.5, green: 0.25, blue: 0.75)), "\(mixed)")
    #expect(parent.layer.styleCache?.group == nil)
  }

  /// A fading screen is drawn into its group once; each frame of the fade is one blend,
  /// and the buffer goes when the opacity is back to 1.
  @Test func fadingGroupIsRenderedOnceAndFreedAtFullOpacity() throws {
    let app = try TestApplication(pointSize: Size(width: 120, height: 120), scale: 2)
    let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let child = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
    child.backgroundColor = .red
    parent.addSubview(child)
    app.window.addSubview(parent)
    app.runUntilIdle()
    View.animate(withDuration: 1) { parent.alpha = 0.2 }
    let framesBefore = app.screen.compositor.framesComposited
    for _ in 0..<10 { app.advance(by: 0.05) }
    #expect(app.screen.compositor.framesComposited - framesBefore >= 5)
    #expect(parent.layer.styleCache?.groupRenders == 1)

    // A change inside the group draws it again, once.
    child.backgroundColor = .green
    app.advance(by: 0.05)
    app.advance(by: 0.05)
    #expect(parent.layer.styleCache?.groupRenders == 2)
    app.advance(by: 1)
    #expect(isClose(app.snapshot().pixel(x: 40, y: 40), Color(red: 0.8, green: 1, blue: 0.8)))

    parent.alpha = 1
    app.runUntilIdle()
    #expect(parent.layer.styleCache == nil)
    #expect(isClose(app.snapshot().pixel(x: 40, y: 40), .green))
  }

  /// Removing a layer from a group draws the group again without it (here the group
  /// goes with it: its last sublayer left).
  @Test func removingALayerFromAGroupRedrawsIt() throws {
    let app = try TestApplication(pointSize: Size(width: 120, height: 120), scale: 1)
    let parent = View(frame: Rect(x: 15, y: 15, width: 100, height: 100))
    let child = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
    child.backgroundColor = .black
    parent.addSubview(child)
    parent.alpha = 0.5
    app.window.addSubview(parent)
    app.runUntilIdle()
    #expect(isClose(app.snapshot().pixel(x: 70, y: 70), Color(white: 0.5)))
    child.removeFromSuperview()
    app.runUntilIdle()
    #expect(
      app.screen.compositor.lastDamage.contains(PixelRect(x: 25, y: 25, width: 50, height: 50)))
    #expect(isClose(app.snapshot().pixel(x: 70, y: 70), .white))
  }

  /// Hiding a subtree inside a group, or taking a colour away, draws the group again.
  @Test func changesInsideAGroupRedrawIt() throws {
    let app = try TestApplication(pointSize: Size(width: 120, height: 120), scale: 1)
    let parent = View(frame: Rect(x: 15, y: 15, width: 100, height: 100))
    let container = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    let grandchild = View(frame: Rect(x: 0, y: 0, width: 40, height: 40))
    grandchild.backgroundColor = .black
    container.addSubview(grandchild)
    let plain = View(frame: Rect(x: 50, y: 50, width: 40, height: 40))
    plain.backgroundColor = .black
    parent.addSubview(container)
    parent.addSubview(plain)
    parent.backgroundColor = Color(white: 0.9)
    parent.alpha = 0.5
    app.window.addSubview(parent)
    app.runUntilIdle()
    #expect(isClose(app.snapshot().pixel(x: 30, y: 30), Color(white: 0.5)))
    container.isHidden = true
    app.runUntilIdle()
    #expect(isClose(app.snapshot().pixel(x: 30, y: 30), Color(white: 0.95)))
    #expect(isClose(app.snapshot().pixel(x: 80, y: 80), Color(white: 0.5)))
    plain.backgroundColor = nil
    app.runUntilIdle()
    #expect(isClose(app.snapshot().pixel(x: 80, y: 80), Color(white: 0.95)))
  }

  // MARK: Shadows

  /// Moving a shadowed card damages where its shadow was and is, leaves nothing stale,
  /// and blurs the shadow only once.
  @Test func movingShadowedCardDamagesBothShadowsAndReusesThePixels() throws {
    let app = try TestApplication(pointSize: Size(width: 240, height: 200), scale: 2)
    let card = shadowedCard(app)
    let grey = Color(hex: 0xe0e0e0)
    // Below the card, in its shadow (offset 6, blur 4): darker than the window.
    let shadowed = app.snapshot().pixel(x: 160, y: 204)
    #expect(shadowed.red < grey.red - 0.05, "\(shadowed)")
    let cache = try #require(card.layer.styleCache)
    #expect(cache.shadowRasterizations == 1)
    #expect(cache.backgroundRasterizations == 1)

    card.center.x += 60
    app.runUntilIdle()
    let damage = app.screen.compositor.lastDamage
    // The old and new shadows: 6 points down, with a blur margin of 3·4 + 1 points.
    #expect(
      damage.contains(PixelRect(x: 80 - 26, y: 80 + 12 - 26, width: 160 + 52, height: 120 + 52)))
    #expect(
      damage.contains(PixelRect(x: 200 - 26, y: 80 + 12 - 26, width: 160 + 52, height: 120 + 52)))
    #expect(isClose(app.snapshot().pixel(x: 160, y: 204), grey))
    for _ in 0..<5 {
      card.center.y += 3
      app.runUntilIdle()
    }
    #expect(cache.shadowRasterizations == 1)
    #expect(cache.backgroundRasterizations == 1)

    // A new size is a new shadow.
    card.bounds.size.width += 10
    app.runUntilIdle()
    #expect(cache.shadowRasterizations == 2)
  }

  /// Hiding and removing a shadowed card repaint where its shadow was.
  /// Inside its corners, an opaque rounded background is a plain fill of its colour: the
  /// kept raster is read only around the edges (a fill writes without reading, and a grid
  /// of cards spent most of each frame reading their rasters). Shown by spoiling the
  /// raster's middle: the screen does not show it.
  @Test func anOpaqueRoundedBackgroundIsFilledInsideItsCorners() throws {
    let app = try TestApplication(pointSize: Size(width: 240, height: 200), scale: 2)
    let card = shadowedCard(app)
    let raster = try #require(card.layer.styleCache?.background)
    raster.buffer.fill(.red, in: PixelRect(x: 60, y: 40, width: 40, height: 40))
    app.screen.compositor.setNeedsFullRepaint()
    Transaction.setNeedsCommit()
    let frame = app.snapshot()
    // The card's middle (80, 80 px from the top left of a 160×120-px card).
    #expect(isClose(frame.pixel(x: 160, y: 140), .white), "\(frame.pixel(x: 160, y: 140))")
  }

  /// A light shadow keeps only the pixels that are not fully transparent: its blur margin
  /// of three standard deviations rounds to nothing a deviation before its edge, and every
  /// frame that shows the shadow reads what is kept. What shows is the same.
  @Test func aLightShadowKeepsOnlyItsVisiblePixels() throws {
    let app = try TestApplication(pointSize: Size(width: 240, height: 200), scale: 2)
    let card = shadowedCard(app, radius: 6, opacity: 0.18)
    let raster = try #require(card.layer.styleCache?.shadow)
    // The whole blur area: the card 6 points down, 3·6 + 1 points of margin each side.
    let area = PixelRect(x: -38, y: 12 - 38, width: 160 + 76, height: 120 + 76)
    #expect(raster.buffer.width < area.width && raster.buffer.height < area.height)
    #expect(raster.buffer.nonTransparentBounds() == raster.buffer.bounds)
    // The raster lies in pixels from the card's top left (80, 80 on screen). Just inside
    // its last row, below the card, the shadow still darkens the window.
    let below = app.snapshot().pixel(x: 160, y: 80 + raster.origin.maxY - 1)
    #expect(below.red < Color(hex: 0xe0e0e0).red, "\(below)")
  }

  @Test func hidingAndRemovingClearTheShadow() throws {
    let app = try TestApplication(pointSize: Size(width: 240, height: 200), scale: 1)
    let card = shadowedCard(app)
    let grey = Color(hex: 0xe0e0e0)
    #expect(!isClose(app.snapshot().pixel(x: 80, y: 102), grey))
    card.isHidden = true
    app.runUntilIdle()
    #expect(isClose(app.snapshot().pixel(x: 80, y: 102), grey))
    card.isHidden = false
    app.runUntilIdle()
    #expect(!isClose(app.snapshot().pixel(x: 80, y: 102), grey))
    card.removeFromSuperview()
    app.runUntilIdle()
    #expect(isClose(app.snapshot().pixel(x: 80, y: 102), grey))
  }

  /// An unchanged styled layer costs no redraw: a frame elsewhere does not rasterise it.
  @Test func unchangedStyledLayerIsNotRasterisedAgain() throws {
    let app = try TestApplication(pointSize: Size(width: 240, height: 200), scale: 2)
    let card = shadowedCard(app)
    card.layer.borderWidth = 2
    card.layer.borderColor = .blue
    app.runUntilIdle()
    let cache = try #require(card.layer.styleCache)
    let counts = [
      cache.shadowRasterizations, cache.borderRasterizations, cache.backgroundRasterizations,
    ]
    #expect(counts[1] == 1)
    let other = View(frame: Rect(x: 180, y: 150, width: 20, height: 20))
    other.backgroundColor = .red
    app.window.addSubview(other)
    app.runUntilIdle()
    other.backgroundColor = .green
    app.runUntilIdle()
    #expect(
      [cache.shadowRasterizations, cache.borderRasterizations, cache.backgroundRasterizations]
        == counts)
  }

  /// A shadow path replaces the layer's shape: a layer with no background still casts it.
  @Test func shadowPathGivesTheShadowItsShape() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 200), scale: 1)
    let view = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
    view.layer.shadowOpacity = 1
    view.layer.shadowRadius = 0
    view.layer.shadowOffset = .zero
    view.layer.shadowPath = Path(ellipseIn: Rect(x: 25, y: 25, width: 50, height: 50))
    app.window.addSubview(view)
    app.runUntilIdle()
    #expect(isClose(app.snapshot().pixel(x: 100, y: 100), .black))
    #expect(isClose(app.snapshot().pixel(x: 60, y: 60), .white))
  }

  /// A shadowed card gliding across a 1024×600 screen: each frame composites the cached
  /// shadow and background, blurring nothing. Prints the time of such a frame against a
  /// full repaint of the same screen (a figure, never a failure).
  @Test func movingShadowedCardCostsOnlyCompositing() throws {
    let app = try TestApplication(pointSize: Size(width: 1024, height: 600), scale: 1)
    let card = shadowedCard(
      app, frame: Rect(x: 100, y: 150, width: 300, height: 200), radius: 10, opacity: 0.3)
    let clock = ContinuousClock()
    let frames = 60
    let moving = clock.measure {
      for _ in 0..<frames {
        card.center.x += 5
        app.runUntilIdle()
      }
    }
    let damaged = app.screen.compositor.lastDamage.area
    let full = clock.measure {
      for _ in 0..<frames {
        app.screen.compositor.setNeedsFullRepaint()
        Transaction.setNeedsCommit()
        app.runUntilIdle()
      }
    }
    let cache = try #require(card.layer.styleCache)
    #expect(cache.shadowRasterizations == 1 && cache.backgroundRasterizations == 1)
    #expect(damaged < 1024 * 600 / 4)
    print(
      "shadowed card moving: \(moving / frames) a frame (\(damaged) px damaged), "
        + "full frame \(full / frames), ratio \(moving / full)")
  }

  /// On a screen turned a quarter on its panel, at scale 2, a shadowed card and a faded
  /// group show as on an upright screen, turned, after the card moved (a partial frame,
  /// which also equals a full repaint).
  @Test func styledLayersOnATurnedScreenMatchAnUprightOne() throws {
    func scene(_ rotation: Rotation, cardX: Double) throws -> (TestApplication, View) {
      let app = try TestApplication(
        pointSize: Size(width: 120, height: 90), scale: 2, rotation: rotation)
      app.window.backgroundColor = Color(hex: 0xe0e0e0)
      let card = View(frame: Rect(x: cardX, y: 10, width: 50, height: 40))
      card.backgroundColor = .white
      card.layer.cornerRadius = 8
      card.layer.borderWidth = 1
      card.layer.shadowOpacity = 0.5
      card.layer.shadowOffset = Size(width: 2, height: 4)
      let group = View(frame: Rect(x: 70, y: 40, width: 40, height: 40))
      group.alpha = 0.5
      let square = View(frame: Rect(x: 5, y: 5, width: 25, height: 25))
      square.backgroundColor = .red
      group.addSubview(square)
      app.window.addSubview(card)
      app.window.addSubview(group)
      app.runUntilIdle()
      return (app, card)
    }
    let (turnedApp, card) = try scene(.degrees90, cardX: 10)
    card.center.x += 17
    let turned = turnedApp.snapshot()
    turnedApp.screen.compositor.setNeedsFullRepaint()
    Transaction.setNeedsCommit()
    let repainted = turnedApp.snapshot()
    var differingFromRepaint = 0
    for y in 0..<turned.height {
      for x in 0..<turned.width where turned.pixel(x: x, y: y) != repainted.pixel(x: x, y: y) {
        differingFromRepaint += 1
      }
    }
    #expect(differingFromRepaint == 0)

    let upright = try scene(.degrees0, cardX: 27).0.snapshot()
    let toPanel = Rotation.degrees90.logicalToPanel(
      width: Double(upright.width), height: Double(upright.height))
    var differing = 0
    for y in 0..<upright.height {
      for x in 0..<upright.width {
        let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(toPanel)
        let turnedPixel = turned.pixel(x: Int(p.x.rounded(.down)), y: Int(p.y.rounded(.down)))
        if !isClose(upright.pixel(x: x, y: y), turnedPixel, within: 1.5 / 255) { differing += 1 }
      }
    }
    #expect(differing == 0)
  }

  // MARK: Corners and borders

  /// Rounded corners clip a child only when the layer masks to its bounds; the border is
  /// drawn above the child.
  @Test func roundedCornersClipWhenMaskingAndBorderIsOnTop() throws {
    let app = try TestApplication(pointSize: Size(width: 120, height: 120), scale: 1)
    let card = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
    card.backgroundColor = .blue
    card.layer.cornerRadius = 30
    card.layer.borderWidth = 4
    card.layer.borderColor = .green
    let child = View(frame: card.bounds)
    child.backgroundColor = .red
    card.addSubview(child)
    app.window.addSubview(card)
    app.runUntilIdle()
    // Not masking: the child fills its square corner.
    #expect(isClose(app.snapshot().pixel(x: 12, y: 12), .red))
    #expect(isClose(app.snapshot().pixel(x: 60, y: 12), .green))
    card.clipsToBounds = true
    app.runUntilIdle()
    #expect(isClose(app.snapshot().pixel(x: 12, y: 12), .white))
    #expect(isClose(app.snapshot().pixel(x: 60, y: 60), .red))
    #expect(isClose(app.snapshot().pixel(x: 60, y: 12), .green))
  }

  /// A view without styling keeps the plain path: no style cache, one plain entry each.
  @Test func unstyledLayersTakeThePlainPath() throws {
    let app = try TestApplication(pointSize: Size(width: 120, height: 120), scale: 1)
    let view = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
    view.backgroundColor = .red
    let child = View(frame: Rect(x: 5, y: 5, width: 10, height: 10))
    child.backgroundColor = .blue
    view.addSubview(child)
    app.window.addSubview(view)
    app.runUntilIdle()
    #expect(view.layer.styleCache == nil && child.layer.styleCache == nil)
    #expect(app.screen.compositor.entries.allSatisfy { $0.part == .layer })
    #expect(view.layer.entryIndex >= 0)
  }
}
