import KioskGraphics
import KioskSpeech
import KioskTesting
import KioskUI
import Testing

@testable import KioskKit

/// A filter that records the key presses and touches it is given, standing for the app.
@MainActor
final class RecordingInputFilter: AccessibilityInputFilter {
  var presses: [PressSample] = []
  var touchFrames = 0
  func filterTouches(_ samples: [TouchSample], on screen: Screen, at time: Double) -> Bool {
    touchFrames += 1
    return false
  }
  func filterPresses(_ samples: [PressSample], at time: Double) -> Bool {
    presses += samples
    return true
  }
}

extension ControlSuites {
  /// `AccessibilityService`: what starts and stops the screen reader, its speech, the looks.
  @MainActor
  @Suite
  final class AccessibilityServiceTests {
    let app: TestApplication
    var speechMade: [AccessibilityService.SpeechSettings] = []
    var outputs: [RecordingSpeechOutput] = []

    init() throws {
      app = try TestApplication(pointSize: Size(width: 200, height: 100))
    }

    isolated deinit {
      app.application.accessibilityShortcutFilter = nil
      app.application.accessibilityInputFilter = nil
    }

    func service(_ arguments: [String] = []) throws -> AccessibilityService {
      let service = AccessibilityService(
        application: app.application, options: try RuntimeOptions.parse(arguments)
      ) { [unowned self] settings in
        speechMade.append(settings)
        let output = RecordingSpeechOutput()
        outputs.append(output)
        return output
      }
      service.start()
      return service
    }

    func press(_ code: Int, times: Int = 1) {
      for _ in 0..<times {
        let key = Key(keyCode: code, characters: "")
        app.application.sendPresses([PressSample(phase: .began, key: key)])
        app.application.sendPresses([PressSample(phase: .ended, key: key)])
        app.advance(by: 0.2)
      }
    }

    func threeFingerTap() {
      let points = [Point(x: 50, y: 50), Point(x: 80, y: 50), Point(x: 110, y: 50)]
      app.touches(points.enumerated().map { TouchSample(id: $0, phase: .began, location: $1) })
      app.advance(by: 0.1)
      app.touches(points.enumerated().map { TouchSample(id: $0, phase: .ended, location: $1) })
      app.advance(by: 0.2)
    }

    @Test func offStartsNothingAndOnStartsTheReaderAtOnce() throws {
      let off = try service()
      #expect(!off.isReaderRunning && speechMade.isEmpty)
      #expect(!Accessibility.isScreenReaderRunning, "the shortcut alone is no screen reader")
      off.shutDown()
      let on = try service(["--screen-reader", "on", "--speech-device", "plughw:1,0"])
      #expect(on.isReaderRunning && on.startedBy == .configuration)
      #expect(Accessibility.isScreenReaderRunning)
      #expect(speechMade == [.init(device: "plughw:1,0", language: "en")])
      #expect(outputs.last?.texts.isEmpty == false, "the reader spoke on starting")
      on.shutDown()
      #expect(!Accessibility.isScreenReaderRunning)
    }

    @Test func theStartKeyPressedThreeTimesStartsAndStopsTheReader() throws {
      let service = try service()
      let app = RecordingInputFilter()
      self.app.application.accessibilityInputFilter = app
      press(138, times: 2)
      #expect(!service.isReaderRunning)
      #expect(app.presses.count == 4, "single presses of Help reach the app")
      press(138)
      #expect(service.isReaderRunning && service.startedBy == .key)
      #expect(app.presses.count == 4, "the third press is the shortcut's")
      press(138, times: 3)
      #expect(!service.isReaderRunning)
    }

    @Test func presesTooFarApartOrOfAnotherKeyStartNothing() throws {
      let service = try service(["--screen-reader-key", "KEY_F1"])
      press(138, times: 3)
      #expect(!service.isReaderRunning)
      press(59, times: 2)
      app.advance(by: 2)
      press(59)
      #expect(!service.isReaderRunning)
      press(59, times: 2)
      #expect(service.isReaderRunning)
    }

    @Test func threeThreeFingerTapsToggleTheReader() throws {
      let service = try service()
      threeFingerTap()
      threeFingerTap()
      #expect(!service.isReaderRunning)
      threeFingerTap()
      #expect(service.isReaderRunning && service.startedBy == .gesture)
      threeFingerTap()
      threeFingerTap()
      threeFingerTap()
      #expect(!service.isReaderRunning)
    }

    @Test func theGestureCanBeTurnedOff() throws {
      let service = try service(["--screen-reader-gesture", "none"])
      for _ in 0..<3 { threeFingerTap() }
      #expect(!service.isReaderRunning)
    }

    @Test func inHeadsetModeThePlugStartsAndTheUnplugStopsTheReader() throws {
      let service = try service(["--screen-reader", "headset"])
      service.headsetChanged(plugged: false)
      #expect(!service.isReaderRunning)
      service.headsetChanged(plugged: true)
      #expect(service.isReaderRunning && service.startedBy == .headset)
      service.headsetChanged(plugged: false)
      #expect(!service.isReaderRunning)
      #expect(speechMade.count == 1)
      service.headsetChanged(plugged: true)
      #expect(speechMade.count == 2, "a new queue for each plug: the sink opens once")
    }

    @Test func theSwitchsFirstReportStartsTheReaderOnlyIfPlugged() throws {
      let unplugged = try service(["--screen-reader", "headset"])
      unplugged.headsetChanged(plugged: false)
      #expect(!unplugged.isReaderRunning && speechMade.isEmpty)
      unplugged.shutDown()
      let plugged = try service(["--screen-reader", "headset"])
      plugged.headsetChanged(plugged: true)
      #expect(plugged.isReaderRunning && plugged.startedBy == .headset)
      plugged.shutDown()
    }

    @Test func aReaderStartedAnotherWayKeepsRunningWithNewSpeechOnAPlug() throws {
      let service = try service(["--screen-reader", "headset"])
      service.headsetChanged(plugged: false)
      service.startReader(by: .control)
      let first = service.speech
      service.headsetChanged(plugged: true)
      #expect(service.isReaderRunning && service.startedBy == .control)
      #expect(service.speech !== first)
      service.headsetChanged(plugged: false)
      #expect(service.isReaderRunning, "the headset did not start it")
    }

    @Test func theLooksApplyAtStartAndLive() throws {
      let service = try service(["--text-size", "extraLarge", "--bold-text"])
      #expect(app.application.accessibilitySettings.contentSizeCategory == .extraLarge)
      #expect(app.application.accessibilitySettings.boldText)
      let lines = try service.set(["zoom=2", "increase-contrast=true", "screen-reader=on"])
      #expect(
        lines == [
          "accessibility.zoom: 1 -> 2", "accessibility.increase-contrast: false -> true",
          "accessibility.screen-reader: off -> on",
        ])
      #expect(app.application.accessibilitySettings.zoomScale == 2)
      #expect(app.application.accessibilitySettings.increaseContrast)
      #expect(service.isReaderRunning)
    }

    @Test func theIdleMultiplierReachesTheInactivityTimerAtStartAndLive() throws {
      let service = try service(["--screen-reader-idle-multiplier", "4"])
      #expect(app.application.idleTimeoutMultiplierWithScreenReader == 4)
      _ = try service.set(["idle-multiplier=5"])
      #expect(app.application.idleTimeoutMultiplierWithScreenReader == 5)
    }

    @Test func aBadSetChangesNothing() throws {
      let service = try service()
      #expect(throws: AccessibilitySetError.self) { try service.set(["zoom=2", "zoom=12"]) }
      #expect(throws: AccessibilitySetError.self) { try service.set(["speech-device=hw:0"]) }
      #expect(throws: AccessibilitySetError.self) { try service.set(["zoom"]) }
      #expect(app.application.accessibilitySettings.zoomScale == 1)
    }

    @Test func statusSaysWhatStartedTheReaderAndWhySpeechIsOff() throws {
      let service = try service()
      #expect(service.statusLines.first == "screen reader: off")
      #expect(service.statusLines.last?.hasPrefix("speech: not started") == true)
      service.startReader(by: .control)
      #expect(service.statusLines.first == "screen reader: on (started by control)")
      #expect(service.statusLines.contains("speech: on"))
      let silent = AccessibilityService(
        application: app.application, options: try RuntimeOptions.parse([])
      ) { _ in SpeechQueue(off: "espeak-ng is not installed") }
      service.shutDown()
      silent.startReader(by: .control)
      #expect(silent.statusLines.contains("speech: off (espeak-ng is not installed)"))
      silent.shutDown()
    }
  }
}
