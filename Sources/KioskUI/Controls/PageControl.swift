import KioskGraphics

/// A row of dots, one per page, with the current page's dot highlighted, like UIKit's
/// `UIPageControl`. A tap to the right of the current dot goes to the next page, to the
/// left to the previous one, and sends `.valueChanged`; setting `currentPage` from code
/// sends nothing.
///
/// ```swift
/// let dots = PageControl(frame: Rect(x: 0, y: 360, width: 320, height: 26))
/// dots.numberOfPages = photos.count
/// dots.addTarget(self, action: { $0.show(page: $1.currentPage) }, for: .valueChanged)
/// ```
@MainActor
open class PageControl: Control {
  /// The height the page view controller gives its dots (points).
  static let standardHeight = 26.0
  /// A dot's diameter (points).
  static let dotDiameter = 7.0
  /// The distance between the centres of two dots (points).
  static let dotPitch = 16.0
  static let defaultDotColor = Color(hex: 0xc7c7cc)
  static let defaultCurrentDotColor = Color(hex: 0x3a3a3c)

  private var pageCount = 0
  private var page = 0

  /// How many dots there are. The default is 0.
  open var numberOfPages: Int {
    get { pageCount }
    set {
      let count = max(newValue, 0)
      guard count != pageCount else { return }
      pageCount = count
      page = min(page, max(count - 1, 0))
      setNeedsDisplay()
      invalidateIntrinsicContentSize()
    }
  }

  /// The highlighted dot, from 0, kept within the pages.
  open var currentPage: Int {
    get { page }
    set {
      let clamped = min(max(newValue, 0), max(pageCount - 1, 0))
      guard clamped != page else { return }
      page = clamped
      setNeedsDisplay()
    }
  }

  /// Whether no dot is drawn when there is only one page. The default is `false`.
  open var hidesForSinglePage = false {
    didSet { if oldValue != hidesForSinglePage { setNeedsDisplay() } }
  }

  /// The colour of the other pages' dots (default: light grey).
  open var pageIndicatorTintColor: Color? {
    didSet { if oldValue != pageIndicatorTintColor { setNeedsDisplay() } }
  }

  /// The colour of the current page's dot (default: dark grey).
  open var currentPageIndicatorTintColor: Color? {
    didSet { if oldValue != currentPageIndicatorTintColor { setNeedsDisplay() } }
  }

  /// Creates a page control without pages.
  public override init(frame: Rect) {
    super.init(frame: frame)
    contentMode = .redraw
  }

  /// The size the dots of `pageCount` pages take.
  open func size(forNumberOfPages pageCount: Int) -> Size {
    let count = Double(max(pageCount, 0))
    let width = count > 0 ? (count - 1) * Self.dotPitch + Self.dotDiameter : 0
    return Size(width: width, height: Self.standardHeight)
  }

  /// Room for the dots, and the standard height.
  open override func sizeThatFits(_ size: Size) -> Size {
    self.size(forNumberOfPages: pageCount)
  }

  // MARK: Accessibility (PageControl+Accessibility.swift)

  open override var isAccessibilityElement: Bool {
    get { accessibilityStore.isElement ?? true }
    set { super.isAccessibilityElement = newValue }
  }

  open override var accessibilityValue: String? {
    get { accessibilityStore.value ?? describedValue }
    set { super.accessibilityValue = newValue }
  }

  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStore.traits ?? describedTraits(.adjustable) }
    set { super.accessibilityTraits = newValue }
  }

  open override func accessibilityIncrement() { turnPage(by: 1) }

  open override func accessibilityDecrement() { turnPage(by: -1) }

  open override var intrinsicContentSize: Size { size(forNumberOfPages: pageCount) }

  /// Room for the dots, and the standard height.
  /// The centre of dot `index`, in the control's coordinates: the row is centred.
  func dotCenter(_ index: Int) -> Point {
    let rowWidth = size(forNumberOfPages: pageCount).width
    let firstX = bounds.midX - rowWidth / 2 + Self.dotDiameter / 2
    return Point(x: firstX + Double(index) * Self.dotPitch, y: bounds.midY)
  }

  /// Draws the dots.
  open override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current, pageCount > 0,
      !(hidesForSinglePage && pageCount == 1)
    else { return }
    let radius = Self.dotDiameter / 2
    for index in 0..<pageCount {
      let center = dotCenter(index)
      context.setFillColor(
        index == page
          ? currentPageIndicatorTintColor ?? Self.defaultCurrentDotColor
          : pageIndicatorTintColor ?? Self.defaultDotColor)
      context.fillEllipse(
        in: Rect(
          x: center.x - radius, y: center.y - radius, width: Self.dotDiameter,
          height: Self.dotDiameter))
    }
  }

  /// A tap inside moves one page towards the side it landed on.
  open override func endTracking(_ touch: Touch?, with event: KioskUI.Event?) {
    super.endTracking(touch, with: event)
    guard let touch, pageCount > 1 else { return }
    let location = touch.location(in: self)
    guard bounds.contains(location) else { return }
    let step = location.x < dotCenter(page).x ? -1 : 1
    let old = page
    currentPage = page + step
    if page != old { sendActions(for: .valueChanged) }
  }
}
