import KioskKit

/// The bar along the top: the example's title and a numbered button per example (the
/// current one outlined); tapping one goes to that example. To a screen reader the title
/// is a heading and each button says the example it shows ("Recipes, button, 2 of 7").
@MainActor
final class HeaderView: View {
  private let titleLabel = Label(frame: .zero)
  /// The last code a barcode or card reader scanned (`[input] scanners`), before the
  /// buttons; empty, and taking no room, until the first scan.
  private let scanLabel = Label(frame: .zero)
  private var buttons: [Button] = []
  /// Called with the index of the button tapped.
  var onSelectExample: ((Int) -> Void)?

  /// A button's size and the gap between two, in points: 44 by 44, the smallest target the
  /// HIG and the accessibility audit allow (the real-kernel touch test aims at the last one:
  /// Tests/KioskQEMUTests/TouchQEMUTests.swift).
  static let buttonSize = Size(width: 44, height: 44)
  static let buttonGap = 6.0
  static let trailingMargin = 12.0

  var title = "" {
    didSet { titleLabel.text = title }
  }
  /// The examples' titles, in order: one button each.
  var exampleTitles: [String] = [] {
    didSet { makeButtons() }
  }
  /// The text of the last scan; shown as "Scanned: …".
  var lastScan: String? {
    didSet {
      scanLabel.text = lastScan.map { "Scanned: \($0)" }
      scanLabel.accessibilityLabel = lastScan.map { "Last scan, \($0)" }
      setNeedsLayout()
    }
  }
  var currentExample = 0 {
    didSet {
      for (index, button) in buttons.enumerated() { button.isSelected = index == currentExample }
    }
  }

  override init(frame: Rect) {
    super.init(frame: frame)
    backgroundColor = Color(hex: 0x1c1c1e)
    isOpaque = true
    titleLabel.font = .boldSystemFont(ofSize: 22)
    titleLabel.textColor = .white
    titleLabel.accessibilityTraits = [.staticText, .header]
    addSubview(titleLabel)
    scanLabel.font = .systemFont(ofSize: 17)
    scanLabel.textColor = Color(hex: 0x8ee6a0)
    scanLabel.textAlignment = .right
    addSubview(scanLabel)
  }

  private func makeButtons() {
    for button in buttons { button.removeFromSuperview() }
    buttons = exampleTitles.enumerated().map { index, title in
      let button = Button(type: .system)
      button.setTitle("\(index + 1)", for: .normal)
      button.accessibilityLabel = title
      button.accessibilityValue = "\(index + 1) of \(exampleTitles.count)"
      button.setTitleColor(.systemBlue, for: .selected)
      button.contentEdgeInsets = .zero
      button.cornerRadius = 10
      button.isSelected = index == currentExample
      button.addTarget(self, action: { $0.onSelectExample?(index) }, for: .touchUpInside)
      addSubview(button)
      return button
    }
    setNeedsLayout()
  }

  override func layoutSubviews() {
    let buttonsWidth = Double(buttons.count) * (Self.buttonSize.width + Self.buttonGap)
    let free = max(bounds.width - 40 - buttonsWidth, 0)
    // The scan takes up to half the room beside the buttons; the title the rest.
    let scanWidth = lastScan == nil ? 0 : free / 2
    titleLabel.frame = Rect(x: 20, y: 0, width: free - scanWidth, height: bounds.height)
    scanLabel.frame = Rect(
      x: 20 + free - scanWidth, y: 0, width: scanWidth, height: bounds.height)
    for (index, button) in buttons.enumerated() {
      button.frame = Self.frameOfButton(index, of: buttons.count, in: bounds)
    }
  }

  /// Where button `index` of `count` sits in a header of `bounds`.
  static func frameOfButton(_ index: Int, of count: Int, in bounds: Rect) -> Rect {
    let x =
      bounds.width - trailingMargin - Double(count - index) * buttonSize.width
      - Double(count - 1 - index) * buttonGap
    return Rect(
      x: x, y: (bounds.height - buttonSize.height) / 2, width: buttonSize.width,
      height: buttonSize.height)
  }
}
