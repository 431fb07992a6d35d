import KioskGraphics

/// A container that shows content one page at a time, like a book: the user swipes to the
/// next or previous page, which a data source supplies when it is needed. The semantics
/// of UIKit's `UIPageViewController` with the scroll transition.
///
/// ```swift
/// let pages = PageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
/// pages.dataSource = album
/// pages.setViewControllers([PhotoPage(photos, index: 0)], direction: .forward, animated: false)
/// window.rootViewController = pages
/// ```
///
/// A drag moves the page with the finger, with its neighbour (asked of `dataSource` as the
/// drag starts) coming in beside it. Released past half way, or flicked, the neighbour
/// slides in and becomes the page; otherwise the page springs back. At the first and last
/// page the drag stretches and springs back without a transition. Only the page on screen
/// (and the neighbour during a swipe) is a child; pages that leave are let go.
///
/// Appearance follows UIKit: when a drag starts the neighbour gets `viewWillAppear(_:)` and
/// the page `viewWillDisappear(_:)`; a completed swipe ends with the old page's
/// `viewDidDisappear(_:)` and the new one's `viewDidAppear(_:)`; a cancelled one gives the
/// neighbour `viewWillDisappear(_:)` and `viewDidDisappear(_:)`, then the page
/// `viewWillAppear(_:)` and `viewDidAppear(_:)` again.
@MainActor
open class PageViewController: ViewController {
  /// How pages change. KioskKit draws every change as a scroll.
  public enum TransitionStyle: Sendable, Equatable {
    /// Pages slide side by side.
    case scroll
    /// UIKit curls the page like paper; KioskKit slides it as `.scroll` does.
    case pageCurl
  }

  /// The axis along which the pages lie.
  public enum NavigationOrientation: Sendable, Equatable {
    /// Side by side: the next page is to the right, reached by swiping left.
    case horizontal
    /// One above the other: the next page is below, reached by swiping up.
    case vertical
  }

  /// Which way a change of page goes.
  public enum NavigationDirection: Sendable, Equatable {
    /// To the next page: it comes in from the right (or from below).
    case forward
    /// To the previous page: it comes in from the left (or from above).
    case reverse
  }

  /// The options of `init(transitionStyle:navigationOrientation:options:)`.
  public struct OptionsKey: Hashable, Sendable {
    /// The key's name.
    public let rawValue: String

    /// Creates a key.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The gap (points) between two pages while they slide. The default is 0.
    public static let interPageSpacing = OptionsKey(rawValue: "interPageSpacing")
  }

  /// How long a page takes to slide all the way, in seconds.
  static let transitionDuration = 0.3

  /// How pages change, as given when the controller was made (`.pageCurl` slides too).
  public let transitionStyle: TransitionStyle
  /// The axis along which pages lie.
  public let navigationOrientation: NavigationOrientation
  /// The gap (points) between pages while they slide.
  public let interPageSpacing: Double
  /// Ignored: pages are one-sided, as with the scroll transition in UIKit.
  public var isDoubleSided = false

  /// Supplies the pages before and after the one shown. Without it, swipes only stretch.
  public weak var dataSource: PageViewControllerDataSource? {
    didSet { updatePageControl() }
  }
  /// Hears when swipes start and end.
  public weak var delegate: PageViewControllerDelegate?

  /// The page shown (or, during a change, the page that will be shown once it is over).
  var current: ViewController?
  /// The drag in progress, if any.
  var swipe: PageSwipe?
  /// The slide being animated (after a drag, or from `setViewControllers`), if any.
  var runningTransition: PageTransition?
  /// Where the pages' views go: all of the view but the dots.
  let contentView = View()
  /// The dots along the bottom, shown when the data source gives a count.
  let pageControl = PageControl(frame: .zero)
  /// The drag that turns pages.
  let panGestureRecognizer = PanGestureRecognizer()
  private let panDelegate = PagePanDelegate()

  /// Creates a page view controller whose pages change with `style` along `orientation`.
  /// `options` may give `.interPageSpacing`.
  public init(
    transitionStyle style: TransitionStyle,
    navigationOrientation orientation: NavigationOrientation,
    options: [OptionsKey: Double]? = nil
  ) {
    transitionStyle = style
    navigationOrientation = orientation
    interPageSpacing = max(options?[.interPageSpacing] ?? 0, 0)
    super.init()
    panDelegate.pageViewController = self
    panGestureRecognizer.delegate = panDelegate
    panGestureRecognizer.maximumNumberOfTouches = 1
    panGestureRecognizer.addTarget(self) { pages, pan in pages.handlePan(pan) }
    pageControl.isUserInteractionEnabled = false
    // The dots are adjustable by a screen reader (a swipe turns the page): named, so that
    // it says "Pages, page 2 of 5".
    pageControl.accessibilityLabel = "Pages"
  }

  /// Creates a page view controller whose pages scroll horizontally.
  public convenience override init() {
    self.init(transitionStyle: .scroll, navigationOrientation: .horizontal)
  }

  // MARK: Pages

  /// The page shown, in an array as UIKit has it (empty before the first page is set).
  /// `setViewControllers` changes it at once, before its slide; a swipe changes it when the
  /// new page has slid in.
  public var viewControllers: [ViewController]? {
    current.map { [$0] } ?? []
  }

  /// The gesture recognizers that turn pages: the drag.
  public var gestureRecognizers: [GestureRecognizer] { [panGestureRecognizer] }

  /// Shows the first of `viewControllers` as the page (the scroll transition shows one
  /// page; the others are ignored, and an empty array changes nothing). `animated` slides
  /// it in from the side `direction` says, with the old page sliding out; `completion`
  /// runs once it is in place, with `false` when the slide was cut short. The delegate is
  /// not told.
  ///
  /// On screen the new page gets `viewWillAppear(_:)` and the old one
  /// `viewWillDisappear(_:)`, then `viewDidDisappear(_:)` and `viewDidAppear(_:)` after the
  /// slide; the new page becomes a child (`willMove(toParent:)` first, `didMove(toParent:)`
  /// last) and the old one stops being one.
  open func setViewControllers(
    _ viewControllers: [ViewController]?, direction: NavigationDirection, animated: Bool,
    completion: ((Bool) -> Void)? = nil
  ) {
    finishTransitions()
    guard let page = viewControllers?.first, page !== self else {
      completion?(false)
      return
    }
    guard page !== current else {
      updatePageControl()
      completion?(true)
      return
    }
    changePage(to: page, direction: direction, animated: animated, completion: completion)
  }

  /// Asks the data source for the dots' count and index, and shows or hides them.
  func updatePageControl() {
    let count = current == nil ? 0 : dataSource?.presentationCount(for: self) ?? 0
    let shows = count > 0
    if shows {
      pageControl.numberOfPages = count
      pageControl.currentPage = dataSource?.presentationIndex(for: self) ?? 0
    }
    guard shows == pageControl.isHidden else { return }
    pageControl.isHidden = !shows
    viewIfLoaded?.setNeedsLayout()
  }

  // MARK: The view

  /// Makes the container view: the page area (where the drag is recognized) and, along the
  /// bottom, the dots when the data source counts the pages.
  open override func loadView() {
    let container = PageContainerView(frame: Screen.main.bounds)
    container.controller = self
    container.backgroundColor = .white
    container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    contentView.clipsToBounds = true
    contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    contentView.addGestureRecognizer(panGestureRecognizer)
    container.addSubview(contentView)
    container.addSubview(pageControl)
    view = container
    if let current { contentView.addSubview(current.view) }
    updatePageControl()
    layoutContainer()
  }

  /// Places the dots along the bottom and the page area above them, and sizes the page to
  /// the area (unless it is sliding).
  func layoutContainer() {
    guard let container = viewIfLoaded else { return }
    let bounds = container.bounds
    let dots = pageControl.isHidden ? 0 : PageControl.standardHeight
    let height = max(0, bounds.height - dots)
    contentView.frame = Rect(x: 0, y: 0, width: bounds.width, height: height)
    pageControl.frame = Rect(x: 0, y: height, width: bounds.width, height: dots)
    if swipe == nil, runningTransition == nil, let page = current?.viewIfLoaded,
      page.superview === contentView
    {
      page.frame = contentView.bounds
    }
  }

  /// A page's size: the page view controller's, less the dots when they are shown.
  open override func size(
    forChildContentContainer container: ViewController, withParentContainerSize parentSize: Size
  ) -> Size {
    let dots = pageControl.isHidden ? 0 : PageControl.standardHeight
    return Size(width: parentSize.width, height: max(0, parentSize.height - dots))
  }

  // MARK: Appearance

  /// The page view controller hands its appearance to the page itself, so that a swipe
  /// can give the two pages their callbacks in order.
  open override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

  /// Whether the page view controller is on screen (or on its way), so that the pages it
  /// changes get appearance callbacks.
  var isShowingContent: Bool {
    isViewLoaded && (appearanceState == .appeared || appearanceState == .appearing)
  }

  /// Passes the appearance on to the page; call `super` when overriding.
  open override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    guard let current else { return }
    if current.view.superview !== contentView {
      current.view.frame = contentView.bounds
      contentView.addSubview(current.view)
    }
    current.beginAppearanceTransition(true, animated: animated)
  }

  /// Passes the appearance on to the page; call `super` when overriding.
  open override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    guard runningTransition == nil else { return }
    current?.endAppearanceTransition()
  }

  /// Ends any swipe or slide at once and passes the disappearance on to the page; call
  /// `super` when overriding.
  open override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    finishTransitions()
    current?.beginAppearanceTransition(false, animated: animated)
  }

  /// Passes the disappearance on to the page; call `super` when overriding.
  open override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    current?.endAppearanceTransition()
  }
}

/// The page view controller's view: it lays out the pages and the dots whenever its size
/// changes.
@MainActor
final class PageContainerView: View {
  weak var controller: PageViewController?

  override func layoutSubviews() {
    super.layoutSubviews()
    controller?.layoutContainer()
  }

  /// A screen reader's three-finger swipe turns the page (PageViewController+Accessibility).
  override func accessibilityScroll(_ direction: AccessibilityScrollDirection) -> Bool {
    controller?.turnPage(direction) ?? false
  }
}
