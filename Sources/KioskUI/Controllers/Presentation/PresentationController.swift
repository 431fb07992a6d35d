import KioskGraphics

/// Decides whether a presentation the user tries to end (a tap outside a popover) may end,
/// and hears when it did. Every method has a default.
@MainActor
public protocol PresentationControllerDelegate: AnyObject {
  /// Whether a tap outside the presented content dismisses it. The default is `true`.
  func presentationControllerShouldDismiss(_ presentationController: PresentationController)
    -> Bool
  /// The user is dismissing the presentation (a swipe down or a tap outside was let go
  /// of): the transition begins.
  func presentationControllerWillDismiss(_ presentationController: PresentationController)
  /// The user dismissed the presentation (after the transition).
  func presentationControllerDidDismiss(_ presentationController: PresentationController)
  /// The user tried to dismiss a sheet that may not go (`isModalInPresentation`, or this
  /// delegate refused): ask whether to discard what they changed, for example.
  func presentationControllerDidAttemptToDismiss(
    _ presentationController: PresentationController)
}

extension PresentationControllerDelegate {
  /// Allows the dismissal.
  public func presentationControllerShouldDismiss(
    _ presentationController: PresentationController
  ) -> Bool { true }
  /// Does nothing.
  public func presentationControllerWillDismiss(
    _ presentationController: PresentationController
  ) {}
  /// Does nothing.
  public func presentationControllerDidDismiss(_ presentationController: PresentationController) {
  }
  /// Does nothing.
  public func presentationControllerDidAttemptToDismiss(
    _ presentationController: PresentationController
  ) {}
}

/// Manages one presentation: where the presented controller's view goes, what it covers,
/// and the transitions in and out. UIKit's `UIPresentationController`; you get one from a
/// presented controller's `presentationController` (or `popoverPresentationController`).
///
/// For a custom presentation, subclass it and return an instance from the transitioning
/// delegate's `presentationController(forPresented:presenting:source:)` for a controller
/// whose `modalPresentationStyle` is `.custom`: override
/// `frameOfPresentedViewInContainerView` to place the presented view, and add views of
/// your own (a dimming view, a handle) in `presentationTransitionWillBegin()`, animating
/// them with the presented controller's `transitionCoordinator`:
///
/// ```swift
/// final class DrawerPresentation: PresentationController {
///   let dimming = View()
///   override var frameOfPresentedViewInContainerView: Rect {
///     guard let bounds = containerView?.bounds else { return .zero }
///     return Rect(x: bounds.width - 360, y: 0, width: 360, height: bounds.height)
///   }
///   override func presentationTransitionWillBegin() {
///     guard let containerView else { return }
///     dimming.backgroundColor = Color(white: 0, alpha: 0.4)
///     dimming.frame = containerView.bounds
///     dimming.alpha = 0
///     containerView.insertSubview(dimming, at: 0)
///     presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in
///       self.dimming.alpha = 1
///     })
///   }
/// }
/// ```
///
/// Where KioskKit differs: `presentedView` (what an animator gets from `view(forKey:)`) is
/// by default a view that holds the presented controller's view, not that view itself —
/// KioskKit's sheets and popovers round, clip and shadow it, as UIKit does for its own
/// sheets; for `.custom` it has the presented view's frame, so animators written for UIKit
/// work unchanged.
@MainActor
open class PresentationController {
  enum State {
    case idle, presenting, presented, dismissing
  }

  /// A view that left the window (or its context) under a full-screen presentation, and
  /// where it goes back.
  @MainActor struct CoveredView {
    /// The view, held only when no controller owns it (a presentation's container): a
    /// controller's view must be free to go when a memory warning unloads it.
    private let heldView: View?
    private weak var ownedView: View?
    weak var superview: View?
    let index: Int
    /// The controller whose view it is: if a memory warning released that view meanwhile,
    /// its new view goes back instead.
    weak var owner: ViewController?
    /// The view's frame when it left.
    let frame: Rect
    /// Whether the view filled its superview when it left (a reloaded view then gets the
    /// superview's size of the moment, which may have changed with the screen).
    let filledSuperview: Bool

    init(view: View, superview: View, index: Int) {
      owner = view.owningViewController
      heldView = owner == nil ? view : nil
      ownedView = view
      self.superview = superview
      self.index = index
      frame = view.frame
      filledSuperview = view.frame == superview.bounds
    }

    /// The view that left, if it still exists.
    var view: View? { heldView ?? ownedView }
  }

  /// The controller being presented.
  public unowned let presentedViewController: ViewController
  /// The controller that presents it: the top of the presenter's parent chain, or for a
  /// presentation in a context, the controller that defines the context. `nil` until the
  /// presentation starts.
  public internal(set) weak var presentingViewController: ViewController?
  /// The style in effect: the presented controller's `modalPresentationStyle`, or
  /// `.fullScreen` for a popover on a compact screen.
  public internal(set) var presentationStyle: ModalPresentationStyle
  /// The view that holds the presentation while it is shown: the whole window, or the
  /// context's area.
  public var containerView: View? { container }
  /// Hears about dismissals the user starts.
  public weak var delegate: PresentationControllerDelegate?

  /// Screens narrower than this (points) are compact: popovers are shown full screen.
  static let compactWidth = 500.0
  /// How long the transitions in and out take (seconds).
  static let transitionDuration = 0.3

  /// Changes the presented content's look at a transition's start (`appearing`) or at a
  /// dismissal's end (`shown` false), and back when `shown`, beyond what the transition
  /// style does; it runs inside the transition's animation. An alert zooms in with it.
  func adjustTransitionState(shown: Bool, appearing: Bool) {}
  /// The size of a form sheet when the presented controller has no preferred size.
  static let formSheetSize = Size(width: 540, height: 620)
  /// The least room (points) a form sheet leaves on each side.
  static let formSheetMargin = 20.0
  /// A page sheet's width on screens at least `pageSheetFullWidthBelow` wide, its gap
  /// under the safe area's top there and on narrower screens, and its corners' radius.
  static let pageSheetWidth = 704.0
  static let pageSheetFullWidthBelow = 744.0
  static let pageSheetTopGap = (narrow: 10.0, wide: 20.0)
  static let sheetCornerRadius = 10.0

  var state = State.idle
  var isTransitioning: Bool { state == .presenting || state == .dismissing }
  /// Requests made while the transition ran, replayed after it.
  var afterTransition: [() -> Void] = []
  var transitionStyle = ModalTransitionStyle.coverVertical
  var container: PresentationContainerView?
  /// The view that carries the presented view and moves during transitions.
  var wrapperView: View?
  var dimmingView: View?
  /// The views this presentation took out of the window, in the order it took them.
  var covered: [CoveredView] = []
  /// While a sheet is dragged down: whether it may go (asked once, when the drag began).
  var sheetDragMayDismiss = true

  /// The transition running now (a presentation or a dismissal).
  var activeTransition: PresentationTransitionContext?

  /// Creates the presentation of `presentedViewController`. `presentingViewController` is
  /// the controller that will present it, if known (the presentation takes the real one
  /// when it starts).
  public init(
    presentedViewController: ViewController, presenting presentingViewController: ViewController?
  ) {
    self.presentedViewController = presentedViewController
    self.presentingViewController = presentingViewController
    let style = presentedViewController.modalPresentationStyle
    self.presentationStyle = style == .automatic ? .pageSheet : style
  }

  convenience init(presentedViewController: ViewController) {
    self.init(presentedViewController: presentedViewController, presenting: nil)
  }

  /// Where the presented view goes, in the container's coordinates. Override it in a
  /// custom presentation; the default for `.custom` is the whole container.
  open var frameOfPresentedViewInContainerView: Rect {
    guard let container else { return .zero }
    if presentationStyle == .custom { return container.bounds }
    return contentFrame(in: container.bounds)
  }

  /// The view a transition animates: the view that holds the presented controller's view
  /// (see the class's note on where KioskKit differs), `nil` when not presented.
  open var presentedView: View? { wrapperView }

  /// Whether the presenter's view (with whatever else the presentation covers) leaves the
  /// window once the presentation is in, as for `.fullScreen` and `.currentContext`. The
  /// default for `.custom` is `false`, as UIKit's; override it for a presentation that
  /// covers everything opaquely.
  open var shouldRemovePresentersView: Bool {
    presentationStyle == .fullScreen || presentationStyle == .currentContext
  }

  // MARK: Hooks for subclasses

  /// The presentation's transition is about to begin; the container is in the window and
  /// the presented controller's `transitionCoordinator` is set. Add views of your own here.
  open func presentationTransitionWillBegin() {}
  /// The presentation's transition ended; `completed` is false when an interaction
  /// cancelled it (remove what `presentationTransitionWillBegin()` added).
  open func presentationTransitionDidEnd(_ completed: Bool) {}
  /// The dismissal's transition is about to begin.
  open func dismissalTransitionWillBegin() {}
  /// The dismissal's transition ended; `completed` is false when it was cancelled and the
  /// presentation stays.
  open func dismissalTransitionDidEnd(_ completed: Bool) {}
  /// The container is about to lay out the presentation (its size may have changed).
  open func containerViewWillLayoutSubviews() {}
  /// The container laid the presentation out.
  open func containerViewDidLayoutSubviews() {}

  var coversContext: Bool {
    presentationStyle == .currentContext || presentationStyle == .overCurrentContext
  }

  // MARK: Hooks for the popover

  /// The style to use in `window`: popovers adapt to compact screens.
  func adaptedStyle(in window: Window) -> ModalPresentationStyle {
    let style = presentedViewController.modalPresentationStyle
    return style == .automatic ? .pageSheet : style
  }

  /// Makes the view that carries the presented view.
  func makeWrapperView() -> View {
    let wrapper = isSheetPresentation ? SheetWrapperView(frame: .zero) : View(frame: .zero)
    wrapper.autoresizesSubviews = false
    return wrapper
  }

  /// Makes the view behind the presented content, if the style has one.
  func makeDimmingView() -> View? {
    guard isSheetPresentation else { return nil }
    let dimming = View(frame: .zero)
    dimming.backgroundColor = Color(white: 0, alpha: 0.4)
    return dimming
  }

  /// The wrapper's frame in the container.
  func wrapperFrame(in bounds: Rect) -> Rect {
    if presentationStyle == .custom { return frameOfPresentedViewInContainerView }
    if presentationStyle == .pageSheet { return pageSheetFrame(in: bounds) }
    guard presentationStyle == .formSheet else { return bounds }
    let wanted = presentedViewController.preferredContentSize
    let preferred = wanted.width > 0 && wanted.height > 0 ? wanted : Self.formSheetSize
    let width = min(preferred.width, max(bounds.width - 2 * Self.formSheetMargin, 0))
    let height = min(preferred.height, max(bounds.height - 2 * Self.formSheetMargin, 0))
    return Rect(
      x: (bounds.minX + (bounds.width - width) / 2).rounded(),
      y: (bounds.minY + (bounds.height - height) / 2).rounded(), width: width, height: height)
  }

  /// Whether the presentation is a sheet (form or page), which a swipe down dismisses.
  var isSheetPresentation: Bool {
    presentationStyle == .formSheet || presentationStyle == .pageSheet
  }

  /// A page sheet: from a gap under the safe area's top to the bottom, the full width of a
  /// narrow screen or `pageSheetWidth` centred on a wide one.
  private func pageSheetFrame(in bounds: Rect) -> Rect {
    let safeTop = container?.window?.safeAreaInsets.top ?? 0
    let isWide = bounds.width >= Self.pageSheetFullWidthBelow
    let top = safeTop + (isWide ? Self.pageSheetTopGap.wide : Self.pageSheetTopGap.narrow)
    let width = isWide ? Self.pageSheetWidth : bounds.width
    // The sheet reaches past the bottom edge by its corner radius: only its top corners
    // show rounded (the container clips the rest), as UIKit's sheet at the screen's foot.
    return Rect(
      x: (bounds.minX + (bounds.width - width) / 2).rounded(), y: bounds.minY + top,
      width: width, height: max(bounds.height - top, 0) + Self.sheetCornerRadius)
  }

  /// The presented view's frame in the wrapper's coordinates: all of it, but for a page
  /// sheet the part below the container's bottom edge.
  func contentFrame(inWrapper wrapperBounds: Rect) -> Rect {
    guard presentationStyle == .pageSheet else { return wrapperBounds }
    return Rect(
      x: 0, y: 0, width: wrapperBounds.width,
      height: max(wrapperBounds.height - Self.sheetCornerRadius, 0))
  }

  /// The presented view's frame in the container, for `frameOfPresentedViewInContainerView`.
  func contentFrame(in bounds: Rect) -> Rect {
    let wrapper = wrapperFrame(in: bounds)
    let content = contentFrame(inWrapper: Rect(origin: .zero, size: wrapper.size))
    return Rect(
      x: wrapper.minX + content.minX, y: wrapper.minY + content.minY, width: content.width,
      height: content.height)
  }

  // MARK: Layout

  /// Places the container over its area and everything in it.
  func layoutContainer() {
    guard let container, let wrapperView else { return }
    if coversContext, let area = presentingViewController?.viewIfLoaded,
      area.frame != container.frame
    {
      container.frame = area.frame
    }
    let bounds = container.bounds
    dimmingView?.frame = bounds
    let frame = wrapperFrame(in: bounds)
    wrapperView.bounds = Rect(origin: .zero, size: frame.size)
    wrapperView.center = Point(x: frame.midX, y: frame.midY)
    presentedViewController.viewIfLoaded?.frame = contentFrame(
      inWrapper: Rect(origin: .zero, size: frame.size))
  }

  /// The presented controller's preferred size changed: sheets and popovers follow it.
  func presentedContentSizeDidChange() {
    container?.setNeedsLayout()
  }
}

/// The view that holds a presentation; it lays the presentation out. Touches on it go no
/// further (what is under a presentation cannot be touched), except around a popover,
/// whose passthrough views stay touchable.
@MainActor
final class PresentationContainerView: View {
  weak var presentation: PresentationController?

  override func layoutSubviews() {
    super.layoutSubviews()
    presentation?.containerViewWillLayoutSubviews()
    presentation?.layoutContainer()
    presentation?.containerViewDidLayoutSubviews()
  }

  override func hitTest(_ point: Point, with event: Event?) -> View? {
    let hit = super.hitTest(point, with: event)
    if hit === self, presentation?.presentationStyle == .popover { return nil }
    return hit
  }

  /// To a screen reader a presentation is modal, as in UIKit: what is behind it cannot be
  /// reached (set by the container's initialiser; an app may turn it off).
  override init(frame: Rect) {
    super.init(frame: frame)
    accessibilityViewIsModal = true
  }

  /// Escape (the screen reader's scrub, a keypad's Cancel): an alert's cancel action, or a
  /// form sheet or popover dismissed, as a swipe down or a tap outside dismisses them in
  /// UIKit. A full-screen or in-context presentation is left to its own Cancel button, as
  /// VoiceOver leaves it.
  override func accessibilityPerformEscape() -> Bool {
    guard let presentation else { return false }
    let presented = presentation.presentedViewController
    if let alert = presented as? AlertController { return alert.performCancelAction() }
    guard presentation.isSheetPresentation || presentation.presentationStyle == .popover,
      presented.presentingViewController != nil
    else { return false }
    return presentation.dismissByUser()
  }
}
