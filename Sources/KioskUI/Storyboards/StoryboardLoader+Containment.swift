extension StoryboardLoader {
  /// One scene that another contains and makes together with itself: a relationship
  /// (`root`, `tabs`, `primary`, `secondary`) or a scene-list property of its class.
  /// Segues are not containment: they make their destination when they fire, on a user's
  /// action, so a segue back to its own scene is no loop.
  struct Containment {
    /// `root`, `tabs`, `primary`, `secondary` or the property's name.
    let label: String
    let scene: String
    /// Where the container says so, for the error.
    let jsonPath: String
  }

  /// The scenes `name` contains, in the order it makes them.
  static func containments(
    of name: String, in storyboard: StoryboardFile, resolved: Resolved
  ) -> [Containment] {
    var result: [Containment] = []
    let path = "relationships.\(name)"
    switch storyboard.relationships[name] {
    case .navigation(let root)?:
      result.append(Containment(label: "root", scene: root, jsonPath: path))
    case .tabs(let tabs)?:
      result += tabs.map { Containment(label: "tabs", scene: $0, jsonPath: path) }
    case .split(let primary, let secondary)?:
      result.append(Containment(label: "primary", scene: primary, jsonPath: path))
      result.append(Containment(label: "secondary", scene: secondary, jsonPath: path))
    case nil:
      break
    }
    guard let scene = resolved.scenes[name] else { return result }
    for property in scene.entry.sceneListProperties {
      let scenes = StoryboardProperties(scene.spec.properties).sceneList(property) ?? []
      let path = "scenes.\(name).properties.\(property)"
      result += scenes.map { Containment(label: property, scene: $0, jsonPath: path) }
    }
    return result
  }

  /// Checks the scene-list properties of each scene's class: a string of scene identifiers
  /// that exist, at most `StoryboardLimits.maximumRelationshipCount` of them.
  static func checkSceneLists(
    in storyboard: StoryboardFile, resolved: Resolved,
    fail: (String, StoryboardError.Reason, String) -> StoryboardError,
    checkScene: (String, String) throws(StoryboardError) -> Void
  ) throws(StoryboardError) {
    for name in resolved.scenes.keys.sorted() {
      guard let scene = resolved.scenes[name] else { continue }
      for property in scene.entry.sceneListProperties {
        let path = "scenes.\(name).properties.\(property)"
        let properties = StoryboardProperties(scene.spec.properties)
        guard properties[property] != nil else { continue }
        guard let scenes = properties.sceneList(property) else {
          throw fail(
            path, .invalidValue,
            "a \(scene.spec.className) lists the scenes it contains in its property"
              + " \(property): a string of scene identifiers separated by spaces")
        }
        try checkCount(
          scenes.count, of: "scenes in \(property)", scene: name, path: path, fail: fail)
        for child in scenes { try checkScene(child, path) }
      }
    }
  }

  /// Refuses a list of more than `StoryboardLimits.maximumRelationshipCount` scenes.
  static func checkCount(
    _ count: Int, of what: String, scene: String, path: String,
    fail: (String, StoryboardError.Reason, String) -> StoryboardError
  ) throws(StoryboardError) {
    let limit = StoryboardLimits.maximumRelationshipCount
    guard count > limit else { return }
    throw fail(
      path, .invalidRelationship(scene),
      "the scene \"\(scene)\" lists \(count.grouped) \(what); the most is \(limit.grouped)"
        + " (StoryboardLimits.maximumRelationshipCount)")
  }

  /// Walks what each scene contains, depth first and without recursion (a chain of
  /// 100,000 scenes must not overflow the stack), and refuses a scene that contains itself
  /// (naming the way round: "a → tabs → b → root → a"), one that contains scenes more than
  /// `StoryboardLimits.maximumContainmentDepth` deep, and one whose making would make more
  /// than `StoryboardLimits.maximumControllersPerScene` controllers. Each scene is walked
  /// once: linear in the scenes and containments.
  static func checkContainment(
    in storyboard: StoryboardFile, resolved: Resolved,
    fail: (String, StoryboardError.Reason, String) -> StoryboardError
  ) throws(StoryboardError) {
    typealias Step = ContainmentStep
    enum Mark { case onPath, done }
    var marks: [String: Mark] = [:]
    /// Per scene walked: how deep it nests (itself is 1) and how many controllers making it
    /// makes (itself included; past the limit, the limit plus one).
    var depths: [String: Int] = [:]
    var counts: [String: Int] = [:]
    /// The deepest scene each one contains, to name the chain that is too deep.
    var deepest: [String: Containment] = [:]
    let countLimit = StoryboardLimits.maximumControllersPerScene

    for start in resolved.scenes.keys.sorted() where marks[start] == nil {
      var path = [
        Step(scene: start, contained: containments(of: start, in: storyboard, resolved: resolved))
      ]
      marks[start] = .onPath
      while let top = path.indices.last {
        if path[top].next < path[top].contained.count {
          let containment = path[top].contained[path[top].next]
          path[top].next += 1
          switch marks[containment.scene] {
          case .done?:
            continue
          case .onPath?:
            throw loopError(path, closedBy: containment, fail: fail)
          case nil:
            marks[containment.scene] = .onPath
            path.append(
              Step(
                scene: containment.scene,
                contained: containments(of: containment.scene, in: storyboard, resolved: resolved)))
          }
        } else {
          let step = path.removeLast()
          var depth = 1
          var count = 1
          for containment in step.contained {
            let childDepth = depths[containment.scene] ?? 1
            if childDepth + 1 > depth {
              depth = childDepth + 1
              deepest[step.scene] = containment
            }
            count = min(count + (counts[containment.scene] ?? 1), countLimit + 1)
          }
          depths[step.scene] = depth
          counts[step.scene] = count
          marks[step.scene] = .done
          try checkLimits(of: step, depth: depth, count: count, deepest: deepest, fail: fail)
        }
      }
    }
  }

  /// A scene on the path `checkContainment` walks, with the scenes it contains and the
  /// index of the next one to walk.
  struct ContainmentStep {
    let scene: String
    let contained: [Containment]
    var next = 0
  }

  /// The error for a scene that contains itself: `containment` leads back to a scene on
  /// `path`, and the message names the way round.
  private static func loopError(
    _ path: [ContainmentStep], closedBy containment: Containment,
    fail: (String, StoryboardError.Reason, String) -> StoryboardError
  ) -> StoryboardError {
    let first = path.lastIndex { $0.scene == containment.scene } ?? path.count - 1
    var words: [String] = []
    for step in path[first...] {
      words += [step.scene, step.contained[step.next - 1].label]
    }
    let loop = words + [containment.scene]
    let entry = path[first].contained[path[first].next - 1]
    return fail(
      entry.jsonPath, .invalidRelationship(containment.scene),
      "the scene \"\(containment.scene)\" contains itself: "
        + loop.joined(separator: " → "))
  }

  /// Refuses a walked scene that nests `depth` deep or makes `count` controllers, past
  /// the limits; `deepest` names the chain that is too deep.
  private static func checkLimits(
    of step: ContainmentStep, depth: Int, count: Int, deepest: [String: Containment],
    fail: (String, StoryboardError.Reason, String) -> StoryboardError
  ) throws(StoryboardError) {
    let depthLimit = StoryboardLimits.maximumContainmentDepth
    let countLimit = StoryboardLimits.maximumControllersPerScene
    if depth > depthLimit {
      var chain = [step.scene]
      var scene = step.scene
      while let next = deepest[scene] {
        chain += [next.label, next.scene]
        scene = next.scene
      }
      throw fail(
        step.contained.first?.jsonPath ?? "scenes.\(step.scene)",
        .invalidRelationship(step.scene),
        "the scene \"\(step.scene)\" contains scenes \(depth) deep ("
          + chain.joined(separator: " → ") + "); the most is \(depthLimit)"
          + " (StoryboardLimits.maximumContainmentDepth)")
    }
    if count > countLimit {
      throw fail(
        step.contained.first?.jsonPath ?? "scenes.\(step.scene)",
        .invalidRelationship(step.scene),
        "making the scene \"\(step.scene)\" would make more than \(countLimit.grouped)"
          + " controllers with those it contains; the most is \(countLimit.grouped)"
          + " (StoryboardLimits.maximumControllersPerScene)")
    }
  }
}

extension StoryboardProperties {
  /// The scene identifiers a scene-list property names (separated by spaces); `nil` when
  /// the property is missing or not a string.
  func sceneList(_ key: String) -> [String]? {
    string(key)?.split(separator: " ").map(String.init)
  }
}
