/// Closures called in every commit once the windows are laid out, before anything is drawn:
/// the screen reader moves its focus ring there (so that it follows its element in the same
/// frame) and notices a focused element's new value.
@MainActor
struct LayoutObservers {
  private var observers: [Int: @MainActor () -> Void] = [:]
  private var nextToken = 0

  mutating func add(_ observer: @escaping @MainActor () -> Void) -> Int {
    nextToken += 1
    observers[nextToken] = observer
    return nextToken
  }

  mutating func remove(_ token: Int) { observers[token] = nil }

  func notify() {
    // Nothing registered (no screen reader) costs one check per commit.
    guard !observers.isEmpty else { return }
    for key in observers.keys.sorted() { observers[key]?() }
  }
}

extension Application {
  /// Calls `observer` in every commit from now on, once layout is done and before drawing
  /// (what it changes shows in the same frame); returns a token for
  /// `removeLayoutObserver(_:)`. KioskKit's own: UIKit has no such public hook, and the
  /// screen reader, which lives outside KioskUI, needs one to keep its focus ring on a
  /// moving element.
  public func addLayoutObserver(_ observer: @escaping @MainActor () -> Void) -> Int {
    layoutObservers.add(observer)
  }

  /// Stops calling the observer `token` names.
  public func removeLayoutObserver(_ token: Int) {
    layoutObservers.remove(token)
  }
}
