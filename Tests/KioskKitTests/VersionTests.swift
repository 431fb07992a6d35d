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

  /// The package's version is debian/changelog's first entry (a native package: no
  /// Debian revision), which `make deb` also checks before building.
  @Test func theDebianChangelogIsAtTheVersion() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let changelog = try String(
      contentsOf: root.appendingPathComponent("debian/changelog"), encoding: .utf8)
    let first = changelog.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first.hasPrefix("kioskkit (\(KioskKitVersion.string)) "), "\(first)")
  }
}
