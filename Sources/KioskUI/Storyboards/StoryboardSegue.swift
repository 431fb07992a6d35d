/// One firing of a storyboard segue: the transition from a source controller to a
/// destination controller. UIKit's `UIStoryboardSegue`.
///
/// When a segue fires, the storyboard makes the destination controller, makes the segue,
/// calls the source's `prepare(for:sender:)` (the destination exists, its view is not
/// loaded yet), then calls `perform()`. The built-in kinds (`show`, `present`, `popover`,
/// `showDetail`, `unwind`) perform with a handler; a `custom` segue is a subclass that
/// overrides `perform()`, registered with `Storyboard.register(_:as:)`.
///
/// ```swift
/// final class FadeSegue: StoryboardSegue {
///   override func perform() {
///     destination.modalTransitionStyle = .crossDissolve
///     source.present(destination, animated: true)
///   }
/// }
/// Storyboard.register(FadeSegue.self)
/// // { "identifier": "fade", "source": "a", "destination": "b", "kind": "custom",
/// //   "class": "FadeSegue" }
/// ```
@MainActor
open class StoryboardSegue {
  /// The segue's identifier in the storyboard, which `prepare(for:sender:)` tells segues
  /// apart by.
  public let identifier: String?
  /// The controller the segue starts from (the one whose `performSegue` was called).
  public let source: ViewController
  /// The controller the segue brings on screen (for an unwind segue, the one it goes back
  /// to).
  public let destination: ViewController
  private var performHandler: (@MainActor () -> Void)?

  /// Creates a segue; the storyboard calls this for custom segue classes, which override
  /// `perform()`.
  public required init(identifier: String?, source: ViewController, destination: ViewController) {
    self.identifier = identifier
    self.source = source
    self.destination = destination
  }

  /// Creates a segue whose `perform()` runs `performHandler`.
  public convenience init(
    identifier: String?, source: ViewController, destination: ViewController,
    performHandler: @escaping @MainActor () -> Void
  ) {
    self.init(identifier: identifier, source: source, destination: destination)
    self.performHandler = performHandler
  }

  /// Brings the destination on screen. The default runs the handler given at creation;
  /// a custom segue overrides it (without calling `super`).
  open func perform() {
    performHandler?()
  }
}
