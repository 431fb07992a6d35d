import KioskGraphics

/// The sides of a popover its arrow may point from (`permittedArrowDirections`), or the
/// one it points from (`arrowDirection`). `.up` means the arrow is on top, pointing up at
/// the source, with the popover below it.
public struct PopoverArrowDirection: OptionSet, Sendable {
  public let rawValue: UInt
  /// Creates a set of directions from raw bits.
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The arrow points up; the popover is below the source.
  public static let up = PopoverArrowDirection(rawValue: 1 << 0)
  /// The arrow points down; the popover is above the source.
  public static let down = PopoverArrowDirection(rawValue: 1 << 1)
  /// The arrow points left; the popover is right of the source.
  public static let left = PopoverArrowDirection(rawValue: 1 << 2)
  /// The arrow points right; the popover is left of the source.
  public static let right = PopoverArrowDirection(rawValue: 1 << 3)
  /// Any direction.
  public static let any: PopoverArrowDirection = [.up, .down, .left, .right]
  /// No direction: the popover is not shown, or has no arrow.
  public static let unknown: PopoverArrowDirection = []
}

/// The presentation of a controller whose `modalPresentationStyle` is `.popover`: a
/// rounded card with an arrow pointing at `sourceRect` in `sourceView`, sized by the
/// presented controller's `preferredContentSize`. A tap outside the card dismisses it
/// (unless the delegate refuses). On a compact screen (narrower than 500 points) the
/// controller is presented full screen instead.
///
/// ```swift
/// let palette = PaletteController()
/// palette.preferredContentSize = Size(width: 280, height: 200)
/// palette.modalPresentationStyle = .popover
/// if let popover = palette.popoverPresentationController {
///   popover.sourceView = colourButton
///   popover.permittedArrowDirections = [.up, .down]
/// }
/// present(palette, animated: true)
/// ```
@MainActor
public final class PopoverPresentationController: PresentationController {
  /// The view the arrow points at. Without one (and without `barButtonItem`), the card is
  /// centred in the window with no arrow.
  public weak var sourceView: View?
  /// A bar button item the arrow points at, instead of `sourceView`, while it is shown in
  /// a navigation bar.
  public var barButtonItem: BarButtonItem?
  /// The rectangle (in `sourceView`'s coordinates) the arrow points at; an empty rectangle
  /// means the source view's bounds.
  public var sourceRect = Rect.zero
  /// The directions the arrow may point in. The default is `.any`.
  public var permittedArrowDirections = PopoverArrowDirection.any
  /// The direction the arrow points in while the popover is shown.
  public internal(set) var arrowDirection = PopoverArrowDirection.unknown
  /// The colour of the card and its arrow. The default is white.
  public var backgroundColor: Color? = .white {
    didSet { background?.fillColor = backgroundColor }
  }
  /// Views outside the popover that keep receiving touches while it is shown (a tap on
  /// them does not dismiss it).
  public var passthroughViews: [View] = []

  /// The size of the content when the presented controller has no preferred size.
  static let defaultContentSize = Size(width: 320, height: 480)

  var background: PopoverBackgroundView? { wrapperView as? PopoverBackgroundView }

  /// Whether the app said where the popover points (a source view or a bar button item).
  var hasSource: Bool { sourceView != nil || barButtonItem != nil }

  /// Runs once a tap outside the card started the dismissal (an action sheet runs its cancel
  /// action's handler).
  var outsideTapDismissal: (() -> Void)?

  override func adaptedStyle(in window: Window) -> ModalPresentationStyle {
    window.bounds.width < Self.compactWidth ? .fullScreen : .popover
  }

  override func makeWrapperView() -> View {
    guard presentationStyle == .popover else { return super.makeWrapperView() }
    let background = PopoverBackgroundView()
    background.fillColor = backgroundColor
    return background
  }

  override func makeDimmingView() -> View? {
    guard presentationStyle == .popover else { return super.makeDimmingView() }
    let dimming = PopoverDimmingView(frame: .zero)
    dimming.popover = self
    dimming.addGestureRecognizer(
      TapGestureRecognizer { [weak self] _ in self?.outsideTapped() })
    return dimming
  }

  override func wrapperFrame(in bounds: Rect) -> Rect {
    guard presentationStyle == .popover, let container else {
      return super.wrapperFrame(in: bounds)
    }
    let anchor = anchorRect(in: container)
    let placement = PopoverPlacement(
      contentSize: preferredCardSize, anchor: anchor ?? Rect(origin: bounds.center, size: .zero),
      bounds: bounds, permitted: anchor == nil ? [] : permittedArrowDirections)
    arrowDirection = placement.direction
    let frame = placement.card.union(placement.arrowBounds)
      .insetBy(dx: -PopoverPlacement.shadowMargin, dy: -PopoverPlacement.shadowMargin)
    background?.update(
      card: placement.card.offsetBy(dx: -frame.minX, dy: -frame.minY),
      direction: placement.direction,
      tip: Point(x: placement.tip.x - frame.minX, y: placement.tip.y - frame.minY))
    return frame
  }

  override func contentFrame(inWrapper wrapperBounds: Rect) -> Rect {
    guard presentationStyle == .popover, let card = background?.card else {
      return super.contentFrame(inWrapper: wrapperBounds)
    }
    let inset = PopoverPlacement.contentInset
    return card.insetBy(dx: inset, dy: inset)
  }

  /// The card's size: the content's preferred size (or the default) and the rim around it.
  private var preferredCardSize: Size {
    let wanted = presentedViewController.preferredContentSize
    let content = wanted.width > 0 && wanted.height > 0 ? wanted : Self.defaultContentSize
    let rim = 2 * PopoverPlacement.contentInset
    return Size(width: content.width + rim, height: content.height + rim)
  }

  /// The source rectangle in the container's coordinates, if the source view is in its
  /// window.
  private func anchorRect(in container: View) -> Rect? {
    if let itemView = barButtonItem?.representedView, itemView.window === container.window {
      return itemView.convert(itemView.bounds, to: container)
    }
    guard let sourceView, sourceView.window === container.window else { return nil }
    let rect = sourceRect.width > 0 || sourceRect.height > 0 ? sourceRect : sourceView.bounds
    return sourceView.convert(rect, to: container)
  }

  /// A tap landed outside the card: dismiss, if the delegate agrees (it hears
  /// `presentationControllerDidAttemptToDismiss` if not, as in UIKit).
  private func outsideTapped() {
    if dismissByUser() { outsideTapDismissal?() }
  }
}

/// The invisible view around a popover: it takes the taps outside the card, except on the
/// passthrough views.
@MainActor
final class PopoverDimmingView: View {
  weak var popover: PopoverPresentationController?

  override func hitTest(_ point: Point, with event: Event?) -> View? {
    guard let hit = super.hitTest(point, with: event) else { return nil }
    for view in popover?.passthroughViews ?? [] where view.window === window {
      if view.bounds.contains(convert(point, to: view)) { return nil }
    }
    return hit
  }
}
