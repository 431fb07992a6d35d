import KioskGraphics

/// What a navigation bar shows for one top item: the back button, the left items, the
/// title and the right items. A change of items replaces the whole content, so that the
/// old and the new one can cross-fade.
@MainActor
final class NavigationBarContentView: View {
  /// Points between the bar's edges and the outermost buttons, and between buttons.
  static let margin = 8.0
  static let titleFont = Font.systemFont(ofSize: 17, weight: .semibold)

  private(set) var backButton: Button?
  /// The views of the left items, outermost first.
  private(set) var leftSlots: [Slot] = []
  /// The views of the right items, outermost first.
  private(set) var rightSlots: [Slot] = []
  /// The title label, or the item's own title view.
  private(set) var titleView: View?

  /// One bar button item's view, the fixed space before it and its own width (0: as wide
  /// as its content).
  struct Slot {
    var view: View
    var spaceBefore: Double
    var width: Double
  }

  init(
    top: NavigationItem?, back: NavigationItem?, tintColor: Color, titleColor: Color,
    backAction: @escaping @MainActor () -> Void
  ) {
    super.init(frame: .zero)
    guard let top else { return }
    let leftItems = top.leftBarButtonItems ?? []
    if let back, !top.hidesBackButton, leftItems.isEmpty || top.leftItemsSupplementBackButton {
      let button = Self.makeBackButton(
        title: Self.backTitle(of: back), tintColor: tintColor, action: backAction)
      addSubview(button)
      backButton = button
    }
    leftSlots = makeSlots(for: leftItems, tintColor: tintColor)
    rightSlots = makeSlots(for: top.rightBarButtonItems ?? [], tintColor: tintColor)
    if let custom = top.titleView {
      titleView = custom
    } else if let title = top.title {
      let label = Label(frame: .zero)
      label.text = title
      label.font = Self.titleFont
      label.textColor = titleColor
      label.textAlignment = .center
      label.isUserInteractionEnabled = false
      // The screen's title: a heading to a screen reader, as UIKit's navigation bar says it.
      label.accessibilityTraits = [.staticText, .header]
      titleView = label
    }
    if let titleView { addSubview(titleView) }
  }

  /// The back button's title: the item's back button's, its back button title, its title,
  /// or "Back".
  static func backTitle(of item: NavigationItem) -> String {
    item.backBarButtonItem?.title ?? item.backButtonTitle ?? item.title ?? "Back"
  }

  // MARK: Building

  private static func makeBackButton(
    title: String, tintColor: Color, action: @escaping @MainActor () -> Void
  ) -> Button {
    let button = Button(type: .custom)
    button.contentEdgeInsets = EdgeInsets(top: 0, left: 0, bottom: 0, right: 4)
    button.setImage(chevron(tintColor: tintColor), for: .normal)
    if !title.isEmpty { button.setTitle(title, for: .normal) }
    // Said as the screen it goes back to ("Recipes, button"), "Back" when it shows none.
    button.accessibilityLabel = title.isEmpty ? "Back" : title
    styleTitle(of: button, tintColor: tintColor, bold: false)
    button.addAction(Action { _ in action() }, for: .touchUpInside)
    return button
  }

  /// Views for bar button items, outermost first, with the fixed spaces between them.
  private func makeSlots(for items: [BarButtonItem], tintColor: Color) -> [Slot] {
    var slots: [Slot] = []
    var pendingSpace = 0.0
    for item in items {
      switch item.systemItem {
      case .fixedSpace:
        pendingSpace += item.width
        continue
      case .flexibleSpace:
        continue
      default:
        break
      }
      let view = Self.makeView(for: item, tintColor: tintColor)
      item.representedView = view
      addSubview(view)
      slots.append(Slot(view: view, spaceBefore: pendingSpace, width: item.width))
      pendingSpace = 0
    }
    return slots
  }

  private static func makeView(for item: BarButtonItem, tintColor: Color) -> View {
    if let custom = item.customView { return custom }
    let button = Button(type: .custom)
    button.contentEdgeInsets = EdgeInsets(top: 0, left: 4, bottom: 0, right: 4)
    if let image = item.image {
      button.setImage(image, for: .normal)
    } else {
      button.setTitle(item.title, for: .normal)
    }
    styleTitle(of: button, tintColor: tintColor, bold: item.style == .done)
    button.accessibilityLabel = item.accessibilityLabel ?? item.systemItem?.accessibilityLabel
    button.isEnabled = item.isEnabled
    button.addAction(Action { [weak item] _ in item?.performAction() }, for: .touchUpInside)
    return button
  }

  private static func styleTitle(of button: Button, tintColor: Color, bold: Bool) {
    button.titleLabel?.font = .systemFont(ofSize: 17, weight: bold ? .semibold : .regular)
    button.setTitleColor(tintColor, for: .normal)
    button.setTitleColor(tintColor.withAlphaComponent(0.35), for: .highlighted)
    button.setTitleColor(Color.systemGray.withAlphaComponent(0.6), for: .disabled)
  }

  /// The back chevron, drawn for the main screen's scale in `tintColor`.
  private static func chevron(tintColor: Color) -> Image? {
    let size = Size(width: 13, height: 21)
    return try? Image.render(size: size, scale: Screen.main.scale) { context in
      context.setStrokeColor(tintColor)
      context.setLineWidth(3)
      context.setLineCap(.round)
      context.setLineJoin(.round)
      context.beginPath()
      context.move(to: Point(x: 11, y: 2))
      context.addLine(to: Point(x: 2.5, y: 10.5))
      context.addLine(to: Point(x: 11, y: 19))
      context.strokePath()
    }
  }

  // MARK: Layout

  /// The back button and left items from the left edge, the right items from the right
  /// edge, and the title centred in the bar, moved aside (and narrowed) if they overlap.
  override func layoutSubviews() {
    super.layoutSubviews()
    let height = bounds.height
    var left = Self.margin
    if let backButton {
      let width = max(backButton.sizeThatFits(bounds.size).width, Self.minimumButtonWidth)
      backButton.frame = Rect(x: left, y: 0, width: width, height: height)
      left += width + Self.margin
    }
    for slot in leftSlots {
      left += slot.spaceBefore
      let size = Self.size(of: slot, height: height)
      slot.view.frame = Rect(
        x: left, y: (height - size.height) / 2, width: size.width, height: size.height)
      left += size.width + Self.margin
    }
    var right = bounds.width - Self.margin
    for slot in rightSlots {
      right -= slot.spaceBefore
      let size = Self.size(of: slot, height: height)
      right -= size.width
      slot.view.frame = Rect(
        x: right, y: (height - size.height) / 2, width: size.width, height: size.height)
      right -= Self.margin
    }
    guard let titleView else { return }
    let available = max(0, right - left)
    var size = titleView is Label ? titleView.sizeThatFits(bounds.size) : titleView.frame.size
    size.width = min(size.width.rounded(.up), available)
    size.height = min(size.height.rounded(.up), height)
    var x = ((bounds.width - size.width) / 2).rounded()
    x = min(max(x, left), right - size.width)
    titleView.frame = Rect(
      x: x, y: ((height - size.height) / 2).rounded(), width: size.width, height: size.height)
  }

  /// The narrowest a bar button or the back button is: a 44-pt target however short its
  /// title ("+"), as Apple's guidelines ask of every control.
  static let minimumButtonWidth = 44.0

  /// A bar button's size: the item's width, else the width its content fits; as tall as
  /// the bar for a button, its own height for a custom view.
  private static func size(of slot: Slot, height: Double) -> Size {
    let view = slot.view
    if view is Button {
      let width =
        slot.width > 0
        ? slot.width
        : max(view.sizeThatFits(Size(width: 0, height: height)).width, minimumButtonWidth)
      return Size(width: width, height: height)
    }
    let size = view.frame.size == .zero ? view.sizeThatFits(.zero) : view.frame.size
    return Size(width: slot.width > 0 ? slot.width : size.width, height: min(size.height, height))
  }
}
