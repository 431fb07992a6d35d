import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor
struct BackingStoreReleaseTests {
  /// A drawing view hidden in the window loses its backing store to a warning and draws
  /// it again when shown; one on screen keeps its own and does not draw.
  @Test func aHiddenViewsBackingStoreIsRedrawnWhenShown() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 120))
    let shown = PatternView(number: 1)
    shown.frame = Rect(x: 0, y: 0, width: 100, height: 120)
    let hidden = PatternView(number: 2)
    hidden.frame = Rect(x: 100, y: 0, width: 100, height: 120)
    app.window.addSubview(shown)
    app.window.addSubview(hidden)
    let both = app.snapshot()
    hidden.isHidden = true
    app.runUntilIdle()
    #expect(hidden.layer.contents != nil)

    app.simulateMemoryWarning()
    #expect(hidden.layer.contents == nil)
    #expect(shown.layer.contents != nil && shown.drawCount == 1)
    #expect(hidden.drawCount == 1)  // not drawn again while hidden
    hidden.isHidden = false
    #expect(samePixels(app.snapshot(), both))
    #expect(hidden.drawCount == 2 && shown.drawCount == 1)
  }

  /// The drawing contexts kept for redraws never keep a backing store alive: not one
  /// replaced by a resize, not one of a view that is gone (after a memory warning).
  @Test func keptDrawingContextsLetBackingStoresGo() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 120))
    var view: PatternView? = PatternView(number: 4)
    view?.frame = Rect(x: 0, y: 0, width: 100, height: 120)
    app.window.addSubview(view!)
    app.runUntilIdle()
    weak let first = view?.layer.contents?.buffer
    #expect(first != nil)
    view?.frame = Rect(x: 0, y: 0, width: 120, height: 120)
    view?.setNeedsDisplay()
    app.runUntilIdle()
    #expect(view?.layer.contents?.buffer.width == 120)
    #expect(first == nil, "the backing store replaced by the resize is freed")
    weak let second = view?.layer.contents?.buffer
    view?.removeFromSuperview()
    view = nil
    app.simulateMemoryWarning()
    #expect(second == nil, "the backing store of a view that is gone is freed")
  }

  /// The same for a view under a hidden ancestor.
  @Test func aViewUnderAHiddenAncestorIsRedrawnWhenTheAncestorShows() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 120))
    let group = View(frame: Rect(x: 0, y: 0, width: 200, height: 120))
    let drawing = PatternView(number: 3)
    drawing.frame = group.bounds
    group.addSubview(drawing)
    app.window.addSubview(group)
    let shownBefore = app.snapshot()
    group.isHidden = true
    app.simulateMemoryWarning()
    #expect(drawing.layer.contents == nil)
    group.isHidden = false
    #expect(samePixels(app.snapshot(), shownBefore))
    #expect(drawing.drawCount == 2)
  }

  /// A view the app keeps out of the window loses its backing store too, and draws it
  /// again when it is put back.
  @Test func aDetachedViewIsRedrawnWhenItComesBack() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 120))
    let drawing = PatternView(number: 4)
    drawing.frame = app.window.bounds
    app.window.addSubview(drawing)
    let shownBefore = app.snapshot()
    drawing.removeFromSuperview()
    let bytes = drawing.backingStoreByteCount()
    #expect(bytes == 832 * 120)  // rows padded to 64 bytes
    let total = View.totalBackingStoreByteCount
    app.simulateMemoryWarning()
    #expect(drawing.backingStoreByteCount() == 0)
    #expect(total - View.totalBackingStoreByteCount >= bytes)
    app.window.addSubview(drawing)
    #expect(samePixels(app.snapshot(), shownBefore))
    #expect(drawing.drawCount == 2)
  }

  /// An image shown by an image view is not a backing store: it stays.
  @Test func imagesStayWithTheirViews() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 100))
    let image = try Image.render(size: Size(width: 10, height: 10)) { context in
      context.setFillColor(.red)
      context.fill(Rect(x: 0, y: 0, width: 10, height: 10))
    }
    let imageView = ImageView(image: image)
    app.window.addSubview(imageView)
    app.runUntilIdle()
    imageView.isHidden = true
    app.simulateMemoryWarning()
    #expect(imageView.layer.contents?.buffer === image.pixelBuffer)
    #expect(imageView.backingStoreByteCount() == 0)
    #expect(imageView.backingStoreByteCount(includingImages: true) == image.pixelBuffer.byteCount)
  }

  /// A view that never reached a screen waits to draw; once it is gone, its layer does not
  /// stay behind in the display queue.
  @Test func aLayerWaitingToDrawDoesNotOutliveItsView() throws {
    let app = try TestApplication(pointSize: Size(width: 100, height: 100))
    weak var layer: Layer?
    do {
      let view = PatternView(number: 5)
      view.frame = Rect(x: 0, y: 0, width: 50, height: 50)
      layer = view.layer
      app.runUntilIdle()
      #expect(Transaction.pendingDisplay.contains { $0 === view.layer })
    }
    app.window.setNeedsDisplay()
    app.runUntilIdle()
    #expect(layer == nil)
  }

  /// A hundred rounds of push, warning and pop leave nothing behind: every unloaded view
  /// is freed, and the backing stores alive at the end are those of the first round.
  @Test func aHundredWarningsAndReloadsLeaveNothingBehind() throws {
    let log = ControllerLog()
    let app = try TestApplication(pointSize: Size(width: 160, height: 120))
    let root = MemoryController(0, log: log)
    let navigation = NavigationController(rootViewController: root)
    app.window.rootViewController = navigation
    let top = MemoryController(1, log: log)
    func round() -> WeakView {
      navigation.pushViewController(top, animated: false)
      app.runUntilIdle()
      let old = WeakView(view: root.viewIfLoaded)
      app.simulateMemoryWarning()
      navigation.popViewController(animated: false)
      app.runUntilIdle()
      return old
    }
    _ = round()
    let bytes = View.totalBackingStoreByteCount
    let queued = Transaction.pendingDisplay.count
    var survivors = 0
    for _ in 0..<100 where round().view != nil { survivors += 1 }
    #expect(survivors == 0)
    #expect(View.totalBackingStoreByteCount == bytes)
    #expect(Transaction.pendingDisplay.count <= queued)
    #expect(log.entries.filter { $0 == "m0.viewDidLoad" }.count == 102)
  }
}
