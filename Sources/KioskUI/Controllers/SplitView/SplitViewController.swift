import KioskGraphics

/// A master–detail interface in two columns: a primary controller (a list, say) and a
/// secondary one (the selected item), side by side when there is room across, and the
/// secondary alone with the primary in an overlay when there is not. UIKit's
/// `UISplitViewController`.
///
/// Whether there is room comes from the horizontal size class: regular (a landscape panel)
/// shows the columns side by side (`isCollapsed` is false); compact (the same panel in
/// portrait) collapses the split view: the secondary fills it, and the primary slides in
/// over it from the left edge when the user swipes from that edge, taps
/// `displayModeButtonItem`, or the app calls `show(.primary)`. Turning the screen collapses
/// and expands it.
///
/// ```swift
/// let split = SplitViewController()
/// split.viewControllers = [RecipeListController(), RecipeDetailController()]
/// window.rootViewController = split
/// // In the list, when a row is chosen:
/// showDetailViewController(RecipeDetailController(recipe: recipe), sender: self)
/// ```
@MainActor
open class SplitViewController: ViewController {
  /// How the columns are arranged.
  public enum DisplayMode: Sendable, Equatable {
    /// Chosen by the split view: side by side when expanded, the secondary alone when
    /// collapsed. Only a `preferredDisplayMode`; `displayMode` is never automatic.
    case automatic
    /// The secondary alone; the primary is hidden.
    case secondaryOnly
    /// The primary beside the secondary, with a separator line between them.
    case oneBesideSecondary
    /// The primary over the secondary, which is dimmed; a tap on the dimmed part hides it.
    case oneOverSecondary
  }

  /// One of the two columns.
  public enum Column: Sendable, Equatable {
    /// The column of the primary controller (the list).
    case primary
    /// The column of the secondary controller (the detail).
    case secondary
  }

  /// How long showing and hiding the primary's overlay takes (seconds).
  static let overlayDuration = 0.25

  /// Hears about collapsing, expanding, display modes and show requests.
  public weak var delegate: SplitViewControllerDelegate?
  /// The arrangement the app would like when there is room: `.automatic` (side by side),
  /// `.secondaryOnly` (the primary only on demand) or `.oneOverSecondary`. When collapsed,
  /// only `.oneOverSecondary` applies (it shows the overlay); the others show the secondary
  /// alone.
  public var preferredDisplayMode = DisplayMode.automatic {
    didSet {
      guard preferredDisplayMode != oldValue, hasArrangedColumns else { return }
      changeDisplayMode(to: preferredArrangement, animated: false)
    }
  }
  /// The arrangement shown now.
  public internal(set) var displayMode = DisplayMode.secondaryOnly
  /// Whether the split view is collapsed: horizontally compact, the secondary alone with
  /// the primary in an overlay.
  public internal(set) var isCollapsed = false
  /// The share of the split view's width the primary column takes (0.35 by default),
  /// within `minimumPrimaryColumnWidth` and 80 % of the width.
  public var preferredPrimaryColumnWidthFraction = 0.35 {
    didSet { viewIfLoaded?.setNeedsLayout() }
  }
  /// The narrowest the primary column gets (points), as a column or as an overlay.
  public var minimumPrimaryColumnWidth = 240.0 {
    didSet { viewIfLoaded?.setNeedsLayout() }
  }
  /// Whether a swipe from the left edge shows the primary when it is hidden.
  public var presentsWithGesture = true

  var primaryStorage: ViewController?
  var secondaryStorage: ViewController?
  /// Set once the columns were arranged for the first time (when the view loaded).
  var hasArrangedColumns = false
  /// Counts overlay transitions, so that a stale animation's completion does nothing.
  var overlayGeneration = 0
  lazy var separatorView = makeSeparatorView()
  lazy var dimmingView = makeDimmingView()
  lazy var edgeSwipe = makeEdgeSwipe()
  let gestureHelper = SplitGestureHelper()

  /// Creates an empty split view; set `viewControllers`.
  public override init() {
    super.init()
    gestureHelper.split = self
  }

  /// Creates a split view with a primary and a secondary controller.
  public convenience init(primary: ViewController, secondary: ViewController) {
    self.init()
    viewControllers = [primary, secondary]
  }

  /// The primary and the secondary controller, in that order (a single one is the
  /// primary). Setting them replaces the children: the replaced views leave and the new
  /// ones enter the window with their appearance callbacks.
  public var viewControllers: [ViewController] {
    get { [primaryStorage, secondaryStorage].compactMap { $0 } }
    set {
      let primary = newValue.first
      let secondary = newValue.count > 1 ? newValue[1] : nil
      guard primary !== secondary else { return }
      replace(.primary, with: primary)
      replace(.secondary, with: secondary)
    }
  }

  /// The controller of `column`, if any.
  public func viewController(for column: Column) -> ViewController? {
    column == .primary ? primaryStorage : secondaryStorage
  }

  /// The width of the primary column (or overlay) at the split view's current width.
  public var primaryColumnWidth: Double {
    primaryColumnWidth(forWidth: viewIfLoaded?.bounds.width ?? Screen.main.bounds.width)
  }

  /// A bar button item that shows and hides the primary: put it in the secondary's
  /// navigation item (`navigationItem.leftBarButtonItem = split.displayModeButtonItem`).
  public private(set) lazy var displayModeButtonItem = BarButtonItem(
    title: "Menu", style: .plain, target: self,
    action: { split in split.toggleSecondaryOnly() })

  /// Shows `column` with an animation: `.primary`, when hidden, slides in over the
  /// secondary (which is dimmed); `.secondary` hides an overlay that covers the secondary.
  public func show(_ column: Column) {
    switch column {
    case .primary:
      guard displayMode == .secondaryOnly, primaryStorage != nil else { return }
      changeDisplayMode(to: .oneOverSecondary, animated: true)
    case .secondary:
      guard displayMode == .oneOverSecondary else { return }
      changeDisplayMode(to: .secondaryOnly, animated: true)
    }
  }

  /// Hides `column` with an animation: `.primary` leaves the secondary alone on screen;
  /// hiding `.secondary` shows the primary's overlay when collapsed (side by side, the
  /// secondary cannot be hidden).
  public func hide(_ column: Column) {
    switch column {
    case .primary:
      guard displayMode != .secondaryOnly else { return }
      changeDisplayMode(to: .secondaryOnly, animated: true)
    case .secondary:
      guard isCollapsed else { return }
      show(.primary)
    }
  }

  private func toggleSecondaryOnly() {
    if displayMode == .secondaryOnly {
      show(.primary)
    } else {
      hide(.primary)
    }
  }

  // MARK: Showing

  /// Makes `controller` the primary (unless the delegate handles it), and shows the
  /// primary if it is hidden.
  open override func show(_ controller: ViewController, sender: Any?) {
    if delegate?.splitViewController(self, show: controller, sender: sender) == true { return }
    replace(.primary, with: controller)
    show(.primary)
  }

  /// Makes `controller` the secondary (unless the delegate handles it). An overlay that
  /// covers the secondary is hidden, so that the new secondary is what the user sees.
  open override func showDetailViewController(_ controller: ViewController, sender: Any?) {
    if delegate?.splitViewController(self, showDetail: controller, sender: sender) == true {
      return
    }
    replace(.secondary, with: controller)
    show(.secondary)
  }

  // MARK: Life cycle

  /// Puts the columns in place for the traits the split view starts with (or, when the
  /// view loads again after a memory warning released it, as they were); call `super`.
  open override func viewDidLoad() {
    super.viewDidLoad()
    view.addGestureRecognizer(edgeSwipe)
    if let secondary = secondaryStorage { view.addSubview(secondary.view) }
    if hasArrangedColumns {
      restoreColumns()
    } else {
      arrangeColumnsInitially()
    }
  }

  /// Collapses or expands when the horizontal size class changed; call `super`.
  open override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    updateCollapsedState()
  }

  /// Collapses or expands if the traits changed unannounced; call `super`.
  open override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    // Traits can change without a pass (the split view moved to another container).
    updateCollapsedState()
  }

  /// Places the columns for the display mode; call `super`.
  open override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    layoutColumns()
  }

  /// The primary gets its column (or overlay), the secondary the rest of the split view
  /// (all of it unless the columns are side by side).
  open override func size(
    forChildContentContainer container: ViewController, withParentContainerSize parentSize: Size
  ) -> Size {
    let primaryWidth = primaryColumnWidth(forWidth: parentSize.width)
    if container === primaryStorage {
      return Size(width: primaryWidth, height: parentSize.height)
    }
    let collapses =
      TraitCollection(size: parentSize, displayScale: 1).horizontalSizeClass == .compact
    guard container === secondaryStorage, !collapses, expandedArrangement == .oneBesideSecondary
    else { return parentSize }
    return Size(width: max(parentSize.width - primaryWidth - 1, 0), height: parentSize.height)
  }
}

extension ViewController {
  /// The nearest split view controller above this controller, if any.
  public var splitViewController: SplitViewController? {
    var controller = parent
    while let current = controller {
      if let split = current as? SplitViewController { return split }
      controller = current.parent
    }
    return nil
  }
}
