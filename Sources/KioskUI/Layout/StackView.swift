import KioskGraphics

/// A view that lines up its arranged subviews in a row or a column, with UIKit's
/// `UIStackView` API: `axis`, `distribution`, `alignment`, `spacing` and custom spacing,
/// layout-margins-relative arrangement, and arranged views that collapse when hidden.
///
/// ```swift
/// let buttons = StackView(arrangedSubviews: [cancel, order])
/// buttons.spacing = 12
/// buttons.distribution = .fillEqually
/// let form = StackView(arrangedSubviews: [title, nameField, buttons])
/// form.axis = .vertical
/// form.spacing = 16
/// form.frame = view.safeAreaLayoutGuide.layoutFrame
/// ```
///
/// **How it differs from UIKit.** UIKit's stack view makes constraints for the Auto Layout
/// solver; this one (for now) computes the frames of its arranged views itself in
/// `layoutSubviews()`, from their `intrinsicContentSize`, their content hugging and
/// compression resistance priorities, and the stack's own bounds. So:
/// - Give the stack itself a frame (or an autoresizing mask), as any KioskKit view; a
///   stack inside a stack is sized by the outer one, and `sizeThatFits(_:)` /
///   `intrinsicContentSize` tell the size its content needs (UIKit's stack has no
///   intrinsic size of its own; here it has one so stacks nest).
/// - An arranged view is sized by its `intrinsicContentSize` and by its required
///   constraints of its own width or height to a constant (`widthAnchor.constraint(
///   equalToConstant:)`, at least, at most), where UIKit would use any constraint on it. A
///   view with no intrinsic size along the axis (`View.noIntrinsicMetric`, a plain `View`)
///   counts as 0 there: it takes room only by stretching. Across the axis it fills the stack
///   whatever the alignment. Constraints never move an arranged view: the stack places it.
/// - Multi-line labels wrap at the width the stack gives them (their
///   `preferredMaxLayoutWidth` when set), as Auto Layout's second pass does.
/// - Frames the app sets on arranged views are replaced at the next layout.
///
/// Hiding an arranged view collapses it: it keeps its place in `arrangedSubviews` and
/// takes no room (and no spacing). Inside `View.animate` the stack lays out at once, so the
/// other views slide into place and a view being shown grows from nothing, the UIKit idiom:
///
/// ```swift
/// View.animate(withDuration: 0.3) { details.isHidden.toggle() }
/// ```
///
/// (`isHidden` itself is not animatable in KioskKit: a view being hidden disappears at the
/// start of the animation while its slot closes.)
///
/// A stack view draws nothing itself (no backing store), as UIKit's is a non-rendering
/// view; a `backgroundColor` fills its bounds as in UIKit since iOS 14.
@MainActor
open class StackView: View {
  /// How arranged views share the stack's length along its axis.
  public enum Distribution: Sendable, Hashable {
    /// Views keep their intrinsic sizes; the one with the lowest content hugging priority
    /// stretches to fill the room left (of equal priorities, the first one), and when they
    /// do not fit the one with the lowest compression resistance shrinks first (of equal
    /// priorities, the last one, so that the leading content stays whole).
    case fill
    /// Every view gets the same length.
    case fillEqually
    /// Views share the length in proportion to their intrinsic lengths.
    case fillProportionally
    /// Views keep their intrinsic sizes and the gaps between them are equal (at least
    /// `spacing`); views that do not fit shrink as in `.fill`.
    case equalSpacing
    /// Views keep their intrinsic sizes and their centres are equally spaced, the first
    /// at the start and the last at the end, keeping at least `spacing` between views;
    /// where that does not fit, laid out as `.equalSpacing`.
    case equalCentering
  }

  /// How arranged views are placed across the axis.
  public enum Alignment: Sendable, Hashable {
    /// Views fill the stack across the axis.
    case fill
    /// Views keep their intrinsic size across the axis, along the leading edge (the left
    /// edge of a vertical stack, the top of a horizontal one).
    case leading
    /// Views are centred across the axis.
    case center
    /// Views are along the trailing edge (right of a vertical stack, bottom of a
    /// horizontal one).
    case trailing
    /// In a horizontal stack, views are moved up or down so that their first baselines line
    /// up. A `Label` and a `Button` (its title) have baselines; for other views the
    /// baseline is the bottom edge, as in UIKit. In a vertical stack it is `.leading`.
    case firstBaseline
    /// Like `.firstBaseline`, with the last lines' baselines.
    case lastBaseline

    /// The top edge of a horizontal stack: `.leading`.
    public static var top: Alignment { .leading }
    /// The bottom edge of a horizontal stack: `.trailing`.
    public static var bottom: Alignment { .trailing }
  }

  /// The value of `customSpacing(after:)` for a view without custom spacing: the stack's
  /// `spacing` applies (UIKit's `UIStackView.spacingUseDefault`).
  public static let spacingUseDefault = Double.greatestFiniteMagnitude
  /// A spacing that asks for the system's standard space between views (8 points),
  /// UIKit's `UIStackView.spacingUseSystem`.
  public static let spacingUseSystem = Double.leastNormalMagnitude
  /// The standard space `spacingUseSystem` stands for.
  static let systemSpacing = 8.0

  /// The views the stack lines up, in order. They are subviews of the stack too; the order
  /// of `subviews` (front to back) is independent of this one.
  public private(set) var arrangedSubviews: [View] = []

  /// The direction views are lined up in (default: `.horizontal`).
  open var axis = LayoutAxis.horizontal {
    didSet { if oldValue != axis { arrangementDidChange() } }
  }

  /// How views share the length along the axis (default: `.fill`).
  open var distribution = Distribution.fill {
    didSet { if oldValue != distribution { arrangementDidChange() } }
  }

  /// How views are placed across the axis (default: `.fill`).
  open var alignment = Alignment.fill {
    didSet { if oldValue != alignment { arrangementDidChange() } }
  }

  /// The space between neighbouring views, in points (default 0); the least space for
  /// `.equalSpacing` and `.equalCentering`. Negative spacing overlaps views, as in UIKit;
  /// a non-finite value is refused.
  open var spacing = 0.0 {
    didSet {
      guard GeometryGuard.accepts(spacing.isFinite, "StackView.spacing", "\(spacing)") else {
        spacing = oldValue
        return
      }
      if oldValue != spacing { arrangementDidChange() }
    }
  }

  /// Whether the views are placed inside the stack's layout margins (`layoutMarginsGuide`)
  /// rather than its bounds (the default, `false`).
  open var isLayoutMarginsRelativeArrangement = false {
    didSet { if oldValue != isLayoutMarginsRelativeArrangement { arrangementDidChange() } }
  }

  /// In a vertical stack, whether `spacing` is measured from the last baseline of a view
  /// to the first baseline of the next (for views with baselines: labels and buttons)
  /// rather than between their frames. The default is `false`.
  open var isBaselineRelativeArrangement = false {
    didSet { if oldValue != isBaselineRelativeArrangement { arrangementDidChange() } }
  }

  var customSpacings: [ObjectIdentifier: Double] = [:]
  /// The size the content needs (`intrinsicContentSize`), until something changes.
  var cachedFittingSize: Size?

  /// Creates a stack that lines up `arrangedSubviews` (added as subviews, in that order).
  public convenience init(arrangedSubviews: [View]) {
    self.init(frame: .zero)
    for view in arrangedSubviews { addArrangedSubview(view) }
  }

  /// Creates an empty horizontal stack.
  public override init(frame: Rect) {
    super.init(frame: frame)
  }

  // MARK: Arranged subviews

  /// Adds `view` at the end of `arrangedSubviews`, and as a subview if it is not one.
  open func addArrangedSubview(_ view: View) {
    insertArrangedSubview(view, at: arrangedSubviews.count)
  }

  /// Inserts `view` in `arrangedSubviews` at `stackIndex` (0...count; a view already
  /// arranged moves there, counted without it) and makes it a subview if it is not one.
  open func insertArrangedSubview(_ view: View, at stackIndex: Int) {
    guard view !== self else { return }
    if let current = arrangedSubviews.firstIndex(where: { $0 === view }) {
      arrangedSubviews.remove(at: current)
    }
    precondition(
      (0...arrangedSubviews.count).contains(stackIndex),
      "StackView.insertArrangedSubview: index \(stackIndex) is outside 0...\(arrangedSubviews.count)"
    )
    if view.superview !== self { addSubview(view) }
    arrangedSubviews.insert(view, at: stackIndex)
    view.layoutAttributes.isArranged = true
    arrangementDidChange()
  }

  /// Removes `view` from `arrangedSubviews`; it stays a subview (call
  /// `removeFromSuperview()` too to take it out of the stack), as in UIKit.
  open func removeArrangedSubview(_ view: View) {
    guard let index = arrangedSubviews.firstIndex(where: { $0 === view }) else { return }
    arrangedSubviews.remove(at: index)
    view.layoutAttributes.isArranged = false
    customSpacings[ObjectIdentifier(view)] = nil
    arrangementDidChange()
  }

  /// An arranged view leaving the stack (`removeFromSuperview()`) leaves
  /// `arrangedSubviews` too.
  open override func willRemoveSubview(_ subview: View) {
    super.willRemoveSubview(subview)
    removeArrangedSubview(subview)
  }

  // MARK: Spacing

  /// Sets the space after `arrangedSubview` (to the next visible view), in place of
  /// `spacing`; `StackView.spacingUseDefault` goes back to `spacing`. Ignored for a view
  /// that is not arranged, as in UIKit.
  open func setCustomSpacing(_ spacing: Double, after arrangedSubview: View) {
    guard arrangedSubviews.contains(where: { $0 === arrangedSubview }),
      GeometryGuard.accepts(!spacing.isNaN, "StackView.customSpacing", "\(spacing)")
    else { return }
    let key = ObjectIdentifier(arrangedSubview)
    let value: Double? = spacing == Self.spacingUseDefault ? nil : spacing
    guard customSpacings[key] != value else { return }
    customSpacings[key] = value
    arrangementDidChange()
  }

  /// The space after `arrangedSubview`: its custom spacing, or
  /// `StackView.spacingUseDefault` when it has none.
  open func customSpacing(after arrangedSubview: View) -> Double {
    customSpacings[ObjectIdentifier(arrangedSubview)] ?? Self.spacingUseDefault
  }

  // MARK: Sizes

  /// The size the arranged views need at their intrinsic sizes with the spacing (and the
  /// margins when `isLayoutMarginsRelativeArrangement`), so that a stack can be arranged
  /// in another one.
  open override var intrinsicContentSize: Size {
    if let cachedFittingSize { return cachedFittingSize }
    let size = fittingSize(acrossLimit: nil)
    cachedFittingSize = size
    return size
  }

  /// The size the content needs; in a vertical stack, multi-line labels wrap at the width
  /// `size` offers (when it is not 0).
  open override func sizeThatFits(_ size: Size) -> Size {
    let limit = axis == .vertical ? size.width : size.height
    return limit > 0 ? fittingSize(acrossLimit: limit) : intrinsicContentSize
  }

  /// Lays the arranged views out in the bounds (or inside the margins).
  open override func layoutSubviews() {
    super.layoutSubviews()
    arrangeSubviews()
  }

  /// Something that decides the arrangement changed: lay out again, and tell a stack that
  /// arranges this one that its size may have changed. A stack that is not arranged asks
  /// its superview to lay out again instead, so that a `layoutSubviews()` (or a
  /// controller's `viewDidLayoutSubviews()`) that sizes the stack by `sizeThatFits(_:)`
  /// runs again, where Auto Layout would solve the stack's size anew.
  func arrangementDidChange() {
    cachedFittingSize = nil
    setNeedsLayout()
    if layoutAttributes.isArranged {
      invalidateIntrinsicContentSize()
    } else {
      superview?.setNeedsLayout()
    }
  }

  /// An arranged view was shown or hidden, or its intrinsic size changed.
  func arrangedSubviewDidChange() {
    arrangementDidChange()
  }
}
