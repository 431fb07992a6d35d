import Foundation
import KioskKit
import KioskTesting
import KioskVirtual
import Testing

@MainActor
struct DemoAndRuntimeTests {
  /// The kiosk-demo executable built next to this test bundle.
  private var demo: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("kiosk-demo")
  }

  private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = demo
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test func demoWritesOnePNGPerScreen() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiosk-demo-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let (status, output) = try run(["--backend", "virtual", "--output", folder.path])
    #expect(status == 0, "\(output)")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(files == ["screen-01.png", "screen-02.png", "screen-03.png", "screen-04.png"])
    for file in files {
      let image = try Image(contentsOfFile: folder.appendingPathComponent(file).path)
      #expect(image.pixelBuffer.width == 1920 && image.pixelBuffer.height == 1080)
    }
  }

  @Test func badOptionsExitWithUsageCode() throws {
    let (status, output) = try run(["--rotation", "45"])
    #expect(status == 64)
    #expect(output.contains("--rotation must be 0, 90, 180 or 270"))
    let help = try run(["--help"])
    #expect(help.status == 0 && help.output.contains("USAGE: kiosk-demo"))
  }

  @Test func virtualOutputRecordsEveryFrame() throws {
    let app = try TestApplication(pointSize: Size(width: 20, height: 10))
    app.output.recordsFrames = true
    let box = View(frame: Rect(x: 0, y: 0, width: 5, height: 5))
    box.backgroundColor = .red
    app.window.addSubview(box)
    app.runUntilIdle()
    box.backgroundColor = .green
    app.runUntilIdle()
    let frames = app.output.recordedFrames
    #expect(frames.count == 2)
    #expect(frames.first?.pixel(x: 1, y: 1) == .red)
    #expect(frames.last?.pixel(x: 1, y: 1) == .green)
  }

  @Test func scheduledActionsFollowTheManualClock() throws {
    let app = try TestApplication(pointSize: Size(width: 20, height: 10))
    var fired: [Double] = []
    let action = ScheduledAction.after(0.5, repeating: 1) { fired.append(app.now) }
    app.advance(by: 0.4)
    #expect(fired.isEmpty)
    app.advance(by: 2.2)
    #expect(fired == [0.5, 1.5, 2.5])
    action.cancel()
    app.advance(by: 3)
    #expect(fired.count == 3)
  }
}
