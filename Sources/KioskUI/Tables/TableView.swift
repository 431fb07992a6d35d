import KioskGraphics

/// A scrolling list of rows in sections, like UIKit's `UITableView`. A data source says
/// how many rows there are and gives the cell of each; a delegate (also the scroll view's
/// delegate) shapes the rows and hears what a person does with them.
///
/// Only the rows on screen have cells: a cell that scrolls off goes to a reuse pool and
/// comes back for another row from `dequeueReusableCell(withIdentifier:for:)`, so a table
/// of ten thousand rows costs no more than a table of ten.
///
/// ```swift
/// let table = TableView(frame: window.bounds, style: .plain)
/// table.register(TableViewCell.self, forCellReuseIdentifier: "fruit")
/// table.dataSource = fruitList
/// table.delegate = fruitList
/// window.addSubview(table)
/// ```
///
/// A touch highlights a row (once the scroll view's short delay has passed, so that a drag
/// never does) and lifting the finger on it selects it (`tableView(_:didSelectRowAt:)`).
/// A leftward swipe on a row the data source lets edit reveals a Delete button; tapping it
/// calls the data source's `tableView(_:commit:forRowAt:)`.
@MainActor
open class TableView: ScrollView {
  /// The looks of a table.
  public enum Style: Sendable, Hashable {
    /// Rows edge to edge on white; section headers stick to the top while their section
    /// scrolls under them.
    case plain
    /// Sections as white groups on a grey background, with small grey titles above them.
    case grouped
  }

  /// How inserted and deleted rows come and go.
  public enum RowAnimation: Sendable, Hashable {
    /// Fade in or out.
    case fade
    /// Slide in from, or out to, the right while fading.
    case right
    /// Slide in from, or out to, the left while fading.
    case left
    /// Slide from, or to, above while fading.
    case top
    /// Slide from, or to, below while fading.
    case bottom
    /// Fade in place, as `fade`.
    case middle
    /// The table's choice (a fade).
    case automatic
    /// No animation: rows appear and disappear at once.
    case none
  }

  /// Where `scrollToRow(at:at:animated:)` puts the row.
  public enum ScrollPosition: Sendable, Hashable {
    /// The least scroll that shows the row.
    case none
    /// The row at the top edge.
    case top
    /// The row in the middle.
    case middle
    /// The row at the bottom edge.
    case bottom
  }

  /// Whether lines between rows are drawn.
  public enum SeparatorStyle: Sendable, Hashable {
    /// No lines.
    case none
    /// A hairline under each row.
    case singleLine
  }

  /// Asks the table to work a height out itself (`rowHeight` for rows,
  /// `sectionHeaderHeight` for headers).
  public static let automaticDimension = -1.0

  /// The table's looks, chosen when it is created.
  public let style: Style

  /// Gives the table its sections, rows and cells. Held weakly; setting it reloads.
  open weak var dataSource: TableViewDataSource? {
    didSet { setNeedsReload() }
  }

  /// The height of rows the delegate does not size. The default,
  /// `TableView.automaticDimension` (as in UIKit since iOS 11), is the standard row height
  /// for the text size: 44 points at the default size, growing with the body text style at
  /// the larger sizes (Dynamic Type), so that the standard cells' labels, which follow the
  /// text size, keep their room. A cell whose content view is laid out by constraints sizes
  /// its row itself, as in UIKit (see `estimatedRowHeight`); KioskKit's standard cells have
  /// no constraints, so their height follows the text style instead.
  open var rowHeight = TableView.automaticDimension {
    didSet { if oldValue != rowHeight { setNeedsReload(keepingCells: true) } }
  }

  /// A guess at the height of automatic rows, so the table need not measure every row to
  /// know its length: rows are measured as they come into view. The default,
  /// `TableView.automaticDimension`, guesses the standard row height; 0 turns self-sizing
  /// off, as in UIKit: automatic rows then take the standard height.
  ///
  /// A row is self-sizing when its height is automatic (the delegate's and `rowHeight`)
  /// and estimates are on: when it comes into view its cell's `contentView` is measured
  /// with `systemLayoutSizeFitting(_:withHorizontalFittingPriority:verticalFittingPriority:)`
  /// at the row's width, from the constraints between the content view and its subviews
  /// (a label pinned to its top and bottom makes the row as tall as its text). A cell
  /// whose content view holds no constraints — KioskKit's standard cells lay their labels
  /// out by hand — takes the standard height. The measured height is kept until the row is
  /// reloaded, the table's width or text size changes, or `reloadData()`; a row measured
  /// above what is in view keeps what is in view still (the content offset moves with it).
  open var estimatedRowHeight = TableView.automaticDimension {
    didSet { if oldValue != estimatedRowHeight { setNeedsReload(keepingCells: true) } }
  }

  /// The height of section headers the delegate does not size (sections with a title or
  /// a header view). The default is 28 points (plain) or 38 (grouped).
  open var sectionHeaderHeight: Double {
    didSet { if oldValue != sectionHeaderHeight { setNeedsReload(keepingCells: true) } }
  }

  /// The space after each section: 0 (plain) or 18 points (grouped).
  open var sectionFooterHeight: Double {
    didSet { if oldValue != sectionFooterHeight { setNeedsReload(keepingCells: true) } }
  }

  /// Whether lines separate the rows.
  open var separatorStyle = SeparatorStyle.singleLine {
    didSet { if oldValue != separatorStyle { setNeedsLayoutOfCells() } }
  }

  /// The colour of the lines between rows.
  open var separatorColor = Color.separator {
    didSet { if oldValue != separatorColor { setNeedsLayoutOfCells() } }
  }

  /// How far the lines between rows stay from the sides (only `left` and `right` count).
  open var separatorInset = EdgeInsets(top: 0, left: 16, bottom: 0, right: 0) {
    didSet { if oldValue != separatorInset { setNeedsLayoutOfCells() } }
  }

  /// Whether a person can select rows. The default is `true`.
  open var allowsSelection = true

  /// Whether a person can select several rows (tapping a selected row deselects it). The
  /// default is `false`: selecting a row deselects the others.
  open var allowsMultipleSelection = false

  /// Whether a person can select rows in editing mode. The default is `false`.
  open var allowsSelectionDuringEditing = false

  /// Whether the table is in editing mode, showing a delete control on each row that
  /// can be edited. Setting it does so without animation.
  open var isEditing: Bool {
    get { editing }
    set { setEditing(newValue, animated: false) }
  }

  // MARK: State

  var geometry: TableGeometry?
  /// Self-sizing rows' heights, measured from their cells' constraints, and the width
  /// they were measured at.
  var measuredRowHeights: [IndexPath: Double] = [:]
  var measuredRowWidth = 0.0
  /// The mark of the last tiling pass that placed a cell (the others leave), and the rows
  /// that left in it (kept, so that a scrolling frame allocates nothing).
  var tilingMark = 0
  var leavingRows: [IndexPath] = []
  /// Self-sizing rows in view still to be measured (kept to allocate nothing), and the
  /// cells made for measuring rows not yet shown.
  var unmeasuredRows: [IndexPath] = []
  var preparedCells: [IndexPath: TableViewCell] = [:]
  var visibleCellsByIndexPath: [IndexPath: TableViewCell] = [:]
  var headerViews: [Int: View] = [:]
  var reusePool = ReusePool<String, TableViewCell>()
  var cellClasses: [String: TableViewCell.Type] = [:]
  var selectedIndexPaths: Set<IndexPath> = []
  /// Cells animating out after `deleteRows`; they leave when their animation ends.
  var departingCells: [TableViewCell] = []
  /// Cells that come in during an update and start from somewhere else.
  var arrivals: [IndexPath: TableRowArrival] = [:]
  /// During an update: where a row that moved was before it (by its new index path).
  var arrivalOrigin: ((IndexPath) -> Rect?)?
  var batchUpdates: TableBatch?
  var isTiling = false
  var editing = false
  /// The row whose Delete button is revealed (or being revealed by a swipe).
  var swipedIndexPath: IndexPath?
  let swipeRecognizer = PanGestureRecognizer()
  /// The swipe's translation when it began, and the row's offset then.
  var swipeBaseline = 0.0
  var swipeStartOffset = 0.0
  /// The cell a finger is on (highlighted), until it lifts.
  weak var touchedCell: TableViewCell?
  weak var tableDelegate: TableViewDelegate?

  /// Creates a table of `style`.
  public init(frame: Rect, style: Style) {
    self.style = style
    sectionHeaderHeight = style == .plain ? 28 : 38
    sectionFooterHeight = style == .plain ? 0 : 18
    super.init(frame: frame)
    backgroundColor = style == .plain ? .white : Self.groupedBackgroundColor
    alwaysBounceVertical = true
    swipeRecognizer.name = "table swipe to delete"
    swipeRecognizer.addTarget(self) { table, pan in table.handleSwipe(pan) }
    addGestureRecognizer(swipeRecognizer)
  }

  /// Creates a plain table.
  public convenience override init(frame: Rect) {
    self.init(frame: frame, style: .plain)
  }

  override func delegateDidChange() {
    tableDelegate = delegate as? TableViewDelegate
    setNeedsReload(keepingCells: true)
  }

  /// Tiles the rows: cells for the rows in view, out of the reuse pool, and headers.
  /// Call `super` when you override it.
  /// A new text size changes the automatic rows' height and the cells' text: the rows are
  /// laid out again, their cells kept.
  open override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    let category = traitCollection.preferredContentSizeCategory
    if previousTraitCollection?.preferredContentSizeCategory != category {
      measuredRowHeights.removeAll()
      setNeedsReload(keepingCells: true)
    }
  }

  open override func layoutSubviews() {
    super.layoutSubviews()
    layoutRows()
  }

  /// Lets the swipe that reveals a Delete button begin only sideways on a row that can be
  /// deleted; the scroll view's own pan as `ScrollView` says. Call `super` when you
  /// override it.
  open override func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    guard gestureRecognizer === swipeRecognizer else {
      return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
    return swipeShouldBegin()
  }

  /// Turns editing mode on or off: editable rows show a red delete control at their
  /// leading edge (tapping it reveals the Delete button), and selection follows
  /// `allowsSelectionDuringEditing`.
  open func setEditing(_ editing: Bool, animated: Bool) {
    applyEditing(editing, animated: animated)
  }

  override func dragWillBegin() {
    hideDeleteButton(animated: true)
  }

  override func shouldSwallowTouchDown(_ touch: Touch) -> Bool {
    swallowsTouchDown(touch)
  }

  // MARK: Cells

  /// Registers the class of the cells for `identifier`: dequeuing makes one when the pool
  /// is empty. `nil` removes the registration.
  public func register(_ cellClass: TableViewCell.Type?, forCellReuseIdentifier identifier: String)
  {
    cellClasses[identifier] = cellClass
  }

  /// A cell for the row at `indexPath`: one that scrolled off (after its
  /// `prepareForReuse()`), or a new one of the class registered for `identifier` (a
  /// default-style `TableViewCell` if none is). It is already as wide as the table and
  /// as tall as the row.
  public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath)
    -> TableViewCell
  {
    let cell = dequeueReusableCell(withIdentifier: identifier) ?? makeCell(identifier)
    let height =
      currentGeometry().rect(for: indexPath, width: bounds.width)?.height ?? effectiveRowHeight
    cell.bounds = Rect(origin: .zero, size: Size(width: bounds.width, height: height))
    return cell
  }

  /// A cell that scrolled off with `identifier` (after its `prepareForReuse()`), or one
  /// of the registered class, or `nil`.
  public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
    if let cell = reusePool.pop(identifier) {
      cell.prepareForReuse()
      return cell
    }
    guard cellClasses[identifier] != nil else { return nil }
    return makeCell(identifier)
  }

  private func makeCell(_ identifier: String) -> TableViewCell {
    let cellClass = cellClasses[identifier] ?? TableViewCell.self
    return reusePool.make { cellClass.init(reuseIdentifier: identifier) }
  }

  /// Puts a cell that left the table in the pool of its identifier.
  func enqueueForReuse(_ cell: TableViewCell) {
    cell.resetTableState()
    guard let identifier = cell.reuseIdentifier else { return }
    reusePool.push(cell, for: identifier)
  }

  static let groupedBackgroundColor = Color(hex: 0xf2f2f7)
}

extension TableView {
  /// How many cells the table made from registered classes (for tests of reuse).
  package var cellsMadeForTesting: Int { reusePool.madeCount }
  /// How many cells wait in the reuse pools.
  package var pooledCellsForTesting: Int { reusePool.count }
}
