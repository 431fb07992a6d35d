/// A controller that wants to hear when an unwind segue comes back to it: the storyboard
/// calls `unwind(from:sender:)` after the source's `prepare(for:sender:)` and before the
/// presented controllers are dismissed and the navigation stack is popped back to it. It
/// takes the place of UIKit's unwind action methods (Swift has no selectors to name in a
/// file). A controller need not adopt it to be the destination of an unwind segue.
///
/// ```swift
/// final class RecipeListController: ViewController, UnwindSegueDestination {
///   func unwind(from segue: StoryboardSegue, sender: Any?) {
///     if segue.identifier == "saveRecipe", let editor = segue.source as? RecipeEditor {
///       recipes.append(editor.recipe)
///     }
///   }
/// }
/// ```
@MainActor
public protocol UnwindSegueDestination: ViewController {
  /// An unwind segue is coming back to this controller; `segue.source` is where it started.
  func unwind(from segue: StoryboardSegue, sender: Any?)
}

extension ViewController {
  /// An unwind segue: finds the closest controller of the destination scene behind this
  /// one (below it in a navigation stack, up its containers, under the presentations it is
  /// in, in the selected tab of a tab bar), then dismisses what is presented over that
  /// controller and pops its navigation stack back to it.
  func unwind(
    _ segue: ResolvedSegue, in storyboard: Storyboard, sender: Any?
  ) throws(StoryboardError) {
    let scene = segue.spec.destination
    guard let target = unwindTarget(scene: scene, in: storyboard) else {
      throw storyboard.error(
        at: segue, .cannotPerform(segue.spec.identifier),
        "the unwind segue \"\(segue.spec.identifier)\" goes back to the scene \"\(scene)\", and"
          + " no controller of that scene is behind \(type(of: self))")
    }
    let animated = segue.spec.animated
    let unwindSegue = StoryboardSegue(
      identifier: segue.spec.identifier, source: self, destination: target
    ) {
      let dismisses = target.presentedViewController != nil
      if dismisses { target.dismiss(animated: animated) }
      var child = target
      while let parent = child.parent {
        if let navigation = parent as? NavigationController,
          navigation.topViewController !== child
        {
          _ = navigation.popToViewController(child, animated: animated && !dismisses)
        }
        child = parent
      }
    }
    prepare(for: unwindSegue, sender: sender)
    (target as? UnwindSegueDestination)?.unwind(from: unwindSegue, sender: sender)
    unwindSegue.perform()
  }

  /// The closest controller made from `scene` of `storyboard`'s file that is behind this
  /// one: up the parent chain (and below this branch in navigation stacks), then in the
  /// controller that presented it, and so on to the root.
  private func unwindTarget(scene: String, in storyboard: Storyboard) -> ViewController? {
    func matches(_ controller: ViewController) -> Bool {
      guard controller !== self, let origin = controller.storyboardOrigin else { return false }
      return origin.scene == scene && origin.storyboard.url == storyboard.url
    }
    // What is on screen under a presentation: a tab bar's selected tab, a navigation stack
    // from the top down, every child of other containers.
    func search(_ controller: ViewController) -> ViewController? {
      if matches(controller) { return controller }
      let children =
        (controller as? TabBarController).map { tabs in
          tabs.selectedViewController.map { [$0] } ?? []
        } ?? Array(controller.children.reversed())
      for child in children {
        if let found = search(child) { return found }
      }
      return nil
    }
    var current: ViewController = self
    while true {
      if let parent = current.parent {
        if matches(parent) { return parent }
        if let navigation = parent as? NavigationController,
          let index = navigation.viewControllers.firstIndex(where: { $0 === current })
        {
          for below in navigation.viewControllers[..<index].reversed() {
            if let found = search(below) { return found }
          }
        }
        current = parent
      } else if let presenter = current.presentingStorage {
        if let found = search(presenter) { return found }
        current = presenter
      } else {
        return nil
      }
    }
  }
}
