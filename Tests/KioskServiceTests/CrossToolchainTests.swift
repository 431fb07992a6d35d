import Foundation
import KioskTesting
import Testing

/// cross/toolchain.sh, which makes the arm64 cross toolchain in a cache: what it does with a
/// cache left by an interrupted run or by another Swift version, and what it says when the
/// Debian mirror cannot give it a package. mmdebstrap and bubblewrap are stand-ins here (a
/// real toolchain takes minutes and gigabytes; `make deb ARCH=arm64` makes one).
@Suite(
  .serialized,
  .enabled(if: getuid() == 0, "cross/toolchain.sh makes its chroots as root"))
struct CrossToolchainTests {
  /// The package's folder (this file is Tests/KioskServiceTests/CrossToolchainTests.swift).
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path
  static let script = packageRoot + "/cross/toolchain.sh"

  /// A cache folder and a folder of stand-in commands, both removed by `cleanUp`.
  private struct Sandbox {
    let cache: String
    let commands: String

    init() throws {
      let base = NSTemporaryDirectory() + "kiosk-cross-\(UUID().uuidString)"
      cache = base + "/cache"
      commands = base + "/bin"
      try FileManager.default.createDirectory(
        atPath: commands, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        atPath: cache + "/toolchain", withIntermediateDirectories: true)
    }

    /// A stand-in for `name` that prints `output` to standard error and exits with `status`.
    func standIn(_ name: String, output: String, status: Int32) throws {
      let path = commands + "/" + name
      try "#!/bin/sh\necho '\(output)' >&2\nexit \(status)\n".write(
        toFile: path, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
      var environment = childEnvironment()
      environment["KIOSK_CACHE"] = cache
      environment["PATH"] = commands + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
      return try runToEnd(
        "/bin/bash", [CrossToolchainTests.script] + arguments,
        in: CrossToolchainTests.packageRoot, environment: environment)
    }

    func cleanUp() {
      try? FileManager.default.removeItem(
        atPath: URL(fileURLWithPath: cache).deletingLastPathComponent().path)
    }
  }

  @Test func aHalfMadeOrStaleToolchainIsRemovedAndAMissingPackageIsNamed() throws {
    let sandbox = try Sandbox()
    defer { sandbox.cleanUp() }
    let name = try sandbox.run(["path"])
    #expect(name.status == 0, "\(name.output)")
    let toolchain = name.output.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(toolchain.hasPrefix(sandbox.cache + "/toolchain/swift-"), "\(toolchain)")
    // What an interrupted run and an older Swift version leave behind.
    let stale = sandbox.cache + "/toolchain/swift-6.0.3-sid-for-trixie-arm64-0123456789"
    for folder in [toolchain + ".partial/usr/bin", stale + "/usr/bin"] {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    try sandbox.standIn(
      "mmdebstrap", output: "E: Unable to locate package swiftlang", status: 1)
    try sandbox.standIn("bwrap", output: "bwrap stand-in", status: 1)

    let result = try sandbox.run(["setup"])
    #expect(result.status != 0, "\(result.output)")
    #expect(
      result.output.contains(
        "removing swift-6.0.3-sid-for-trixie-arm64-0123456789: made for another Swift version or recipe"
      ), "\(result.output)")
    #expect(result.output.contains("left half-made by an interrupted run"), "\(result.output)")
    #expect(result.output.contains("E: Unable to locate package swiftlang"), "\(result.output)")
    #expect(
      result.output.contains("mmdebstrap could not make the sid amd64 root"), "\(result.output)")
    #expect(!FileManager.default.fileExists(atPath: stale))
    #expect(!FileManager.default.fileExists(atPath: toolchain + ".partial/usr"))
    #expect(!FileManager.default.fileExists(atPath: toolchain + "/.complete"))
  }

  @Test func aBuildWithoutAToolchainSaysHowToMakeOne() throws {
    let sandbox = try Sandbox()
    defer { sandbox.cleanUp() }
    let result = try sandbox.run(["run", "swift", "--version"])
    #expect(result.status != 0)
    #expect(result.output.contains("run `make cross-toolchain` first"), "\(result.output)")
  }
}
