import Foundation
import KioskGraphics
import KioskTesting
import Testing

@testable import KioskUI

/// One broken storyboard and what its error must say.
struct BrokenStoryboard: Sendable, CustomStringConvertible {
  let description: String
  let json: String
  let reason: StoryboardError.Reason
  let jsonPath: String?
  /// Words the message must contain (the thing named, what is allowed).
  let mentions: [String]
}

/// Scenes `a` (content), `n` (navigation), `t` (tabs) and `s` (split), as JSON members, with
/// `extra` added to the scenes object.
private func scenes(_ extra: String = "") -> String {
  """
  "scenes": {
    "a": { "class": "SceneController" },
    "n": { "class": "NavigationController" },
    "t": { "class": "TabBarController" },
    "s": { "class": "SplitViewController" }\(extra)
  }
  """
}

private let brokenStoryboards: [BrokenStoryboard] = [
  BrokenStoryboard(
    description: "an unregistered class",
    json: "{ \(scenes(#", "b": { "class": "ListControler" }"#)) }",
    reason: .unknownClass("ListControler"), jsonPath: "scenes.b.class",
    mentions: ["\"b\"", "\"ListControler\"", "not registered", "Storyboard.register"]),
  BrokenStoryboard(
    description: "an initial scene that does not exist",
    json: "{ \"initial\": \"main\", \(scenes()) }",
    reason: .unknownScene("main"), jsonPath: "initial", mentions: ["\"main\"", "a, n, s, t"]),
  BrokenStoryboard(
    description: "a navigation root that does not exist",
    json: "{ \(scenes()), \"relationships\": { \"n\": { \"root\": \"list\" } } }",
    reason: .unknownScene("list"), jsonPath: "relationships.n.root", mentions: ["\"list\""]),
  BrokenStoryboard(
    description: "a tab that does not exist",
    json: "{ \(scenes()), \"relationships\": { \"t\": { \"tabs\": [\"a\", \"b\"] } } }",
    reason: .unknownScene("b"), jsonPath: "relationships.t.tabs[1]", mentions: ["\"b\""]),
  BrokenStoryboard(
    description: "a split column that does not exist",
    json:
      "{ \(scenes()), \"relationships\": { \"s\": { \"primary\": \"a\", \"secondary\": \"d\" } } }",
    reason: .unknownScene("d"), jsonPath: "relationships.s.secondary", mentions: ["\"d\""]),
  BrokenStoryboard(
    description: "a relationship of a scene that does not exist",
    json: "{ \(scenes()), \"relationships\": { \"ghost\": { \"root\": \"a\" } } }",
    reason: .unknownScene("ghost"), jsonPath: "relationships.ghost", mentions: ["\"ghost\""]),
  BrokenStoryboard(
    description: "tabs on a navigation controller",
    json: "{ \(scenes()), \"relationships\": { \"n\": { \"tabs\": [\"a\"] } } }",
    reason: .invalidRelationship("n"), jsonPath: "relationships.n",
    mentions: ["NavigationController", "only a TabBarController has tabs"]),
  BrokenStoryboard(
    description: "a root on a content scene",
    json: "{ \(scenes()), \"relationships\": { \"a\": { \"root\": \"n\" } } }",
    reason: .invalidRelationship("a"), jsonPath: "relationships.a",
    mentions: ["SceneController", "only a NavigationController has a root"]),
  BrokenStoryboard(
    description: "a navigation controller as a navigation root",
    json:
      "{ \(scenes(#", "m": { "class": "NavigationController" }"#)), \"relationships\": { \"n\": { \"root\": \"m\" } } }",
    reason: .invalidRelationship("n"), jsonPath: "relationships.n.root",
    mentions: ["cannot be a navigation controller"]),
  BrokenStoryboard(
    description: "a scene that contains itself",
    json:
      "{ \(scenes()), \"relationships\": { \"t\": { \"tabs\": [\"n\"] }, \"n\": { \"root\": \"t\" } } }",
    reason: .invalidRelationship("n"), jsonPath: "relationships.n",
    mentions: ["n → root → t → tabs → n"]),
  // A custom container's scene-list property is containment too: a shell listing itself
  // made shells (each loading the next one's view) until the stack ran out, after minutes.
  BrokenStoryboard(
    description: "a shell that lists itself",
    json:
      "{ \(scenes(#", "shell": { "class": "ShellSceneController", "properties": { "examples": "shell a" } }"#)) }",
    reason: .invalidRelationship("shell"), jsonPath: "scenes.shell.properties.examples",
    mentions: ["\"shell\" contains itself", "shell → examples → shell"]),
  BrokenStoryboard(
    description: "two shells that list each other through a tab bar",
    json: """
      { \(scenes(#", "one": { "class": "ShellSceneController", "properties": { "examples": "a t" } }, "two": { "class": "ShellSceneController", "properties": { "examples": "one" } }"#)),
        "relationships": { "t": { "tabs": ["a", "two"] } } }
      """,
    reason: .invalidRelationship("one"), jsonPath: "scenes.one.properties.examples",
    mentions: ["one → examples → t → tabs → two → examples → one"]),
  BrokenStoryboard(
    description: "a shell that lists a scene that does not exist",
    json:
      "{ \(scenes(#", "shell": { "class": "ShellSceneController", "properties": { "examples": "a nowhere" } }"#)) }",
    reason: .unknownScene("nowhere"), jsonPath: "scenes.shell.properties.examples",
    mentions: ["\"nowhere\""]),
  BrokenStoryboard(
    description: "a tab bar of more tabs than the limit",
    json:
      "{ \(scenes()), \"relationships\": { \"t\": { \"tabs\": [\(repeatElement("\"a\"", count: 1_001).joined(separator: ","))] } } }",
    reason: .invalidRelationship("t"), jsonPath: "relationships.t.tabs",
    mentions: ["1,001 tabs", "the most is 1,000", "StoryboardLimits.maximumRelationshipCount"]),
  BrokenStoryboard(
    description: "tab bars of tab bars that would make a million controllers",
    json: """
      { \(scenes(#", "u": { "class": "TabBarController" }"#)), "relationships": {
        "t": { "tabs": [\(repeatElement("\"u\"", count: 1_000).joined(separator: ","))] },
        "u": { "tabs": [\(repeatElement("\"a\"", count: 1_000).joined(separator: ","))] } } }
      """,
    reason: .invalidRelationship("t"), jsonPath: "relationships.t",
    mentions: ["more than 10,000 controllers", "StoryboardLimits.maximumControllersPerScene"]),
  BrokenStoryboard(
    description: "scenes nested deeper than the limit",
    json: "{ \(deepChain(levels: 40)) }",
    reason: .invalidRelationship("c7"), jsonPath: "relationships.c7",
    mentions: ["33 deep", "c7 → tabs → c8", "c39", "StoryboardLimits.maximumContainmentDepth"]),
  BrokenStoryboard(
    description: "a relationship that is neither kind",
    json: "{ \(scenes()), \"relationships\": { \"s\": { \"primary\": \"a\" } } }",
    reason: .invalidValue, jsonPath: "relationships.s", mentions: ["\"secondary\""]),
  BrokenStoryboard(
    description: "a segue to a scene that does not exist",
    json: """
      { \(scenes()), "segues": [
        { "identifier": "go", "source": "a", "destination": "detail", "kind": "show" } ] }
      """,
    reason: .unknownScene("detail"), jsonPath: "segues[0].destination", mentions: ["\"detail\""]),
  BrokenStoryboard(
    description: "a segue from a scene that does not exist",
    json: """
      { \(scenes()), "segues": [
        { "identifier": "go", "source": "z", "destination": "a", "kind": "show" } ] }
      """,
    reason: .unknownScene("z"), jsonPath: "segues[0].source", mentions: ["\"z\""]),
  BrokenStoryboard(
    description: "a custom segue of an unregistered class",
    json: """
      { \(scenes()), "segues": [
        { "identifier": "go", "source": "a", "destination": "a", "kind": "custom",
          "class": "WipeSegue" } ] }
      """,
    reason: .unknownSegueClass("WipeSegue"), jsonPath: "segues[0].class",
    mentions: ["\"go\"", "\"WipeSegue\"", "not registered"]),
  BrokenStoryboard(
    description: "two segues of one scene with the same identifier",
    json: """
      { \(scenes()), "segues": [
        { "identifier": "go", "source": "a", "destination": "n", "kind": "show" },
        { "identifier": "go", "source": "a", "destination": "t", "kind": "present" } ] }
      """,
    reason: .invalidValue, jsonPath: "segues[1].identifier", mentions: ["two segues", "\"go\""]),
  BrokenStoryboard(
    description: "a segue of an unknown kind",
    json: """
      { \(scenes()), "segues": [
        { "identifier": "go", "source": "a", "destination": "n", "kind": "slide" } ] }
      """,
    reason: .invalidValue, jsonPath: "segues[0].kind",
    mentions: ["\"slide\"", "show, push, present, modal, popover, showDetail, custom, unwind"]),
  BrokenStoryboard(
    description: "a custom segue without a class",
    json: """
      { \(scenes()), "segues": [
        { "identifier": "go", "source": "a", "destination": "n", "kind": "custom" } ] }
      """,
    reason: .invalidValue, jsonPath: "segues[0].kind", mentions: ["\"class\""]),
  BrokenStoryboard(
    description: "an anchor tag on a show segue",
    json: """
      { \(scenes()), "segues": [
        { "identifier": "go", "source": "a", "destination": "n", "kind": "show",
          "anchorTag": 3 } ] }
      """,
    reason: .invalidValue, jsonPath: "segues[0].anchorTag", mentions: ["popover"]),
  BrokenStoryboard(
    description: "a title that is a number",
    json: "{ \(scenes(#", "b": { "class": "SceneController", "title": 5 }"#)) }",
    reason: .invalidValue, jsonPath: "scenes.b.title", mentions: ["String"]),
  BrokenStoryboard(
    description: "a misspelt key",
    json: "{ \(scenes(#", "b": { "class": "SceneController", "tittle": "B" }"#)) }",
    reason: .invalidValue, jsonPath: "scenes.b.tittle",
    mentions: ["unknown key \"tittle\"", "title, tabBarItem"]),
  BrokenStoryboard(
    description: "a presentation style that does not exist",
    json:
      "{ \(scenes(#", "b": { "class": "SceneController", "modalPresentationStyle": "sheet" }"#)) }",
    reason: .invalidValue, jsonPath: "scenes.b.modalPresentationStyle",
    mentions: ["\"sheet\"", "formSheet"]),
  BrokenStoryboard(
    description: "a scene without a class",
    json: "{ \(scenes(#", "b": { "title": "B" }"#)) }",
    reason: .invalidValue, jsonPath: "scenes.b", mentions: ["\"class\" is missing"]),
  BrokenStoryboard(
    description: "a property that is a list",
    json: "{ \(scenes(#", "b": { "class": "SceneController", "properties": { "x": [1] } }"#)) }",
    reason: .invalidValue, jsonPath: "scenes.b.properties.x", mentions: ["true/false"]),
  BrokenStoryboard(
    description: "no scenes",
    json: "{ \"initial\": \"a\" }",
    reason: .invalidValue, jsonPath: nil, mentions: ["\"scenes\" is missing"]),
  BrokenStoryboard(
    description: "a missing colon",
    json: """
      {
        "scenes": {
          "a": { "class" "SceneController" }
        }
      }
      """,
    reason: .malformed(line: 3, column: 20), jsonPath: nil,
    mentions: ["line 3, column 20", "expected \":\""]),
  BrokenStoryboard(
    description: "an unfinished file",
    json: "{\n  \"scenes\": {\n    \"a\": { \"class\": \"SceneController\" }\n",
    reason: .malformed(line: 4, column: 1), jsonPath: nil, mentions: ["found the end"]),
  // JSONDecoder took both; a duplicate key's second value silently won.
  BrokenStoryboard(
    description: "a trailing comma",
    json: "{\n  \"scenes\": {\n    \"a\": { \"class\": \"SceneController\" },\n  }\n}",
    reason: .malformed(line: 4, column: 3), jsonPath: nil,
    mentions: ["line 4, column 3", "no comma before \"}\""]),
  BrokenStoryboard(
    description: "a trailing comma in a list",
    json: "{ \"scenes\": {}, \"segues\": [ {}, ] }",
    reason: .malformed(line: 1, column: 33), jsonPath: nil, mentions: ["no comma before \"]\""]),
  BrokenStoryboard(
    description: "a duplicate key",
    json:
      "{\n  \"scenes\": {\n    \"a\": { \"class\": \"SceneController\", \"class\": \"X\" }\n  }\n}",
    reason: .malformed(line: 3, column: 40), jsonPath: nil,
    mentions: ["line 3, column 40", "\"class\" again"]),
  // Refused as it is read: 100,000 scenes took seconds to decode only to be refused.
  BrokenStoryboard(
    description: "a list longer than the limit",
    json:
      "{ \"scenes\": {}, \"segues\": [\(repeatElement("0", count: 10_001).joined(separator: ","))] }",
    reason: .malformed(line: 1, column: 20_028), jsonPath: nil,
    mentions: ["10,000 entries", "StoryboardLimits.maximumEntriesPerList"]),
  BrokenStoryboard(
    description: "a misspelt literal",
    json: "{ \"scenes\": {}, \"initial\": tru }",
    reason: .malformed(line: 1, column: 31), jsonPath: nil, mentions: ["expected true"]),
]

/// Scenes `c0`…`c(levels - 1)`, each a tab bar whose one tab is the next: `levels` deep.
private func deepChain(levels: Int) -> String {
  let scenes = (0..<levels).map { #""c\#($0)": { "class": "TabBarController" }"# }
  let tabs = (0..<levels - 1).map { #""c\#($0)": { "tabs": ["c\#($0 + 1)"] }"# }
  return
    #""scenes": { \#(scenes.joined(separator: ", ")) }, "relationships": { \#(tabs.joined(separator: ", ")) }"#
}

@MainActor
struct StoryboardErrorTests {
  @Test(arguments: brokenStoryboards)
  func aBrokenStoryboardFailsToLoadNamingTheThingAndTheFile(_ broken: BrokenStoryboard) throws {
    SampleStoryboard.registerClasses()
    let url = try SampleStoryboard.write(broken.json)
    do {
      _ = try Storyboard(contentsOf: url)
      Issue.record("\(broken) loaded")
    } catch {
      #expect(error.reason == broken.reason)
      #expect(error.jsonPath == broken.jsonPath)
      #expect(error.file == url.path)
      #expect(error.description.hasPrefix("storyboard \(url.path)"))
      for mention in broken.mentions {
        #expect(error.message.contains(mention), "\(error.message)")
      }
    }
  }

  @Test func theSampleItselfLoads() throws {
    SampleStoryboard.registerClasses()
    let storyboard = try Storyboard(contentsOf: SampleStoryboard.write())
    #expect(storyboard.scenes.count == 13)
    #expect(storyboard.segues["list"]?.count == 3)
    // And so does the smallest storyboard of the broken ones' scenes.
    #expect(throws: Never.self) {
      try Storyboard(contentsOf: SampleStoryboard.write("{ \(scenes()) }"))
    }
  }

  @Test func aMissingFileIsNamed() {
    let path = "/nonexistent/Main.storyboard.json"
    #expect(
      throws: StoryboardError(
        file: path, reason: .fileNotFound, message: "there is no file at this path")
    ) {
      try Storyboard(contentsOf: URL(fileURLWithPath: path))
    }
  }

  /// A FIFO given as the storyboard is refused at once (open() would wait for a writer).
  @Test func aFIFOIsRefusedAtOnce() throws {
    let path = NSTemporaryDirectory() + "kiosk-fifo-\(UUID().uuidString).storyboard.json"
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    #expect(
      throws: StoryboardError(
        file: path, reason: .unreadable,
        message: "the file cannot be read: it is a FIFO, not a regular file")
    ) {
      try Storyboard(contentsOf: URL(fileURLWithPath: path))
    }
  }

  @Test func anUnreadableTabImageIsNamed() throws {
    SampleStoryboard.registerClasses()
    let json = """
      { "scenes": { "a": { "class": "SceneController", "tabBarItem": { "image": "gone.png" } } } }
      """
    let url = try SampleStoryboard.write(json)
    do {
      _ = try Storyboard(contentsOf: url)
      Issue.record("loaded")
    } catch {
      #expect(error.reason == .unreadableImage("gone.png"))
      #expect(error.jsonPath == "scenes.a.tabBarItem.image")
      #expect(
        error.message.contains(
          url.deletingLastPathComponent().appendingPathComponent("gone.png").path))
    }
  }

  @Test func anUnknownIdentifierThrowsNamingTheScenes() throws {
    let storyboard = try SampleStoryboard.load()
    do {
      _ = try storyboard.instantiateViewController(withIdentifier: "detial")
      Issue.record("instantiated")
    } catch {
      #expect(error.reason == .unknownScene("detial"))
      #expect(error.file == storyboard.url.path)
      #expect(error.message.contains("\"detial\""))
      #expect(error.message.contains("detail"))
    }
  }

  @Test func theJSONCheckAcceptsWhatTheDecoderAccepts() {
    let valid = #"{"a": [1, -2.5e3, true, false, null, "x\"y"], "b": {}}"#
    #expect(JSONSyntaxCheck.firstFailure(in: Array(valid.utf8)) == nil)
    let failure = JSONSyntaxCheck.firstFailure(in: Array("[1, 2,, 3]".utf8))
    #expect(failure?.line == 1 && failure?.column == 7)
  }
}
