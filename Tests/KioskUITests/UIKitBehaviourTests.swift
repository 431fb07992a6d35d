import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// Places where KioskKit once differed from UIKit's documented behaviour, each checked
/// against what UIKit does.
@MainActor
struct UIKitBehaviourTests {
  /// `sizeToFit()` sets the frame's size: the top-left corner stays, not the centre.
  @Test func sizeToFitKeepsTheFramesOrigin() {
    let label = Label(frame: Rect(x: 10, y: 20, width: 300, height: 100))
    label.text = "Chocolate Cake"
    let fitting = label.sizeThatFits(label.bounds.size)
    label.sizeToFit()
    #expect(label.frame == Rect(origin: Point(x: 10, y: 20), size: fitting))
  }

  /// Labels and image views take no touches by default, as UIKit's: a caption or an icon
  /// laid over a button lets the button have the tap.
  @Test func labelsAndImageViewsOverAButtonLetItHaveTheTap() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let button = Button(type: .system)
    button.frame = Rect(x: 50, y: 50, width: 200, height: 60)
    app.window.addSubview(button)
    let caption = Label(frame: Rect(x: 60, y: 55, width: 80, height: 50))
    caption.text = "Order"
    let icon = ImageView(frame: Rect(x: 160, y: 55, width: 50, height: 50))
    app.window.addSubview(caption)
    app.window.addSubview(icon)
    app.runUntilIdle()
    #expect(!caption.isUserInteractionEnabled && !icon.isUserInteractionEnabled)
    #expect(!ImageView(image: nil).isUserInteractionEnabled)
    let log = ControlEventLog(button)
    app.tap(at: Point(x: 100, y: 80))
    app.tap(at: Point(x: 185, y: 80))
    #expect(log.events.filter { $0 == "touchUpInside" }.count == 2)
    // Turned on, a label takes touches like any view.
    caption.isUserInteractionEnabled = true
    #expect(app.window.hitTest(Point(x: 100, y: 80), with: nil) === caption)
  }

  /// A hidden view's `draw(_:)` is not called while it is hidden, nor a view's inside a
  /// hidden one; showing it draws it, once.
  @Test func aHiddenViewIsDrawnWhenItShowsNotBefore() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let hidden = CountingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    hidden.isHidden = true
    let container = View(frame: Rect(x: 100, y: 0, width: 100, height: 100))
    container.isHidden = true
    let inside = CountingView(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    container.addSubview(inside)
    app.window.addSubview(hidden)
    app.window.addSubview(container)
    app.runUntilIdle()
    hidden.setNeedsDisplay()
    hidden.fill = .red
    app.runUntilIdle()
    #expect(hidden.drawCount == 0 && inside.drawCount == 0)
    hidden.isHidden = false
    container.isHidden = false
    app.runUntilIdle()
    #expect(hidden.drawCount == 1 && inside.drawCount == 1)
    #expect(app.snapshot().pixel(x: 25, y: 25) == .red)
    #expect(app.snapshot().pixel(x: 125, y: 25) == .blue)
  }

  /// A view being animated by `View.animate` takes no touches (with its subviews) unless
  /// the options include `.allowUserInteraction`, UIKit's documented default.
  @Test func anAnimatedViewTakesTouchesOnlyWhenItsAnimationAllowsThem() throws {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300))
    let card = View(frame: Rect(x: 50, y: 50, width: 200, height: 100))
    let button = Button(type: .system)
    button.frame = Rect(x: 20, y: 20, width: 100, height: 40)
    card.addSubview(button)
    app.window.addSubview(card)
    app.runUntilIdle()
    let log = ControlEventLog(button)
    func taps() -> Int { log.events.filter { $0 == "touchUpInside" }.count }

    View.animate(withDuration: 1) { card.alpha = 0.5 }
    app.advance(by: 0.2)
    app.tap(at: Point(x: 120, y: 90))
    #expect(taps() == 0)
    app.advance(by: 1)  // over: touches again
    app.tap(at: Point(x: 120, y: 90))
    #expect(taps() == 1)

    View.animate(withDuration: 1, delay: 0, options: [.allowUserInteraction]) {
      card.alpha = 1
    }
    app.advance(by: 0.2)
    app.tap(at: Point(x: 120, y: 90))
    #expect(taps() == 2)
  }
}
