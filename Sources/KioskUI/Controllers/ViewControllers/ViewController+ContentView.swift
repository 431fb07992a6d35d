import KioskGraphics

extension ViewController {
  /// The view of type `V` that a table or collection view controller presents: its own
  /// view, or — when a subclass's `loadView` made something else — one made by `make`,
  /// kept in `embedded` and filling the view, so the controller's `tableView` or
  /// `collectionView` always means one.
  ///
  /// The embedded view is read and kept through closures, not an `inout` property: asking
  /// for `view` may load it, and a `viewDidLoad` that asks for the table again would
  /// otherwise access the property twice at once (an exclusivity trap).
  func contentView<V: View>(embedded: () -> V?, keep: (V) -> Void, make: () -> V) -> V {
    let view = self.view
    if let own = view as? V { return own }
    if let embedded = embedded(), embedded.superview === view { return embedded }
    let made = make()
    keep(made)
    made.frame = view.bounds
    made.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    view.addSubview(made)
    return made
  }
}
