import KioskKit

/// A table row that shows a text field the controller owns: the controller keeps the field
/// (its text and first responder status survive reloads and reused cells) and lends it to
/// whichever cell shows the row.
@MainActor
final class FieldCell: TableViewCell {
  private weak var field: TextField?

  override init(style: CellStyle, reuseIdentifier: String?) {
    super.init(style: .default, reuseIdentifier: reuseIdentifier)
    selectionStyle = .none
  }

  /// Shows `field` in this cell.
  func show(_ field: TextField) {
    self.field = field
    if field.superview !== contentView { contentView.addSubview(field) }
    setNeedsLayout()
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    guard let field, field.superview === contentView else { return }
    field.frame = contentView.bounds.insetBy(dx: 12, dy: 6)
  }
}
