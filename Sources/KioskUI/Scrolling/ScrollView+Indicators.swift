import KioskGraphics

extension ScrollView {
  static let indicatorColor = Color(white: 0, alpha: 0.35)
  /// The indicators' thickness and their distance from the edges, in points.
  static let indicatorThickness = 3.0
  static let indicatorInset = 3.0
  /// The shortest an indicator gets: while the content scrolls, and squeezed past an edge.
  static let indicatorMinimumLength = 36.0
  static let indicatorSqueezedLength = 8.0
  /// How long the indicators stay after scrolling stops, and after a flash.
  static let indicatorLinger = 0.5
  static let indicatorFlashDuration = 1.0
  static let indicatorFadeDuration = 0.25

  /// The indicators are layers of the scroll view, not subviews: they stay out of
  /// `subviews` (and of hit testing), and on top of the content, since subviews' layers
  /// are always inserted below them.
  func installScrollIndicators() {
    for indicator in [horizontalIndicator, verticalIndicator] {
      indicator.isHidden = true
      indicator.alpha = 0
      layer.addSublayer(indicator.layer)
    }
  }

  /// Places and sizes the indicators for the current offset: their length is the visible
  /// fraction of the content, shortened while the content is stretched past an edge.
  func updateScrollIndicators() {
    let b = bounds
    let range = offsetRange
    let offset = b.origin
    let showsVertical =
      showsVerticalScrollIndicator && range.y.upperBound > range.y.lowerBound
    let showsHorizontal =
      showsHorizontalScrollIndicator && range.x.upperBound > range.x.lowerBound
    let inset = Self.indicatorInset
    let thickness = Self.indicatorThickness
    if showsVertical {
      let track = b.height - 2 * inset - (showsHorizontal ? thickness + inset : 0)
      let (start, length) = Self.indicatorSpan(
        track: track, visible: b.height,
        content: contentSize.height + contentInset.top + contentInset.bottom,
        offset: offset.y, range: range.y)
      verticalIndicator.frame = Rect(
        x: b.maxX - inset - thickness, y: b.minY + inset + start, width: thickness,
        height: length)
    } else {
      verticalIndicator.isHidden = true
    }
    if showsHorizontal {
      let track = b.width - 2 * inset - (showsVertical ? thickness + inset : 0)
      let (start, length) = Self.indicatorSpan(
        track: track, visible: b.width,
        content: contentSize.width + contentInset.left + contentInset.right,
        offset: offset.x, range: range.x)
      horizontalIndicator.frame = Rect(
        x: b.minX + inset + start, y: b.maxY - inset - thickness, width: length,
        height: thickness)
    } else {
      horizontalIndicator.isHidden = true
    }
  }

  private static func indicatorSpan(
    track: Double, visible: Double, content: Double, offset: Double,
    range: ClosedRange<Double>
  ) -> (start: Double, length: Double) {
    guard track > 0, content > 0 else { return (0, 0) }
    var length = min(track, max(indicatorMinimumLength, track * visible / content))
    let overscroll = max(range.lowerBound - offset, offset - range.upperBound, 0)
    length = max(min(indicatorSqueezedLength, length), length - overscroll)
    let span = range.upperBound - range.lowerBound
    let progress = span > 0 ? ((offset - range.lowerBound) / span).clamped(0, 1) : 0
    return ((track - length) * progress, length)
  }

  /// Shows the indicators of the axes that scroll, at full opacity, until scrolling stops.
  func showScrollIndicators() {
    indicatorHideAction?.cancel()
    indicatorHideAction = nil
    updateScrollIndicators()
    let range = offsetRange
    let pairs = [
      (verticalIndicator, showsVerticalScrollIndicator && range.y.upperBound > range.y.lowerBound),
      (
        horizontalIndicator,
        showsHorizontalScrollIndicator && range.x.upperBound > range.x.lowerBound
      ),
    ]
    View.performWithoutAnimation {
      for (indicator, shows) in pairs {
        indicator.isHidden = !shows
        if shows { indicator.alpha = 1 }
      }
    }
  }

  /// Fades the indicators out after `delay` seconds, unless scrolling starts again.
  func scheduleScrollIndicatorHide(after delay: Double = ScrollView.indicatorLinger) {
    indicatorHideAction?.cancel()
    indicatorHideAction = ScheduledAction.after(delay) { [weak self] in
      guard let self else { return }
      self.indicatorHideAction = nil
      let indicators = [self.verticalIndicator, self.horizontalIndicator]
      View.animate(
        withDuration: Self.indicatorFadeDuration,
        animations: { for indicator in indicators { indicator.alpha = 0 } },
        completion: { finished in
          guard finished else { return }
          for indicator in indicators where indicator.alpha == 0 { indicator.isHidden = true }
        })
    }
  }
}

extension ScrollView {
  /// The vertical indicator's frame and opacity on screen now, for tests.
  package var verticalScrollIndicatorForTesting: (frame: Rect, alpha: Double, isHidden: Bool) {
    (verticalIndicator.frame, verticalIndicator.layer.presented.opacity, verticalIndicator.isHidden)
  }
}
