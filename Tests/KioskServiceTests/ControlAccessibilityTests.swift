import Foundation
import KioskControl
import KioskSpeech
import KioskTesting
import KioskUI
import Testing

@testable import KioskKit

/// The accessibility requests parsed from their lines.
struct ControlAccessibilityRequestTests {
  private func parse(_ line: String) throws(ControlError) -> ControlRequest {
    try ControlRequest(parsing: Array(line.utf8))
  }

  @Test func theRequestsParse() throws {
    #expect(try parse("accessibility") == .accessibility)
    #expect(
      try parse("accessibility set zoom=2  bold-text=true")
        == .accessibilitySet(["zoom=2", "bold-text=true"]))
    #expect(try parse("screen-reader on") == .screenReader(true))
    #expect(try parse("screen-reader off") == .screenReader(false))
    #expect(try parse("speech") == .speech)
  }

  @Test(arguments: [
    "accessibility set", "accessibility zoom=2", "screen-reader", "screen-reader maybe",
    "speech now",
  ])
  func malformedRequestsAreRefused(line: String) {
    #expect(throws: ControlError.self) { try parse(line) }
  }

  @Test func anAppCannotTakeTheirNames() {
    for name in ["accessibility", "screen-reader", "speech"] {
      #expect(ControlRequest.standardNames.contains(name))
    }
  }
}

extension ControlSuites {
  /// The accessibility requests through the socket and kioskctl, on a test app.
  @MainActor
  @Suite
  final class ControlAccessibilityTests {
    let app: TestApplication
    let service: ControlService
    let accessibility: AccessibilityService
    let speech = RecordingSpeechOutput()
    let path = temporarySocketPath()
    let server: ControlServer

    init() throws {
      app = try TestApplication(pointSize: Size(width: 200, height: 100))
      let button = Button(type: .system)
      button.frame = Rect(x: 10, y: 20, width: 80, height: 30)
      button.setTitle("Pay", for: .normal)
      button.isAccessibilityElement = true
      button.accessibilityLabel = "Pay"
      button.accessibilityTraits = .button
      app.window.addSubview(button)
      app.runUntilIdle()
      service = ControlService(
        screen: app.screen, output: app.output, statistics: FrameStatistics(), logger: testLogger)
      accessibility = AccessibilityService(
        application: app.application, options: try RuntimeOptions.parse([])
      ) { [speech] _ in speech }
      accessibility.start()
      service.accessibility = accessibility
      server = ControlServer(path: path, logger: testLogger) { [service] in
        await service.handle($0)
      }
      try server.start()
    }

    isolated deinit {
      server.stop()
      accessibility.shutDown()
    }

    @Test func theTreeListsEachElementWithItsFrame() async throws {
      let reply = try await exchange("accessibility", at: path)
      #expect(reply.hasPrefix("ok\nscreen 1: "))
      #expect(reply.contains("\n  button \"Pay\" @ 10,20 80x30\n"))
    }

    @Test func setChangesTheLooksLiveOrRefusesAll() async throws {
      #expect(
        try await exchange("accessibility set text-size=accessibilityMedium", at: path)
          == "ok\naccessibility.text-size: large -> accessibilityMedium\n")
      #expect(app.application.accessibilitySettings.contentSizeCategory == .accessibilityMedium)
      let refused = try await exchange("accessibility set zoom=3 zoom=0", at: path)
      #expect(refused.hasPrefix("error: accessibility.zoom = \"0\" is not allowed"))
      #expect(app.application.accessibilitySettings.zoomScale == 1)
    }

    @Test func theReaderStartsAndStopsAndStatusAndSpeechSaySo() async throws {
      #expect(
        try await exchange("screen-reader on", at: path)
          == "ok\nscreen reader: on (started by control)\n")
      let status = try await exchange("status", at: path)
      #expect(status.contains("\nscreen reader: on (started by control)\n"))
      #expect(status.contains("\nspeech: on\n"))
      let spoken = try await exchange("speech", at: path)
      #expect(spoken.hasPrefix("ok\nspeech: on\n[en] "))
      #expect(spoken.contains("Pay"))
      #expect(try await exchange("screen-reader off", at: path) == "ok\nscreen reader: off\n")
      #expect(!accessibility.isReaderRunning)
    }

    @Test func statusJSONHasTheAccessibilityObject() async throws {
      let reply = try await exchange("status json", at: path)
      let json = String(reply.dropFirst(3))
      let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
      let part = object?["accessibility"] as? [String: Any]
      #expect(part?["screen_reader"] as? Bool == false)
      #expect(part?["mode"] as? String == "off")
    }

    @Test func kioskctlPrintsTheTreeAndTheSpeech() async throws {
      accessibility.startReader(by: .control)
      let tree = try await run(["accessibility", "--socket", path])
      #expect(tree.status == 0)
      #expect(tree.output.contains("  button \"Pay\" @ 10,20 80x30\n"))
      let speech = try await run(["speech", "--socket", path])
      #expect(speech.output.hasPrefix("speech: on\n[en] "))
      let off = try await run(["screen-reader", "off", "--socket", path])
      #expect(off.output == "screen reader: off\n")
      let bad = try await run(["screen-reader", "maybe", "--socket", path])
      #expect(bad.status == 64)
    }

    private func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
      let executable = builtExecutable("kioskctl")
      return try await withCheckedThrowingContinuation { continuation in
        Thread {
          let process = Process()
          process.executableURL = executable
          process.arguments = arguments
          process.environment = childEnvironment()
          let output = Pipe()
          process.standardOutput = output
          process.standardError = Pipe()
          do {
            try process.run()
          } catch {
            continuation.resume(throwing: error)
            return
          }
          let data = output.fileHandleForReading.readDataToEndOfFile()
          process.waitUntilExit()
          continuation.resume(
            returning: (process.terminationStatus, String(decoding: data, as: UTF8.self)))
        }.start()
      }
    }
  }
}
