import Foundation
import Testing

/// Architecture.md's table of modules against Package.swift: every module of the package has
/// a row (a C module: a mention in the C modules' row) and each row lists exactly the
/// package's modules its target depends on, so the article cannot fall behind the manifest.
@Suite struct ArchitectureArticleTests {
  /// A target of Package.swift: its name, the package's own modules it depends on (not other
  /// packages' products), and whether it is a test target.
  struct Target: Equatable {
    var name: String
    var dependencies: [String]
    var isTest: Bool
  }

  /// The manifest's targets, read from its text: each `.target(`, `.executableTarget(`,
  /// `.systemLibrary(` or `.testTarget(` up to the next.
  static func targets(inManifest text: String) -> [Target] {
    let kinds = [".target(", ".executableTarget(", ".systemLibrary(", ".testTarget("]
    var starts: [(String.Index, Bool)] = []
    for kind in kinds {
      var from = text.startIndex
      while let range = text.range(of: kind, range: from..<text.endIndex) {
        starts.append((range.lowerBound, kind == ".testTarget("))
        from = range.upperBound
      }
    }
    starts.sort { $0.0 < $1.0 }
    return starts.enumerated().compactMap { index, start in
      let end = index + 1 < starts.count ? starts[index + 1].0 : text.endIndex
      let chunk = String(text[start.0..<end])
      guard let name = DocumentationText.matches(of: #"name: "([^"]+)""#, in: chunk).first
      else { return nil }
      let withoutProducts = chunk.replacingOccurrences(
        of: #"\.product\([^)]*\)"#, with: "", options: .regularExpression)
      let list =
        DocumentationText.matches(
          of: #"dependencies: \[([^\]]*)\]"#, in: withoutProducts
        ).first ?? ""
      let dependencies = DocumentationText.matches(of: #""([^"]+)""#, in: list)
      return Target(name: name, dependencies: dependencies, isTest: start.1)
    }
  }

  /// Whether `name` is one of the package's C modules (`CDRM`, `CTOMLParser`…).
  static func isCModule(_ name: String) -> Bool {
    name.count > 1 && name.first == "C" && name.dropFirst().first?.isUppercase == true
  }

  /// The module table's rows: the module (first code span) and the modules of its
  /// imports cell (`—` for none).
  static func rows() throws -> [(module: String, imports: [String], text: String)] {
    let text = try DocumentationText.article("Architecture")
    return DocumentationText.tableRows(in: text, header: "module").map { cells in
      let module = DocumentationText.codeSpans(in: cells[0]).first ?? cells[0]
      let imports =
        cells.count > 1 && cells[1] != "—"
        ? cells[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } : []
      return (module, imports, cells.joined(separator: " | "))
    }
  }

  @Test func theManifestIsRead() throws {
    let targets = Self.targets(inManifest: try DocumentationText.file("Package.swift"))
    let kit = try #require(targets.first { $0.name == "KioskKit" })
    #expect(kit.dependencies.contains("KioskUI") && !kit.dependencies.contains("Logging"))
    #expect(targets.contains { $0.name == "CTOMLParser" && $0.dependencies.isEmpty })
    #expect(targets.contains { $0.name == "KioskUITests" && $0.isTest })
  }

  @Test func everyModuleHasARowWithExactlyItsImports() throws {
    let targets = Self.targets(inManifest: try DocumentationText.file("Package.swift"))
      .filter { !$0.isTest }
    let rows = try Self.rows()
    let cModulesRow = try #require(rows.first { $0.module == "C modules" })
    for target in targets {
      if Self.isCModule(target.name) {
        #expect(cModulesRow.text.contains(target.name), "\(target.name) in the C modules' row")
        continue
      }
      guard let row = rows.first(where: { $0.module == target.name }) else {
        Issue.record("Architecture.md has no row for the module \(target.name)")
        continue
      }
      #expect(
        Set(row.imports) == Set(target.dependencies),
        "\(target.name) imports \(target.dependencies.sorted()), the article says \(row.imports)")
    }
    let names = Set(targets.map(\.name))
    for row in rows where row.module != "C modules" {
      #expect(names.contains(row.module), "Architecture.md names no module \(row.module)")
    }
  }
}
