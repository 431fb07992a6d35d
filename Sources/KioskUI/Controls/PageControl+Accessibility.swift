extension PageControl {
  /// "page 2 of 5", as UIKit's page control speaks its value; nothing without pages.
  var describedValue: String? {
    numberOfPages > 0 ? "page \(Accessibility.position(currentPage, of: numberOfPages))" : nil
  }

  /// A screen reader's swipe: turns to the next (`step` 1) or previous (-1) page and sends
  /// `.valueChanged`, as a tap beside the current dot does.
  func turnPage(by step: Int) {
    guard isEnabled else { return }
    let old = currentPage
    currentPage += step
    if currentPage != old { sendActions(for: .valueChanged) }
  }
}
