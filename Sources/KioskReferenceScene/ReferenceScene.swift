import KioskKit

/// The reference scene that kiosk-bench measures and kiosk-refscene shows: 960×540 pt
/// (1920×1080 px at scale 2, 3840×2160 px at scale 4), a navigation bar with a Back
/// button, twelve 40 pt table rows (image, label, separator) and a tab bar. Units are
/// points; every background is opaque.
@MainActor
public final class ReferenceScene {
  public static let barColor = Color(hex: 0xf7f7f7)
  public static let lineColor = Color(hex: 0xc6c6c8)

  public let navigationBar: View
  public let navigationLine: View
  public let backButton: ReferenceBackButton
  public let table: View
  public let rows: [View]
  public let separators: [View]
  public let tabBar: View
  public let tabLine: View
  public let window: Window

  /// Every view whose colour the full-frame measurement tints, with its base colour.
  public var tintedViews: [(View, Color)] {
    var views: [(View, Color)] = [
      (window, .white), (table, .white), (navigationBar, Self.barColor),
      (navigationLine, Self.lineColor), (backButton, Self.barColor), (tabBar, Self.barColor),
      (tabLine, Self.lineColor),
    ]
    views += rows.map { ($0, Color.white) }
    views += separators.map { ($0, Self.lineColor) }
    return views
  }

  public init(window: Window, icon: Image) {
    self.window = window
    window.backgroundColor = .white
    window.isOpaque = true
    let font = { (size: Double) in Font(name: "DejaVu Sans", size: size) }

    navigationBar = Self.box(Rect(x: 0, y: 0, width: 960, height: 44), Self.barColor)
    navigationLine = Self.box(Rect(x: 0, y: 43, width: 960, height: 1), Self.lineColor)
    let title = Label(frame: Rect(x: 0, y: 0, width: 960, height: 44))
    title.text = "Recipes"
    title.font = Font(name: "DejaVu Sans", size: 17, weight: .bold)
    title.textAlignment = .center
    backButton = ReferenceBackButton(type: .custom)
    backButton.frame = Rect(x: 8, y: 2, width: 100, height: 40)
    let back = Label(frame: Rect(x: 8, y: 0, width: 92, height: 40))
    back.text = "Back"
    back.font = font(17)
    back.textColor = Color(hex: 0x007aff)
    back.isUserInteractionEnabled = false
    backButton.addSubview(back)
    navigationBar.addSubview(navigationLine)
    navigationBar.addSubview(title)
    navigationBar.addSubview(backButton)

    table = Self.box(Rect(x: 0, y: 44, width: 960, height: 447), .white)
    table.clipsToBounds = true
    var rows: [View] = []
    var separators: [View] = []
    for i in 0..<12 {
      let row = Self.box(Rect(x: 0, y: Double(i) * 40, width: 960, height: 40), .white)
      let image = ImageView(image: icon)
      image.frame = Rect(x: 16, y: 4, width: 32, height: 32)
      let label = Label(frame: Rect(x: 60, y: 0, width: 880, height: 40))
      label.text = "Recipe \(i + 1)"
      label.font = font(17)
      let separator = Self.box(Rect(x: 60, y: 39, width: 900, height: 1), Self.lineColor)
      row.addSubview(image)
      row.addSubview(label)
      row.addSubview(separator)
      table.addSubview(row)
      rows.append(row)
      separators.append(separator)
    }
    self.rows = rows
    self.separators = separators

    tabBar = Self.box(Rect(x: 0, y: 491, width: 960, height: 49), Self.barColor)
    tabLine = Self.box(Rect(x: 0, y: 0, width: 960, height: 1), Self.lineColor)
    tabBar.addSubview(tabLine)
    for (i, name) in ["Recipes", "Search", "Saved", "Settings"].enumerated() {
      let item = Label(frame: Rect(x: Double(i) * 240, y: 0, width: 240, height: 49))
      item.text = name
      item.font = font(13)
      item.textAlignment = .center
      item.textColor = i == 0 ? Color(hex: 0x007aff) : Color(hex: 0x8e8e93)
      tabBar.addSubview(item)
    }
    window.addSubview(table)
    window.addSubview(navigationBar)
    window.addSubview(tabBar)
  }

  private static func box(_ frame: Rect, _ color: Color) -> View {
    let view = View(frame: frame)
    view.backgroundColor = color
    view.isOpaque = true
    return view
  }

  /// The highlighted Back button's colour (iOS's pressed bar-button grey).
  public static let highlightColor = Color(hex: 0xd1d1d6)

  /// The number of layers in the scene.
  public var layerCount: Int {
    func count(_ view: View) -> Int { 1 + view.subviews.reduce(0) { $0 + count($1) } }
    return count(window)
  }

  /// The 64×64 px icon: transparent rounded corners, an orange gradient, a white and a
  /// green disc; encoded as PNG and decoded again, as an app would load it.
  public static func makeIcon() throws -> Image {
    let drawn = try Image.render(size: Size(width: 64, height: 64)) { context in
      context.addRoundedRect(Rect(x: 0, y: 0, width: 64, height: 64), cornerRadius: 12)
      context.clip()
      context.drawLinearGradient(
        Gradient(colors: [Color(hex: 0xffb347), Color(hex: 0xff7f00)]),
        start: Point(x: 0, y: 0), end: Point(x: 0, y: 64))
      context.setFillColor(.white)
      context.fillEllipse(in: Rect(x: 10, y: 10, width: 28, height: 28))
      context.setFillColor(Color(hex: 0x34c759))
      context.fillEllipse(in: Rect(x: 30, y: 30, width: 24, height: 24))
    }
    return try Image(data: try drawn.pngData(), scale: 2)
  }
}

/// The scene's Back button: a real `Button` (it tracks touches and highlights like any
/// other), drawn as the scene says: the bar's colour, turning grey while pressed.
@MainActor
public final class ReferenceBackButton: Button {
  override public init(frame: Rect) {
    super.init(frame: frame)
    backgroundColor = ReferenceScene.barColor
    isOpaque = true
  }

  override public var isHighlighted: Bool {
    didSet {
      backgroundColor = isHighlighted ? ReferenceScene.highlightColor : ReferenceScene.barColor
    }
  }
}
