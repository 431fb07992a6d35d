import KioskGraphics
import KioskScreenReader
import KioskSpeech
import KioskTesting
import KioskUI
import Testing

/// The reader together with the rest of the app: Zoom following its focus, and input it
/// takes still counting as activity for the display blanker.
@MainActor @Suite struct ScreenReaderWithZoomAndBlankingTests {
  @Test func zoomFollowsTheFocus() throws {
    let harness = try ReaderHarness()
    let far = ProbeView("Far", Rect(x: 330, y: 250, width: 60, height: 40))
    harness.start(with: [ProbeView("Near", Rect(x: 10, y: 10, width: 60, height: 40)), far])
    harness.app.application.accessibilitySettings.zoomScale = 4
    harness.app.runUntilIdle()
    harness.reader.moveFocus(to: far)
    #expect(harness.app.screen.zoomedRect.contains(far.accessibilityFrame))
    harness.reader.moveFocus(to: harness.reader.elements[0])
    #expect(!harness.app.screen.zoomedRect.contains(far.accessibilityFrame))
  }

  @Test func aTouchTheReaderTakesWakesABlankedDisplayAndGoesNoFurther() throws {
    let harness = try ReaderHarness()
    harness.start(with: [ProbeView("Only", Rect(x: 10, y: 10, width: 200, height: 100))])
    var blanked = true
    var wakes = 0
    harness.app.application.userActivityHandler = {
      guard blanked else { return false }
      blanked = false
      wakes += 1
      return true
    }
    let spoken = harness.speech.texts.count
    harness.app.tap(at: Point(x: 50, y: 50))
    #expect(wakes == 1)
    #expect(harness.speech.texts.count == spoken)
    harness.app.press(.down)
    #expect(wakes == 1)
  }
}
