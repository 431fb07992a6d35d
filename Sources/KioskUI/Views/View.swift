import KioskGraphics

/// A rectangle on screen that draws content and holds other views: the building block of
/// every KioskKit interface, with the semantics of UIKit's `UIView`.
///
/// Every view is backed by a `Layer`. A view that overrides `draw(_:)` gets a pixel backing
/// store, drawn once and reused until `setNeedsDisplay()`; a plain view is just a colour.
///
/// ```swift
/// let badge = View(frame: Rect(x: 20, y: 20, width: 80, height: 40))
/// badge.backgroundColor = .systemBlue
/// window.addSubview(badge)
/// ```
@MainActor
open class View: Responder, LayerDelegate {
  /// The layer that puts this view on screen.
  public let layer: Layer
  /// The view this one is inside.
  public internal(set) weak var superview: View?
  /// The views inside this one, back to front.
  public internal(set) var subviews: [View] = []
  /// An integer apps can use to find a view again (`viewWithTag(_:)`).
  public var tag = 0
  /// Whether the view receives touches (hit testing skips it and its subviews if not).
  public var isUserInteractionEnabled = true
  /// Whether the view receives more than one finger at a time (UIKit's default: no; later
  /// fingers on it are ignored while the first is down).
  public var isMultipleTouchEnabled = false
  /// Whether a touch on this view keeps every other view in its window from receiving
  /// touches while it lasts (and this view from receiving one while other views hold
  /// touches). Buttons that must not be pressed together set it.
  public var isExclusiveTouch = false
  /// Whether the view resizes its subviews by their `autoresizingMask` when its size changes.
  public var autoresizesSubviews = true
  /// How the view resizes when its superview's size changes.
  public var autoresizingMask: AutoresizingMask = []

  /// The controller whose view this is (its `view`), if any: the next responder.
  weak var owningViewController: ViewController?
  /// The recognizers attached to this view, in the order they were added.
  var attachedGestureRecognizers: [GestureRecognizer] = []
  var needsLayout = true
  var subtreeNeedsLayout = true

  /// Creates a view with a frame in its superview's coordinates.
  public init(frame: Rect) {
    layer = Self.makeLayer()
    super.init()
    layer.delegate = self
    layer.bounds = Rect(origin: .zero, size: frame.standardized.size)
    layer.position = frame.standardized.center
    layer.setNeedsDisplay()
  }

  /// Creates a view with an empty frame.
  public convenience override init() {
    self.init(frame: .zero)
  }

  /// Makes the layer for a new view; override to use a `Layer` subclass.
  open class func makeLayer() -> Layer { Layer() }

  /// The next responder: the view controller whose view this is, if any, else the
  /// superview.
  open override var next: Responder? { owningViewController ?? superview }

  override var responderWindow: Window? { window }

  // MARK: Accessibility (UIKit's UIAccessibility; Accessibility/View+Accessibility.swift)

  /// What was set on this view; the properties below fall back to what the view's kind
  /// says of itself (a button's title) when nothing was.
  var accessibilityStore = AccessibilityStore()
  /// The traits the view had when it left its window (View+TraitsAcrossWindows.swift).
  var traitsWhenLeftWindow: TraitsWhenLeftWindow?

  /// Whether a screen reader lands on this view as one element (plain views: no; controls,
  /// labels and images: yes). Its subviews are then not visited.
  open var isAccessibilityElement: Bool {
    get { accessibilityStore.isElement ?? false }
    set { accessibilityStore.isElement = newValue }
  }
  /// A short name, spoken first ("Order"). Standard views derive it from their content.
  open var accessibilityLabel: String? {
    get { accessibilityStore.label }
    set { accessibilityStore.label = newValue }
  }
  /// What activating the view does ("Adds the recipe"), spoken after a pause.
  open var accessibilityHint: String? {
    get { accessibilityStore.hint }
    set { accessibilityStore.hint = newValue }
  }
  /// The view's current value ("50 %", "on").
  open var accessibilityValue: String? {
    get { accessibilityStore.value }
    set { accessibilityStore.value = newValue }
  }
  /// What kind of element the view is and its state.
  open var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStore.traits ?? [] }
    set { accessibilityStore.traits = newValue }
  }
  /// An identifier for tests (`app.buttons["order"]`), never spoken.
  public var accessibilityIdentifier: String? {
    get { accessibilityStore.identifier }
    set { accessibilityStore.identifier = newValue }
  }
  /// The language of the label and value (BCP 47, "ru") when not the app's.
  open var accessibilityLanguage: String? {
    get { accessibilityStore.language }
    set { accessibilityStore.language = newValue }
  }
  /// The view's elements in reading order, when it orders them itself; `nil`: its
  /// subviews, by position.
  open var accessibilityElements: [any AccessibilityNode]? {
    get { accessibilityStore.elements }
    set { accessibilityStore.elements = newValue }
  }
  /// Whether a screen reader ignores the view's siblings and everything behind it.
  open var accessibilityViewIsModal: Bool {
    get { accessibilityStore.isModal }
    set { accessibilityStore.isModal = newValue }
  }
  /// Whether the view's elements are read together, before what follows the view.
  open var shouldGroupAccessibilityChildren: Bool {
    get { accessibilityStore.groupsChildren }
    set { accessibilityStore.groupsChildren = newValue }
  }
  /// Whether the view and everything in it are hidden from a screen reader.
  open var accessibilityElementsHidden: Bool {
    get { accessibilityStore.elementsHidden }
    set { accessibilityStore.elementsHidden = newValue }
  }
  /// Actions a screen reader offers besides activation.
  open var accessibilityCustomActions: [AccessibilityCustomAction] {
    get { accessibilityStore.customActions }
    set { accessibilityStore.customActions = newValue }
  }
  /// The view's frame in screen points, unless set.
  open var accessibilityFrame: Rect {
    get { accessibilityStore.frame ?? screenRect(of: bounds) }
    set { accessibilityStore.frame = newValue }
  }
  /// Where a screen reader taps the view (screen points) when `accessibilityActivate()`
  /// returns `false`: the centre of its frame unless set.
  open var accessibilityActivationPoint: Point {
    get { accessibilityStore.activationPoint ?? accessibilityFrame.center }
    set { accessibilityStore.activationPoint = newValue }
  }
  /// Performs the view's primary action; `false` (the default) has the reader tap it.
  open func accessibilityActivate() -> Bool { false }
  /// Increases an adjustable view's value.
  open func accessibilityIncrement() {}
  /// Decreases an adjustable view's value.
  open func accessibilityDecrement() {}
  /// Dismisses or goes back; `false` when the view cannot (the reader asks its container).
  open func accessibilityPerformEscape() -> Bool { false }
  /// Scrolls the view's content; `false` when it cannot.
  open func accessibilityScroll(_ direction: AccessibilityScrollDirection) -> Bool { false }

  // MARK: Appearance

  /// The colour filling the bounds; `nil` is transparent.
  open var backgroundColor: Color? {
    get { layer.backgroundColor }
    set { layer.backgroundColor = newValue }
  }

  /// Opacity from 0 to 1. Views under 0.01 receive no touches.
  open var alpha: Double {
    get { layer.opacity }
    set { layer.opacity = newValue }
  }

  /// Whether the view and its subviews are invisible and receive no touches.
  open var isHidden: Bool {
    get { layer.isHidden }
    set {
      let changes = newValue != layer.isHidden
      layer.isHidden = newValue
      if changes, layoutAttributes.isArranged { arrangedVisibilityDidChange() }
    }
  }

  /// A promise that the view fills its bounds with opaque content, so that nothing behind
  /// it needs to be drawn. Set it for opaque views; it is one of the cheapest speed-ups.
  open var isOpaque: Bool {
    get { layer.isOpaque }
    set { layer.isOpaque = newValue }
  }

  /// Whether subviews are clipped to the bounds.
  open var clipsToBounds: Bool {
    get { layer.masksToBounds }
    set { layer.masksToBounds = newValue }
  }

  /// How cached content follows bounds changes; `.redraw` calls `draw(_:)` again instead.
  open var contentMode: ContentMode {
    get { layer.contentsMode }
    set { layer.contentsMode = newValue }
  }

  /// The part of the content (in unit coordinates) that stretches when a scaling content
  /// mode resizes it; the rest keeps its size. `(0, 0, 1, 1)`, the default, stretches all.
  ///
  /// ```swift
  /// bubble.contentStretch = Rect(x: 0.45, y: 0.45, width: 0.1, height: 0.1)  // corners fixed
  /// ```
  open var contentStretch: Rect {
    get { layer.contentsStretch }
    set { layer.contentsStretch = newValue }
  }

  /// Finds the view with `tag` among this view and its descendants.
  public func viewWithTag(_ tag: Int) -> View? {
    if self.tag == tag { return self }
    for subview in subviews {
      if let found = subview.viewWithTag(tag) { return found }
    }
    return nil
  }

  // MARK: Hierarchy hooks (override; the default implementations do nothing)

  /// Called before the view moves to a new superview (`nil`: it is being removed).
  open func willMove(toSuperview newSuperview: View?) {}
  /// Called after the view moved to a new superview (or was removed from one).
  open func didMoveToSuperview() {}
  /// Called before the view (or an ancestor) moves into another window, or out of one (`nil`).
  open func willMove(toWindow newWindow: Window?) {}
  /// Called after the view (or an ancestor) moved into a window or out of one.
  open func didMoveToWindow() {}
  /// Called after a subview was added.
  open func didAddSubview(_ subview: View) {}
  /// Called when this view's `traitCollection` changed (the screen turned, or the
  /// accessibility settings changed text size, contrast or weight), with the collection it
  /// had before. Override to adapt fonts, colours or layout; call `super`.
  open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}
  /// Called before a subview is removed.
  open func willRemoveSubview(_ subview: View) {}

  // MARK: Layout hooks

  /// Lays out the subviews; called in the commit's layout pass after `setNeedsLayout()`
  /// or a size change. Autoresizing has already happened, and the subviews placed by
  /// constraints (`translatesAutoresizingMaskIntoConstraints` false) are already where
  /// their constraints put them, as UIKit's default implementation leaves them; the default
  /// does nothing more.
  open func layoutSubviews() {}

  /// Brings the constraints the view manages up to date, in the update-constraints pass
  /// before layout, after `setNeedsUpdateConstraints()`: change constants, activate or
  /// deactivate here. The default does nothing; an override calls `super` last, as with
  /// UIKit.
  open func updateConstraints() {}

  /// The size that best fits the view's content within `size`; the default is the
  /// current size.
  open func sizeThatFits(_ size: Size) -> Size { bounds.size }

  // MARK: Intrinsic size, margins and the safe area (Layout/View+*.swift)

  /// The size the view's content needs, when nothing else decides it: what its
  /// intrinsic-size constraints keep it near (Auto Layout) and what a `StackView` gives it
  /// along its axis. Either dimension may be `View.noIntrinsicMetric` (the
  /// default for both), for a view whose content does not suggest one. Override it in a
  /// custom view with content of a natural size, and call `invalidateIntrinsicContentSize()`
  /// when the content changes.
  open var intrinsicContentSize: Size {
    Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
  }

  /// Called in a layout pass after the view's effective layout margins changed (set, or
  /// moved by the safe area or a superview's margins it preserves), before
  /// `layoutSubviews()`. The default does nothing.
  open func layoutMarginsDidChange() {}

  /// Called in a layout pass after `safeAreaInsets` changed, before `layoutSubviews()`.
  /// The default does nothing.
  open func safeAreaInsetsDidChange() {}

  /// Priorities, layout margins, the safe area and the view's place in a stack view.
  var layoutAttributes = ViewLayoutAttributes()

  // MARK: Hit testing

  /// The deepest visible, touchable view containing `point` (in this view's coordinates):
  /// subviews are tried front to back. Hidden views, views with alpha under 0.01, views
  /// with `isUserInteractionEnabled` off and views being animated by `View.animate` without
  /// `.allowUserInteraction` (UIKit's documented default) are skipped with their subviews,
  /// and a point outside this view's bounds never reaches its subviews, even ones drawn
  /// there.
  open func hitTest(_ point: Point, with event: Event?) -> View? {
    guard takesTouches, !isHidden, alpha >= 0.01, self.point(inside: point, with: event)
    else { return nil }
    for subview in subviews.reversed() {
      let pointInSubview = subview.convert(point, from: self)
      guard subview.takesTouches else {
        subview.logTouchRefusedWhileAnimating(at: pointInSubview)
        continue
      }
      if let hit = subview.hitTest(pointInSubview, with: event) {
        return hit
      }
    }
    return self
  }

  /// Says in the debug log that a touch passed a view (and its subviews) because an
  /// animation without `.allowUserInteraction` moves it: a tap "lost" during a transition
  /// is UIKit's rule, and this is where to see it happen.
  private func logTouchRefusedWhileAnimating(at point: Point) {
    guard layer.hasAnimationBlockingTouches, isUserInteractionEnabled, !isHidden,
      bounds.contains(point)
    else { return }
    uiLogger.debug("touch: \(type(of: self)) is being animated; it takes no touches until it ends")
  }

  /// Whether touches may reach the view now: `isUserInteractionEnabled`, and no animation
  /// that does not allow user interaction is moving it.
  final var takesTouches: Bool {
    isUserInteractionEnabled && !layer.hasAnimationBlockingTouches
  }

  /// Whether `point` (in this view's coordinates) is inside the view: by default, the bounds.
  open func point(inside point: Point, with event: Event?) -> Bool {
    bounds.contains(point)
  }

  // MARK: Gestures

  /// Whether `gestureRecognizer` (attached to this view) may leave its `possible` state
  /// and begin or recognize. Override to veto, e.g. a pan that must stay vertical; the
  /// default allows it.
  open func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    true
  }

  // MARK: Drawing

  /// Draws the view's content into `GraphicsContext.current`, in bounds coordinates. `rect`
  /// is the part that needs drawing. Override to draw; the default draws nothing (and a view
  /// that does not override it gets no backing store at all).
  open func draw(_ rect: Rect) {
    drawIsInherited = true
  }

  /// Redraws all of the content at the next commit.
  open func setNeedsDisplay() {
    layer.setNeedsDisplay()
  }

  /// Redraws part of the content (in bounds coordinates) at the next commit.
  open func setNeedsDisplay(_ rect: Rect) {
    layer.setNeedsDisplay(rect)
  }

  private var drawIsInherited = false
  private static var drawsByClass: [ObjectIdentifier: Bool] = [:]

  /// Whether this view's class draws: unknown (nil) until its first display pass, which
  /// tells: a class whose draw(_:) reaches the base implementation without drawing anything
  /// is a plain view and never gets a backing store again.
  private var classDrawsContent: Bool? { Self.drawsByClass[ObjectIdentifier(type(of: self))] }

  /// `LayerDelegate`: whether this view's class draws (true until its first display tells).
  public func layerDrawsContent(_ layer: Layer) -> Bool { classDrawsContent ?? true }

  /// `LayerDelegate`: calls `draw(_:)`.
  public func draw(_ layer: Layer, in rect: Rect, context: GraphicsContext) -> Bool {
    drawIsInherited = false
    draw(rect)
    guard classDrawsContent == nil else { return true }
    let draws = !(drawIsInherited && context.drawingOperationCount == 0)
    Self.drawsByClass[ObjectIdentifier(type(of: self))] = draws
    return draws
  }

  /// `LayerDelegate`: the part of the bounds `draw(_:)` can reach (`drawingArea`).
  public func drawingArea(of layer: Layer) -> Rect? { drawingArea }

  /// The part of the bounds that `draw(_:)` can reach, or `nil` (the default) for all of
  /// it; the backing store covers only this part. Views whose drawing is known to stay in a
  /// small part of large bounds (a label's text) name it.
  var drawingArea: Rect? { nil }

  /// Called after the layer's backing store was released to save memory (the view is off
  /// screen); views drop what they keep only for drawing. The default does nothing.
  func backingStoreWasReleased() {}

  /// `LayerDelegate`: redraws on resize under `.redraw`.
  public func layerBoundsSizeDidChange(_ layer: Layer) {
    if contentMode == .redraw { setNeedsDisplay() }
  }
}
