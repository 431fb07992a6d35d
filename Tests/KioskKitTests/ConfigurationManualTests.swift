import Foundation
import Testing

@testable import KioskKit

/// kiosk.toml(5) is written by hand: it must list every key of the catalog under its table,
/// no key the catalog does not have, and mark exactly the live keys `Live`.
@Suite struct ConfigurationManualTests {
  @Test func theManualListsEveryKeyAndWhichAreLive() throws {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/man/kiosk.toml.5")
    let manual = try String(contentsOf: path, encoding: .utf8)
    var listed: [String: Bool] = [:]  // table.key → marked live
    var table = ""
    var key: String?
    for line in manual.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix(".Ss [") {
        table = String(line.dropFirst(5).prefix { $0 != "]" })
        key = nil
      } else if line.hasPrefix(".It Cm ") {
        let name = line.dropFirst(7).prefix { $0 != " " }
        key = "\(table).\(name)"
        listed[key!] = false
      } else if line.hasPrefix(".El") || line.hasPrefix(".Sh") {
        key = nil
      } else if let current = key, line.hasPrefix(".Sy Live") {
        listed[current] = true
      }
    }
    let catalog = Dictionary(
      uniqueKeysWithValues: ConfigurationKey.all.map { ($0.path, $0.isLive) })
    #expect(Set(listed.keys) == Set(catalog.keys))
    for (path, live) in catalog.sorted(by: { $0.key < $1.key }) {
      #expect(
        listed[path] == live,
        "\(path): live \(live) in the code, manual says \(listed[path] as Any)")
    }
  }
}
