import KioskGraphics

/// A spinner above a scroll view's content that starts a refresh when the content is
/// pulled down, like UIKit's `UIRefreshControl`. Set it as the scroll view's (or table
/// view's) `refreshControl`, and refresh when it sends `.valueChanged`:
///
/// ```swift
/// let refresh = RefreshControl()
/// refresh.addAction(Action { _ in
///   store.reload { refresh.endRefreshing() }
/// }, for: .valueChanged)
/// tableView.refreshControl = refresh
/// ```
///
/// Pulling the content down shows the spinner's spokes faintly, darker the farther it is
/// pulled; past 80 points, with the finger still down, the control begins refreshing: the
/// spinner turns, `isRefreshing` becomes true and `.valueChanged` is sent (once per pull:
/// the content must come back to its top before another pull can begin a refresh). While
/// refreshing, the content rests 60 points lower so that the spinner shows; `endRefreshing()`
/// slides it back up.
///
/// Differences from UIKit: the room above the content is not added to `contentInset` (which
/// stays the app's) but kept aside, as UIKit's `adjustedContentInset` does; there is no
/// attributed string type, so `attributedTitle` is a plain `title`; and
/// `beginRefreshing()` reveals the spinner when the content is at its top (UIKit leaves that
/// to the app, which usually scrolls by hand).
@MainActor
open class RefreshControl: Control {
  /// Whether a refresh is under way (from a pull or `beginRefreshing()`, until
  /// `endRefreshing()`).
  public private(set) var isRefreshing = false

  /// A line of text under the spinner (default: none), in place of UIKit's
  /// `attributedTitle`.
  open var title: String? {
    didSet {
      guard oldValue != title else { return }
      titleLabel.text = title
      titleLabel.isHidden = title == nil
      if let scrollView { layoutAbove(scrollView) }
    }
  }

  let spinner = ActivityIndicatorView(style: .medium)
  let titleLabel = Label(frame: .zero)
  /// The room kept above the content while refreshing (0 otherwise).
  var appliedInset = 0.0
  /// Set when a refresh ends: a pull begins another only after the content came back to
  /// its top.
  private var needsReturnToRest = false

  /// How far (points) the content must be pulled past its top to begin refreshing.
  static let pullThreshold = 80.0
  /// The height of the room kept for the spinner (and a title's line).
  static let spinnerHeight = 60.0
  static let titleHeight = 20.0

  /// Creates a refresh control; the scroll view it is given to places it.
  public override init(frame: Rect) {
    super.init(frame: frame)
    // Touches in the revealed room go to the scroll view, as in UIKit.
    isUserInteractionEnabled = false
    autoresizingMask = .flexibleWidth
    isHidden = true
    tintColor = ActivityIndicatorView.defaultColor
    spinner.hidesWhenStopped = false
    spinner.color = tintColor
    titleLabel.font = .systemFont(ofSize: 13)
    titleLabel.textColor = tintColor
    titleLabel.textAlignment = .center
    titleLabel.isHidden = true
    addSubview(spinner)
    addSubview(titleLabel)
  }

  /// Creates a refresh control.
  public convenience init() {
    self.init(frame: .zero)
  }

  private var scrollView: ScrollView? {
    guard let scrollView = superview as? ScrollView, scrollView.refreshControl === self else {
      return nil
    }
    return scrollView
  }

  /// The height of the room above the content: the spinner's, and a line for a title.
  var roomHeight: Double {
    Self.spinnerHeight + (title == nil ? 0 : Self.titleHeight)
  }

  // MARK: Refreshing

  /// Shows the control refreshing without a pull (it sends no `.valueChanged`): the spinner
  /// turns and the content makes room for it, sliding down to show it if it was at its top.
  open func beginRefreshing() {
    guard !isRefreshing else { return }
    isRefreshing = true
    spinner.alpha = 1
    spinner.startAnimating()
    guard let scrollView else { return }
    let top = scrollView.offsetRange.y.lowerBound
    scrollView.setRefreshControlInset(roomHeight, of: self)
    scrollView.scrollToRefreshTop(ifAbove: top)
    scrollViewDidScroll(scrollView)
  }

  /// Ends the refresh: the spinner stops and the content slides back up over its room.
  open func endRefreshing() {
    guard isRefreshing else { return }
    isRefreshing = false
    needsReturnToRest = true
    spinner.stopAnimating()
    guard let scrollView else {
      appliedInset = 0
      return
    }
    scrollView.setRefreshControlInset(0, of: self)
    scrollView.scrollToRefreshTop(ifAbove: scrollView.offsetRange.y.lowerBound)
    scrollViewDidScroll(scrollView)
  }

  // MARK: Following the scroll view

  /// The content moved: the control follows the room above the content, shows how far the
  /// pull has gone, and begins refreshing when a finger pulls past the threshold.
  func scrollViewDidScroll(_ scrollView: ScrollView) {
    let pulled = -(scrollView.contentOffset.y + scrollView.contentInset.top)
    if pulled <= 0 { needsReturnToRest = false }
    // Nothing to see (and so no spinner turning) while the room is scrolled away.
    isHidden = pulled <= 0
    layoutAbove(scrollView)
    guard !isRefreshing else { return }
    spinner.alpha = min(max(pulled / Self.pullThreshold, 0), 1)
    guard scrollView.isDragging, !needsReturnToRest, pulled >= Self.pullThreshold else { return }
    isRefreshing = true
    spinner.alpha = 1
    spinner.startAnimating()
    scrollView.setRefreshControlInset(roomHeight, of: self)
    sendActions(for: .valueChanged)
  }

  /// Places the control in the room above the content: just above the content's top, or
  /// pinned to the visible top when the content is pulled farther.
  private func layoutAbove(_ scrollView: ScrollView) {
    let height = roomHeight
    let top = -scrollView.contentInset.top - height
    frame = Rect(
      x: scrollView.bounds.minX, y: min(scrollView.contentOffset.y, top),
      width: scrollView.bounds.width, height: height)
    spinner.center = Point(x: bounds.midX, y: Self.spinnerHeight / 2)
    titleLabel.frame = Rect(
      x: 8, y: Self.spinnerHeight - 8, width: max(bounds.width - 16, 0), height: Self.titleHeight
    )
  }

  override func stateDidChange() {
    super.stateDidChange()
    spinner.color = tintColor
    titleLabel.textColor = tintColor
  }
}
