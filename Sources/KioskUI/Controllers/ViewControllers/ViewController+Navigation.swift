extension ViewController {
  /// The navigation controller this controller is in: the nearest ancestor that is one, or
  /// `nil` when it is not in a navigation stack.
  ///
  /// ```swift
  /// navigationController?.pushViewController(DetailController(recipe), animated: true)
  /// ```
  public var navigationController: NavigationController? {
    nearestAncestor(ofType: NavigationController.self)
  }

  /// The tab bar controller this controller is in: the nearest ancestor that is one, or
  /// `nil` when it is not in a tab.
  public var tabBarController: TabBarController? {
    nearestAncestor(ofType: TabBarController.self)
  }

  private func nearestAncestor<Container: ViewController>(ofType type: Container.Type)
    -> Container?
  {
    var ancestor = parent
    while let candidate = ancestor {
      if let container = candidate as? Container { return container }
      ancestor = candidate.parent
    }
    return nil
  }
}
