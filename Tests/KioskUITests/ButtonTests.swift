import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

@MainActor
struct ButtonTests {
  /// A 400×300 point app with a 100×40 button at (50, 50).
  private func makeApp(scale: Double = 1) throws -> (TestApplication, Button, ControlEventLog) {
    let app = try TestApplication(pointSize: Size(width: 400, height: 300), scale: scale)
    let button = Button(type: .system)
    button.frame = Rect(x: 50, y: 50, width: 100, height: 40)
    button.setTitle("Go", for: .normal)
    app.window.addSubview(button)
    app.runUntilIdle()
    return (app, button, ControlEventLog(button))
  }

  @Test func aTapFiresTouchUpInsideOnce() throws {
    let (app, button, log) = try makeApp()
    let target = ActionTarget()
    button.addTarget(target, action: { $0.save() }, for: .touchUpInside)
    app.tap(at: Point(x: 100, y: 70))
    #expect(log.events == ["touchDown", "touchUpInside", "primaryActionTriggered"])
    #expect(target.saves == 1)
    #expect(!button.isHighlighted && !button.isTracking)
  }

  @Test func draggingOffLetsGoAndBackTakesHoldAgain() throws {
    let (app, button, log) = try makeApp()
    app.touch(.began, at: Point(x: 100, y: 70))
    #expect(button.isHighlighted)
    app.touch(.moved, at: Point(x: 100, y: 150))  // 60 points below: still within the margin
    #expect(button.isHighlighted && button.isTouchInside)
    app.touch(.moved, at: Point(x: 100, y: 200))  // 110 points below: out
    #expect(!button.isHighlighted && !button.isTouchInside)
    app.touch(.moved, at: Point(x: 120, y: 80))
    #expect(button.isHighlighted)
    app.touch(.moved, at: Point(x: 300, y: 250))
    #expect(!button.isHighlighted)
    app.touch(.ended, at: Point(x: 300, y: 250))
    #expect(
      log.withoutDrags == [
        "touchDown", "touchDragExit", "touchDragEnter", "touchDragExit", "touchUpOutside",
      ])
    #expect(log.count("touchUpInside") == 0 && log.count("primaryActionTriggered") == 0)
    #expect(log.count("touchDragOutside") == 2 && log.count("touchDragInside") == 2)
  }

  @Test func theHighlightShowsInTheFirstFrameAfterTouchDown() throws {
    let (app, button, _) = try makeApp(scale: 2)
    let plateTop = (x: 2 * 100, y: 2 * 54)  // inside the plate, above the title
    let normal = app.snapshot().pixel(x: plateTop.x, y: plateTop.y)
    #expect(normal == .defaultTint)
    let plateDraws = button.plate.drawCount
    let shadeDraws = button.shade.drawCount
    let frames = app.framesPresented
    app.application.sendTouches(
      [TouchSample(id: 0, phase: .began, location: Point(x: 100, y: 70))], on: app.screen)
    app.runUntilIdle()
    #expect(app.framesPresented == frames + 1)
    let pressed = app.snapshot().pixel(x: plateTop.x, y: plateTop.y)
    #expect(pressed.blue < normal.blue - 0.15)
    #expect(pressed.green < normal.green - 0.05)
    // The feedback flipped a layer property: nothing was redrawn.
    #expect(button.plate.drawCount == plateDraws && button.shade.drawCount == shadeDraws)
    app.touch(.ended, at: Point(x: 100, y: 70))
    #expect(app.snapshot().pixel(x: plateTop.x, y: plateTop.y) == normal)
  }

  @Test func theHighlightNeitherRedrawsNorLaysOutTheTitle() throws {
    let (app, button, _) = try makeApp(scale: 2)
    let title = button.titleContent
    #expect(title.drawCount > 0)  // the title was drawn: the count is live
    let draws = title.drawCount
    let layouts = title.textLayoutCount
    let frames = app.framesPresented
    app.touch(.began, at: Point(x: 100, y: 70))
    #expect(button.isHighlighted && app.framesPresented == frames + 1)
    app.touch(.ended, at: Point(x: 100, y: 70))
    #expect(!button.isHighlighted && app.framesPresented == frames + 2)
    #expect(title.drawCount == draws)
    #expect(title.textLayoutCount == layouts)
  }

  @Test func aCustomButtonsHighlightColourIsRepaintedInPlace() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    let button = GreyingButton(type: .custom)
    button.frame = Rect(x: 10, y: 10, width: 100, height: 40)
    button.setTitle("Back", for: .normal)
    button.setTitleColor(.systemBlue, for: .normal)
    app.window.addSubview(button)
    app.runUntilIdle()
    let compositor = app.screen.compositor
    let walks = compositor.treeWalks
    let draws = button.titleContent.drawCount
    app.touch(.began, at: Point(x: 50, y: 30))
    #expect(app.snapshot().pixel(x: 12, y: 12) == GreyingButton.pressedColor)
    #expect(compositor.lastDamage == Region(PixelRect(x: 10, y: 10, width: 100, height: 40)))
    app.touch(.ended, at: Point(x: 50, y: 30))
    #expect(app.snapshot().pixel(x: 12, y: 12) == .white)
    // Only the button's colour changed: no layer moved, faded or was redrawn.
    #expect(compositor.treeWalks == walks)
    #expect(button.titleContent.drawCount == draws)
  }

  @Test func aSystemButtonsShadeIsShownInPlace() throws {
    let (app, button, _) = try makeApp(scale: 2)
    let compositor = app.screen.compositor
    let walks = compositor.treeWalks
    let draws = button.titleContent.drawCount
    app.touch(.began, at: Point(x: 100, y: 70))
    #expect(button.isHighlighted)
    app.runUntilIdle()
    // Only the shade over the button's plate was repainted, without walking the layers.
    #expect(compositor.lastDamage.extents == PixelRect(x: 100, y: 100, width: 200, height: 80))
    app.touch(.ended, at: Point(x: 100, y: 70))
    app.runUntilIdle()
    #expect(compositor.treeWalks == walks)
    #expect(button.titleContent.drawCount == draws)
  }

  @Test func aDisabledButtonSendsNothingAndLooksDisabled() throws {
    let (app, button, log) = try makeApp()
    let target = ActionTarget()
    button.addTarget(target, action: { $0.save() }, for: .allEvents)
    button.isEnabled = false
    app.tap(at: Point(x: 100, y: 70))
    #expect(log.events.isEmpty && target.saves == 0)
    #expect(!button.isHighlighted)
    #expect(app.snapshot().pixel(x: 60, y: 54) == Color(hex: 0xe5e5ea))
    #expect(button.currentTitleColor == Color(hex: 0x8e8e93))
    button.isEnabled = true
    app.advance(by: 1)  // not a double tap
    app.tap(at: Point(x: 100, y: 70))
    #expect(target.saves == 3)  // touchDown, touchUpInside, primaryActionTriggered
  }

  @Test func aCancelledTouchSendsTouchCancel() throws {
    let (app, button, log) = try makeApp()
    app.touch(.began, at: Point(x: 100, y: 70))
    button.removeFromSuperview()
    #expect(log.events == ["touchDown", "touchCancel"])
    #expect(!button.isHighlighted && !button.isTracking)
    app.touch(.ended, at: Point(x: 100, y: 70))
    #expect(log.events == ["touchDown", "touchCancel"])
  }

  @Test func valuesForAStateFallBackToNormal() throws {
    let (app, button, _) = try makeApp()
    button.setTitle("Stop", for: .highlighted)
    button.setTitleColor(.yellow, for: .normal)
    #expect(button.title(for: .selected) == "Go")
    #expect(button.title(for: .highlighted) == "Stop")
    // UIKit: a combined state without its own value uses .normal's, not .highlighted's.
    #expect(button.title(for: [.highlighted, .selected]) == "Go")
    #expect(button.titleColor(for: .highlighted) == .yellow)
    app.touch(.began, at: Point(x: 100, y: 70))
    #expect(button.currentTitle == "Stop")
    #expect(button.titleLabel?.text == "Stop")
    app.touch(.ended, at: Point(x: 100, y: 70))
    #expect(button.titleLabel?.text == "Go")
    button.setTitle(nil, for: .highlighted)
    #expect(button.title(for: .highlighted) == "Go")
  }

  @Test func imageAndTitleAreCentredSideBySide() throws {
    let (app, button, _) = try makeApp()
    let icon = try Image.render(size: Size(width: 16, height: 16)) { context in
      context.setFillColor(.white)
      context.fill(Rect(x: 0, y: 0, width: 16, height: 16))
    }
    button.setImage(icon, for: .normal)
    button.frame = Rect(x: 50, y: 50, width: 200, height: 50)
    app.runUntilIdle()
    let image = try #require(button.imageView).frame
    let title = try #require(button.titleLabel).frame
    #expect(image.size == Size(width: 16, height: 16))
    #expect(title.minX == image.maxX + 8)
    #expect(abs((image.minX + title.maxX) / 2 - 100) <= 1)  // centred in the 200-point width
    #expect(abs(image.midY - 25) <= 0.5 && abs(title.midY - 25) <= 0.5)
    let fitting = button.sizeThatFits(.zero)
    #expect(fitting.width == (16 + 8 + title.width + 40).rounded(.up))
    #expect(fitting.height == 44)
  }

  @Test func aPrimaryActionTitlesTheButtonAndRunsOnTap() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    var taps = 0
    let button = Button(primaryAction: Action(title: "Pay") { _ in taps += 1 })
    button.frame = Rect(x: 10, y: 10, width: 120, height: 44)
    app.window.addSubview(button)
    #expect(button.currentTitle == "Pay")
    #expect(button.buttonType == .system)
    app.tap(at: Point(x: 50, y: 30))
    #expect(taps == 1)
  }

  @Test func aCustomButtonShowsOnlyWhatItIsGiven() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 100))
    app.window.backgroundColor = .black
    let button = Button(type: .custom)
    button.frame = Rect(x: 10, y: 10, width: 120, height: 44)
    app.window.addSubview(button)
    #expect(button.contentEdgeInsets == .zero)
    #expect(app.snapshot().pixel(x: 15, y: 15) == .black)  // no plate
    #expect(button.currentTitleColor == .white)
    let icon = try Image.render(size: Size(width: 20, height: 20)) { context in
      context.setFillColor(.red)
      context.fill(Rect(x: 0, y: 0, width: 20, height: 20))
    }
    button.setImage(icon, for: .normal)
    app.runUntilIdle()
    let iconCentre = try #require(button.imageView).convert(Point(x: 10, y: 10), to: nil)
    let (x, y) = (Int(iconCentre.x), Int(iconCentre.y))
    #expect(app.snapshot().pixel(x: x, y: y) == .red)
    app.touch(.began, at: Point(x: 50, y: 30))
    // Nothing to shade: the image fades while the finger is down.
    let faded = app.snapshot().pixel(x: x, y: y)
    #expect(faded.red < 0.7 && faded.red > 0.5)
    app.touch(.ended, at: Point(x: 50, y: 30))
    #expect(app.snapshot().pixel(x: x, y: y) == .red)
  }
}

/// A custom button that turns grey while pressed, as a bar button does.
@MainActor
private final class GreyingButton: Button {
  static let pressedColor = Color(hex: 0xd1d1d6)

  override init(frame: Rect) {
    super.init(frame: frame)
    backgroundColor = .white
  }

  override var isHighlighted: Bool {
    didSet { backgroundColor = isHighlighted ? Self.pressedColor : .white }
  }
}
