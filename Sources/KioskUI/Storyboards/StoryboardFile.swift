/// A storyboard file as written, before its names are checked.
///
/// The format is JSON, read with Foundation's `JSONDecoder`: it adds no dependency (the
/// toolchain ships it), people can read and review it, it diffs line by line, and every
/// editor, linter and language has tooling for it. Keys are checked strictly: a key that is
/// not known here is an error, so that a misspelt key does not pass in silence.
///
/// ```json
/// {
///   "initial": "tabs",
///   "scenes": {
///     "tabs": { "class": "TabBarController" },
///     "recipes": { "class": "NavigationController",
///                  "tabBarItem": { "title": "Recipes", "image": "recipes.png", "badge": "3" } },
///     "list": { "class": "RecipeListController", "title": "Recipes",
///               "navigationItem": { "backButtonTitle": "All" },
///               "properties": { "rows": 12, "editable": true } },
///     "detail": { "class": "RecipeDetailController" }
///   },
///   "relationships": {
///     "tabs": { "tabs": ["recipes"] },
///     "recipes": { "root": "list" }
///   },
///   "segues": [
///     { "identifier": "showRecipe", "source": "list", "destination": "detail", "kind": "show" },
///     { "identifier": "back", "source": "detail", "destination": "list", "kind": "unwind" }
///   ]
/// }
/// ```
struct StoryboardFile: Decodable {
  var initial: String?
  var scenes: [String: SceneSpec]
  var relationships: [String: RelationshipSpec]
  var segues: [SegueSpec]

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case initial, scenes, relationships, segues
  }

  init(from decoder: Decoder) throws {
    try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.rawValue))
    let container = try decoder.container(keyedBy: CodingKeys.self)
    initial = try container.decodeIfPresent(String.self, forKey: .initial)
    scenes = try container.decode([String: SceneSpec].self, forKey: .scenes)
    relationships =
      try container.decodeIfPresent([String: RelationshipSpec].self, forKey: .relationships) ?? [:]
    segues = try container.decodeIfPresent([SegueSpec].self, forKey: .segues) ?? []
  }
}

/// One scene: the controller class and what the storyboard sets on a new controller.
struct SceneSpec: Decodable {
  var className: String
  var title: String?
  var tabBarItem: TabBarItemSpec?
  var navigationItem: NavigationItemSpec?
  var modalPresentationStyle: ModalPresentationStyle?
  var modalTransitionStyle: ModalTransitionStyle?
  var definesPresentationContext: Bool?
  var properties: [String: StoryboardValue]
  /// The controller's view with its subviews (`StoryboardViewSpec`), and the constraints
  /// among them (`StoryboardConstraintSpec`), when the scene lays its view out itself.
  var view: StoryboardViewSpec?
  var constraints: [String]

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case className = "class"
    case title, tabBarItem, navigationItem, modalPresentationStyle, modalTransitionStyle
    case definesPresentationContext, properties, view, constraints
  }

  init(from decoder: Decoder) throws {
    try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.rawValue))
    let container = try decoder.container(keyedBy: CodingKeys.self)
    className = try container.decode(String.self, forKey: .className)
    title = try container.decodeIfPresent(String.self, forKey: .title)
    tabBarItem = try container.decodeIfPresent(TabBarItemSpec.self, forKey: .tabBarItem)
    navigationItem = try container.decodeIfPresent(
      NavigationItemSpec.self, forKey: .navigationItem)
    modalPresentationStyle = try container.decodeName(
      StoryboardNames.presentationStyles, forKey: .modalPresentationStyle)
    modalTransitionStyle = try container.decodeName(
      StoryboardNames.transitionStyles, forKey: .modalTransitionStyle)
    definesPresentationContext = try container.decodeIfPresent(
      Bool.self, forKey: .definesPresentationContext)
    properties =
      try container.decodeIfPresent([String: StoryboardValue].self, forKey: .properties) ?? [:]
    view = try container.decodeIfPresent(StoryboardViewSpec.self, forKey: .view)
    constraints = try container.decodeIfPresent([String].self, forKey: .constraints) ?? []
    if !constraints.isEmpty, view == nil {
      throw DecodingError.dataCorruptedError(
        forKey: .constraints, in: container,
        debugDescription: "constraints need the scene's \"view\" with the views they name")
    }
  }
}

/// What a scene's tab shows: `title`, `image` (a PNG or JPEG path, relative to the
/// storyboard's folder) and `badge`.
struct TabBarItemSpec: Decodable {
  var title: String?
  var image: String?
  var badge: String?

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case title, image, badge
  }

  init(from decoder: Decoder) throws {
    try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.rawValue))
    let container = try decoder.container(keyedBy: CodingKeys.self)
    title = try container.decodeIfPresent(String.self, forKey: .title)
    image = try container.decodeIfPresent(String.self, forKey: .image)
    badge = try container.decodeIfPresent(String.self, forKey: .badge)
  }
}

/// What a navigation bar shows for a scene: `title` and `backButtonTitle`.
struct NavigationItemSpec: Decodable {
  var title: String?
  var backButtonTitle: String?

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case title, backButtonTitle
  }

  init(from decoder: Decoder) throws {
    try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.rawValue))
    let container = try decoder.container(keyedBy: CodingKeys.self)
    title = try container.decodeIfPresent(String.self, forKey: .title)
    backButtonTitle = try container.decodeIfPresent(String.self, forKey: .backButtonTitle)
  }
}

/// The children a container scene is made with.
enum RelationshipSpec: Decodable {
  /// A navigation controller's root: `{ "root": "list" }`.
  case navigation(root: String)
  /// A tab bar controller's tabs, left to right: `{ "tabs": ["a", "b"] }`.
  case tabs([String])
  /// A split view's columns: `{ "primary": "list", "secondary": "detail" }`.
  case split(primary: String, secondary: String)

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case root, tabs, primary, secondary
  }

  init(from decoder: Decoder) throws {
    try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.rawValue))
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let root = try container.decodeIfPresent(String.self, forKey: .root)
    let tabs = try container.decodeIfPresent([String].self, forKey: .tabs)
    let primary = try container.decodeIfPresent(String.self, forKey: .primary)
    let secondary = try container.decodeIfPresent(String.self, forKey: .secondary)
    switch (root, tabs, primary, secondary) {
    case (let root?, nil, nil, nil): self = .navigation(root: root)
    case (nil, let tabs?, nil, nil): self = .tabs(tabs)
    case (nil, nil, let primary?, let secondary?):
      self = .split(primary: primary, secondary: secondary)
    default:
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription:
            "a relationship is one of { \"root\": scene }, { \"tabs\": [scenes] } or"
            + " { \"primary\": scene, \"secondary\": scene }"))
    }
  }
}

/// How a segue brings its destination on screen.
enum SegueKind: Equatable {
  case show, present, popover, showDetail, custom, unwind
}

/// One segue: from a source scene to a destination scene (for an unwind, the scene to go
/// back to).
struct SegueSpec: Decodable {
  var identifier: String
  var source: String
  var destination: String
  var kind: SegueKind
  /// The registered segue class of a custom segue.
  var className: String?
  var animated: Bool
  var modalPresentationStyle: ModalPresentationStyle?
  var modalTransitionStyle: ModalTransitionStyle?
  /// A popover's anchor when the sender is not a view: the `tag` of a view in the source's
  /// view.
  var anchorTag: Int?

  private enum CodingKeys: String, CodingKey, CaseIterable {
    case identifier, source, destination, kind
    case className = "class"
    case animated, modalPresentationStyle, modalTransitionStyle, anchorTag
  }

  init(from decoder: Decoder) throws {
    try decoder.rejectUnknownKeys(CodingKeys.allCases.map(\.rawValue))
    let container = try decoder.container(keyedBy: CodingKeys.self)
    identifier = try container.decode(String.self, forKey: .identifier)
    source = try container.decode(String.self, forKey: .source)
    destination = try container.decode(String.self, forKey: .destination)
    guard let kind = try container.decodeName(StoryboardNames.segueKinds, forKey: .kind) else {
      throw DecodingError.keyNotFound(
        CodingKeys.kind,
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "no kind"))
    }
    self.kind = kind
    className = try container.decodeIfPresent(String.self, forKey: .className)
    animated = try container.decodeIfPresent(Bool.self, forKey: .animated) ?? true
    modalPresentationStyle = try container.decodeName(
      StoryboardNames.presentationStyles, forKey: .modalPresentationStyle)
    modalTransitionStyle = try container.decodeName(
      StoryboardNames.transitionStyles, forKey: .modalTransitionStyle)
    anchorTag = try container.decodeIfPresent(Int.self, forKey: .anchorTag)
    if (kind == .custom) != (className != nil) {
      throw DecodingError.dataCorruptedError(
        forKey: kind == .custom ? .kind : .className, in: container,
        debugDescription: "a custom segue names its registered segue class in \"class\","
          + " and only a custom segue has one")
    }
    if modalPresentationStyle != nil || modalTransitionStyle != nil, kind != .present {
      throw DecodingError.dataCorruptedError(
        forKey: modalPresentationStyle != nil ? .modalPresentationStyle : .modalTransitionStyle,
        in: container,
        debugDescription: "only a present segue sets a presentation or transition style")
    }
    if anchorTag != nil, kind != .popover {
      throw DecodingError.dataCorruptedError(
        forKey: .anchorTag, in: container,
        debugDescription: "only a popover segue has an anchorTag")
    }
  }
}

/// The names the file uses for enumerations.
enum StoryboardNames {
  static let segueKinds: [(String, SegueKind)] = [
    ("show", .show), ("push", .show), ("present", .present), ("modal", .present),
    ("popover", .popover), ("showDetail", .showDetail), ("custom", .custom),
    ("unwind", .unwind),
  ]
  static let presentationStyles: [(String, ModalPresentationStyle)] = [
    ("fullScreen", .fullScreen), ("overFullScreen", .overFullScreen),
    ("currentContext", .currentContext), ("overCurrentContext", .overCurrentContext),
    ("formSheet", .formSheet), ("popover", .popover), ("pageSheet", .pageSheet),
    ("automatic", .automatic),
  ]
  static let transitionStyles: [(String, ModalTransitionStyle)] = [
    ("coverVertical", .coverVertical), ("crossDissolve", .crossDissolve),
  ]
}

/// Any key, to list the keys an object has.
struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
  }

  init(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}

extension Decoder {
  /// Fails on the first key of this object that is not one of `known`.
  func rejectUnknownKeys(_ known: [String]) throws {
    let container = try container(keyedBy: AnyCodingKey.self)
    for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue })
    where !known.contains(key.stringValue) {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: codingPath + [key],
          debugDescription:
            "unknown key \"\(key.stringValue)\"; the keys allowed here are "
            + known.joined(separator: ", ")))
    }
  }
}

extension KeyedDecodingContainer {
  /// Decodes a string that must be one of the names in `table`, as its value.
  func decodeName<Value>(_ table: [(String, Value)], forKey key: Key) throws -> Value? {
    guard let name = try decodeIfPresent(String.self, forKey: key) else { return nil }
    guard let value = table.first(where: { $0.0 == name })?.1 else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription: "\"\(name)\" is not one of "
          + table.map(\.0).joined(separator: ", "))
    }
    return value
  }
}
