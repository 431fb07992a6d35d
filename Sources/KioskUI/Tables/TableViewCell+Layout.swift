import KioskGraphics

extension TableViewCell {
  static let margin = 16.0
  static let accessoryWidth = 38.0
  static let editingIndent = 38.0
  static let deleteColor = Color.destructiveRed

  /// Places the content (shifted by the swipe, indented in editing mode, narrowed for the
  /// accessory), the grey background, the separator and the delete controls.
  func layoutCell() {
    let b = bounds
    let indent = editingState ? Self.editingIndent : 0
    let accessory = accessoryType == .none ? 0 : Self.accessoryWidth
    contentView.frame = Rect(
      x: indent + swipeOffset, y: 0, width: max(0, b.width - indent - accessory), height: b.height)
    accessoryMark.isHidden = accessoryType == .none
    accessoryMark.frame = Rect(
      x: b.width - accessory + swipeOffset, y: 0, width: accessory, height: b.height)
    selectedBackgroundView?.frame = Rect(x: swipeOffset, y: 0, width: b.width, height: b.height)
    let hairline = 1 / (window?.screen.scale ?? Screen.main.scale)
    let left = separatorInset.left + indent
    separatorLine.frame = Rect(
      x: left, y: b.height - hairline, width: max(0, b.width - left - separatorInset.right),
      height: hairline)
    if let deleteButton {
      deleteButton.frame = Rect(
        x: b.width + swipeOffset, y: 0, width: max(0, -swipeOffset), height: b.height)
    }
    if let deleteControl {
      deleteControl.frame = Rect(
        x: swipeOffset + (editingState ? 0 : -Self.editingIndent), y: 0,
        width: Self.editingIndent + 6, height: b.height)
      deleteControl.alpha = editingState ? 1 : 0
    }
    layoutLabels()
  }

  /// The built-in labels and image, by the cell's style.
  private func layoutLabels() {
    let bounds = contentView.bounds
    let margin = Self.margin
    var x = margin
    if let imageView = createdImageView {
      if let image = imageView.image {
        let height = min(image.size.height, bounds.height)
        let width = image.size.height > 0 ? image.size.width * height / image.size.height : 0
        imageView.frame = Rect(
          x: margin, y: (bounds.height - height) / 2, width: width, height: height)
        imageView.isHidden = false
        x = imageView.frame.maxX + margin
      } else {
        imageView.isHidden = true
      }
    }
    let available = max(0, bounds.width - x - margin)
    let largeText = wrapLabelsForLargeText()
    switch largeText && style == .value1 ? .subtitle : style {
    case .default:
      createdTextLabel?.frame = Rect(x: x, y: 0, width: available, height: bounds.height)
    case .subtitle:
      let fit = Size(width: available, height: bounds.height)
      let titleHeight = createdTextLabel?.sizeThatFits(fit).height ?? 0
      let detailHeight = createdDetailTextLabel?.sizeThatFits(fit).height ?? 0
      let gap = titleHeight > 0 && detailHeight > 0 ? 2.0 : 0
      let top = ((bounds.height - titleHeight - gap - detailHeight) / 2).rounded()
      createdTextLabel?.frame = Rect(x: x, y: top, width: available, height: titleHeight)
      createdDetailTextLabel?.frame = Rect(
        x: x, y: top + titleHeight + gap, width: available, height: detailHeight)
    case .value1:
      let detailWidth = min(
        available, createdDetailTextLabel?.sizeThatFits(Size(width: 0, height: 0)).width ?? 0)
      createdDetailTextLabel?.frame = Rect(
        x: bounds.width - margin - detailWidth, y: 0, width: detailWidth, height: bounds.height)
      let titleWidth = max(0, available - detailWidth - (detailWidth > 0 ? 8 : 0))
      createdTextLabel?.frame = Rect(x: x, y: 0, width: titleWidth, height: bounds.height)
    }
  }

  /// At the accessibility text sizes the standard labels wrap rather than cut their text
  /// off, as UIKit's list content does, and a `.value1` cell puts its value under its title;
  /// at the other sizes labels that were made to wrap go back to one line. Returns whether
  /// the text size is an accessibility size.
  private func wrapLabelsForLargeText() -> Bool {
    let large = traitCollection.preferredContentSizeCategory.isAccessibilityCategory
    guard large != labelsWrapForLargeText else { return large }
    labelsWrapForLargeText = large
    for label in [createdTextLabel, createdDetailTextLabel].compactMap({ $0 }) {
      label.numberOfLines = large ? 0 : 1
      label.lineBreakMode = large ? .byWordWrapping : .byTruncatingTail
    }
    createdDetailTextLabel?.textAlignment = style == .value1 && !large ? .right : .natural
    return large
  }

  /// Shows the grey while highlighted or selected; with `animated`, it fades out.
  func updateSelectionBackground(animated: Bool) {
    guard let background = selectedBackgroundView else { return }
    let shows = (highlightedState || selectedState) && selectionStyle != .none
    if shows || !animated || window == nil {
      View.performWithoutAnimation { background.alpha = shows ? 1 : 0 }
    } else {
      View.animate(withDuration: 0.3, animations: { background.alpha = 0 })
    }
  }

  func configureSeparator(visible: Bool, color: Color, inset: EdgeInsets) {
    separatorLine.isHidden = !visible
    separatorLine.backgroundColor = color
    if separatorInset != inset {
      separatorInset = inset
      setNeedsLayout()
    }
  }

  // MARK: Delete button and control

  /// Adds the red Delete button at the trailing edge (uncovered as the content slides).
  func showDeleteButton(title: String) {
    let button: Button
    if let deleteButton {
      button = deleteButton
    } else {
      button = Button(type: .custom)
      button.backgroundColor = Self.deleteColor
      button.clipsToBounds = true
      button.titleLabel?.font = .systemFont(ofSize: 17, weight: .medium)
      button.addTarget(
        self, action: { cell in cell.tableView?.deleteButtonTapped(in: cell) },
        for: .touchUpInside)
      deleteButton = button
      addSubview(button)
      View.performWithoutAnimation {
        button.frame = Rect(x: bounds.width, y: 0, width: 0, height: bounds.height)
      }
    }
    button.setTitle(title, for: .normal)
    button.setTitleColor(.white, for: .normal)
  }

  func removeDeleteButton() {
    deleteButton?.removeFromSuperview()
    deleteButton = nil
  }

  /// Adds the red delete control of editing mode at the leading edge.
  func showDeleteControl() {
    guard deleteControl == nil else { return }
    let control = Button(type: .custom)
    control.setImage(Self.deleteControlImage(scale: window?.screen.scale ?? 2), for: .normal)
    control.addTarget(
      self, action: { cell in cell.tableView?.deleteControlTapped(in: cell) },
      for: .touchUpInside)
    deleteControl = control
    addSubview(control)
    View.performWithoutAnimation {
      control.frame = Rect(
        x: -Self.editingIndent, y: 0, width: Self.editingIndent + 6, height: bounds.height)
      control.alpha = 0
    }
  }

  /// A red disc with a white bar.
  private static func deleteControlImage(scale: Double) -> Image? {
    try? Image.render(size: Size(width: 22, height: 22), scale: scale) { context in
      context.setFillColor(deleteColor)
      context.fillEllipse(in: Rect(x: 0, y: 0, width: 22, height: 22))
      context.setFillColor(.white)
      context.fill(Rect(x: 5, y: 10, width: 12, height: 2))
    }
  }

  /// Back to a plain row before the cell goes to the reuse pool.
  func resetTableState() {
    tableView = nil
    View.performWithoutAnimation {
      swipeOffset = 0
      removeDeleteButton()
      highlightedState = false
      selectedState = false
      editingState = false
      updateSelectionBackground(animated: false)
      alpha = 1
    }
    setNeedsLayout()
  }
}

/// Draws a cell's accessory: a grey chevron or a blue check mark, 16 points from the
/// trailing edge.
@MainActor
final class TableViewCellAccessoryView: View {
  var type = TableViewCell.AccessoryType.none {
    didSet { if oldValue != type { setNeedsDisplay() } }
  }

  override init(frame: Rect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
    contentMode = .redraw
  }

  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    let right = bounds.maxX - 16
    let y = bounds.midY
    context.setLineCap(.round)
    context.setLineJoin(.round)
    context.beginPath()
    switch type {
    case .none:
      return
    case .disclosureIndicator:
      context.setStrokeColor(Color(hex: 0xc4c4c7))
      context.setLineWidth(2)
      context.move(to: Point(x: right - 7, y: y - 6.5))
      context.addLine(to: Point(x: right, y: y))
      context.addLine(to: Point(x: right - 7, y: y + 6.5))
    case .checkmark:
      context.setStrokeColor(.defaultTint)
      context.setLineWidth(2.2)
      context.move(to: Point(x: right - 14, y: y))
      context.addLine(to: Point(x: right - 9, y: y + 5))
      context.addLine(to: Point(x: right, y: y - 6))
    }
    context.strokePath()
  }
}
