import Foundation
import KioskTesting
import Testing

/// The fuzz targets' seeds (Tests/FuzzCorpus) through `kiosk-fuzz` as this build makes it
/// (no libFuzzer: each input once), so a seed that crashes fails the unit tests too, not
/// only `make fuzz`. Inputs libFuzzer found that crashed belong in the corpus once fixed.
struct FuzzCorpusTests {
  @Test(arguments: ["config", "storyboard", "touch-script", "control-request"])
  func everySeedEndsInAValueOrAnError(target: String) throws {
    let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../FuzzCorpus/\(target)").standardized.path
    let process = Process()
    process.executableURL = builtExecutable("kiosk-fuzz")
    process.arguments = [target, corpus]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(text.hasPrefix("kiosk-fuzz \(target): "))
    #expect(!text.contains(": 0 inputs"))
  }
}
