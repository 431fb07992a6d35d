import KioskGraphics

extension ScrollView {
  /// The room kept above the content while the refresh control spins (0 otherwise): the
  /// content's top range grows by it, so that the content rests below the spinner.
  var refreshControlInset: Double {
    refreshControl?.appliedInset ?? 0
  }

  func refreshControlDidChange(from old: RefreshControl?) {
    guard old !== refreshControl else { return }
    if let old, old.superview === self {
      setRefreshControlInset(0, of: old)
      old.removeFromSuperview()
      scrollToRefreshTop(ifAbove: offsetRange.y.lowerBound)
    }
    guard let control = refreshControl else { return }
    alwaysBounceVertical = true
    insertSubview(control, at: 0)  // behind the content
    control.scrollViewDidScroll(self)
  }

  /// Changes the room kept above the content for `control`. While a finger drags, the
  /// content stays where it is under the finger (the stretch past the top is measured from
  /// the new top from now on).
  func setRefreshControlInset(_ inset: Double, of control: RefreshControl) {
    guard inset != control.appliedInset else { return }
    let shown = contentOffset
    let before = unbandedOffset(shown)
    control.appliedInset = inset
    if isDragging {
      let after = unbandedOffset(shown)
      dragStartOffset.y += after.y - before.y
    }
    updateScrollIndicators()
  }

  /// Scrolls to the top of the content's range (the spinner's room included) if the
  /// content was at the top or above it and no finger holds it.
  func scrollToRefreshTop(ifAbove offsetY: Double) {
    let top = offsetRange.y.lowerBound
    guard !isDragging, contentOffset.y != top, contentOffset.y <= offsetY else { return }
    setContentOffset(Point(x: contentOffset.x, y: top), animated: true)
  }
}
