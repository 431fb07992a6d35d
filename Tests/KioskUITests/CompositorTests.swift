import KioskGraphics
import KioskTesting
import KioskUI
import Testing

/// A view that draws a colour into its backing store and counts its draws.
@MainActor
final class CountingView: View {
  var fill = Color.blue
  var drawCount = 0
  var lastRect = Rect.zero

  override func draw(_ rect: Rect) {
    drawCount += 1
    lastRect = rect
    guard let context = GraphicsContext.current else { return }
    context.setFillColor(fill)
    context.fill(bounds)
  }
}

@MainActor
struct CompositorTests {
  /// `isOpaque` promises the bounds, not the fraction of a pixel a backing store adds when
  /// the bounds are not whole pixels: that last row is drawn partly covered and has to be
  /// blended. Copied, it showed as a dark line (white half covered over red came out grey).
  @Test func anOpaqueViewsPartlyCoveredLastPixelRowIsBlended() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 80), scale: 2)
    app.window.backgroundColor = .red
    // 10.25 points at scale 2: 20.5 pixels, a backing store of 21 rows.
    let view = CountingView(frame: Rect(x: 10, y: 10, width: 20.25, height: 10.25))
    view.fill = .white
    view.isOpaque = true
    app.window.addSubview(view)
    let frame = app.snapshot()
    #expect(frame.pixel(x: 30, y: 30) == .white)
    for (x, y) in [(30, 40), (60, 30)] {
      let edge = frame.pixel(x: x, y: y)
      #expect(edge.red > 0.95, "pixel \(x),\(y) is \(edge): not blended over the red below")
      #expect(edge.green > 0.3 && edge.green < 0.7, "pixel \(x),\(y) is \(edge)")
    }
  }

  @Test func plainViewsComposite() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 80), scale: 2)
    let box = View(frame: Rect(x: 10, y: 10, width: 20, height: 10))
    box.backgroundColor = .red
    app.window.addSubview(box)
    let frame = app.snapshot()
    #expect(frame.width == 200 && frame.height == 160)
    #expect(frame.pixel(x: 20, y: 20) == .red)
    #expect(frame.pixel(x: 59, y: 39) == .red)
    #expect(frame.pixel(x: 60, y: 40) == .white)
    #expect(frame.pixel(x: 19, y: 19) == .white)
  }

  @Test func backingStoreIsDrawnOnceAndReused() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 80))
    let view = CountingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    app.window.addSubview(view)
    app.runUntilIdle()
    #expect(view.drawCount == 1)
    // Moving, fading and recolouring the background reuse the cached pixels.
    view.center = Point(x: 60, y: 40)
    view.alpha = 0.5
    view.backgroundColor = .green
    app.runUntilIdle()
    #expect(view.drawCount == 1)
    #expect(app.snapshot().pixel(x: 60, y: 40) != .white)
    view.setNeedsDisplay()
    app.runUntilIdle()
    #expect(view.drawCount == 2)
  }

  @Test func partialInvalidationRedrawsOnlyThatRect() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 80))
    let view = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 80))
    app.window.addSubview(view)
    app.runUntilIdle()
    view.fill = .red
    view.setNeedsDisplay(Rect(x: 10, y: 10, width: 20, height: 20))
    app.runUntilIdle()
    #expect(view.lastRect == Rect(x: 10, y: 10, width: 20, height: 20))
    #expect(
      app.screen.compositor.lastDamage == Region(PixelRect(x: 10, y: 10, width: 20, height: 20)))
    let frame = app.snapshot()
    #expect(frame.pixel(x: 15, y: 15) == .red)
    #expect(frame.pixel(x: 35, y: 35) == .blue)
  }

  @Test func plainViewsGetNoBackingStore() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 80))
    let plain = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    plain.backgroundColor = .red
    let drawing = CountingView(frame: Rect(x: 50, y: 0, width: 50, height: 50))
    app.window.addSubview(plain)
    app.window.addSubview(drawing)
    app.runUntilIdle()
    #expect(plain.layer.contents == nil)
    #expect(drawing.layer.contents?.buffer.width == 50)
  }

  @Test func damageIsOldAndNewExtentOfAMovedView() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let box = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    box.backgroundColor = .red
    app.window.addSubview(box)
    app.runUntilIdle()
    let before = app.snapshot()
    box.frame = Rect(x: 100, y: 50, width: 20, height: 20)
    app.runUntilIdle()
    let expected = Region(rects: [
      PixelRect(x: 10, y: 10, width: 20, height: 20),
      PixelRect(x: 100, y: 50, width: 20, height: 20),
    ])
    #expect(app.screen.compositor.lastDamage == expected)
    // Only pixels inside the damage changed.
    let after = app.snapshot()
    for y in 0..<after.height {
      for x in 0..<after.width where !expected.contains(x: x, y: y) {
        if after.pixel(x: x, y: y) != before.pixel(x: x, y: y) {
          Issue.record("pixel (\(x), \(y)) changed outside the damage")
          return
        }
      }
    }
    #expect(after.pixel(x: 15, y: 15) == .white)
    #expect(after.pixel(x: 105, y: 55) == .red)
  }

  @Test func idleProducesNoFrames() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 80))
    let box = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
    box.backgroundColor = .red
    app.window.addSubview(box)
    app.runUntilIdle()
    let frames = app.framesPresented
    app.advance(by: 2)
    #expect(app.framesPresented == frames)
    box.backgroundColor = .red  // same value: nothing changed
    app.runUntilIdle()
    #expect(app.framesPresented == frames)
    box.backgroundColor = .green
    app.runUntilIdle()
    #expect(app.framesPresented == frames + 1)
  }

  @Test func opaqueViewsHideWhatIsBehindThem() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 100))
    let back = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let front = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    front.backgroundColor = .green
    app.window.addSubview(back)
    app.window.addSubview(front)
    app.runUntilIdle()
    back.setNeedsDisplay()
    app.runUntilIdle()
    // The whole screen is damaged, but only the front view is painted.
    #expect(app.screen.compositor.lastPaintedArea == 100 * 100)
    front.backgroundColor = Color.green.withAlphaComponent(0.5)
    back.setNeedsDisplay()
    app.runUntilIdle()
    #expect(app.screen.compositor.lastPaintedArea == 3 * 100 * 100)
  }

  @Test func thinOpaqueViewsPaintOverWhatIsBehindRatherThanCuttingItUp() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 100))
    let back = CountingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let strip = View(frame: Rect(x: 0, y: 48, width: 100, height: 4))
    strip.backgroundColor = .red
    strip.isHidden = true
    app.window.addSubview(back)
    app.window.addSubview(strip)
    app.runUntilIdle()
    back.setNeedsDisplay()
    app.runUntilIdle()
    let withoutStrip = app.screen.compositor.lastPaintedArea
    // A strip 4 px high: what is behind it is painted whole, and the strip over it.
    strip.isHidden = false
    back.setNeedsDisplay()
    app.runUntilIdle()
    #expect(app.screen.compositor.lastPaintedArea == withoutStrip + 100 * 4)
    let snapshot = app.snapshot()
    #expect(snapshot.pixel(x: 50, y: 49) == .red)
    #expect(snapshot.pixel(x: 50, y: 47) == back.fill)
    // A band 20 px high is worth cutting around: less is painted than under the strip.
    strip.frame.size.height = 20
    back.setNeedsDisplay()
    app.runUntilIdle()
    #expect(app.screen.compositor.lastPaintedArea < withoutStrip + 100 * 20)
  }

  @Test func alphaBlendsOverWhatIsBehind() throws {
    let app = try TestApplication(pointSize: Size(width: 40, height: 40))
    app.window.backgroundColor = .black
    let box = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
    box.backgroundColor = .white
    box.alpha = 0.5
    app.window.addSubview(box)
    let pixel = app.snapshot().pixel(x: 5, y: 5)
    #expect(abs(pixel.red - 0.5) < 0.01 && pixel.red == pixel.green)
    // Alpha multiplies down the tree when the layer does not blend as a group.
    box.layer.allowsGroupOpacity = false
    let inner = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    inner.backgroundColor = .white
    inner.alpha = 0.5
    box.addSubview(inner)
    let blended = app.snapshot().pixel(x: 2, y: 2)
    #expect(abs(blended.red - 0.625) < 0.01)
  }

  @Test func clipsToBoundsClipsSubviews() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 100))
    let parent = View(frame: Rect(x: 10, y: 10, width: 30, height: 30))
    let child = View(frame: Rect(x: 20, y: 20, width: 40, height: 40))
    child.backgroundColor = .red
    parent.addSubview(child)
    app.window.addSubview(parent)
    #expect(app.snapshot().pixel(x: 50, y: 50) == .red)
    parent.clipsToBounds = true
    let frame = app.snapshot()
    #expect(frame.pixel(x: 50, y: 50) == .white)
    #expect(frame.pixel(x: 35, y: 35) == .red)
  }

  @Test(arguments: [Rotation.degrees90, .degrees180, .degrees270])
  func rotationTurnsTheFrameOnThePanel(rotation: Rotation) throws {
    let app = try TestApplication(pointSize: Size(width: 40, height: 20), rotation: rotation)
    let marker = View(frame: Rect(x: 0, y: 0, width: 4, height: 2))
    marker.backgroundColor = .red
    app.window.addSubview(marker)
    let frame = app.snapshot()
    // The panel is the screen turned clockwise: the top-left corner lands here.
    switch rotation {
    case .degrees90:
      #expect(frame.width == 20 && frame.height == 40)
      #expect(frame.pixel(x: 19, y: 0) == .red && frame.pixel(x: 18, y: 3) == .red)
      #expect(frame.pixel(x: 17, y: 0) == .white && frame.pixel(x: 19, y: 4) == .white)
    case .degrees180:
      #expect(frame.pixel(x: 39, y: 19) == .red && frame.pixel(x: 36, y: 18) == .red)
      #expect(frame.pixel(x: 35, y: 19) == .white)
    default:
      #expect(frame.width == 20 && frame.height == 40)
      #expect(frame.pixel(x: 0, y: 39) == .red && frame.pixel(x: 1, y: 36) == .red)
      #expect(frame.pixel(x: 2, y: 39) == .white && frame.pixel(x: 0, y: 35) == .white)
    }
  }

  @Test func tripleBufferingCopiesOnlyWhatEachBufferMissed() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 100))
    let a = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    app.window.addSubview(a)
    app.runUntilIdle()
    // The first three frames land in new buffers: repainted whole.
    for color in [Color.red, .green] {
      a.backgroundColor = color
      app.runUntilIdle()
    }
    #expect(app.output.lastBufferAge == 0)
    #expect(app.output.lastCopiedPixels == 100 * 100)
    a.backgroundColor = .blue
    app.runUntilIdle()
    // Now the buffer is three frames old: it needs the last three damages (all 10×10).
    #expect(app.output.lastBufferAge == 3)
    #expect(app.output.lastCopiedPixels == 100)
    a.frame = Rect(x: 50, y: 50, width: 10, height: 10)
    app.runUntilIdle()
    #expect(app.output.lastCopiedPixels == 200)
    #expect(app.snapshot().pixel(x: 55, y: 55) == .blue)
    #expect(app.snapshot().pixel(x: 5, y: 5) == .white)
  }

  @Test func hiddenViewsAreRemovedFromScreen() throws {
    let app = try TestApplication(pointSize: Size(width: 50, height: 50))
    let parent = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    let child = View(frame: Rect(x: 10, y: 10, width: 10, height: 10))
    child.backgroundColor = .red
    parent.addSubview(child)
    app.window.addSubview(parent)
    #expect(app.snapshot().pixel(x: 15, y: 15) == .red)
    parent.isHidden = true
    #expect(app.snapshot().pixel(x: 15, y: 15) == .white)
    parent.isHidden = false
    #expect(app.snapshot().pixel(x: 15, y: 15) == .red)
    child.removeFromSuperview()
    #expect(app.snapshot().pixel(x: 15, y: 15) == .white)
  }

  @Test func transformedViewsAreResampled() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 100))
    let box = View(frame: Rect(x: 40, y: 40, width: 20, height: 20))
    box.backgroundColor = .red
    box.transform = Transform(scaleX: 2, y: 2)
    app.window.addSubview(box)
    let frame = app.snapshot()
    #expect(frame.pixel(x: 32, y: 32) == .red)
    #expect(frame.pixel(x: 28, y: 28) == .white)
    box.transform = Transform(rotationAngle: .pi / 4)
    let turned = app.snapshot()
    #expect(turned.pixel(x: 50, y: 37) == .red)  // a corner of the diamond points up
    #expect(turned.pixel(x: 41, y: 41) == .white)  // the old corner is empty
  }

  @Test func aScreenTooLargeForMemoryReportsInsteadOfCrashing() {
    let screen = Screen(pointSize: Size(width: 9000, height: 9000), scale: 3)
    #expect(screen.compositor.frameError == .invalidSize(width: 27000, height: 27000))
    let ok = Screen(pointSize: Size(width: 10, height: 10))
    #expect(ok.compositor.frameError == nil)
  }
}

/// Direct rendering: on the virtual output the compositor paints into the output's buffers
/// (each receiving what it missed), not into a frame of its own that is then copied.
@MainActor
struct DirectRenderingTests {
  /// The panel's pixels after each step of a scene that blends, moves, hides and turns,
  /// with or without direct rendering.
  private func framesOfAScene(direct: Bool) throws -> [[Color]] {
    let app = try TestApplication(pointSize: Size(width: 120, height: 80))
    app.output.allowsDirectRendering = direct
    let back = View(frame: Rect(x: 10, y: 10, width: 60, height: 40))
    back.backgroundColor = .blue
    let glass = View(frame: Rect(x: 40, y: 20, width: 50, height: 50))
    glass.backgroundColor = Color.red.withAlphaComponent(0.5)
    app.window.addSubview(back)
    app.window.addSubview(glass)
    var frames: [[Color]] = []
    func record() {
      let bitmap = app.snapshot()
      frames.append(
        (0..<bitmap.buffer.height).flatMap { y in
          (0..<bitmap.buffer.width).map { x in bitmap.pixel(x: x, y: y) }
        })
    }
    record()
    for step in 0..<8 {
      glass.frame.origin.x = Double(10 + step * 9)
      // Copied for one frame in between: the compositor's own frame missed the others.
      if direct && step == 1 { app.output.allowsDirectRendering = false }
      if direct && step == 2 { app.output.allowsDirectRendering = true }
      if step == 3 { back.isHidden = true }
      if step == 4 { app.screen.rotation = .degrees90 }
      if step == 5 { app.screen.rotation = .degrees0 }
      if step == 6 { back.isHidden = false }
      record()
    }
    if direct {
      #expect(app.screen.compositor.lastFrameBuffer === app.output.frontBuffer)
      // Turned, frames came through the compositor's own frame; back upright, they did not.
      #expect(app.output.lastBufferAge == 3)
    } else {
      #expect(app.screen.compositor.lastFrameBuffer === app.screen.compositor.frame)
    }
    return frames
  }

  @Test func framesAreTheSameAsWhenCopied() throws {
    let direct = try framesOfAScene(direct: true)
    let copied = try framesOfAScene(direct: false)
    #expect(direct.count == copied.count)
    for (index, (a, b)) in zip(direct, copied).enumerated() {
      #expect(a == b, "frame \(index) differs")
    }
  }

  @Test func theCompositorsOwnFrameIsNeverPainted() throws {
    let app = try TestApplication(pointSize: Size(width: 120, height: 80))
    let view = View(frame: Rect(x: 10, y: 10, width: 60, height: 40))
    view.backgroundColor = .green
    app.window.addSubview(view)
    app.runUntilIdle()
    view.frame.origin.x = 30
    app.runUntilIdle()
    #expect(app.snapshot().pixel(x: 80, y: 20) == .green)
    // Untouched: all transparent, so none of its pages were made resident.
    #expect(app.screen.compositor.frame.nonTransparentBounds().isEmpty)
    #expect(app.output.lastCopiedPixels == 120 * 80)  // a new buffer: painted whole
  }
}
