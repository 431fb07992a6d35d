/// Objects that want to look at the view tree at the start of every commit, held weakly:
/// an animating activity indicator checks there whether it can be seen (an ancestor hidden,
/// faded out, or taken out of the window), since a change to any layer commits. Empty (and
/// costing one check) unless such an object is registered.
@MainActor
enum CommitObservers {
  private static var observers: [WeakObserver] = []

  /// Calls `observer.commitWillBegin()` at the start of each commit until it is removed.
  static func add(_ observer: CommitObserver) {
    guard !observers.contains(where: { $0.object === observer }) else { return }
    observers.append(WeakObserver(object: observer))
    Transaction.setNeedsCommit()
  }

  static func remove(_ observer: CommitObserver) {
    observers.removeAll { $0.object === observer || $0.object == nil }
  }

  /// Runs at the start of `Transaction.flush()`, before layout.
  static func commitWillBegin() {
    guard !observers.isEmpty else { return }
    // An observer may remove itself (or add others): walk the list as it was.
    for entry in observers { entry.object?.commitWillBegin() }
  }

  static func removeAllForTesting() {
    observers.removeAll()
  }
}

/// Something that looks at the view tree at the start of each commit.
@MainActor
protocol CommitObserver: AnyObject {
  func commitWillBegin()
}

@MainActor
private struct WeakObserver {
  weak var object: CommitObserver?
}
