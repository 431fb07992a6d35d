import Foundation
import KioskVersion
import Testing

/// One version: the `VERSION` file, which the package is built from, and the constant the
/// tools print must not drift apart.
@Suite struct VersionTests {
  @Test func theConstantIsTheVersionFile() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let file = try String(contentsOf: root.appendingPathComponent("VERSION"), encoding: .utf8)
    #expect(file == KioskKitVersion.string + "\n")
    let parts = KioskKitVersion.string.split(separator: ".")
    #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil }, "major.minor.patch")
  }
}
