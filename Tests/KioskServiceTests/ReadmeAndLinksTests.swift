import Foundation
import Testing

/// The README is a front page, and every link in it and in the DocC articles leads
/// somewhere: a file of the repository, or an article of the catalog.
@Suite struct ReadmeAndLinksTests {
  @Test func theReadmeIsAFrontPageUnder300Lines() throws {
    let lines = try DocumentationText.file("README.md").split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count < 300)
  }

  /// The first app's code in the README is Examples/HelloKiosk's, which `make test` builds
  /// and tests, less its doc comments: a reader who copies it gets code that works.
  @Test func theFirstAppsCodeIsTheExamplesCode() throws {
    let readme = try DocumentationText.file("README.md")
    let blocks = readme.components(separatedBy: "```swift\n").dropFirst()
      .map { $0.components(separatedBy: "```")[0] }
    let code = try #require(blocks.first { $0.contains("@main") })
    let example = try DocumentationText.file(
      "Examples/HelloKiosk/Sources/HelloKiosk/HelloKiosk.swift")
    let uncommented = example.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }
      .joined(separator: "\n")
    #expect(
      code.trimmingCharacters(in: .whitespacesAndNewlines)
        == uncommented.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  /// The targets of `[text](target)` links that are not web addresses or anchors.
  static func localLinks(in text: String) -> [String] {
    DocumentationText.matches(of: "\\]\\(([^)\\s]+)\\)", in: text).filter {
      !$0.hasPrefix("http://") && !$0.hasPrefix("https://") && !$0.hasPrefix("#")
        && !$0.hasPrefix("mailto:")
    }.map { String($0.split(separator: "#")[0]) }
  }

  static func exists(_ path: String, under folder: URL) -> Bool {
    FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
  }

  @Test func everyLinkOfTheReadmeLeadsToAFile() throws {
    let links = Self.localLinks(in: try DocumentationText.file("README.md"))
    #expect(links.count > 10)
    for link in links {
      #expect(Self.exists(link, under: DocumentationText.root), "README.md links \(link)")
    }
  }

  @Test func everyLinkOfTheArticlesLeadsToAFileOrAnArticle() throws {
    let articles = try DocumentationText.articleNames()
    for name in articles {
      let text = try DocumentationText.article(name)
      for link in Self.localLinks(in: text) {
        #expect(Self.exists(link, under: DocumentationText.catalog), "\(name).md links \(link)")
      }
      for target in DocumentationText.matches(of: "<doc:([A-Za-z0-9]+)", in: text) {
        #expect(articles.contains(target), "\(name).md links <doc:\(target)>")
      }
    }
  }

  @Test func everyArticleIsInTheCatalogsTopics() throws {
    let topics = try DocumentationText.article("KioskKit")
    for name in try DocumentationText.articleNames() where name != "KioskKit" {
      #expect(topics.contains("<doc:\(name)>"), "KioskKit.md's topics list \(name)")
    }
  }
}
