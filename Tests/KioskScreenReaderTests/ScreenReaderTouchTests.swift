import KioskGraphics
import KioskScreenReader
import KioskSpeech
import KioskTesting
import KioskUI
import Testing

@MainActor @Suite struct ScreenReaderTouchTests {
  private func row(_ harness: ReaderHarness) -> [ProbeView] {
    let views = [
      ProbeView("Alpha", Rect(x: 10, y: 10, width: 100, height: 40)),
      ProbeView("Beta", Rect(x: 150, y: 10, width: 100, height: 40)),
      ProbeView("Gamma", Rect(x: 290, y: 10, width: 100, height: 40)),
    ]
    harness.start(with: views)
    return views
  }

  @Test func startingSpeaksTheFirstElementAndStoppingHandsInputBack() throws {
    let harness = try ReaderHarness()
    let views = row(harness)
    #expect(harness.speech.texts == ["Alpha"])
    #expect(Accessibility.isScreenReaderRunning)
    harness.app.tap(at: Point(x: 60, y: 30))
    #expect(views[0].touchesBegan == 0)
    harness.app.drag(from: Point(x: 60, y: 30), to: Point(x: 200, y: 30), duration: 0.5)
    #expect(views.allSatisfy { $0.touchesBegan == 0 })
    harness.reader.stop()
    #expect(!Accessibility.isScreenReaderRunning)
    harness.app.tap(at: Point(x: 60, y: 30))
    #expect(views[0].touchesBegan == 1 && views[0].touchesEnded == 1)
    #expect(harness.reader.focusRingWindow == nil)
  }

  @Test func anEmptyScreenSaysTheReaderIsOn() throws {
    let harness = try ReaderHarness()
    harness.start(with: [])
    #expect(harness.speech.texts == ["Screen reader on"])
  }

  @Test func draggingExploresWhatIsUnderTheFinger() throws {
    let harness = try ReaderHarness()
    let backdrop = ProbeView("Backdrop", Rect(x: 0, y: 100, width: 400, height: 150))
    let inner = ProbeView("Inside", Rect(x: 20, y: 120, width: 60, height: 40))
    _ = row(harness)
    harness.app.window.addSubview(backdrop)
    harness.app.window.addSubview(inner)
    harness.app.runUntilIdle()
    harness.app.drag(from: Point(x: 20, y: 30), to: Point(x: 340, y: 30), duration: 1)
    #expect(harness.speech.texts == ["Alpha", "Beta", "Gamma"])
    #expect(harness.focusLabel == "Gamma")
    // A single tap focuses too; the smallest element under the finger wins.
    harness.app.advance(by: 1)
    harness.app.tap(at: Point(x: 50, y: 140))
    #expect(harness.speech.texts.last == "Inside")
    // Holding still on the same element says nothing new.
    harness.app.touch(.began, at: Point(x: 52, y: 142))
    harness.app.advance(by: 0.5)
    harness.app.touch(.moved, at: Point(x: 54, y: 141))
    harness.app.touch(.ended, at: Point(x: 54, y: 141))
    #expect(harness.speech.texts == ["Alpha", "Beta", "Gamma", "Inside"])
    // A finger resting without moving explores once it has rested a moment.
    harness.app.advance(by: 1)
    harness.app.touch(.began, at: Point(x: 200, y: 30))
    #expect(harness.speech.texts.last == "Inside")
    harness.app.advance(by: 0.3)
    #expect(harness.speech.texts.last == "Beta")
    harness.app.touch(.ended, at: Point(x: 200, y: 30))
    #expect(harness.speech.texts.count == 5)
  }

  @Test func flicksMoveToTheNextAndPreviousElementWithoutWrapping() throws {
    let harness = try ReaderHarness()
    _ = row(harness)
    let place = Point(x: 150, y: 200)
    harness.flick(from: place, dx: 100, dy: 0)
    #expect(harness.focusLabel == "Beta")
    harness.app.advance(by: 0.5)
    harness.flick(from: place, dx: 100, dy: 0)
    harness.app.advance(by: 0.5)
    #expect(harness.speech.texts == ["Alpha", "Beta", "Gamma"])
    harness.flick(from: place, dx: 100, dy: 0)
    #expect(harness.speech.texts == ["Alpha", "Beta", "Gamma"])
    #expect(harness.reader.boundariesHit == 1)
    #expect(harness.focusLabel == "Gamma")
    harness.app.advance(by: 0.5)
    harness.flick(from: place, dx: -100, dy: 0)
    #expect(harness.focusLabel == "Beta")
    #expect(harness.speech.transcript.last?.interrupts == true)
  }

  @Test func aDoubleTapActivatesTheFocusedButton() throws {
    let harness = try ReaderHarness()
    let button = Button(type: .system)
    button.frame = Rect(x: 100, y: 100, width: 120, height: 44)
    button.setTitle("Order", for: .normal)
    button.isAccessibilityElement = true
    button.accessibilityLabel = "Order"
    button.accessibilityTraits = .button
    var orders = 0
    button.addAction(Action { _ in orders += 1 }, for: .touchUpInside)
    harness.start(with: [ProbeView("Title", Rect(x: 10, y: 10, width: 200, height: 30)), button])
    harness.flick(from: Point(x: 200, y: 250), dx: 100, dy: 0)
    #expect(harness.focusLabel == "Order")
    harness.app.advance(by: 1)
    // A double tap anywhere (here on empty space) activates the focus.
    harness.app.tap(at: Point(x: 300, y: 250))
    harness.app.tap(at: Point(x: 300, y: 250))
    #expect(orders == 1)
  }

  @Test func activatingAnElementWithoutItsOwnActionTapsItsActivationPoint() throws {
    let harness = try ReaderHarness()
    let probe = ProbeView("Pad", Rect(x: 50, y: 50, width: 100, height: 100))
    harness.start(with: [probe])
    harness.app.tap(at: Point(x: 300, y: 250))
    harness.app.tap(at: Point(x: 300, y: 250))
    #expect(probe.touchesBegan == 1 && probe.touchesEnded == 1)
  }

  @Test func flickingUpAndDownAdjustsAndSpeaksTheNewValue() throws {
    let harness = try ReaderHarness()
    let slider = PercentSlider(frame: Rect(x: 20, y: 20, width: 200, height: 40))
    slider.value = 0.5
    slider.isAccessibilityElement = true
    slider.accessibilityLabel = "Volume"
    slider.accessibilityTraits = .adjustable
    harness.start(with: [slider])
    #expect(harness.speech.texts == ["Volume, 50%, adjustable"])
    harness.flick(from: Point(x: 200, y: 250), dx: 0, dy: -100)
    #expect(abs(slider.value - 0.6) < 0.001)
    #expect(harness.speech.texts.last == "60%")
    harness.app.advance(by: 0.5)
    harness.flick(from: Point(x: 200, y: 150), dx: 0, dy: 100)
    harness.flick(from: Point(x: 200, y: 150), dx: 0, dy: 100)
    #expect(harness.speech.texts.last == "40%")
    // The reader said the new value itself: the commit does not say it again.
    harness.app.runUntilIdle()
    #expect(harness.speech.texts.filter { $0 == "40%" }.count == 1)
  }

  @Test func aTwoFingerTapPausesAndResumesSpeech() throws {
    let harness = try ReaderHarness()
    _ = row(harness)
    harness.multiFinger(2, from: Point(x: 100, y: 200), path: [])
    #expect(harness.speech.isPaused)
    harness.app.advance(by: 1)
    harness.multiFinger(2, from: Point(x: 100, y: 200), path: [])
    #expect(!harness.speech.isPaused)
    #expect(harness.focusLabel == "Alpha")
  }

  @Test func aThreeFingerFlickScrollsAPageAndSaysWhichPage() throws {
    let harness = try ReaderHarness()
    let scroller = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 200))
    scroller.contentSize = Size(width: 400, height: 1000)
    scroller.addSubview(ProbeView("Top", Rect(x: 10, y: 10, width: 100, height: 40)))
    harness.start(with: [scroller])
    harness.multiFinger(3, from: Point(x: 100, y: 150), path: [Point(x: 0, y: -60)])
    #expect(scroller.contentOffset.y == 200)
    #expect(harness.speech.texts.last == "page 2 of 5")
    harness.app.advance(by: 1)
    harness.multiFinger(3, from: Point(x: 100, y: 50), path: [Point(x: 0, y: 60)])
    #expect(scroller.contentOffset.y == 0)
    #expect(harness.speech.texts.last == "page 1 of 5")
  }

  @Test func aScrubEscapesThroughTheContainersOfTheFocus() throws {
    let harness = try ReaderHarness()
    let sheet = ProbeView("Sheet", Rect(x: 0, y: 0, width: 400, height: 300))
    sheet.isAccessibilityElement = false
    sheet.handlesEscape = true
    let field = ProbeView("Item", Rect(x: 20, y: 20, width: 100, height: 40))
    sheet.addSubview(field)
    harness.start(with: [sheet])
    let zigzag = [Point(x: 40, y: 0), Point(x: -10, y: 0), Point(x: 40, y: 0)]
    harness.multiFinger(2, from: Point(x: 100, y: 150), path: zigzag)
    #expect(field.escapes == 1)
    #expect(sheet.escapes == 1)
    // Two fingers dragged one way only are no scrub.
    harness.app.advance(by: 1)
    harness.multiFinger(2, from: Point(x: 100, y: 150), path: [Point(x: 80, y: 0)])
    #expect(sheet.escapes == 1)
  }

  @Test func directInteractionElementsGetTheirTouches() throws {
    let harness = try ReaderHarness()
    let canvas = ProbeView(
      "Signature", Rect(x: 0, y: 100, width: 400, height: 200), traits: .allowsDirectInteraction)
    harness.start(with: [canvas])
    harness.app.drag(from: Point(x: 50, y: 150), to: Point(x: 200, y: 200), duration: 0.3)
    #expect(canvas.touchesBegan == 1 && canvas.touchesEnded == 1)
  }

  @Test func theFocusRingFollowsTheFocusAndItsElement() throws {
    let harness = try ReaderHarness()
    let views = row(harness)
    let outset = FocusRingWindow.outset
    func ring(around frame: Rect) -> Rect {
      Rect(
        x: frame.minX - outset, y: frame.minY - outset, width: frame.width + 2 * outset,
        height: frame.height + 2 * outset)
    }
    #expect(harness.reader.focusRingWindow?.ringFrame == ring(around: views[0].frame))
    harness.flick(from: Point(x: 150, y: 200), dx: 100, dy: 0)
    #expect(harness.reader.focusRingWindow?.ringFrame == ring(around: views[1].frame))
    views[1].frame = Rect(x: 150, y: 120, width: 120, height: 60)
    harness.app.runUntilIdle()
    #expect(harness.reader.focusRingWindow?.ringFrame == ring(around: views[1].frame))
    // The ring's window is not in the tree and takes no touches.
    #expect(harness.reader.elements.count == 3)
    let ringWindow = try #require(harness.reader.focusRingWindow)
    #expect(ringWindow.hitTest(Point(x: 160, y: 130), with: nil) == nil)
  }

  @Test func theFocusStaysOnItsElementAcrossLayoutChanges() throws {
    let harness = try ReaderHarness()
    let views = row(harness)
    harness.flick(from: Point(x: 150, y: 200), dx: 100, dy: 0)
    harness.app.window.addSubview(ProbeView("New", Rect(x: 10, y: 60, width: 80, height: 30)))
    views[0].frame.origin.y = 100
    harness.app.runUntilIdle()
    #expect(harness.focusLabel == "Beta")
    harness.app.advance(by: 0.5)
    harness.flick(from: Point(x: 150, y: 200), dx: 100, dy: 0)
    #expect(harness.focusLabel == "Gamma")
    // An element that leaves the screen gives the focus to the first element.
    views[2].removeFromSuperview()
    harness.app.runUntilIdle()
    #expect(harness.focusLabel == "Beta")
  }
}
