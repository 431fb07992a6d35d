import Foundation
import Testing

/// Keeps issue 35's size rules: every Swift file under Sources/ and Tests/ is at most 600
/// lines and every body in it at most 80, unless `SourceShapeAllowlist` names it with a
/// reason.
@Suite struct SourceShapeTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The repository-relative paths of the Swift files under `folder`, build folders left out.
  static func swiftFiles(under folder: String) -> [String] {
    let base = root.appendingPathComponent(folder)
    guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
    var paths: [String] = []
    while let relative = walker.nextObject() as? String {
      let parts = relative.split(separator: "/")
      if parts.contains(where: { $0.hasPrefix(".build") }) { continue }
      if relative.hasSuffix(".swift") { paths.append("\(folder)/\(relative)") }
    }
    return paths.sorted()
  }

  @Test func noFileOrBodyIsOverTheLimits() throws {
    let paths = Self.swiftFiles(under: "Sources") + Self.swiftFiles(under: "Tests")
    // The walk itself: a wrong root would find nothing and pass.
    #expect(paths.count > 300)
    #expect(paths.contains("Tests/KioskServiceTests/SourceShape/SourceShapeTests.swift"))
    var problems: [String] = []
    var allowed: Set<String> = []
    for path in paths {
      let text = try String(
        contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
      problems += SourceShape.problems(
        path: path, text: text, allowlist: SourceShapeAllowlist.entries, allowed: &allowed)
    }
    #expect(
      problems.isEmpty, "\(problems.count) over the limits:\n\(problems.joined(separator: "\n"))")
    // An entry that excuses nothing any more is stale: remove it, so the list stays true.
    let stale = Set(SourceShapeAllowlist.entries.keys).subtracting(allowed).sorted()
    #expect(stale.isEmpty, "allowlist entries no longer needed:\n\(stale.joined(separator: "\n"))")
  }
}
