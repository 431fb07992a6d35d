/// A controller class a storyboard can make with no arguments: `Storyboard.register(_:as:)`
/// needs it. A `final` subclass of `ViewController` conforms just by saying so; a class
/// that is not final adds `required override init() { super.init() }`.
///
/// ```swift
/// final class RecipeListController: ViewController, StoryboardInstantiable { ... }
/// Storyboard.register(RecipeListController.self)
/// ```
@MainActor
public protocol StoryboardInstantiable: ViewController {
  /// Creates the controller; the storyboard then sets what the scene says.
  init()

  /// The names of the scene properties in which this class lists scenes it contains and
  /// makes as it loads (identifiers separated by spaces, e.g. `"examples": "clock
  /// recipes"`); none by default. Loading a storyboard checks them as it checks
  /// relationships: each scene must exist, a list holds at most
  /// `StoryboardLimits.maximumRelationshipCount`, and no scene may contain itself through
  /// them (which would make controllers until the stack runs out).
  ///
  /// UIKit fills a custom container from a storyboard with embed segues of its container
  /// views; KioskKit's storyboards have no container views, so a custom container names
  /// its children in a property and declares it here.
  ///
  /// ```swift
  /// final class ShellController: ViewController, StoryboardInstantiable {
  ///   static let sceneListProperties = ["examples"]
  /// }
  /// ```
  static var sceneListProperties: [String] { get }
}

extension StoryboardInstantiable {
  /// None: the class contains no scenes of its own.
  public static var sceneListProperties: [String] { [] }
}

/// One registered controller class: its type (to check relationships), how to make one,
/// and the properties in which it lists scenes it contains.
@MainActor
struct ControllerClassEntry {
  let type: ViewController.Type
  let make: @MainActor () -> ViewController
  var sceneListProperties: [String] {
    (type as? any StoryboardInstantiable.Type)?.sceneListProperties ?? []
  }
}

/// One registered segue class: how to make one.
struct SegueClassEntry {
  let make:
    @MainActor (_ identifier: String?, _ source: ViewController, _ destination: ViewController) ->
      StoryboardSegue
}

/// The classes storyboards can name, by name. Swift has no `NSClassFromString` for
/// arbitrary classes (and no way to call an initialiser that is not `required` through a
/// metatype), so an app registers each controller and custom segue class it names in a
/// storyboard before loading one.
@MainActor
enum StoryboardRegistry {
  static var controllers: [String: ControllerClassEntry] = [
    "ViewController": ControllerClassEntry(type: ViewController.self) { ViewController() },
    "NavigationController": ControllerClassEntry(type: NavigationController.self) {
      NavigationController()
    },
    "TabBarController": ControllerClassEntry(type: TabBarController.self) { TabBarController() },
    "SplitViewController": ControllerClassEntry(type: SplitViewController.self) {
      SplitViewController()
    },
  ]
  static var segues: [String: SegueClassEntry] = [:]
}

extension Storyboard {
  /// Lets storyboards name `type` as `name` (by default its type name, e.g.
  /// `"RecipeListController"`) in a scene's `class`. Register before loading a storyboard
  /// that names it; registering a name again replaces the class. `ViewController`,
  /// `NavigationController`, `TabBarController` and `SplitViewController` are registered
  /// already.
  ///
  /// Swift has no `NSClassFromString` for arbitrary classes, so storyboards find classes
  /// only through this registry.
  ///
  /// ```swift
  /// Storyboard.register(RecipeListController.self)
  /// Storyboard.register(RecipeDetailController.self, as: "Detail")
  /// ```
  public static func register<Controller: StoryboardInstantiable>(
    _ type: Controller.Type, as name: String? = nil
  ) {
    register(type, as: name) { Controller() }
  }

  /// Lets storyboards name `type` as `name` (by default its type name), made by `make`:
  /// for a class whose initialiser takes arguments, or to hand every new controller a
  /// shared object.
  ///
  /// ```swift
  /// Storyboard.register(RecipeListController.self) { RecipeListController(store: store) }
  /// ```
  public static func register<Controller: ViewController>(
    _ type: Controller.Type, as name: String? = nil,
    make: @escaping @MainActor () -> Controller
  ) {
    StoryboardRegistry.controllers[name ?? String(describing: type)] = ControllerClassEntry(
      type: type, make: make)
  }

  /// Lets storyboards name the custom segue class `type` as `name` (by default its type
  /// name) in a `custom` segue's `class`. The storyboard makes one with
  /// `init(identifier:source:destination:)` each time the segue fires and calls its
  /// `perform()`.
  ///
  /// ```swift
  /// Storyboard.register(FadeSegue.self)
  /// ```
  public static func register<Segue: StoryboardSegue>(_ type: Segue.Type, as name: String? = nil) {
    StoryboardRegistry.segues[name ?? String(describing: type)] = SegueClassEntry {
      identifier, source, destination in
      type.init(identifier: identifier, source: source, destination: destination)
    }
  }

  /// Whether a controller class is registered under `name`.
  public static func isRegistered(_ name: String) -> Bool {
    StoryboardRegistry.controllers[name] != nil
  }
}
