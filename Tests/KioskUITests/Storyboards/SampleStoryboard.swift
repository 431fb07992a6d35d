import Foundation
import KioskGraphics
import KioskUI

/// The storyboard the storyboard tests load: a tab bar whose first tab is a navigation
/// controller (Recipes: list -> detail -> photo, an Add form presented modally with unwind
/// segues back to the list), a Clock tab, and a split view. It lives in a Swift file
/// because the test target declares no resources; `write()` puts it in a folder of its own
/// with the tab image it names.
@MainActor
enum SampleStoryboard {
  static let json = """
    {
      "initial": "tabs",
      "scenes": {
        "tabs": { "class": "TabBarController" },
        "recipes": {
          "class": "NavigationController",
          "tabBarItem": { "title": "Recipes", "image": "recipes@2x.png", "badge": "3" }
        },
        "list": {
          "class": "SceneController",
          "title": "Recipes",
          "navigationItem": { "backButtonTitle": "All" },
          "definesPresentationContext": true,
          "properties": { "rows": 12, "editable": true, "source": "demo", "ratio": 0.5 }
        },
        "detail": { "class": "SceneController", "title": "Detail" },
        "photo": { "class": "SceneController", "title": "Photo" },
        "palette": { "class": "SceneController", "title": "Palette" },
        "add": { "class": "NavigationController", "modalPresentationStyle": "formSheet" },
        "addForm": {
          "class": "SceneController",
          "title": "Add",
          "navigationItem": { "title": "New recipe" }
        },
        "clock": {
          "class": "SceneController",
          "title": "Clock",
          "tabBarItem": { "title": "Alarm" },
          "modalTransitionStyle": "crossDissolve"
        },
        "split": { "class": "SplitViewController" },
        "master": { "class": "SceneController", "title": "Master" },
        "empty": { "class": "SceneController", "title": "Empty" },
        "item": { "class": "SceneController", "title": "Item" }
      },
      "relationships": {
        "tabs": { "tabs": ["recipes", "clock"] },
        "recipes": { "root": "list" },
        "add": { "root": "addForm" },
        "split": { "primary": "master", "secondary": "empty" }
      },
      "segues": [
        { "identifier": "showDetail", "source": "list", "destination": "detail", "kind": "show" },
        { "identifier": "add", "source": "list", "destination": "add", "kind": "modal" },
        {
          "identifier": "cover", "source": "list", "destination": "photo", "kind": "present",
          "modalPresentationStyle": "overCurrentContext", "animated": false
        },
        { "identifier": "photo", "source": "detail", "destination": "photo", "kind": "push" },
        { "identifier": "palette", "source": "detail", "destination": "palette", "kind": "popover" },
        {
          "identifier": "taggedPalette", "source": "detail", "destination": "palette",
          "kind": "popover", "anchorTag": 7
        },
        {
          "identifier": "fade", "source": "detail", "destination": "photo", "kind": "custom",
          "class": "RecordingSegue"
        },
        { "identifier": "doneAdding", "source": "addForm", "destination": "list", "kind": "unwind" },
        { "identifier": "backToList", "source": "photo", "destination": "list", "kind": "unwind" },
        { "identifier": "nowhere", "source": "photo", "destination": "clock", "kind": "unwind" },
        { "identifier": "showItem", "source": "master", "destination": "item", "kind": "showDetail" }
      ]
    }
    """

  /// Writes `text` (the sample by default) as `Sample.storyboard.json` into a new folder,
  /// with a 56×56-pixel tab image, and returns the file's URL.
  static func write(_ text: String = json, name: String = "Sample") throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("storyboard-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try PixelBuffer(width: 56, height: 56).writePNG(
      to: folder.appendingPathComponent("recipes@2x.png").path)
    let url = folder.appendingPathComponent("\(name).storyboard.json")
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  /// Registers the classes the sample names and loads it.
  static func load() throws -> Storyboard {
    registerClasses()
    return try Storyboard(contentsOf: write())
  }

  static func registerClasses() {
    Storyboard.register(SceneController.self)
    Storyboard.register(ShellSceneController.self)
    Storyboard.register(RecordingSegue.self)
  }
}

/// A journal of what scene controllers and segues did, in API.md's notation ("Detail.wA").
@MainActor
enum SceneLog {
  static var entries: [String] = []

  static func take() -> [String] {
    defer { entries = [] }
    return entries
  }
}

/// The controller class of the sample's content scenes: logs its life under its title, can
/// refuse control-triggered segues, and records the unwind segues that reach it.
@MainActor
final class SceneController: ViewController, StoryboardInstantiable, UnwindSegueDestination {
  var allowsSegues = true
  var prepared: [StoryboardSegue] = []
  var unwound: [(identifier: String?, source: ViewController)] = []

  private var name: String { title ?? "?" }

  private func record(_ event: String) {
    SceneLog.entries.append("\(name).\(event)")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    record("viewDidLoad")
  }
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    record("wA")
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    record("dA")
  }

  override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
    record("shouldPerform(\(identifier))")
    return allowsSegues
  }

  override func prepare(for segue: StoryboardSegue, sender: Any?) {
    super.prepare(for: segue, sender: sender)
    prepared.append(segue)
    let destination = segue.destination
    let name = destination.title ?? String(describing: type(of: destination))
    record("prepare(\(segue.identifier ?? "-") -> \(name), loaded: \(destination.isViewLoaded))")
  }

  func unwind(from segue: StoryboardSegue, sender: Any?) {
    unwound.append((segue.identifier, segue.source))
    record("unwind(\(segue.identifier ?? "-"))")
  }
}

/// The sample's custom segue: logs `perform()` and presents the destination cross-faded.
@MainActor
final class RecordingSegue: StoryboardSegue {
  override func perform() {
    SceneLog.entries.append("RecordingSegue.perform(\(identifier ?? "-"))")
    destination.modalTransitionStyle = .crossDissolve
    source.present(destination, animated: false)
  }
}

/// A custom container that makes the scenes its property `examples` lists, as the demo's
/// shell does (`StoryboardInstantiable.sceneListProperties`).
final class ShellSceneController: ViewController, StoryboardInstantiable {
  static let sceneListProperties = ["examples"]
}
