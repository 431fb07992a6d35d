import KioskGraphics

extension ViewController {
  /// The view of type `V` that a table or collection view controller presents: its own
  /// view, or — when a subclass's `loadView` made something else — one made by `make`,
  /// kept in `embedded` and filling the view, so the controller's `tableView` or
  /// `collectionView` always means one.
  func contentView<V: View>(embedded: inout V?, make: () -> V) -> V {
    if let own = view as? V { return own }
    if let embedded, embedded.superview === view { return embedded }
    let made = make()
    embedded = made
    made.frame = view.bounds
    made.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view.addSubview(made)
    return made
  }
}
