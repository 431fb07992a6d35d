extension ViewController {
  /// The default of `show(_:sender:)`: the request goes up to the parent (or, for a
  /// presented controller, the presenter) until a container that overrides
  /// `show(_:sender:)` takes it; at the top, `controller` is presented modally.
  ///
  /// NavigationController is to override `show(_:sender:)` to push (it is written on the
  /// `nav` branch); until then a `show` inside a navigation stack presents.
  func showInContainer(_ controller: ViewController, sender: Any?) {
    if let target = showTarget {
      target.show(controller, sender: sender)
    } else {
      present(controller, animated: true)
    }
  }

  /// The default of `showDetailViewController(_:sender:)`: up the same way to a container
  /// that overrides it (a split view); at the top, `controller` is presented modally.
  func showDetailInContainer(_ controller: ViewController, sender: Any?) {
    if let target = showTarget {
      target.showDetailViewController(controller, sender: sender)
    } else {
      present(controller, animated: true)
    }
  }

  /// The next controller up that a show request goes to.
  private var showTarget: ViewController? { parent ?? presentingStorage }
}
