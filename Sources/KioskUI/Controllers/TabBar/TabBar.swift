import KioskGraphics

/// The bar along the bottom of a tab interface: one button per tab with its image, its
/// title and, when set, a badge. A `TabBarController` owns one and fills it from its
/// children's tab bar items. The semantics of UIKit's `UITabBar`.
///
/// Images are used as shapes: they are drawn in `tintColor` for the selected tab and in
/// `unselectedItemTintColor` for the others.
@MainActor
open class TabBar: View {
  /// The height of the bar, in points.
  static let standardHeight = 49.0

  /// The tabs' items, left to right.
  public private(set) var items: [TabBarItem] = []

  /// The item of the selected tab.
  public var selectedItem: TabBarItem? {
    didSet { if oldValue !== selectedItem { updateButtons() } }
  }

  /// The colour of the selected tab's image and title (`Color.defaultTint`).
  public var tintColor: Color = .defaultTint {
    didSet { if oldValue != tintColor { updateButtons() } }
  }

  /// The colour of the other tabs' images and titles; `nil` is the standard grey.
  public var unselectedItemTintColor: Color? {
    didSet { if oldValue != unselectedItemTintColor { updateButtons() } }
  }

  /// The colour of the bar's background; `nil` is the standard light grey.
  public var barTintColor: Color? {
    didSet { backgroundColor = barTintColor ?? NavigationBar.standardBackground }
  }

  /// Called with the index of a tab the user tapped.
  var itemTapped: (@MainActor (Int) -> Void)?

  /// One button per item.
  private(set) var buttons: [TabBarButton] = []
  /// The buttons' superview, below the hairline: new items get a new one, so that setting
  /// thousands of items appends each button and drops the old ones in one step (inserting
  /// each below the hairline searched the subviews for it: 100,000 tabs took minutes).
  private var buttonRow = View()
  private let hairline = View()

  /// Unselected tabs' grey: `Color.secondaryLabel` (UIKit's fainter grey fails WCAG's 4.5:1).
  static let unselectedColor = Color.secondaryLabel

  /// Creates an empty bar.
  public override init(frame: Rect) {
    super.init(frame: frame)
    backgroundColor = NavigationBar.standardBackground
    hairline.backgroundColor = Color(white: 0, alpha: 0.3)
    hairline.isUserInteractionEnabled = false
    addSubview(buttonRow)
    addSubview(hairline)
    // A container of tabs to a screen reader (UIKit's tabBar trait), not an element itself.
    accessibilityTraits = .tabBar
  }

  /// Replaces the items (`animated` is accepted for UIKit's sake: the buttons change at
  /// once).
  public func setItems(_ items: [TabBarItem], animated: Bool) {
    let kept = Set(items.map(ObjectIdentifier.init))
    for item in self.items where !kept.contains(ObjectIdentifier(item)) { item.didChange = nil }
    self.items = items
    buttonRow.removeFromSuperview()
    buttonRow = View(frame: bounds)
    insertSubview(buttonRow, belowSubview: hairline)
    buttons = items.enumerated().map { index, item in
      item.didChange = { [weak self] in self?.updateButtons() }
      let button = TabBarButton(item: item, position: (index + 1, items.count))
      button.addAction(
        Action { [weak self] _ in self?.itemTapped?(index) }, for: .touchUpInside)
      buttonRow.addSubview(button)
      return button
    }
    if let selectedItem, !kept.contains(ObjectIdentifier(selectedItem)) {
      self.selectedItem = nil
    }
    updateButtons()
    setNeedsLayout()
  }

  /// The bar's height is fixed; its width is whatever it is given.
  open override func sizeThatFits(_ size: Size) -> Size {
    Size(width: size.width, height: Self.standardHeight)
  }

  private func updateButtons() {
    let unselected = unselectedItemTintColor ?? Self.unselectedColor
    // Tabs that share an image share its tinted copy: 1,000 tabs of one image tinted it
    // 1,000 times.
    var tinted = TintedImages()
    for button in buttons {
      let selected = button.item === selectedItem
      button.show(selected: selected, color: selected ? tintColor : unselected, tinted: &tinted)
    }
  }

  /// Divides the width equally among the buttons.
  open override func layoutSubviews() {
    super.layoutSubviews()
    let thickness = 1 / max(window?.screen.scale ?? 1, 1)
    hairline.frame = Rect(x: 0, y: 0, width: bounds.width, height: thickness)
    buttonRow.frame = bounds
    guard !buttons.isEmpty else { return }
    let width = bounds.width / Double(buttons.count)
    for (index, button) in buttons.enumerated() {
      let x = (Double(index) * width).rounded()
      let next = (Double(index + 1) * width).rounded()
      button.frame = Rect(x: x, y: 0, width: next - x, height: Self.standardHeight)
    }
  }
}

/// One tab in a tab bar: the image above the title, and the badge at the image's corner.
@MainActor
final class TabBarButton: Control {
  static let imageSide = 28.0
  static let badgeHeight = 18.0
  /// `Color.destructiveRed`: the white count on it keeps WCAG's 4.5:1.
  static let standardBadgeColor = Color.destructiveRed

  let item: TabBarItem
  let imageView = ImageView(frame: .zero)
  let titleLabel = Label(frame: .zero)
  let badge = ControlShapeView(shape: .capsule)
  let badgeLabel = Label(frame: .zero)
  private var tintedImages: (source: Image, color: Color, tinted: Image)?

  /// Where the tab is among the bar's, counted from 1, for a screen reader ("2 of 4").
  let position: (number: Int, count: Int)

  init(item: TabBarItem, position: (number: Int, count: Int)) {
    self.item = item
    self.position = position
    super.init(frame: .zero)
    imageView.contentMode = .scaleAspectFit
    titleLabel.font = .systemFont(ofSize: 10, weight: .medium)
    titleLabel.textAlignment = .center
    badgeLabel.font = .systemFont(ofSize: 13, weight: .medium)
    badgeLabel.textColor = .white
    badgeLabel.textAlignment = .center
    for view in [imageView, titleLabel, badge, badgeLabel] {
      view.isUserInteractionEnabled = false
      addSubview(view)
    }
  }

  // A screen reader hears a tab as UIKit's: its title, "tab", its place ("2 of 4"), whether
  // it is selected, and the badge; activating it selects the tab as a tap does.
  override var isAccessibilityElement: Bool {
    get { true }
    set { super.isAccessibilityElement = newValue }
  }
  override var accessibilityLabel: String? {
    get { super.accessibilityLabel ?? item.title }
    set { super.accessibilityLabel = newValue }
  }
  override var accessibilityValue: String? {
    get {
      super.accessibilityValue
        ?? (["\(position.number) of \(position.count)"] + [item.badgeValue].compactMap { $0 })
        .joined(separator: ", ")
    }
    set { super.accessibilityValue = newValue }
  }
  override var accessibilityTraits: AccessibilityTraits {
    get { describedTraits([.button, .tab]) }
    set { super.accessibilityTraits = newValue }
  }
  override func accessibilityActivate() -> Bool {
    guard isEnabled else { return false }
    sendActions(for: .touchUpInside)
    return true
  }

  /// Shows the item's current title, image and badge in `color`; `tinted` holds the images
  /// other buttons tinted in this pass.
  func show(selected: Bool, color: Color, tinted: inout TintedImages) {
    isSelected = selected
    isEnabled = item.isEnabled
    titleLabel.text = item.title
    titleLabel.textColor = item.isEnabled ? color : color.withAlphaComponent(0.4)
    let source = selected ? item.selectedImage ?? item.image : item.image
    imageView.image = source.map { self.tinted($0, color: color, shared: &tinted) }
    imageView.alpha = item.isEnabled ? 1 : 0.4
    let hasBadge = item.badgeValue != nil
    badge.isHidden = !hasBadge
    badgeLabel.isHidden = !hasBadge
    badge.fillColor = item.badgeColor ?? Self.standardBadgeColor
    badgeLabel.text = item.badgeValue
    setNeedsLayout()
  }

  /// `image` as a shape filled with `color`, kept for the next time it is asked for, and
  /// taken from `shared` when another button made it.
  private func tinted(_ image: Image, color: Color, shared: inout TintedImages) -> Image {
    if let cached = tintedImages, cached.source === image, cached.color == color {
      return cached.tinted
    }
    let key = TintedImages.Key(source: ObjectIdentifier(image), color: color)
    let result = shared.images[key] ?? image.filled(with: color) ?? image
    shared.images[key] = result
    tintedImages = (image, color, result)
    return result
  }

  /// The image centred at the top, the title below it, the badge at the image's top right
  /// corner (a dot when the badge is empty).
  override func layoutSubviews() {
    super.layoutSubviews()
    let side = Self.imageSide
    let hasImage = imageView.image != nil
    imageView.isHidden = !hasImage
    imageView.frame = Rect(
      x: ((bounds.width - side) / 2).rounded(), y: 4, width: side, height: side)
    let titleTop = hasImage ? 34.0 : 0
    titleLabel.frame = Rect(
      x: 2, y: titleTop, width: max(0, bounds.width - 4),
      height: hasImage ? 13 : bounds.height)
    guard let value = item.badgeValue else { return }
    let textWidth = value.isEmpty ? 0 : badgeLabel.sizeThatFits(.zero).width.rounded(.up)
    let height = value.isEmpty ? 10 : Self.badgeHeight
    let width = max(height, textWidth + 10)
    let anchor = hasImage ? imageView.frame : titleLabel.frame
    let x = (anchor.midX + (hasImage ? side / 2 - 8 : 10)).rounded()
    badge.frame = Rect(x: x, y: 2, width: width, height: height)
    badgeLabel.frame = badge.frame
  }
}

/// The tinted copies of images made in one pass over a tab bar's buttons, by source image
/// and colour (the sources are alive: the items hold them).
struct TintedImages {
  struct Key: Hashable {
    let source: ObjectIdentifier
    let color: Color
  }
  var images: [Key: Image] = [:]
}

extension Image {
  /// The image's shape (its alpha) filled with `color`, or `nil` if no memory was left for
  /// the copy.
  func filled(with color: Color) -> Image? {
    guard let buffer = try? PixelBuffer(width: pixelBuffer.width, height: pixelBuffer.height)
    else { return nil }
    let source = pixelBuffer
    for y in 0..<source.height {
      for x in 0..<source.width {
        let alpha = Double(source.rawPixel(x: x, y: y) >> 24) / 255
        let pixel = color.withAlphaComponent(color.alpha * alpha).premultipliedARGB32
        buffer.baseAddress.storeBytes(
          of: pixel, toByteOffset: y * buffer.stride + x * 4, as: UInt32.self)
      }
    }
    return Image(pixelBuffer: buffer, scale: scale)
  }
}
