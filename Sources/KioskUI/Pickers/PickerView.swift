import KioskGraphics

/// Spinning wheels of rows to choose from, like UIKit's `UIPickerView`: one wheel per
/// component, side by side, each showing its rows on a turning drum with the selected row
/// in a grey band across the middle.
///
/// A data source says how many wheels and rows there are; a delegate gives each row a
/// title (or a view) and hears when a person selects a row.
///
/// ```swift
/// let picker = PickerView()          // 320 × 216 points, as UIKit's
/// picker.dataSource = sizeChooser
/// picker.delegate = sizeChooser
/// picker.selectRow(2, inComponent: 0, animated: false)
/// view.addSubview(picker)
/// ```
///
/// A drag turns a wheel under the finger; a flick spins it on and it slows down, then it
/// settles exactly on a row. A wheel pulled past its first or last row springs back. A tap
/// on a row above or below the band turns that row into the band. When a wheel comes to
/// rest on a row other than the selected one, the delegate hears
/// `pickerView(_:didSelectRow:inComponent:)`, once.
///
/// What is drawn: each wheel's rows lie on a drum, so that a row shrinks vertically (by the
/// cosine of its angle from the middle), narrows a little and fades as it turns towards
/// the top or bottom edge; behind the middle row is a light grey rounded band the height of
/// a row, spanning the wheels (UIKit's look since iOS 14). Titles are in a 21-point system
/// font, centred. Only the rows on the visible part of the drum (about a dozen per wheel)
/// exist as views, so a wheel of ten thousand rows costs no more than one of ten.
@MainActor
open class PickerView: View {
  /// The height of a row when the delegate does not say otherwise: 32 points, UIKit's
  /// since iOS 7.
  public static let defaultRowHeight = 32.0
  /// The size a picker gets when it is made without one: UIKit's 320 × 216 points.
  public static let defaultSize = Size(width: 320, height: 216)
  /// The font of row titles.
  static let titleFont = Font.systemFont(ofSize: 21)
  /// The space between two wheels, and between the outer wheels and the picker's sides.
  static let componentSpacing = 5.0
  static let sideMargin = 8.0
  /// The band behind the selected rows: UIKit's tertiary system fill.
  static let bandColor = Color(red: 118 / 255, green: 118 / 255, blue: 128 / 255, alpha: 0.12)
  static let bandCornerRadius = 8.0

  /// Gives the picker its wheels and rows. Held weakly. Setting it reloads the wheels.
  open weak var dataSource: PickerViewDataSource? {
    didSet { setNeedsReload() }
  }

  /// Gives the rows their titles or views and sizes, and hears selections. Held weakly.
  /// Setting it reloads the wheels.
  open weak var delegate: PickerViewDelegate? {
    didSet { setNeedsReload() }
  }

  /// The wheels, left to right.
  private(set) var wheels: [PickerWheel] = []
  private var needsReload = true
  /// The wheels' accessibility elements, kept while the wheels are (see
  /// `componentElements`).
  var madeComponentElements: [PickerComponentElement] = []
  let selectionBand = ControlShapeView(
    shape: .roundedRect(cornerRadius: PickerView.bandCornerRadius), fillColor: PickerView.bandColor)

  /// Creates a picker; a frame of zero size gets UIKit's 320 × 216 points.
  public override init(frame: Rect) {
    var frame = frame
    if frame.size == .zero { frame.size = Self.defaultSize }
    super.init(frame: frame)
    clipsToBounds = true
    addSubview(selectionBand)
  }

  // MARK: Components and rows

  /// How many wheels the picker has, as the data source last said.
  public var numberOfComponents: Int {
    reloadIfNeeded()
    return wheels.count
  }

  /// How many rows the wheel `component` has, as the data source last said.
  public func numberOfRows(inComponent component: Int) -> Int {
    wheel(component, "numberOfRows(inComponent:)").rowCount
  }

  /// The size of the rows of `component`: its width and row height, from the delegate.
  /// `.zero` for a component the picker does not have.
  public func rowSize(forComponent component: Int) -> Size {
    reloadIfNeeded()
    guard wheels.indices.contains(component) else { return .zero }
    let sizes = componentSizes()
    return Size(width: sizes[component].width, height: sizes[component].rowHeight)
  }

  /// The view the delegate gave (`pickerView(_:viewForRow:forComponent:reusing:)`) for the
  /// row, or `nil` if the row is not on screen or shows a title.
  public func view(forRow row: Int, forComponent component: Int) -> View? {
    reloadIfNeeded()
    guard wheels.indices.contains(component) else { return nil }
    layoutIfNeeded()
    return wheels[component].providedView(forRow: row)
  }

  /// Asks the data source and delegate again for every wheel: counts, sizes, titles and
  /// views. The selected rows stay (a row past a wheel's new end becomes its last row).
  public func reloadAllComponents() {
    needsReload = false
    let count = max(0, dataSource?.numberOfComponents(in: self) ?? 0)
    while wheels.count > count { wheels.removeLast().removeFromSuperview() }
    while wheels.count < count {
      let wheel = PickerWheel(picker: self, component: wheels.count)
      wheels.append(wheel)
      addSubview(wheel)
    }
    for component in wheels.indices { reloadRows(of: component) }
    layoutWheels()
  }

  /// Asks the data source and delegate again for the rows of `component`.
  public func reloadComponent(_ component: Int) {
    reloadIfNeeded()
    guard wheels.indices.contains(component) else { return }
    reloadRows(of: component)
    layoutWheels()
  }

  // MARK: Selection

  /// Turns the wheel `component` so that `row` is in the band and selects it: spinning
  /// there when `animated`, else at once. A row past either end is brought to the nearest
  /// end. The delegate is not told, as in UIKit.
  public func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
    let wheel = wheel(component, "selectRow(_:inComponent:animated:)")
    guard wheel.rowCount > 0 else { return }
    layoutIfNeeded()
    wheel.select(min(max(row, 0), wheel.rowCount - 1), animated: animated)
  }

  /// The selected row of `component`, or -1 if the wheel has no rows.
  public func selectedRow(inComponent component: Int) -> Int {
    wheel(component, "selectedRow(inComponent:)").selectedRow
  }

  // MARK: Layout

  /// UIKit's picker size, 320 × 216 points.
  open override var intrinsicContentSize: Size { Self.defaultSize }

  /// UIKit's picker size, 320 × 216 points (a wider `size` keeps its width).
  open override func sizeThatFits(_ size: Size) -> Size {
    Size(width: max(size.width, Self.defaultSize.width), height: Self.defaultSize.height)
  }

  /// Places the wheels side by side, centred, and the band behind their middle rows.
  open override func layoutSubviews() {
    super.layoutSubviews()
    reloadIfNeeded()
    layoutWheels()
  }

  /// The width each wheel gets when the delegate does not say: an equal share of the width
  /// left after the margins and the spaces between wheels.
  var equalComponentWidth: Double {
    let count = Double(max(wheels.count, 1))
    let spare = bounds.width - 2 * Self.sideMargin - Self.componentSpacing * (count - 1)
    return max(0, spare / count)
  }

  private func componentSizes() -> [(width: Double, rowHeight: Double)] {
    wheels.indices.map { component in
      let width = delegate?.pickerView(self, widthForComponent: component) ?? equalComponentWidth
      let height =
        delegate?.pickerView(self, rowHeightForComponent: component) ?? Self.defaultRowHeight
      return (
        width.isFinite ? max(0, width) : 0,
        height.isFinite && height > 0 ? height : Self.defaultRowHeight
      )
    }
  }

  private func layoutWheels() {
    let sizes = componentSizes()
    let total =
      sizes.reduce(0) { $0 + $1.width } + Self.componentSpacing * Double(max(0, sizes.count - 1))
    var x = ((bounds.width - total) / 2).rounded()
    let height = bounds.height
    for (wheel, size) in zip(wheels, sizes) {
      let frame = Rect(x: x, y: 0, width: size.width, height: height)
      if wheel.frame != frame { wheel.frame = frame }
      wheel.rowHeight = size.rowHeight
      x += size.width + Self.componentSpacing
    }
    let bandHeight = sizes.map(\.rowHeight).max() ?? Self.defaultRowHeight
    let left = max(0, min(Self.sideMargin, wheels.first?.frame.minX ?? Self.sideMargin))
    let right = min(bounds.width, max(bounds.width - Self.sideMargin, wheels.last?.frame.maxX ?? 0))
    selectionBand.frame = Rect(
      x: left, y: ((height - bandHeight) / 2).rounded(), width: max(0, right - left),
      height: bandHeight)
  }

  // MARK: Accessibility (PickerView+Accessibility.swift)

  /// One adjustable element per wheel, left to right (UIKit's picker components), unless
  /// elements are set.
  open override var accessibilityElements: [any AccessibilityNode]? {
    get { accessibilityStore.elements ?? componentElements }
    set { super.accessibilityElements = newValue }
  }

  // MARK: Reloading

  private func setNeedsReload() {
    needsReload = true
    setNeedsLayout()
  }

  private func reloadIfNeeded() {
    if needsReload { reloadAllComponents() }
  }

  private func reloadRows(of component: Int) {
    let rows = max(0, dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0)
    wheels[component].reload(rowCount: rows)
  }

  /// The wheel of `component`, which must exist.
  private func wheel(_ component: Int, _ method: String) -> PickerWheel {
    reloadIfNeeded()
    precondition(
      wheels.indices.contains(component),
      "PickerView.\(method): component \(component) is out of range (the picker has "
        + "\(wheels.count) components)")
    return wheels[component]
  }

  // MARK: Rows for the wheels

  /// The view showing `row` of `component`: the delegate's, or a label with its title.
  /// Returns the view and whether the delegate made it.
  func makeRowView(row: Int, component: Int, reusing spare: PickerWheel.Spares)
    -> (view: View, isProvided: Bool)
  {
    var made: (View, Bool)?
    View.performWithoutAnimation {
      if let delegate,
        let view = delegate.pickerView(
          self, viewForRow: row, forComponent: component, reusing: spare.views.last)
      {
        if let index = spare.views.lastIndex(where: { $0 === view }) {
          spare.views.remove(at: index)
        }
        made = (view, true)
        return
      }
      let label = spare.labels.popLast() ?? Self.makeTitleLabel()
      label.text = delegate?.pickerView(self, titleForRow: row, forComponent: component)
      made = (label, false)
    }
    return made ?? (View(), false)
  }

  private static func makeTitleLabel() -> Label {
    let label = Label(frame: .zero)
    label.font = titleFont
    label.textAlignment = .center
    label.textColor = .black
    return label
  }

  /// A wheel came to rest on a row other than its selected one, moved by a person.
  func wheel(_ wheel: PickerWheel, didSettleOn row: Int) {
    delegate?.pickerView(self, didSelectRow: row, inComponent: wheel.component)
  }
}
