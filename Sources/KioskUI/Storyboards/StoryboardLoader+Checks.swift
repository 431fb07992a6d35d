import Foundation
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
    for name in sceneNames {
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
          fail("scenes.\(name).tabBarItem.image", .unreadableImage(imagePath), message)
        }
      }
      resolved.scenes[name] = ResolvedScene(spec: spec, entry: entry, tabImage: image)
    }

    for container in storyboard.relationships.keys.sorted() {
      guard let relationship = storyboard.relationships[container] else { continue }
      let path = "relationships.\(container)"
      try checkScene(container, at: path)
      let type = resolved.scenes[container]?.entry.type ?? ViewController.self
      let className = storyboard.scenes[container]?.className ?? "?"
      switch relationship {
      case .navigation(let root):
        guard type is NavigationController.Type else {
          throw fail(
            path, .invalidRelationship(container),
            "the scene \"\(container)\" is a \(className); only a NavigationController has a root")
        }
        try checkScene(root, at: "\(path).root")
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
        for (index, tab) in tabs.enumerated() { try checkScene(tab, at: "\(path).tabs[\(index)]") }
      case .split(let primary, let secondary):
        guard type is SplitViewController.Type else {
          throw fail(
            path, .invalidRelationship(container),
            "the scene \"\(container)\" is a \(className); only a SplitViewController has"
              + " primary and secondary columns")
        }
        try checkScene(primary, at: "\(path).primary")
        try checkScene(secondary, at: "\(path).secondary")
      }
    }
    if let cycle = firstCycle(in: storyboard.relationships) {
      throw fail(
        "relationships.\(cycle[0])", .invalidRelationship(cycle[0]),
        "the scene \"\(cycle[0])\" contains itself: " + cycle.joined(separator: " → "))
    }

    for (index, segue) in storyboard.segues.enumerated() {
      let path = "segues[\(index)]"
      try checkScene(segue.source, at: "\(path).source")
      try checkScene(segue.destination, at: "\(path).destination")
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
      if resolved.segues[segue.source]?[segue.identifier] != nil {
        throw fail(
          "\(path).identifier", .invalidValue,
          "the scene \"\(segue.source)\" has two segues named \"\(segue.identifier)\"")
      }
      resolved.segues[segue.source, default: [:]][segue.identifier] = ResolvedSegue(
        spec: segue, index: index, customClass: custom)
    }
    return resolved
  }

  /// A tab image: a path relative to the storyboard's folder; `@2x` and `@3x` before the
  /// extension set the scale.
  private static func loadImage(
    _ path: String, folder: URL, fail: (String) -> StoryboardError
  ) throws(StoryboardError) -> Image {
    let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
    let stem = url.deletingPathExtension().lastPathComponent
    let scale: Double = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
    do {
      return try Image(contentsOfFile: url.path, scale: scale)
    } catch {
      throw fail("the tab image \(url.path) cannot be loaded: \(error)")
    }
  }

  /// The first chain of relationships that leads from a scene back to itself, as scene
  /// names from that scene to itself again.
  private static func firstCycle(in relationships: [String: RelationshipSpec]) -> [String]? {
    func children(_ scene: String) -> [String] {
      switch relationships[scene] {
      case .navigation(let root)?: [root]
      case .tabs(let tabs)?: tabs
      case .split(let primary, let secondary)?: [primary, secondary]
      case nil: []
      }
    }
    var finished: Set<String> = []
    func visit(_ scene: String, _ path: [String]) -> [String]? {
      if let start = path.firstIndex(of: scene) { return Array(path[start...]) + [scene] }
      guard !finished.contains(scene) else { return nil }
      for child in children(scene) {
        if let cycle = visit(child, path + [scene]) { return cycle }
      }
      finished.insert(scene)
      return nil
    }
    for scene in relationships.keys.sorted() {
      if let cycle = visit(scene, []) { return cycle }
    }
    return nil
  }
}
