import Foundation
import KioskTesting
import Testing

/// `--check-config` is a standard option: the demo's own executable checks a file and exits
/// 0 or 64 without starting.
@Suite("Configuration: kiosk-demo --check-config")
struct DemoCheckConfigTests {
  /// The checkout.
  static let packageRoot = DemoLaunch.checkout
  /// The demo, next to the test bundle among the build products.
  static let demo = builtExecutable("kiosk-demo")

  /// Runs the demo; returns its exit status, standard output and standard error.
  private func run(
    _ arguments: [String], environment: [String: String] = [:]
  ) throws -> (status: Int32, output: String, error: String) {
    // `swift build --build-tests` builds every product, the demo included.
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.demo.path), "no \(Self.demo.path)")
    let process = Process()
    process.executableURL = Self.demo
    process.arguments = arguments
    process.environment = childEnvironment().filter { !$0.key.hasPrefix("KIOSK_") }
      .merging(environment) { $1 }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: outputData, as: UTF8.self),
      String(decoding: errorData, as: UTF8.self)
    )
  }

  /// Every KioskKit app prints its name and KioskKit's version, the `VERSION` file's.
  @Test
  func versionIsKioskKits() throws {
    let result = try run(["--version"])
    let version = try String(
      contentsOf: Self.packageRoot.appendingPathComponent("VERSION"), encoding: .utf8)
    #expect(result.status == 0)
    #expect(result.output == "kiosk-demo (KioskKit) \(version)")
  }

  @Test
  func sampleIsFine() throws {
    let sample = Self.packageRoot.appendingPathComponent("config/kiosk.toml").path
    let result = try run(["--check-config", sample])
    #expect(result.status == 0)
    #expect(result.output == "\(sample): fine (0 keys set)\n")
  }

  @Test
  func badFileAndVariableExit64() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiosk-demo-check-\(UUID().uuidString).toml").path
    try "[output]\nrotation = 90\n\n[display]\nblank-after = -5\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let result = try run(["--check-config", path], environment: ["KIOSK_LOG_LEVEL": "loud"])
    #expect(result.status == 64)
    #expect(
      result.error.split(separator: "\n") == [
        "\(path):5: display.blank-after = -5 is not allowed; allowed: seconds above 0, at most a year (not set: never)",
        "environment KIOSK_LOG_LEVEL: log.level = \"loud\" is not allowed; allowed: trace, debug, info, notice, warning, error or critical",
      ])
  }

  @Test
  func badConfigStopsStartUp() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("kiosk-demo-bad-\(UUID().uuidString).toml").path
    try "[output]\nbackend = \"virtual\"\nscreen = 1\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let result = try run(["--config", path, "--duration", "1"])
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("\(path):3: unknown key output.screen = 1"))
  }
}
