import KioskGraphics
import KioskTesting
import KioskUI
import Testing

/// A view that draws a colour and counts its draws, to see when content is redrawn.
@MainActor
final class ContentModeDrawingView: View {
  var drawCount = 0

  override func draw(_ rect: Rect) {
    drawCount += 1
    guard let context = GraphicsContext.current else { return }
    context.setFillColor(.red)
    context.fill(bounds)
  }
}

/// ContentMode.placement: where each mode puts content inside the bounds.
@MainActor
struct ContentModeTests {
  /// Bounds with a non-zero origin, so that modes must use it.
  private let bounds = Rect(x: 10, y: 20, width: 100, height: 50)

  @Test func thereAreThirteenModes() {
    #expect(ContentMode.allCases.count == 13)
  }

  /// A 40×20 content (smaller than the bounds) in (10, 20, 100×50).
  @Test(arguments: [
    (ContentMode.scaleToFill, Rect(x: 10, y: 20, width: 100, height: 50)),
    (.redraw, Rect(x: 10, y: 20, width: 100, height: 50)),
    (.scaleAspectFit, Rect(x: 10, y: 20, width: 100, height: 50)),
    (.scaleAspectFill, Rect(x: 10, y: 20, width: 100, height: 50)),
    (.center, Rect(x: 40, y: 35, width: 40, height: 20)),
    (.top, Rect(x: 40, y: 20, width: 40, height: 20)),
    (.bottom, Rect(x: 40, y: 50, width: 40, height: 20)),
    (.left, Rect(x: 10, y: 35, width: 40, height: 20)),
    (.right, Rect(x: 70, y: 35, width: 40, height: 20)),
    (.topLeft, Rect(x: 10, y: 20, width: 40, height: 20)),
    (.topRight, Rect(x: 70, y: 20, width: 40, height: 20)),
    (.bottomLeft, Rect(x: 10, y: 50, width: 40, height: 20)),
    (.bottomRight, Rect(x: 70, y: 50, width: 40, height: 20)),
  ])
  func placementOfSmallContent(mode: ContentMode, expected: Rect) {
    #expect(mode.placement(of: Size(width: 40, height: 20), in: bounds) == expected)
  }

  /// A square 20×20 content: the aspect modes now differ from scaleToFill.
  @Test(arguments: [
    (ContentMode.scaleToFill, Rect(x: 10, y: 20, width: 100, height: 50)),
    (.redraw, Rect(x: 10, y: 20, width: 100, height: 50)),
    (.scaleAspectFit, Rect(x: 35, y: 20, width: 50, height: 50)),
    (.scaleAspectFill, Rect(x: 10, y: -5, width: 100, height: 100)),
    (.center, Rect(x: 50, y: 35, width: 20, height: 20)),
    (.top, Rect(x: 50, y: 20, width: 20, height: 20)),
    (.bottom, Rect(x: 50, y: 50, width: 20, height: 20)),
    (.left, Rect(x: 10, y: 35, width: 20, height: 20)),
    (.right, Rect(x: 90, y: 35, width: 20, height: 20)),
    (.topLeft, Rect(x: 10, y: 20, width: 20, height: 20)),
    (.topRight, Rect(x: 90, y: 20, width: 20, height: 20)),
    (.bottomLeft, Rect(x: 10, y: 50, width: 20, height: 20)),
    (.bottomRight, Rect(x: 90, y: 50, width: 20, height: 20)),
  ])
  func placementOfSquareContent(mode: ContentMode, expected: Rect) {
    #expect(mode.placement(of: Size(width: 20, height: 20), in: bounds) == expected)
  }

  /// A 200×20 content, wider than the bounds: the fixed-size modes let it overflow.
  @Test(arguments: [
    (ContentMode.scaleToFill, Rect(x: 10, y: 20, width: 100, height: 50)),
    (.redraw, Rect(x: 10, y: 20, width: 100, height: 50)),
    (.scaleAspectFit, Rect(x: 10, y: 40, width: 100, height: 10)),
    (.scaleAspectFill, Rect(x: -190, y: 20, width: 500, height: 50)),
    (.center, Rect(x: -40, y: 35, width: 200, height: 20)),
    (.top, Rect(x: -40, y: 20, width: 200, height: 20)),
    (.bottom, Rect(x: -40, y: 50, width: 200, height: 20)),
    (.left, Rect(x: 10, y: 35, width: 200, height: 20)),
    (.right, Rect(x: -90, y: 35, width: 200, height: 20)),
    (.topLeft, Rect(x: 10, y: 20, width: 200, height: 20)),
    (.topRight, Rect(x: -90, y: 20, width: 200, height: 20)),
    (.bottomLeft, Rect(x: 10, y: 50, width: 200, height: 20)),
    (.bottomRight, Rect(x: -90, y: 50, width: 200, height: 20)),
  ])
  func placementOfWideContent(mode: ContentMode, expected: Rect) {
    #expect(mode.placement(of: Size(width: 200, height: 20), in: bounds) == expected)
  }

  @Test func aspectModesKeepTheAspectRatioOfTallContent() {
    let content = Size(width: 10, height: 40)
    #expect(
      ContentMode.scaleAspectFit.placement(of: content, in: bounds)
        == Rect(x: 53.75, y: 20, width: 12.5, height: 50))
    #expect(
      ContentMode.scaleAspectFill.placement(of: content, in: bounds)
        == Rect(x: 10, y: -155, width: 100, height: 400))
  }

  @Test func onlyTheScalingModesScaleContent() {
    let scaling: [ContentMode] = [.scaleToFill, .scaleAspectFit, .scaleAspectFill]
    for mode in ContentMode.allCases where mode != .redraw {
      #expect(mode.scalesContent == scaling.contains(mode), "\(mode)")
    }
  }

  @Test func viewsDefaultToScaleToFill() {
    #expect(View().contentMode == .scaleToFill)
  }

  @Test func redrawModeRedrawsOnResizeAndOthersDoNot() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 100))
    let cached = ContentModeDrawingView(frame: Rect(x: 0, y: 0, width: 20, height: 20))
    let redrawn = ContentModeDrawingView(frame: Rect(x: 50, y: 0, width: 20, height: 20))
    redrawn.contentMode = .redraw
    app.window.addSubview(cached)
    app.window.addSubview(redrawn)
    app.runUntilIdle()
    let (cachedDraws, redrawnDraws) = (cached.drawCount, redrawn.drawCount)
    #expect(cachedDraws >= 1 && redrawnDraws >= 1)
    cached.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
    redrawn.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
    app.runUntilIdle()
    #expect(cached.drawCount == cachedDraws)
    #expect(redrawn.drawCount == redrawnDraws + 1)
    // Moving never redraws.
    redrawn.center = Point(x: 70, y: 70)
    app.runUntilIdle()
    #expect(redrawn.drawCount == redrawnDraws + 1)
  }

  @Test func topLeftContentKeepsItsSizeWhenTheViewGrows() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 100))
    let view = ContentModeDrawingView(frame: Rect(x: 0, y: 0, width: 20, height: 20))
    view.contentMode = .topLeft
    app.window.addSubview(view)
    app.runUntilIdle()
    let draws = view.drawCount
    view.frame = Rect(x: 0, y: 0, width: 60, height: 60)
    let frame = app.snapshot()
    #expect(view.drawCount == draws)
    #expect(frame.pixel(x: 19, y: 19) == .red)
    #expect(frame.pixel(x: 25, y: 5) == .white)
    #expect(frame.pixel(x: 5, y: 25) == .white)
  }
}
