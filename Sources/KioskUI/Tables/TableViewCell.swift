import KioskGraphics

/// One row of a table, like UIKit's `UITableViewCell`: a title (`textLabel`), an optional
/// detail text and image laid out by its style, an accessory at the trailing edge, and a
/// grey background while it is highlighted or selected.
///
/// Put custom content in `contentView`, which moves aside for the accessory, the delete
/// control and the Delete button. Subclass it and register the class with the table to
/// make your own cells; a subclass overrides `init(style:reuseIdentifier:)` and resets
/// row-specific state in `prepareForReuse()`. The table makes a registered class with
/// `init(reuseIdentifier:)`, which such a subclass inherits.
///
/// ```swift
/// let cell = tableView.dequeueReusableCell(withIdentifier: "fruit", for: indexPath)
/// cell.textLabel?.text = "Apples"
/// cell.accessoryType = .disclosureIndicator
/// ```
@MainActor
open class TableViewCell: View {
  /// The built-in layouts of a cell's labels.
  public enum CellStyle: Sendable, Hashable {
    /// A title, with an optional image before it; no detail label.
    case `default`
    /// A title with a smaller detail line under it.
    case subtitle
    /// A title on the left and a grey detail on the right.
    case value1
  }

  /// The mark at a cell's trailing edge.
  public enum AccessoryType: Sendable, Hashable {
    /// None.
    case none
    /// A grey chevron: tapping the row shows more.
    case disclosureIndicator
    /// A blue check mark: the row is chosen.
    case checkmark
  }

  /// How a cell looks while highlighted or selected.
  public enum SelectionStyle: Sendable, Hashable {
    /// No change.
    case none
    /// A grey background.
    case `default`
    /// A grey background (as `default`).
    case gray
    /// A grey background (as `default`, as in UIKit since iOS 7).
    case blue
  }

  /// How a row can be edited.
  public enum EditingStyle: Sendable, Hashable {
    /// Not at all.
    case none
    /// Deleted.
    case delete
    /// Inserted (reported to the data source; no control is shown for it).
    case insert
  }

  /// The identifier the table's reuse pool files the cell under.
  public let reuseIdentifier: String?
  /// The layout of the built-in labels.
  public let style: CellStyle
  /// The view to put custom content in: it moves aside for the accessory, the delete
  /// control and the Delete button.
  public let contentView = View(frame: .zero)

  /// The mark at the trailing edge.
  open var accessoryType = AccessoryType.none {
    didSet {
      guard oldValue != accessoryType else { return }
      accessoryMark.type = accessoryType
      setNeedsLayout()
    }
  }

  /// How the cell looks while highlighted or selected.
  open var selectionStyle = SelectionStyle.default {
    didSet { updateSelectionBackground(animated: false) }
  }

  /// The view shown behind the content while the cell is highlighted or selected (by
  /// default a grey one).
  open var selectedBackgroundView: View? {
    get { selectionBackground }
    set {
      selectionBackground?.removeFromSuperview()
      selectionBackground = newValue
      if let newValue { insertSubview(newValue, at: 0) }
      updateSelectionBackground(animated: false)
      setNeedsLayout()
    }
  }

  /// Whether a finger is on the cell. Setting it does so without animation.
  open var isHighlighted: Bool {
    get { highlightedState }
    set { setHighlighted(newValue, animated: false) }
  }

  /// Whether the cell shows a selected row. Setting it does so without animation.
  open var isSelected: Bool {
    get { selectedState }
    set { setSelected(newValue, animated: false) }
  }

  /// Whether the cell shows its delete control (the table's editing mode). Setting it
  /// does so without animation.
  open var isEditing: Bool {
    get { editingState }
    set { setEditing(newValue, animated: false) }
  }

  /// The mark of the table's last tiling pass that placed the cell.
  var tilingMark = 0
  var highlightedState = false
  var selectedState = false
  var editingState = false
  private var selectionBackground: View?
  var createdTextLabel: Label?
  var createdDetailTextLabel: Label?
  /// Whether the standard labels were set to wrap for an accessibility text size (they go
  /// back to one line at the other sizes; see `layoutLabels`).
  var labelsWrapForLargeText = false
  var createdImageView: ImageView?
  let accessoryMark = TableViewCellAccessoryView()
  let separatorLine = View(frame: .zero)
  var separatorInset = EdgeInsets.zero
  var deleteButton: Button?
  var deleteControl: Button?
  /// How far the content is pushed left to uncover the Delete button (zero or less).
  var swipeOffset = 0.0 {
    didSet { if oldValue != swipeOffset { setNeedsLayout() } }
  }
  /// The table showing this cell.
  weak var tableView: TableView?

  /// Creates a cell of `style`, filed in the reuse pool under `reuseIdentifier`.
  public init(style: CellStyle, reuseIdentifier: String?) {
    self.style = style
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: Rect(x: 0, y: 0, width: 320, height: 44))
    backgroundColor = .white
    let grey = View(frame: .zero)
    grey.backgroundColor = Self.selectedColor
    grey.alpha = 0
    grey.isUserInteractionEnabled = false
    selectionBackground = grey
    addSubview(grey)
    addSubview(contentView)
    accessoryMark.isHidden = true
    addSubview(accessoryMark)
    separatorLine.isUserInteractionEnabled = false
    separatorLine.isHidden = true
    addSubview(separatorLine)
  }

  /// Creates a default-style cell filed under `reuseIdentifier`: what a table view makes a
  /// registered class with, calling the subclass's own `init(style:reuseIdentifier:)`.
  ///
  /// KioskKit differs from UIKit here because Swift can make an instance of a class known
  /// only at run time through a `required` initializer alone (UIKit's Objective-C runtime
  /// needs none). This one is `required`, so that `init(style:reuseIdentifier:)` need not be,
  /// as UIKit's is not: a subclass that overrides `init(style:reuseIdentifier:)` inherits
  /// it. A subclass with only initializers of its own provides it too (calling one of them).
  public required convenience init(reuseIdentifier: String?) {
    self.init(style: .default, reuseIdentifier: reuseIdentifier)
  }

  /// Creates a default-style cell without a reuse identifier.
  public convenience override init(frame: Rect) {
    self.init(style: .default, reuseIdentifier: nil)
    self.frame = frame
  }

  /// The title label (made on first use): the body text style, following the text size
  /// (`adjustsFontForContentSizeCategory`), as UIKit's standard cells do.
  public var textLabel: Label? {
    if let createdTextLabel { return createdTextLabel }
    let label = Label(frame: .zero)
    label.font = .preferredFont(forTextStyle: .body)
    label.adjustsFontForContentSizeCategory = true
    contentView.addSubview(label)
    createdTextLabel = label
    setNeedsLayout()
    return label
  }

  /// The detail label of a `.subtitle` or `.value1` cell (made on first use; the footnote
  /// or body text style, following the text size); `nil` in a `.default` cell.
  public var detailTextLabel: Label? {
    guard style != .default else { return nil }
    if let createdDetailTextLabel { return createdDetailTextLabel }
    let label = Label(frame: .zero)
    if style == .subtitle {
      label.font = .preferredFont(forTextStyle: .footnote)
      label.textColor = .secondaryLabel
    } else {
      label.font = .preferredFont(forTextStyle: .body)
      label.textColor = .secondaryLabel
      label.textAlignment = .right
    }
    label.adjustsFontForContentSizeCategory = true
    contentView.addSubview(label)
    createdDetailTextLabel = label
    setNeedsLayout()
    return label
  }

  /// The image view before the labels (made on first use; it takes room only with an
  /// image).
  public var imageView: ImageView? {
    if let createdImageView { return createdImageView }
    let view = ImageView(frame: .zero)
    view.contentMode = .scaleAspectFit
    contentView.addSubview(view)
    createdImageView = view
    setNeedsLayout()
    return view
  }

  /// Shows or hides the grey of a finger on the cell.
  open func setHighlighted(_ highlighted: Bool, animated: Bool) {
    highlightedState = highlighted
    updateSelectionBackground(animated: animated)
  }

  /// Shows or hides the grey of a selected row; with `animated`, it fades.
  open func setSelected(_ selected: Bool, animated: Bool) {
    selectedState = selected
    updateSelectionBackground(animated: animated)
  }

  /// Shows or hides the delete control of editing mode, sliding the content aside.
  open func setEditing(_ editing: Bool, animated: Bool) {
    guard editing != editingState else { return }
    editingState = editing
    if editing { showDeleteControl() }
    setNeedsLayout()
    guard animated, window != nil else { return }
    View.animate(withDuration: 0.25, animations: { self.layoutIfNeeded() })
  }

  /// Called before the table hands the cell out again for another row: reset what
  /// belongs to the old row here. The table itself resets highlight, selection, editing
  /// and the Delete button. The default does nothing.
  open func prepareForReuse() {}

  /// Lays out the content, accessory, separator and the editing controls. Call `super`
  /// when you override it.
  open override func layoutSubviews() {
    super.layoutSubviews()
    layoutCell()
  }

  // MARK: Accessibility (TableViewCell+Accessibility.swift)

  /// A cell is one element: its labels are read together as its label and are not
  /// visited on their own. A cell holding a control or a text field or view is not one:
  /// its labels and controls are reached one by one, as VoiceOver reaches a text field in
  /// a form's row.
  open override var isAccessibilityElement: Bool {
    get { accessibilityStore.isElement ?? !holdsInteractiveContent }
    set { super.isAccessibilityElement = newValue }
  }

  /// Its labels' texts in reading order, joined with ", ", unless a label is set.
  open override var accessibilityLabel: String? {
    get { accessibilityStore.label ?? describedLabel }
    set { super.accessibilityLabel = newValue }
  }

  /// A button when its table allows selection; "selected" when selected or checked.
  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStore.traits ?? describedCellTraits }
    set { super.accessibilityTraits = newValue }
  }

  /// Selects the row as a tap does, through the table's delegate.
  open override func accessibilityActivate() -> Bool { activateAsTap() }

  // MARK: Touches: the table selects on them

  /// Tells the table a finger is on the row (it highlights it).
  open override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {
    guard let tableView else { return super.touchesBegan(touches, with: event) }
    tableView.cellTouchBegan(self)
  }

  /// Keeps the moves of the row's finger from going up the responder chain.
  open override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {
    guard tableView == nil else { return }
    super.touchesMoved(touches, with: event)
  }

  /// Tells the table the finger lifted (it selects the row if the finger is still on it).
  open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    guard let tableView else { return super.touchesEnded(touches, with: event) }
    let inside = touches.contains { bounds.contains($0.location(in: self)) }
    tableView.cellTouchEnded(self, inside: inside)
  }

  /// Tells the table the finger was taken away (a scroll began).
  open override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {
    guard let tableView else { return super.touchesCancelled(touches, with: event) }
    tableView.cellTouchCancelled(self)
  }

  static let selectedColor = Color(hex: 0xd1d1d6)
}
