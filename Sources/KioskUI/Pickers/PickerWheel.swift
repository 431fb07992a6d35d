import KioskGraphics

#if canImport(Glibc)
  import Glibc  // sin, cos, asin
#endif

/// One wheel of a picker: a scroll view whose content is the component's rows stacked
/// top to bottom (as UIKit's picker is made of table views), so that dragging, momentum,
/// rubber-banding and the touch that stops a spin are the scroll view's own. It adds the
/// snapping onto a row, taps on rows, and the drum: the rows near the visible part are
/// views placed on a cylinder.
///
/// The content insets let the first and last rows reach the band: the content offset
/// `row × rowHeight − inset` puts `row` in the middle.
@MainActor
final class PickerWheel: ScrollView {
  /// Views that showed rows now off the drum, kept to show others.
  final class Spares {
    var labels: [Label] = []
    var views: [View] = []
  }

  private struct ShownRow {
    let view: View
    /// Whether the delegate made the view (else it is the wheel's title label).
    let isProvided: Bool
  }

  /// How quickly a spun wheel slows down: between UIKit's `.normal` and `.fast`, so that a
  /// flick turns a good many rows and a slow release still settles on its row quickly.
  static let wheelDecelerationRate = DecelerationRate(rawValue: 0.995)
  /// How much a row narrows at the top and bottom of the drum (perspective).
  static let edgeNarrowing = 0.12

  private weak var picker: PickerView?
  let component: Int
  private(set) var rowCount = 0
  /// The row in the band (−1 when the wheel has no rows).
  private(set) var selectedRow = -1
  var rowHeight = PickerView.defaultRowHeight {
    didSet { if oldValue != rowHeight { geometryDidChange() } }
  }
  private var shownRows: [Int: ShownRow] = [:]
  /// The rows turning off the drum in this layout.
  private var leaving: [Int] = []
  /// The size the drum was last laid out at.
  private var laidOutSize = Size.zero
  let spares = Spares()
  /// Whether the finger now down stopped a spin (its tap then selects nothing).
  private var touchStoppedSpin = false
  let tapGestureRecognizer = TapGestureRecognizer()

  init(picker: PickerView, component: Int) {
    self.picker = picker
    self.component = component
    super.init(frame: .zero)
    showsVerticalScrollIndicator = false
    showsHorizontalScrollIndicator = false
    alwaysBounceVertical = true
    decelerationRate = Self.wheelDecelerationRate
    delegate = self
    tapGestureRecognizer.addTarget(self) { wheel, tap in wheel.handleTap(tap) }
    addGestureRecognizer(tapGestureRecognizer)
  }

  // MARK: Geometry

  /// The radius of the drum: its visible half is the wheel's height.
  private var radius: Double { max(bounds.height / 2, 1) }

  /// The content offset that puts `row` in the middle.
  func offset(forRow row: Int) -> Double {
    Double(row) * rowHeight - contentInset.top
  }

  /// The row nearest the middle at `offset`, within the wheel's rows.
  private func nearestRow(toOffset offset: Double) -> Int {
    let row = ((offset + contentInset.top) / rowHeight).rounded()
    return Int(min(max(row, 0), Double(max(rowCount - 1, 0))))
  }

  /// The row drawn at `y` (in the wheel's coordinates), undoing the drum's projection.
  private func row(atY y: Double) -> Int {
    let middle = contentOffset.y + bounds.height / 2
    let angle = asin(min(max((y - middle) / radius, -1), 1))
    return Int(((middle + angle * radius) / rowHeight).rounded(.down))
  }

  /// The size or the rows changed: the content and insets follow, and a wheel at rest
  /// keeps its selected row in the middle.
  private func geometryDidChange() {
    let inset = max(0, (bounds.height - rowHeight) / 2)
    let insets = EdgeInsets(top: inset, left: 0, bottom: inset, right: 0)
    if contentInset != insets { contentInset = insets }
    let size = Size(width: bounds.width, height: Double(rowCount) * rowHeight)
    if contentSize != size { contentSize = size }
    if !isTracking, !isDragging, !isDecelerating, verticalMotion == nil, selectedRow >= 0 {
      let target = Point(x: 0, y: offset(forRow: selectedRow))
      if contentOffset != target { contentOffset = target }
    }
    setNeedsLayout()
  }

  // MARK: Rows

  /// The data source gave a new row count: every row is asked for again, and the
  /// selection stays (within the rows).
  func reload(rowCount: Int) {
    self.rowCount = rowCount
    selectedRow = rowCount == 0 ? -1 : min(max(selectedRow, 0), rowCount - 1)
    for row in Array(shownRows.keys) { retire(row) }
    geometryDidChange()
  }

  /// The delegate's view for `row`, if the row is on the drum and shows one.
  func providedView(forRow row: Int) -> View? {
    guard let shown = shownRows[row], shown.isProvided else { return nil }
    return shown.view
  }

  /// How many rows have views now (tests check that a long wheel keeps few).
  var shownRowCount: Int { shownRows.count }

  override func layoutSubviews() {
    super.layoutSubviews()
    if bounds.size != laidOutSize {
      laidOutSize = bounds.size
      geometryDidChange()
    }
    layoutRows()
  }

  /// Gives the rows on the visible half of the drum their views (taking them from rows that
  /// turned away) and places them on the drum.
  private func layoutRows() {
    let middle = contentOffset.y + bounds.height / 2
    let reach = radius * Double.pi / 2
    let first = max(0, Int(((middle - reach) / rowHeight).rounded(.down)))
    let last = min(rowCount - 1, Int(((middle + reach) / rowHeight).rounded(.down)))
    let wanted = first..<max(first, last + 1)
    // A scratch list kept between frames: a steady spin allocates nothing here.
    leaving.removeAll(keepingCapacity: true)
    for row in shownRows.keys where !wanted.contains(row) { leaving.append(row) }
    for row in leaving { retire(row) }
    guard let picker, !wanted.isEmpty else { return }
    View.performWithoutAnimation {
      for row in wanted {
        let view: View
        if let shown = shownRows[row] {
          view = shown.view
        } else {
          let made = picker.makeRowView(row: row, component: component, reusing: spares)
          view = made.view
          shownRows[row] = ShownRow(view: made.view, isProvided: made.isProvided)
          if view.superview !== self { addSubview(view) }
        }
        place(view, row: row, middle: middle)
      }
    }
  }

  /// Puts a row's view on the drum: the farther its angle from the middle, the nearer the
  /// edge it shows, the flatter and narrower it is and the more it fades.
  private func place(_ view: View, row: Int, middle: Double) {
    let angle = ((Double(row) + 0.5) * rowHeight - middle) / radius
    let depth = max(cos(angle), 0)
    let size = Size(width: bounds.width, height: rowHeight)
    if view.bounds.size != size { view.bounds = Rect(origin: .zero, size: size) }
    view.center = Point(x: bounds.width / 2, y: middle + radius * sin(angle))
    let narrowing = 1 - Self.edgeNarrowing * (1 - depth)
    view.transform = Transform(scaleX: narrowing, y: max(depth, 0.001))
    // Faded by the square: a row three turns away (about 50°) shows at 40%.
    view.alpha = depth * depth
  }

  private func retire(_ row: Int) {
    guard let shown = shownRows.removeValue(forKey: row) else { return }
    shown.view.removeFromSuperview()
    if shown.isProvided {
      spares.views.append(shown.view)
    } else if let label = shown.view as? Label {
      spares.labels.append(label)
    }
  }

  // MARK: Selection

  /// Selects `row` and turns it into the middle (spinning when `animated` and on screen).
  func select(_ row: Int, animated: Bool) {
    selectedRow = row
    setContentOffset(Point(x: 0, y: offset(forRow: row)), animated: animated && window != nil)
  }

  /// The wheel stopped moving: it must rest exactly on a row; a row other than the
  /// selected one becomes selected and the picker's delegate hears of it.
  private func settle() {
    guard rowCount > 0, !isDragging else { return }
    let row = nearestRow(toOffset: contentOffset.y)
    let target = Point(x: 0, y: offset(forRow: row))
    guard abs(contentOffset.y - target.y) < 0.5 else {
      setContentOffset(target, animated: true)
      return
    }
    if contentOffset != target { contentOffset = target }
    guard row != selectedRow else { return }
    selectedRow = row
    picker?.wheel(self, didSettleOn: row)
  }

  /// A release ends on a row: the one nearest where the glide would stop, within the rows.
  /// A wheel pulled past an end springs back to it instead.
  override func snappedOffset(velocity: Point) -> Point? {
    guard rowCount > 0 else { return nil }
    let offset = contentOffset.y
    guard offsetRange.y.contains(offset) else { return nil }
    let decay = ScrollAxisMotion.decay(forRatePerMillisecond: decelerationRate.rawValue)
    let glideEnd = ScrollAxisMotion.glideTarget(from: offset, velocity: velocity.y, decay: decay)
    return Point(x: 0, y: self.offset(forRow: nearestRow(toOffset: glideEnd)))
  }

  // The wheel keeps its touches, as UIKit's picker does: they do not go up the responder
  // chain (a date picker, a control, must not track them as presses on itself).
  override func touchesBegan(_ touches: Set<Touch>, with event: Event?) {}
  override func touchesMoved(_ touches: Set<Touch>, with event: Event?) {}
  override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {}
  override func touchesCancelled(_ touches: Set<Touch>, with event: Event?) {}

  override func shouldSwallowTouchDown(_ touch: Touch) -> Bool {
    touchStoppedSpin = touchStoppedMotion
    return false
  }

  /// A tap on a row away from the middle turns it into the middle; it is selected when the
  /// wheel comes to rest. A tap that stopped a spin only stops it.
  private func handleTap(_ tap: TapGestureRecognizer) {
    guard tap.state == .ended, !touchStoppedSpin, rowCount > 0 else { return }
    let row = row(atY: tap.location(in: self).y)
    guard (0..<rowCount).contains(row) else { return }
    let target = Point(x: 0, y: offset(forRow: row))
    guard target != contentOffset else { return }
    setContentOffset(target, animated: true)
  }
}

extension PickerWheel: ScrollViewDelegate {
  func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
    if !decelerate { settle() }
  }

  func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
    settle()
  }

  func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {
    settle()
  }
}
