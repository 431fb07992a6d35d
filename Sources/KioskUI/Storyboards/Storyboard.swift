import FoundationEssentials
import KioskBase

/// The screens of an app and the ways between them, declared in a file: scenes (each a
/// registered controller class with a title, bar items and properties), relationships
/// (a navigation controller's root, a tab bar's tabs, a split view's columns), segues
/// (show, present, popover, show detail, custom, unwind) and the initial scene. UIKit's
/// `UIStoryboard`, with a JSON file in place of Interface Builder's (the format is
/// described with `Storyboard.fileExtension`).
///
/// Loading checks the whole file: a class that is not registered, a scene, segue or
/// relationship target that does not exist, a relationship that does not fit its
/// container, or a tab image that cannot be read is a `StoryboardError` naming the thing
/// and the file.
///
/// ```swift
/// Storyboard.register(RecipeListController.self)
/// Storyboard.register(RecipeDetailController.self)
/// let storyboard = try Storyboard(name: "Main")
/// window.rootViewController = storyboard.instantiateInitialViewController()
/// ```
@MainActor
public final class Storyboard {
  /// The extension of storyboard files: `Main.storyboard.json`.
  ///
  /// The file is a JSON object:
  /// - `initial`: the identifier of the scene `instantiateInitialViewController()` makes.
  /// - `scenes`: identifier → `{ "class": registered name, "title", "tabBarItem": { "title",
  ///   "image" (a file relative to the storyboard), "badge" }, "navigationItem": { "title",
  ///   "backButtonTitle" }, "modalPresentationStyle", "modalTransitionStyle",
  ///   "definesPresentationContext", "properties": { name: string, number or boolean },
  ///   "view": the controller's view (`"backgroundColor"` and `"subviews"`: each `{ "id",
  ///   "class": View, Label, Button, ImageView, TextField, Switch or StackView, and what it
  ///   shows: "text", "title", "font": { "size", "weight" }, "textColor", "textAlignment",
  ///   "numberOfLines", "image", "placeholder", "isOn", "segue" (a button's tap), a stack's
  ///   "axis", "spacing", "alignment", "distribution", "frame", "isHidden", "alpha",
  ///   "accessibilityLabel", "subviews" }`), "constraints": [lines such as
  ///   `"title.top == safeArea.top + 20"` or `"order.width == 0.5 * view.width @750"`] }`.
  ///   A view's `id` is its `accessibilityIdentifier`; the controller finds it with
  ///   `storyboardView(withIdentifier:as:)`.
  /// - `relationships`: container scene → `{ "root": scene }` (navigation), `{ "tabs":
  ///   [scenes] }` or `{ "primary": scene, "secondary": scene }` (split view).
  /// - `segues`: a list of `{ "identifier", "source", "destination", "kind" }`, the kind
  ///   being `show` (or `push`), `present` (or `modal`), `popover`, `showDetail`, `custom`
  ///   (with `"class"`: a registered segue class) or `unwind` (the destination is the
  ///   scene to go back to); optionally `"animated"`, `"modalPresentationStyle"`,
  ///   `"modalTransitionStyle"` and, for a popover, `"anchorTag"`.
  public static let fileExtension = "storyboard.json"

  /// The storyboard's name: its file name without the extension.
  public let name: String
  /// The file it was loaded from.
  public let url: URL
  let scenes: [String: ResolvedScene]
  let relationships: [String: RelationshipSpec]
  /// Segues by source scene, then by identifier.
  let segues: [String: [String: ResolvedSegue]]
  /// The identifier of the initial scene, if the file names one.
  public let initialSceneIdentifier: String?

  /// Loads the storyboard `name` (`name.storyboard.json`) from `bundle` (the main bundle
  /// when `nil`; an app's own resources: `ResourceBundle(path: Bundle.module.bundlePath)`).
  public convenience init(name: String, bundle: ResourceBundle? = nil) throws(StoryboardError) {
    let bundle = bundle ?? .main
    guard let url = bundle.url(forResource: name, withExtension: Self.fileExtension) else {
      throw StoryboardError(
        file: "\(name).\(Self.fileExtension)", reason: .fileNotFound,
        message: "there is no storyboard \(name).\(Self.fileExtension) in \(bundle.bundlePath)")
    }
    try self.init(contentsOf: url)
  }

  /// Loads the storyboard file at `url` and checks it.
  public init(contentsOf url: URL) throws(StoryboardError) {
    let path = url.path
    let file = try StoryboardLoader.decode(StoryboardLoader.read(path), file: path)
    let resolved = try StoryboardLoader.resolve(
      file, file: path, folder: url.deletingLastPathComponent())
    self.url = url
    var name = url.lastPathComponent
    for suffix in [".\(Self.fileExtension)", ".json"] where name.hasSuffix(suffix) {
      name.removeLast(suffix.count)
      break
    }
    self.name = name
    scenes = resolved.scenes
    relationships = file.relationships
    segues = resolved.segues
    initialSceneIdentifier = file.initial
  }

  /// Makes the controller of the initial scene, with the controllers its relationships
  /// contain; `nil` when the storyboard has no initial scene.
  public func instantiateInitialViewController() -> ViewController? {
    initialSceneIdentifier.flatMap { scenes[$0] == nil ? nil : instantiate(scene: $0) }
  }

  /// Makes the controller of the scene `identifier`, with the controllers its relationships
  /// contain. Each call makes new controllers. Unlike UIKit, which raises an exception, an
  /// identifier the storyboard does not have throws.
  ///
  /// ```swift
  /// let detail = try storyboard.instantiateViewController(withIdentifier: "detail")
  /// ```
  public func instantiateViewController(withIdentifier identifier: String)
    throws(StoryboardError) -> ViewController
  {
    guard scenes[identifier] != nil else {
      throw StoryboardError(
        file: url.path, reason: .unknownScene(identifier),
        message: "there is no scene \"\(identifier)\"; the scenes are "
          + scenes.keys.sorted().joined(separator: ", "))
    }
    return instantiate(scene: identifier)
  }

  /// Makes a scene's controller, sets what the scene says, and fills a container with its
  /// children. The file was checked at load, so every name resolves.
  func instantiate(scene identifier: String) -> ViewController {
    guard let scene = scenes[identifier] else { return ViewController() }
    let controller = scene.entry.make()
    controller.storyboardOrigin = StoryboardOrigin(storyboard: self, scene: identifier)
    scene.configure(controller)
    switch relationships[identifier] {
    case .navigation(let root)?:
      (controller as? NavigationController)?.setViewControllers(
        [instantiate(scene: root)], animated: false)
    case .tabs(let tabs)?:
      (controller as? TabBarController)?.setViewControllers(
        tabs.map { instantiate(scene: $0) }, animated: false)
    case .split(let primary, let secondary)?:
      (controller as? SplitViewController)?.viewControllers = [
        instantiate(scene: primary), instantiate(scene: secondary),
      ]
    case nil:
      break
    }
    return controller
  }

  /// The main storyboard of a launch: the file at `path`, which must have an initial scene.
  static func loadMain(path: String) throws(StoryboardError) -> Storyboard {
    let storyboard = try Storyboard(contentsOf: URL(fileURLWithPath: path))
    guard storyboard.initialSceneIdentifier != nil else {
      throw StoryboardError(
        file: path, jsonPath: "initial", reason: .noInitialScene,
        message: "a main storyboard needs an initial scene (\"initial\": scene)")
    }
    return storyboard
  }

  /// Where errors go that have no caller to throw to: a segue performed with
  /// `performSegue(withIdentifier:sender:)` that the storyboard cannot perform (no such
  /// segue, a popover without an anchor, an unwind with nothing to go back to). The
  /// default writes the error to standard error; the KioskKit runtime logs it.
  public static var errorHandler: @MainActor (StoryboardError) -> Void = { error in
    writeToStandardError("\(error)\n")
  }
}

/// Which storyboard scene a controller was made from.
@MainActor
final class StoryboardOrigin {
  let storyboard: Storyboard
  let scene: String

  init(storyboard: Storyboard, scene: String) {
    self.storyboard = storyboard
    self.scene = scene
  }

  /// The scene's properties.
  var properties: StoryboardProperties {
    StoryboardProperties(storyboard.scenes[scene]?.spec.properties ?? [:])
  }

  /// The scene's own view and constraints, if it has them.
  var views: StoryboardSceneViews? { storyboard.scenes[scene]?.views }
}
