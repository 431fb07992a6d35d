import KioskGraphics

/// The sizes and colours of alerts and action sheets, after UIKit's.
enum AlertMetrics {
  /// The width of an alert's card.
  static let alertWidth = 270.0
  /// The width of an action sheet's popover content.
  static let popoverWidth = 304.0
  static let cornerRadius = 14.0
  /// The least room between a card and the screen's edges (and the keyboard).
  static let screenMargin = 8.0
  /// The room a bottom sheet leaves above itself at least.
  static let sheetTopMargin = 40.0
  /// The gap between a bottom sheet's actions and its cancel card.
  static let sheetGap = 8.0
  static let alertRowHeight = 44.0
  static let sheetRowHeight = 57.0
  static let fieldHeight = 30.0
  static let fieldGap = 6.0
  static let sideInset = 16.0
  static let dimmingAlpha = 0.2
  static let plateColor = Color(hex: 0xf2f2f2)
  static let cancelPlateColor = Color.white
  static let highlightColor = Color(white: 0, alpha: 0.1)
  static let destructiveColor = Color.destructiveRed
  static let disabledColor = Color.systemGray.withAlphaComponent(0.6)
  static let sheetHeaderColor = Color.systemGray
}

/// The view of an alert controller: the card of an alert (title, message, text fields,
/// actions), the cards of a bottom action sheet (the actions, the cancel action below), or
/// the content of an action sheet's popover (the actions without the cancel one). The
/// title and message scroll, and so do the actions, when the card is too short for them.
@MainActor
final class AlertContentView: View {
  /// How the alert is shown.
  enum Mode {
    case alert, sheet, popover
  }

  private unowned let alert: AlertController
  /// The alert's title, for `KioskTesting`'s `alerts["Title"]`.
  var alertTitle: String? { alert.title }

  /// The alert's title, as UIKit's alert names itself (the card is not an element: its
  /// title and actions are read one by one).
  override var accessibilityLabel: String? {
    get { super.accessibilityLabel ?? alert.title }
    set { super.accessibilityLabel = newValue }
  }
  var mode = Mode.alert {
    didSet { if oldValue != mode { contentDidChange() } }
  }

  private let plate = AlertPlateView()
  private let cancelPlate = AlertPlateView()
  private let headerScroll = ScrollView(frame: .zero)
  private let titleLabel = Label(frame: .zero)
  private let messageLabel = Label(frame: .zero)
  private let fieldsView = View(frame: .zero)
  private let actionsScroll = ScrollView(frame: .zero)
  /// The rows in the actions' scroll view, in the order shown.
  private(set) var actionViews: [AlertActionView] = []
  /// A bottom sheet's cancel row, in its own card.
  private(set) var cancelView: AlertActionView?
  /// Whether the actions are side by side (an alert's two short actions).
  private(set) var isSideBySide = false
  private var needsRebuild = true

  init(alert: AlertController) {
    self.alert = alert
    super.init(frame: Rect(x: 0, y: 0, width: AlertMetrics.alertWidth, height: 0))
    autoresizesSubviews = false
    for label in [titleLabel, messageLabel] {
      label.numberOfLines = 0
      label.lineBreakMode = .byWordWrapping
      label.textAlignment = .center
      headerScroll.addSubview(label)
    }
    // The alert's title is a heading to a screen reader, said before the message.
    titleLabel.accessibilityTraits = [.staticText, .header]
    for scroll in [headerScroll, actionsScroll] {
      scroll.delaysContentTouches = false
      scroll.showsHorizontalScrollIndicator = false
      plate.addSubview(scroll)
    }
    plate.addSubview(fieldsView)
    addSubview(plate)
    addSubview(cancelPlate)
  }

  /// The title, message, actions or text fields changed.
  func contentDidChange() {
    needsRebuild = true
    setNeedsLayout()
  }

  /// An action was enabled or disabled: its row follows at once.
  func actionDidChange(_ action: AlertAction) {
    for row in actionViews + [cancelView].compactMap({ $0 }) where row.action === action {
      row.isEnabled = action.isEnabled
    }
  }

  // MARK: Building

  private func rebuildIfNeeded() {
    guard needsRebuild else { return }
    needsRebuild = false
    let isAlert = mode == .alert
    titleLabel.text = alert.title
    messageLabel.text = alert.message
    // The text grows with the text size, as UIKit's alerts do (the card scrolls when it
    // no longer fits, and two actions too wide for half the card each are stacked).
    let traits = traitCollection
    titleLabel.font =
      isAlert
      ? .preferredFont(forTextStyle: .headline, compatibleWith: traits)
      : FontMetrics(forTextStyle: .footnote).scaledFont(
        for: .systemFont(ofSize: 13, weight: .semibold), compatibleWith: traits)
    messageLabel.font = .preferredFont(forTextStyle: .footnote, compatibleWith: traits)
    titleLabel.textColor = isAlert ? .black : AlertMetrics.sheetHeaderColor
    messageLabel.textColor = isAlert ? .black : AlertMetrics.sheetHeaderColor

    for subview in fieldsView.subviews { subview.removeFromSuperview() }
    for field in alert.textFields ?? [] { fieldsView.addSubview(field) }

    plate.fillColor = mode == .popover ? nil : AlertMetrics.plateColor
    plate.cornerRadius = mode == .popover ? 0 : AlertMetrics.cornerRadius
    cancelPlate.fillColor = AlertMetrics.cancelPlateColor
    cancelPlate.cornerRadius = AlertMetrics.cornerRadius
    rebuildActions()
  }

  private func rebuildActions() {
    for row in actionViews { row.removeFromSuperview() }
    cancelView?.removeFromSuperview()
    cancelView = nil
    let actions = alert.actions
    let emphasized = AlertRules.emphasizedAction(
      in: actions, preferred: alert.preferredAction, style: alert.preferredStyle)
    let fontSize = mode == .alert ? 17.0 : 20.0
    func row(for action: AlertAction, on plate: AlertPlateView) -> AlertActionView {
      let isEmphasized = action === emphasized
      let font = FontMetrics.default.scaledFont(
        for: .systemFont(ofSize: fontSize, weight: isEmphasized ? .semibold : .regular),
        compatibleWith: traitCollection)
      let row = AlertActionView(action: action, font: font, plate: plate)
      row.slideGroup = self
      row.addAction(
        Action { [weak alert, weak action] _ in
          if let alert, let action { alert.trigger(action) }
        }, for: .touchUpInside)
      return row
    }
    switch mode {
    case .alert:
      let half = AlertMetrics.alertWidth / 2 - 2 * AlertActionView.titleInset
      let rows = actions.map { row(for: $0, on: plate) }
      isSideBySide = AlertRules.actionsSideBySide(
        titleWidths: rows.map(\.titleWidth), halfWidth: half)
      actionViews = AlertRules.alertOrder(of: actions, sideBySide: isSideBySide).compactMap {
        action in rows.first { $0.action === action }
      }
    case .sheet:
      isSideBySide = false
      actionViews = actions.filter { $0.style != .cancel }.map { row(for: $0, on: plate) }
      if let cancel = alert.cancelAction {
        let cancelRow = row(for: cancel, on: cancelPlate)
        cancelPlate.addSubview(cancelRow)
        cancelView = cancelRow
      }
    case .popover:
      isSideBySide = false
      actionViews = actions.filter { $0.style != .cancel }.map { row(for: $0, on: plate) }
    }
    for row in actionViews { actionsScroll.addSubview(row) }
  }

  // MARK: A finger sliding from action to action

  /// As in UIKit's alerts and action sheets, a finger that goes down on one action and
  /// slides onto another highlights that one instead, and lifting it there triggers it;
  /// lifted anywhere else, nothing happens. The row the finger went down on follows it
  /// itself (as a control, with no margin around it); this is the row it is over now.
  private weak var slideRow: AlertActionView?

  /// The enabled row other than `origin` under `touch`, among those that can be seen (a
  /// row scrolled out of the actions' view is not under a finger).
  private func enabledRow(under touch: Touch, otherThan origin: AlertActionView)
    -> AlertActionView?
  {
    guard let window else { return nil }
    var view = window.hitTest(touch.location(in: window), with: nil)
    while let current = view, !(current is AlertActionView) { view = current.superview }
    guard let row = view as? AlertActionView, row !== origin, row.isEnabled,
      row.slideGroup === self
    else { return nil }
    return row
  }

  func fingerMoved(_ touch: Touch, from origin: AlertActionView) {
    let target = enabledRow(under: touch, otherThan: origin)
    guard target !== slideRow else { return }
    slideRow?.isHighlighted = false
    target?.isHighlighted = true
    slideRow = target
  }

  func fingerLifted(_ touch: Touch?, from origin: AlertActionView) {
    let target = touch.flatMap { enabledRow(under: $0, otherThan: origin) }
    slideEnded()
    if let target { alert.trigger(target.action) }
  }

  func slideEnded() {
    slideRow?.isHighlighted = false
    slideRow = nil
  }

  // MARK: Measuring

  /// An action row's height: 44 or 57 points at the default text size, growing with it.
  private var rowHeight: Double {
    scaled(mode == .alert ? AlertMetrics.alertRowHeight : AlertMetrics.sheetRowHeight)
  }

  /// The height of a bottom sheet's cancel row.
  private var cancelRowHeight: Double { scaled(AlertMetrics.sheetRowHeight) }

  private func scaled(_ points: Double) -> Double {
    FontMetrics.default.scaledValue(for: points, compatibleWith: traitCollection)
  }

  /// A new text size makes the rows again with fonts of the new size.
  override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
    super.traitCollectionDidChange(previousTraitCollection)
    let traits = traitCollection
    if previousTraitCollection?.preferredContentSizeCategory != traits.preferredContentSizeCategory
      || previousTraitCollection?.legibilityWeight != traits.legibilityWeight
    {
      contentDidChange()
    }
  }

  private var hasHeader: Bool {
    !(alert.title ?? "").isEmpty || !(alert.message ?? "").isEmpty
  }

  /// The header's paddings above and below the text.
  private var headerPadding: (top: Double, bottom: Double) {
    guard mode == .alert else { return (14, 14) }
    return (20, alert.textFields == nil ? 20 : 12)
  }

  /// The title's and the message's heights for a card `width` wide, and the gap between.
  private func textHeights(width: Double) -> (title: Double, gap: Double, message: Double) {
    let textWidth = max(width - 2 * AlertMetrics.sideInset, 1)
    let fit = Size(width: textWidth, height: 0)
    let title = (alert.title ?? "").isEmpty ? 0 : titleLabel.sizeThatFits(fit).height
    let message = (alert.message ?? "").isEmpty ? 0 : messageLabel.sizeThatFits(fit).height
    return (title, title > 0 && message > 0 ? 4 : 0, message)
  }

  private func headerHeight(width: Double) -> Double {
    guard hasHeader else { return 0 }
    let text = textHeights(width: width)
    let padding = headerPadding
    return padding.top + text.title + text.gap + text.message + padding.bottom
  }

  private var fieldsHeight: Double {
    let count = Double(alert.textFields?.count ?? 0)
    guard count > 0 else { return 0 }
    let top = hasHeader ? 0 : AlertMetrics.sideInset
    return top + count * AlertMetrics.fieldHeight + (count - 1) * AlertMetrics.fieldGap
      + AlertMetrics.sideInset
  }

  private var actionsHeight: Double {
    guard !actionViews.isEmpty else { return 0 }
    return isSideBySide ? rowHeight : Double(actionViews.count) * rowHeight
  }

  /// The room the cancel card and the gap above it take at the bottom of a sheet.
  private var cancelHeight: Double {
    cancelView == nil ? 0 : AlertMetrics.sheetGap + cancelRowHeight
  }

  /// The size the whole content needs at `width`, scrolling nothing.
  func naturalSize(width: Double) -> Size {
    rebuildIfNeeded()
    let height = headerHeight(width: width) + fieldsHeight + actionsHeight + cancelHeight
    return Size(width: width, height: height.rounded(.up))
  }

  // MARK: Layout

  override func layoutSubviews() {
    super.layoutSubviews()
    rebuildIfNeeded()
    let width = bounds.width
    cancelPlate.isHidden = cancelView == nil
    if let cancelView {
      let cancelFrame = Rect(
        x: 0, y: bounds.height - cancelRowHeight, width: width, height: cancelRowHeight)
      cancelPlate.frame = cancelFrame
      cancelView.frame = cancelPlate.bounds
    }
    plate.frame = Rect(x: 0, y: 0, width: width, height: max(bounds.height - cancelHeight, 0))

    let header = headerHeight(width: width)
    let fields = fieldsHeight
    let actions = actionsHeight
    let shared = AlertRules.share(
      available: plate.bounds.height, header: header, fixed: fields, actions: actions)
    headerScroll.frame = Rect(x: 0, y: 0, width: width, height: shared.header)
    headerScroll.contentSize = Size(width: width, height: header)
    layoutHeader(width: width)
    fieldsView.frame = Rect(x: 0, y: shared.header, width: width, height: fields)
    layoutFields(width: width)
    actionsScroll.frame = Rect(
      x: 0, y: shared.header + fields, width: width, height: shared.actions)
    actionsScroll.contentSize = Size(width: width, height: actions)
    layoutActions(width: width, belowContent: header + fields > 0)
  }

  private func layoutHeader(width: Double) {
    let text = textHeights(width: width)
    let inset = AlertMetrics.sideInset
    let top = headerPadding.top
    titleLabel.frame = Rect(x: inset, y: top, width: width - 2 * inset, height: text.title)
    messageLabel.frame = Rect(
      x: inset, y: top + text.title + text.gap, width: width - 2 * inset, height: text.message)
  }

  private func layoutFields(width: Double) {
    var y = hasHeader ? 0 : AlertMetrics.sideInset
    let inset = AlertMetrics.sideInset
    for field in fieldsView.subviews {
      field.frame = Rect(
        x: inset, y: y, width: max(width - 2 * inset, 0), height: AlertMetrics.fieldHeight)
      y += AlertMetrics.fieldHeight + AlertMetrics.fieldGap
    }
  }

  private func layoutActions(width: Double, belowContent: Bool) {
    if isSideBySide, actionViews.count == 2 {
      let half = (width / 2).rounded()
      actionViews[0].frame = Rect(x: 0, y: 0, width: half, height: rowHeight)
      actionViews[1].frame = Rect(x: half, y: 0, width: width - half, height: rowHeight)
      actionViews[0].setSeparators(top: belowContent, left: false)
      actionViews[1].setSeparators(top: belowContent, left: true)
      return
    }
    for (index, row) in actionViews.enumerated() {
      row.frame = Rect(x: 0, y: Double(index) * rowHeight, width: width, height: rowHeight)
      row.setSeparators(top: index > 0 || belowContent, left: false)
    }
    cancelView?.setSeparators(top: false, left: false)
  }
}

/// One action's button in an alert: its title centred, coloured by its style, bold when
/// emphasized, dimmed when disabled, and a grey highlight while touched, clipped to the
/// rounded card. It draws the hairlines that part it from what is above and beside it.
@MainActor
final class AlertActionView: Control {
  /// The room on each side of the title.
  static let titleInset = 8.0

  let action: AlertAction
  let titleLabel = Label(frame: .zero)
  /// The alert's content, which moves a sliding finger's highlight from row to row.
  weak var slideGroup: AlertContentView?
  private weak var plate: AlertPlateView?
  private var topSeparator = false
  private var leftSeparator = false

  init(action: AlertAction, font: Font, plate: AlertPlateView) {
    self.action = action
    self.plate = plate
    super.init(frame: .zero)
    contentMode = .redraw
    titleLabel.text = action.title
    titleLabel.font = font
    titleLabel.textAlignment = .center
    titleLabel.lineBreakMode = .byTruncatingMiddle
    addSubview(titleLabel)
    isEnabled = action.isEnabled
    updateTitleColor()
  }

  // To a screen reader an action is a button named by its title ("dimmed" when disabled);
  // activating it triggers the action as a tap does.
  override var isAccessibilityElement: Bool {
    get { true }
    set { super.isAccessibilityElement = newValue }
  }
  override var accessibilityLabel: String? {
    get { super.accessibilityLabel ?? action.title }
    set { super.accessibilityLabel = newValue }
  }
  override var accessibilityTraits: AccessibilityTraits {
    get { describedTraits(.button) }
    set { super.accessibilityTraits = newValue }
  }
  override func accessibilityActivate() -> Bool {
    guard isEnabled else { return false }
    sendActions(for: .touchUpInside)
    return true
  }

  /// Rows touch one another: a finger on the next row is on that row, not still on this
  /// one, as a control's usual margin of 70 points would have it.
  override var touchTrackingMargin: Double { 0 }

  override func continueTracking(_ touch: Touch, with event: KioskUI.Event?) -> Bool {
    slideGroup?.fingerMoved(touch, from: self)
    return super.continueTracking(touch, with: event)
  }

  override func endTracking(_ touch: Touch?, with event: KioskUI.Event?) {
    super.endTracking(touch, with: event)
    slideGroup?.fingerLifted(touch, from: self)
  }

  override func cancelTracking(with event: KioskUI.Event?) {
    super.cancelTracking(with: event)
    slideGroup?.slideEnded()
  }

  /// The width the title needs on one line.
  var titleWidth: Double { titleLabel.sizeThatFits(.zero).width }

  func setSeparators(top: Bool, left: Bool) {
    guard top != topSeparator || left != leftSeparator else { return }
    topSeparator = top
    leftSeparator = left
    setNeedsDisplay()
  }

  override func stateDidChange() {
    super.stateDidChange()
    updateTitleColor()
    setNeedsDisplay()
  }

  private func updateTitleColor() {
    titleLabel.textColor =
      !isEnabled
      ? AlertMetrics.disabledColor
      : action.style == .destructive ? AlertMetrics.destructiveColor : tintColor
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    titleLabel.frame = bounds.insetBy(dx: Self.titleInset, dy: 0)
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    if isHighlighted {
      context.saveGState()
      if let plate {
        plate.addOutline(to: context, in: self)
        context.clip()
      }
      context.setFillColor(AlertMetrics.highlightColor)
      context.fill(bounds)
      context.restoreGState()
    }
    let hairline = 1 / (window?.screen.scale ?? Screen.main.scale)
    context.setFillColor(.separator)
    if topSeparator { context.fill(Rect(x: 0, y: 0, width: bounds.width, height: hairline)) }
    if leftSeparator { context.fill(Rect(x: 0, y: 0, width: hairline, height: bounds.height)) }
  }
}

/// The rounded card behind an alert's content, drawn here until views have layer corner
/// radii of their own (then it becomes a view with `layer.cornerRadius` and
/// `masksToBounds`, and the rows' highlights need no clipping).
@MainActor
final class AlertPlateView: View {
  var fillColor: Color? {
    didSet { if oldValue != fillColor { setNeedsDisplay() } }
  }
  var cornerRadius = 0.0 {
    didSet { if oldValue != cornerRadius { setNeedsDisplay() } }
  }

  init() {
    super.init(frame: .zero)
    contentMode = .redraw
    autoresizesSubviews = false
  }

  /// Adds the card's outline, in `view`'s coordinates, to the context's path.
  func addOutline(to context: GraphicsContext, in view: View) {
    let outline = convert(bounds, to: view)
    context.beginPath()
    context.addRoundedRect(outline, cornerRadius: min(cornerRadius, bounds.height / 2))
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current, let fillColor else { return }
    context.setFillColor(fillColor)
    addOutline(to: context, in: self)
    context.fillPath()
  }
}
