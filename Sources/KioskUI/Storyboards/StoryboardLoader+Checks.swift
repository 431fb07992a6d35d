import FoundationEssentials
import KioskGraphics

extension StoryboardLoader {
  /// What checking a file yields: scenes with their classes and segues by source.
  struct Resolved {
    var scenes: [String: ResolvedScene] = [:]
    var segues: [String: [String: ResolvedSegue]] = [:]
  }

  /// Checks every name in `storyboard` (classes, scenes, segue classes, relationship
  /// targets) and loads the tab images; the first problem is thrown.
  static func resolve(
    _ storyboard: StoryboardFile, file: String, folder: URL
  ) throws(StoryboardError) -> Resolved {
    var resolved = Resolved()
    let sceneNames = storyboard.scenes.keys.sorted()
    func fail(_ path: String, _ reason: StoryboardError.Reason, _ message: String)
      -> StoryboardError
    {
      StoryboardError(file: file, jsonPath: path, reason: reason, message: message)
    }
    func checkScene(_ name: String, at path: String) throws(StoryboardError) {
      guard storyboard.scenes[name] == nil else { return }
      throw fail(
        path, .unknownScene(name),
        "there is no scene \"\(name)\"; the scenes are \(sceneNames.joined(separator: ", "))")
    }

    if let initial = storyboard.initial { try checkScene(initial, at: "initial") }
    resolved.scenes = try resolveScenes(in: storyboard, folder: folder, fail: fail)
    try checkRelationships(in: storyboard, resolved: resolved, fail: fail) {
      (name: String, path: String) throws(StoryboardError) in try checkScene(name, at: path)
    }
    try checkSceneLists(in: storyboard, resolved: resolved, fail: fail) {
      (name: String, path: String) throws(StoryboardError) in try checkScene(name, at: path)
    }
    try checkContainment(in: storyboard, resolved: resolved, fail: fail)

    resolved.segues = try resolveSegues(in: storyboard, fail: fail) {
      (name: String, path: String) throws(StoryboardError) in try checkScene(name, at: path)
    }
    return resolved
  }

  /// Each scene with its registered class and its tab image.
  private static func resolveScenes(
    in storyboard: StoryboardFile, folder: URL,
    fail: (String, StoryboardError.Reason, String) -> StoryboardError
  ) throws(StoryboardError) -> [String: ResolvedScene] {
    var scenes: [String: ResolvedScene] = [:]
    for name in storyboard.scenes.keys.sorted() {
      guard let spec = storyboard.scenes[name] else { continue }
      guard let entry = StoryboardRegistry.controllers[spec.className] else {
        throw fail(
          "scenes.\(name).class", .unknownClass(spec.className),
          "the scene \"\(name)\" names the class \"\(spec.className)\", which is not registered;"
            + " call Storyboard.register(\(spec.className).self) before loading")
      }
      var image: Image?
      if let imagePath = spec.tabBarItem?.image {
        image = try loadImage(imagePath, folder: folder) { (message: String) in
          fail(
            "scenes.\(name).tabBarItem.image", .unreadableImage(imagePath),
            "the tab image " + message)
        }
      }
      var scene = ResolvedScene(spec: spec, entry: entry, tabImage: image)
      if let view = spec.view {
        let segues = Set(storyboard.segues.filter { $0.source == name }.map(\.identifier))
        scene.views = try StoryboardSceneViews.resolve(
          root: view, lines: spec.constraints, scene: name, path: "scenes.\(name)",
          segues: segues, folder: folder, fail: fail)
      }
      scenes[name] = scene
    }
    return scenes
  }

  /// That each relationship's container is of the class that has it and names scenes that
  /// exist.
  private static func checkRelationships(
    in storyboard: StoryboardFile, resolved: Resolved,
    fail: (String, StoryboardError.Reason, String) -> StoryboardError,
    checkScene: (String, String) throws(StoryboardError) -> Void
  ) throws(StoryboardError) {
    for container in storyboard.relationships.keys.sorted() {
      guard let relationship = storyboard.relationships[container] else { continue }
      let path = "relationships.\(container)"
      try checkScene(container, path)
      let type = resolved.scenes[container]?.entry.type ?? ViewController.self
      let className = storyboard.scenes[container]?.className ?? "?"
      switch relationship {
      case .navigation(let root):
        guard type is NavigationController.Type else {
          throw fail(
            path, .invalidRelationship(container),
            "the scene \"\(container)\" is a \(className); only a NavigationController has a root")
        }
        try checkScene(root, "\(path).root")
        if resolved.scenes[root]?.entry.type is NavigationController.Type {
          throw fail(
            "\(path).root", .invalidRelationship(container),
            "the root of the navigation scene \"\(container)\" cannot be a navigation controller")
        }
      case .tabs(let tabs):
        guard type is TabBarController.Type else {
          throw fail(
            path, .invalidRelationship(container),
            "the scene \"\(container)\" is a \(className); only a TabBarController has tabs")
        }
        try checkCount(tabs.count, of: "tabs", scene: container, path: "\(path).tabs", fail: fail)
        for (index, tab) in tabs.enumerated() { try checkScene(tab, "\(path).tabs[\(index)]") }
      case .split(let primary, let secondary):
        guard type is SplitViewController.Type else {
          throw fail(
            path, .invalidRelationship(container),
            "the scene \"\(container)\" is a \(className); only a SplitViewController has"
              + " primary and secondary columns")
        }
        try checkScene(primary, "\(path).primary")
        try checkScene(secondary, "\(path).secondary")
      }
    }
  }

  /// The segues by source scene and identifier, their scenes and classes checked.
  private static func resolveSegues(
    in storyboard: StoryboardFile,
    fail: (String, StoryboardError.Reason, String) -> StoryboardError,
    checkScene: (String, String) throws(StoryboardError) -> Void
  ) throws(StoryboardError) -> [String: [String: ResolvedSegue]] {
    var segues: [String: [String: ResolvedSegue]] = [:]
    for (index, segue) in storyboard.segues.enumerated() {
      let path = "segues[\(index)]"
      try checkScene(segue.source, "\(path).source")
      try checkScene(segue.destination, "\(path).destination")
      var custom: SegueClassEntry?
      if let className = segue.className {
        guard let entry = StoryboardRegistry.segues[className] else {
          throw fail(
            "\(path).class", .unknownSegueClass(className),
            "the segue \"\(segue.identifier)\" names the segue class \"\(className)\", which is"
              + " not registered; call Storyboard.register(\(className).self) before loading")
        }
        custom = entry
      }
      if segues[segue.source]?[segue.identifier] != nil {
        throw fail(
          "\(path).identifier", .invalidValue,
          "the scene \"\(segue.source)\" has two segues named \"\(segue.identifier)\"")
      }
      segues[segue.source, default: [:]][segue.identifier] = ResolvedSegue(
        spec: segue, index: index, customClass: custom)
    }
    return segues
  }

  /// A tab image: a path relative to the storyboard's folder; `@2x` and `@3x` before the
  /// extension set the scale.
  static func loadImage(
    _ path: String, folder: URL, fail: (String) -> StoryboardError
  ) throws(StoryboardError) -> Image {
    let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
    let stem = url.deletingPathExtension().lastPathComponent
    let scale: Double = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
    do {
      return try Image(contentsOfFile: url.path, scale: scale)
    } catch {
      throw fail("\(url.path) cannot be loaded: \(error)")
    }
  }
}
