import KioskGraphics
import KioskScreenReader
import KioskSpeech
import KioskTesting
import KioskUI
import Testing

@MainActor @Suite struct ScreenReaderNotificationTests {
  @Test func aScreenChangeMovesToTheArgumentOrTheFirstElement() throws {
    let harness = try ReaderHarness()
    let first = ProbeView("Back", Rect(x: 10, y: 10, width: 80, height: 30))
    let title = ProbeView("Settings", Rect(x: 150, y: 10, width: 100, height: 30), traits: .header)
    harness.start(with: [first, title])
    Accessibility.post(notification: .screenChanged, argument: title)
    #expect(harness.focusLabel == "Settings")
    #expect(harness.speech.transcript.last?.text == "Settings, heading")
    #expect(harness.speech.transcript.last?.interrupts == true)
    Accessibility.post(notification: .screenChanged)
    #expect(harness.focusLabel == "Back")
  }

  @Test func aLayoutChangeKeepsTheFocusUnlessGivenAnElement() throws {
    let harness = try ReaderHarness()
    let a = ProbeView("A", Rect(x: 10, y: 10, width: 80, height: 30))
    let b = ProbeView("B", Rect(x: 150, y: 10, width: 80, height: 30))
    harness.start(with: [a, b])
    harness.app.press(.down)
    Accessibility.post(notification: .layoutChanged)
    #expect(harness.focusLabel == "B")
    #expect(harness.speech.texts == ["A", "B"])
    Accessibility.post(notification: .layoutChanged, argument: a)
    #expect(harness.focusLabel == "A")
    #expect(harness.speech.texts == ["A", "B", "A"])
  }

  @Test func announcementsAndPageScrollsAreSpoken() throws {
    let harness = try ReaderHarness()
    harness.start(with: [ProbeView("A", Rect(x: 10, y: 10, width: 80, height: 30))])
    Accessibility.post(notification: .announcement, argument: "Order sent")
    let announcement = try #require(harness.speech.transcript.last)
    #expect(announcement.text == "Order sent")
    #expect(announcement.priority == .high)
    #expect(!announcement.interrupts)
    Accessibility.post(notification: .pageScrolled, argument: "page 3 of 4")
    #expect(harness.speech.texts.last == "page 3 of 4")
    harness.reader.stop()
    Accessibility.post(notification: .announcement, argument: "Nobody hears this")
    #expect(harness.speech.texts.last == "page 3 of 4")
  }

  @Test func aFocusedElementsNewValueIsSpokenUnlessItUpdatesFrequently() throws {
    let harness = try ReaderHarness()
    let meter = ProbeView("Progress", Rect(x: 10, y: 10, width: 200, height: 30))
    meter.accessibilityValue = "10%"
    harness.start(with: [meter])
    meter.accessibilityValue = "20%"
    meter.setNeedsLayout()
    harness.app.runUntilIdle()
    let update = try #require(harness.speech.transcript.last)
    #expect(update.text == "20%")
    #expect(update.priority == .low)
    #expect(!update.interrupts)
    meter.accessibilityTraits = .updatesFrequently
    meter.accessibilityValue = "30%"
    meter.setNeedsLayout()
    harness.app.runUntilIdle()
    #expect(harness.speech.texts.last == "20%")
  }

  @Test func movingTheFocusScrollsItIntoView() throws {
    let harness = try ReaderHarness()
    let scroller = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 200))
    scroller.contentSize = Size(width: 400, height: 1000)
    scroller.addSubview(ProbeView("Top", Rect(x: 10, y: 10, width: 100, height: 40)))
    scroller.addSubview(ProbeView("Far", Rect(x: 10, y: 600, width: 100, height: 40)))
    harness.start(with: [scroller])
    harness.app.press(.down)
    #expect(harness.focusLabel == "Far")
    #expect(scroller.contentOffset.y == 440)
    let far = try #require(harness.reader.focusedElement)
    #expect(far.accessibilityFrame.maxY <= 200)
  }
}
