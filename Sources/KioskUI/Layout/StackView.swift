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
/// As UIKit's, the stack arranges its views with constraints (their identifiers start with
/// `UISV-`): an arranged view is placed by constraints
/// (`translatesAutoresizingMaskIntoConstraints` becomes false when it is added), the views
/// run from the stack's start to its end with the spacing between them, and the
/// distribution and alignment add their own. So an arranged view's own constraints (a width
/// that is half another's, an aspect ratio) take part, a view built with constraints inside
/// is sized by them, multi-line labels wrap at the width they get, and a stack placed by
/// constraints is sized by its content (it has no intrinsic size, as in UIKit).
///
/// **How it differs from UIKit.** Where UIKit leaves a choice to the solver, KioskKit's
/// stack decides it: of views with equal content hugging the first stretches, and of
/// views with equal compression resistance the last shrinks first, each down to nothing
/// before the next (their priorities are made a hair apart by place); a view with no
/// intrinsic size across the axis fills the stack across whatever the alignment; a stack
/// placed by constraints that give it no thickness is as thick as its thickest view.
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
  /// The constraints that arrange the views now, and the guides between them (equal
  /// spacing and centring).
  var arrangement: [LayoutConstraint] = []
  var spacerGuides: [LayoutGuide] = []
  /// Something that decides the arrangement changed since the constraints were made.
  var needsArrangement = true

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
    view.translatesAutoresizingMaskIntoConstraints = false
    arrangementDidChange()
  }

  /// Removes `view` from `arrangedSubviews`; it stays a subview (call
  /// `removeFromSuperview()` too to take it out of the stack), as in UIKit.
  open func removeArrangedSubview(_ view: View) {
    guard let index = arrangedSubviews.firstIndex(where: { $0 === view }) else { return }
    arrangedSubviews.remove(at: index)
    view.layoutAttributes.isArranged = false
    if view.layoutAttributes.stackTieBreak != nil {
      view.layoutAttributes.stackTieBreak = nil
      LayoutEngine.intrinsicContentSizeDidChange(view)
    }
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

  /// None, as UIKit's stack view: its size comes from its views through its constraints.
  open override var intrinsicContentSize: Size {
    Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
  }

  /// The size the content needs, from the arrangement's constraints; in a vertical stack
  /// (a horizontal one: the height) the width `size` offers, when it is not 0, is held, so
  /// multi-line labels wrap at it.
  open override func sizeThatFits(_ size: Size) -> Size {
    let vertical = axis == .vertical
    let limit = vertical ? size.width : size.height
    guard limit > 0 else { return systemLayoutSizeFitting(.zero) }
    return systemLayoutSizeFitting(
      vertical ? Size(width: limit, height: 0) : Size(width: 0, height: limit),
      withHorizontalFittingPriority: vertical ? .required : .fittingSizeLevel,
      verticalFittingPriority: vertical ? .fittingSizeLevel : .required)
  }

  /// Makes the arrangement's constraints again when something that decides it changed.
  open override func updateConstraints() {
    if needsArrangement { rebuildArrangement() }
    super.updateConstraints()
  }

  /// The constraints place the views; a stack laid out before any update-constraints pass
  /// (no constraint anywhere yet) makes them here and solves.
  open override func layoutSubviews() {
    super.layoutSubviews()
    guard needsArrangement else { return }
    rebuildArrangement()
    LayoutEngine.solveTree(of: self)
  }

  /// Something that decides the arrangement changed: make the constraints again before the
  /// next layout.
  func arrangementDidChange() {
    needsArrangement = true
    setNeedsUpdateConstraints()
    setNeedsLayout()
  }

  /// An arranged view was shown or hidden, or its intrinsic size changed (which only a
  /// proportional distribution's constraints are made from; the others follow it through
  /// the views' own intrinsic-size constraints).
  func arrangedSubviewDidChange(visibility: Bool) {
    if visibility || distribution == .fillProportionally { arrangementDidChange() }
  }
}
