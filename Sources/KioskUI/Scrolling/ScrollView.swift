import KioskGraphics

/// A view whose content is larger than itself and moves under a finger, like UIKit's
/// `UIScrollView`: drag it, flick it and it glides on and slows down, pull it past an edge
/// and it stretches and springs back.
///
/// Add the content as subviews, in content coordinates, and say how large the content is
/// with `contentSize`. `contentOffset` is the point of the content shown at the scroll
/// view's top-left corner (it is `bounds.origin`).
///
/// ```swift
/// let scroller = ScrollView(frame: window.bounds)
/// let poster = ImageView(image: poster)
/// scroller.addSubview(poster)
/// scroller.contentSize = poster.bounds.size
/// scroller.delegate = self
/// window.addSubview(scroller)
/// ```
///
/// Touches on the content are held back for a moment (`delaysContentTouches`), so that a
/// finger that starts to scroll never presses the button it started on; a quick tap still
/// reaches it when the finger lifts.
@MainActor
open class ScrollView: View {
  /// How quickly the content slows down after a flick: the fraction of its speed it keeps
  /// each millisecond.
  public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
    /// The fraction of the speed kept per millisecond (between 0 and 1).
    public var rawValue: Double
    /// Creates a rate from the fraction of the speed kept per millisecond.
    public init(rawValue: Double) { self.rawValue = rawValue }
    /// The usual glide (0.998 per millisecond, as UIKit).
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// A short glide (0.99 per millisecond), for content that pages or snaps.
    public static let fast = DecelerationRate(rawValue: 0.99)
  }

  /// The size of the content in points. The content can scroll along an axis where it is
  /// larger than the bounds (less `contentInset`).
  open var contentSize: Size = .zero {
    didSet {
      if oldValue != contentSize { updateScrollIndicators() }
    }
  }

  /// The point of the content shown at the top-left corner: `bounds.origin`. Setting it
  /// scrolls at once and tells the delegate (`scrollViewDidScroll`); a glide in progress
  /// goes on from there (an animated scroll or a spring back stops).
  open var contentOffset: Point {
    get { bounds.origin }
    set {
      let old = bounds.origin
      applyContentOffset(newValue)
      shiftMotion(by: Point(x: newValue.x - old.x, y: newValue.y - old.y))
    }
  }

  /// Extra room around the content, which the content can scroll into: the content
  /// offset ranges from `-left`/`-top` to the content size plus `right`/`bottom`, less
  /// the bounds.
  open var contentInset: EdgeInsets = .zero {
    didSet { if oldValue != contentInset { updateScrollIndicators() } }
  }

  /// The pull-to-refresh control above the content (`nil`, the default: none). Setting it
  /// adds the control behind the content and lets the content be pulled down even when it
  /// fits (`alwaysBounceVertical`). See `RefreshControl`.
  open var refreshControl: RefreshControl? {
    didSet { refreshControlDidChange(from: oldValue) }
  }

  /// Hears about scrolling. Held weakly.
  open weak var delegate: ScrollViewDelegate? {
    didSet { delegateDidChange() }
  }

  /// Whether a finger can scroll the content. Turning it off still lets the content
  /// receive touches.
  open var isScrollEnabled: Bool {
    get { panGestureRecognizer.isEnabled }
    set { panGestureRecognizer.isEnabled = newValue }
  }

  /// Whether the content stretches past its edges under a finger and springs back (and
  /// bounces at an edge after a flick). With `false` it stops hard at the edges.
  open var bounces = true

  /// Whether the content can be pulled vertically even when it fits (it then springs
  /// back), which tells people the view scrolls. Needs `bounces`.
  open var alwaysBounceVertical = false

  /// Whether the content can be pulled horizontally even when it fits. Needs `bounces`.
  open var alwaysBounceHorizontal = false

  /// Whether scrolling stops on multiples of the bounds size: a flick turns at most one
  /// page, and a drag settles on the nearest page.
  open var isPagingEnabled = false

  /// How quickly the content slows down after a flick.
  open var decelerationRate = DecelerationRate.normal

  /// Whether the scroll bars show on the right edge while the content scrolls vertically.
  open var showsVerticalScrollIndicator = true {
    didSet { updateScrollIndicators() }
  }

  /// Whether the scroll bars show at the bottom while the content scrolls horizontally.
  open var showsHorizontalScrollIndicator = true {
    didSet { updateScrollIndicators() }
  }

  /// Whether a touch on the content reaches it only after a short pause (about 150 ms)
  /// without scrolling, or when it lifts before that. The default is `true`: a drag that
  /// starts on a button scrolls without ever pressing it.
  open var delaysContentTouches = true

  /// Whether a drag that starts after the content got its touch may take it away (the
  /// content gets `touchesCancelled`) and scroll. The default is `true`; see
  /// `touchesShouldCancel(in:)` for which views give their touches up.
  open var canCancelContentTouches = true

  /// The recognizer that drags the content. Add your own recognizers' requirements to it
  /// (`require(toFail:)`), or read its `velocity(in:)`.
  public let panGestureRecognizer = PanGestureRecognizer()

  /// Holds touches back from the content while the scroll view decides whether they
  /// scroll (`delaysContentTouches`), and swallows the touch that stops a glide.
  let touchDelayRecognizer = ScrollViewTouchDelayRecognizer()

  /// Whether a finger is on the scroll view (dragging or not yet).
  public var isTracking: Bool { !touchDelayRecognizer.liveTouches.isEmpty }

  /// Whether a finger is dragging the content.
  public internal(set) var isDragging = false

  /// Whether the content is gliding after the finger lifted (momentum, bouncing back,
  /// settling on a page).
  public internal(set) var isDecelerating = false

  // MARK: State of the gestures and motion

  /// The offset (before rubber-banding) where the current drag started.
  var dragStartOffset = Point.zero
  /// The pan's translation when the drag began (it had moved some points to begin).
  var dragBaseline = Point.zero
  /// The motion of each axis while the content glides or animates.
  var horizontalMotion: ScrollAxisMotion?
  var verticalMotion: ScrollAxisMotion?
  var motionKind = MotionKind.deceleration
  var motionLink: DisplayLink?
  /// Whether the touch now down stopped a glide (that touch does not reach the content).
  var touchStoppedMotion = false

  enum MotionKind {
    case deceleration
    case animation
  }

  let verticalIndicator = ControlShapeView(shape: .capsule, fillColor: ScrollView.indicatorColor)
  let horizontalIndicator = ControlShapeView(
    shape: .capsule, fillColor: ScrollView.indicatorColor)
  var indicatorHideAction: ScheduledAction?
  /// Zoom limits, scale and the pinch (see ScrollView+Zooming.swift).
  var zoomState = ScrollViewZoomState()

  /// Creates a scroll view with a frame in its superview's coordinates.
  public override init(frame: Rect) {
    super.init(frame: frame)
    clipsToBounds = true
    panGestureRecognizer.addTarget(self) { scrollView, pan in scrollView.handlePan(pan) }
    addGestureRecognizer(panGestureRecognizer)
    addGestureRecognizer(touchDelayRecognizer)
    installScrollIndicators()
  }

  /// Lays out the scroll indicators (call `super` when you override it).
  open override func layoutSubviews() {
    super.layoutSubviews()
    updateScrollIndicators()
  }

  /// Lets the scroll view's pan begin only when the content can move in the direction the
  /// finger went and the content views holding the touch give it up; call `super` when you
  /// override it.
  open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    guard gestureRecognizer === panGestureRecognizer else {
      return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
    return panShouldBegin()
  }

  // MARK: Scrolling from code

  /// Scrolls the content so that `contentOffset` shows at the top-left corner, at once or
  /// in a short animation (then `scrollViewDidScroll` comes at every frame and
  /// `scrollViewDidEndScrollingAnimation` at the end). Either way a glide in progress
  /// stops.
  open func setContentOffset(_ contentOffset: Point, animated: Bool) {
    stopMotion()
    guard animated, contentOffset != self.contentOffset else {
      self.contentOffset = contentOffset
      return
    }
    animateContentOffset(to: contentOffset)
  }

  /// Scrolls the least needed to show `rect` (in content coordinates), within the
  /// content's range. Does nothing if it is visible already.
  open func scrollRectToVisible(_ rect: Rect, animated: Bool) {
    let target = offsetShowing(rect)
    guard target != contentOffset else { return }
    setContentOffset(target, animated: animated)
  }

  /// Shows the scroll indicators for a moment, to hint that the content scrolls.
  open func flashScrollIndicators() {
    showScrollIndicators()
    scheduleScrollIndicatorHide(after: Self.indicatorFlashDuration)
  }

  // MARK: Screen reader

  /// Scrolls by a page for a screen reader's three-finger swipe, as UIKit's scroll view
  /// does: `.up` shows the page below, `.down` the one above, `.left` the one to the right,
  /// `.right` the one to the left, `.next`/`.previous` along the axis that scrolls. Posts
  /// `.pageScrolled` with "page 2 of 5" and returns `true`; returns `false` at the end of
  /// the content (the reader then asks the views around it). KioskKit scrolls at once,
  /// without UIKit's animation, so the next element the reader finds is already in place.
  open override func accessibilityScroll(_ direction: AccessibilityScrollDirection) -> Bool {
    let vertical: Bool
    let sign: Double
    switch direction {
    case .up, .down:
      (vertical, sign) = (true, direction == .up ? 1 : -1)
    case .left, .right:
      (vertical, sign) = (false, direction == .left ? 1 : -1)
    case .next, .previous:
      (vertical, sign) = (scrollsVertically || !scrollsHorizontally, direction == .next ? 1 : -1)
    }
    var target = contentOffset
    if vertical {
      target.y += sign * bounds.height
    } else {
      target.x += sign * bounds.width
    }
    target = clampedOffset(target)
    guard target != contentOffset else { return false }
    setContentOffset(target, animated: false)
    Accessibility.post(notification: .pageScrolled, argument: pagePosition(vertical: vertical))
    return true
  }

  /// "page 2 of 5" along one axis: pages of the bounds' length, the last one ending at
  /// the end of the content.
  private func pagePosition(vertical: Bool) -> String {
    let range = vertical ? offsetRange.y : offsetRange.x
    let length = max(1, vertical ? bounds.height : bounds.width)
    let offset = vertical ? contentOffset.y : contentOffset.x
    let span = range.upperBound - range.lowerBound
    let pages = Int((span / length).rounded(.up)) + 1
    let page =
      offset >= range.upperBound - 0.5
      ? pages : min(pages, Int(((offset - range.lowerBound) / length).rounded(.down)) + 1)
    return "page \(page) of \(pages)"
  }

  // MARK: Content touches

  /// Whether the content view `view` should receive `touches` at all; asked when they are
  /// about to reach it. The default is `true`.
  open func touchesShouldBegin(_ touches: Set<Touch>, with event: Event?, in view: View) -> Bool {
    true
  }

  /// Whether a drag may take its touch from the content view `view`, which already has
  /// it. The default is `false` for a `Control` (a held button keeps its finger, as in
  /// UIKit) and `true` for other views.
  open func touchesShouldCancel(in view: View) -> Bool {
    !(view is Control)
  }

  // MARK: Geometry

  /// The range of content offsets, per axis: from `-contentInset` to the content size
  /// plus the inset, less the bounds (never below the lower end).
  var offsetRange: (x: ClosedRange<Double>, y: ClosedRange<Double>) {
    let size = bounds.size
    let minX = -contentInset.left
    let minY = -contentInset.top - refreshControlInset
    let maxX = max(minX, contentSize.width + contentInset.right - size.width)
    let maxY = max(minY, contentSize.height + contentInset.bottom - size.height)
    return (minX...maxX, minY...maxY)
  }

  /// Whether the content moves horizontally under a finger.
  var scrollsHorizontally: Bool {
    let range = offsetRange.x
    return range.upperBound > range.lowerBound || (alwaysBounceHorizontal && bounces)
  }

  /// Whether the content moves vertically under a finger.
  var scrollsVertically: Bool {
    let range = offsetRange.y
    return range.upperBound > range.lowerBound || (alwaysBounceVertical && bounces)
  }

  /// `offset` brought within the content's range.
  func clampedOffset(_ offset: Point) -> Point {
    let range = offsetRange
    return Point(x: offset.x.clamped(to: range.x), y: offset.y.clamped(to: range.y))
  }

  private func offsetShowing(_ rect: Rect) -> Point {
    let visible = bounds
    func axis(_ offset: Double, _ length: Double, _ low: Double, _ high: Double) -> Double {
      if high - low > length || low < offset { return low }
      if high > offset + length { return high - length }
      return offset
    }
    let rect = rect.standardized
    let offset = Point(
      x: axis(visible.minX, visible.width, rect.minX, rect.maxX),
      y: axis(visible.minY, visible.height, rect.minY, rect.maxY))
    return clampedOffset(offset)
  }

  /// Moves the bounds' origin and tells whoever needs to know.
  func applyContentOffset(_ offset: Point) {
    guard offset != bounds.origin, offset.x.isFinite, offset.y.isFinite else { return }
    var b = bounds
    b.origin = offset
    bounds = b
    setNeedsLayout()
    updateScrollIndicators()
    refreshControl?.scrollViewDidScroll(self)
    delegate?.scrollViewDidScroll(self)
  }

  // MARK: Hooks for subclasses within KioskUI

  /// The delegate changed.
  func delegateDidChange() {}

  /// A drag is about to begin (the table hides a revealed Delete button).
  func dragWillBegin() {}

  /// A finger touched down on the scroll view or its content; return `true` to keep the
  /// content from ever seeing this touch (the table swallows the tap that hides a revealed
  /// Delete button).
  func shouldSwallowTouchDown(_ touch: Touch) -> Bool { false }

  /// Where the content must come to rest after a release at `velocity` (points per
  /// second), when it may not stop just anywhere: a page with `isPagingEnabled`, a row on a
  /// picker's wheel. `nil` lets it glide to a stop wherever it slows down.
  func snappedOffset(velocity: Point) -> Point? {
    isPagingEnabled ? pageOffset(velocity: velocity) : nil
  }
}

extension Double {
  func clamped(to range: ClosedRange<Double>) -> Double {
    Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
  }
}
