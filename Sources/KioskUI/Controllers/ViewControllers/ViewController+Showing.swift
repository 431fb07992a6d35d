extension ViewController {
  /// The default of `show(_:sender:)`: the request goes up to the parent (or, for a
  /// presented controller, the presenter) until a container that overrides
  /// `show(_:sender:)` takes it (a navigation controller pushes, a split view fills its
  /// primary column); at the top, `controller` is presented modally by the top of the
  /// presentation chain. (UIKit's documentation names the window's root controller, which
  /// refuses when it already presents one; a `show` from a presented controller means "over
  /// what is on screen".)
  func showInContainer(_ controller: ViewController, sender: Any?) {
    if let target = showTarget {
      target.show(controller, sender: sender)
    } else {
      topOfPresentationChain.present(controller, animated: true)
    }
  }

  /// The default of `showDetailViewController(_:sender:)`: up the same way to a container
  /// that overrides it (a split view); at the top, `controller` is presented modally as by
  /// `show(_:sender:)`.
  func showDetailInContainer(_ controller: ViewController, sender: Any?) {
    if let target = showTarget {
      target.showDetailViewController(controller, sender: sender)
    } else {
      topOfPresentationChain.present(controller, animated: true)
    }
  }

  /// The last controller presented above this one (itself when it presents nothing).
  private var topOfPresentationChain: ViewController {
    var top = self
    while let above = top.presentedStorage { top = above }
    return top
  }

  /// The next controller up that a show request goes to.
  private var showTarget: ViewController? { parent ?? presentingStorage }
}
