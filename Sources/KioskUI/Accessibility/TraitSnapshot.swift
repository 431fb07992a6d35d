/// The traits every view of some windows had before a change (a turn of the screen, new
/// accessibility settings), so that after it the views whose traits changed can be told.
@MainActor
struct TraitSnapshot {
  private var entries: [(view: View, traits: TraitCollection)] = []

  /// Notes the traits of `windows` and all the views in them.
  init(windows: [Window]) {
    for window in windows { note(window) }
  }

  private mutating func note(_ view: View) {
    entries.append((view, view.traitCollection))
    for subview in view.subviews { note(subview) }
  }

  /// Calls `traitCollectionDidChange(_:)` on every noted view whose traits differ now,
  /// superviews before their subviews. A new text size or weight also lays each such view
  /// out again, as text that grew needs room: UIKit gets that from Auto Layout and
  /// self-sizing cells; a view laid out by hand in `layoutSubviews` gets it here.
  func deliverChanges() {
    for (view, previous) in entries where view.traitCollection != previous {
      let current = view.traitCollection
      if current.preferredContentSizeCategory != previous.preferredContentSizeCategory
        || current.legibilityWeight != previous.legibilityWeight
      {
        view.setNeedsLayout()
      }
      view.traitCollectionDidChange(previous)
    }
  }
}
