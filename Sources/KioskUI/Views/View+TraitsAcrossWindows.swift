/// The traits a view had when it left its window, kept until it is in a window again.
final class TraitsWhenLeftWindow {
  let traits: TraitCollection

  init(_ traits: TraitCollection) { self.traits = traits }
}

extension View {
  /// The traits to compare with once this view (being moved) is in a window again: what it
  /// has now when it is in one, else what it had when it left its last.
  func traitsBeforeWindowMove() -> TraitCollection? {
    window != nil ? traitCollection : traitsWhenLeftWindow?.traits
  }

  /// After this view moved from one window (or none) to another (or none): out of a window,
  /// it keeps `before` for later; in one, every view of its subtree whose traits are not
  /// `before` gets `traitCollectionDidChange(_:)`, superviews first — as UIKit tells a view
  /// that comes back into a window after the settings changed while it was out of one (an
  /// offscreen controller's view, a view kept aside). The views are compared with the moved
  /// view's traits from before; nothing is walked when those did not change.
  func deliverTraitChanges(afterWindowMoveFrom before: TraitCollection?) {
    guard window != nil else {
      traitsWhenLeftWindow = before.map(TraitsWhenLeftWindow.init)
      return
    }
    traitsWhenLeftWindow = nil
    guard let before, traitCollection != before else { return }
    deliverTraitChange(from: before)
  }

  private func deliverTraitChange(from before: TraitCollection) {
    if traitCollection != before { traitCollectionDidChange(before) }
    for subview in subviews { subview.deliverTraitChange(from: before) }
  }
}
