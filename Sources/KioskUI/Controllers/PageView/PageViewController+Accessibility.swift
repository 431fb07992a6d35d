extension PageViewController {
  /// A screen reader's three-finger swipe (`accessibilityScroll(_:)` on the page view):
  /// `.left`, `.up` and `.next` turn to the next page, `.right`, `.down` and `.previous` to
  /// the one before, as a finger's swipe does — the delegate hears `willTransitionTo` and
  /// `didFinishAnimating` — and then `.pageScrolled` says "page 2 of 5" when the data source
  /// counts the pages. `false` at the first or last page, or during a transition.
  func turnPage(_ direction: AccessibilityScrollDirection) -> Bool {
    guard let from = current else { return false }
    let forward = [.left, .up, .next].contains(direction)
    let neighbour =
      forward
      ? dataSource?.pageViewController(self, viewControllerAfter: from)
      : dataSource?.pageViewController(self, viewControllerBefore: from)
    guard let page = neighbour, page !== from, page !== self else { return false }
    delegate?.pageViewController(self, willTransitionTo: [page])
    setViewControllers([page], direction: forward ? .forward : .reverse, animated: true) {
      [weak self] finished in
      guard let self else { return }
      self.delegate?.pageViewController(
        self, didFinishAnimating: finished, previousViewControllers: [from],
        transitionCompleted: true)
      Accessibility.post(notification: .pageScrolled, argument: self.pagePosition)
    }
    return true
  }

  /// "page 2 of 5" when the data source counts the pages, else nil.
  var pagePosition: String? {
    guard let dataSource else { return nil }
    let count = dataSource.presentationCount(for: self)
    guard count > 0 else { return nil }
    return "page \(dataSource.presentationIndex(for: self) + 1) of \(count)"
  }
}
