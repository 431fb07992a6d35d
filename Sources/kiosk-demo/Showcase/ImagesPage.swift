import KioskKit

/// One image in each content mode, and a stretchable bubble at three widths.
@MainActor
final class ImagesPage: DemoPage {
  override var title: String { "Images and content modes" }

  private var tiles: [(ImageView, Label)] = []
  private var bubbles: [ImageView] = []

  override init(frame: Rect) {
    super.init(frame: frame)
    let photo = Self.loadPhoto()
    let modes: [(ContentMode, String)] = [
      (.scaleToFill, "scaleToFill"), (.scaleAspectFit, "scaleAspectFit"),
      (.scaleAspectFill, "scaleAspectFill"), (.center, "center"), (.topLeft, "topLeft"),
      (.bottomRight, "bottomRight"),
    ]
    for (mode, name) in modes {
      let view = ImageView(image: photo)
      view.contentMode = mode
      view.backgroundColor = Color(hex: 0xd1d1d6)
      view.clipsToBounds = true
      let caption = Label(frame: .zero)
      caption.text = name
      caption.font = .systemFont(ofSize: 14)
      caption.textAlignment = .center
      addSubview(view)
      addSubview(caption)
      tiles.append((view, caption))
    }
    let bubble = Self.bubbleImage()
    for _ in 0..<3 {
      let view = ImageView(image: bubble)
      // Only the middle stretches: the rounded corners keep their shape at every width.
      view.contentStretch = Rect(x: 0.45, y: 0.45, width: 0.1, height: 0.1)
      addSubview(view)
      bubbles.append(view)
    }
  }

  override func layoutSubviews() {
    let columns = 3
    let tile = Size(width: 150, height: 100)
    for (index, (view, caption)) in tiles.enumerated() {
      let x = 20 + Double(index % columns) * (tile.width + 24)
      let y = 16 + Double(index / columns) * (tile.height + 40)
      view.frame = Rect(origin: Point(x: x, y: y), size: tile)
      caption.frame = Rect(x: x, y: y + tile.height + 4, width: tile.width, height: 20)
    }
    let left = 20 + 3 * (tile.width + 24) + 10
    for (index, view) in bubbles.enumerated() {
      let width = 80 + Double(index) * 110
      view.frame = Rect(x: left, y: 16 + Double(index) * 90, width: width, height: 70)
    }
  }

  /// A picture drawn at start-up, written as PNG and read back the way an app loads files;
  /// a failure shows a placeholder instead of stopping the demo.
  private static func loadPhoto() -> Image? {
    do {
      // 2:1, so that the aspect modes differ visibly in the 3:2 tiles.
      let drawn = try Image.render(size: Size(width: 120, height: 60), scale: 2) { context in
        context.drawLinearGradient(
          Gradient(colors: [Color(hex: 0x5ac8fa), Color(hex: 0x007aff)]),
          start: .zero, end: Point(x: 0, y: 60))
        context.setFillColor(Color(hex: 0xffcc00))
        context.fillEllipse(in: Rect(x: 84, y: 8, width: 18, height: 18))
        context.setFillColor(Color(hex: 0x34c759))
        context.move(to: Point(x: 0, y: 60))
        context.addLine(to: Point(x: 40, y: 26))
        context.addLine(to: Point(x: 70, y: 45))
        context.addLine(to: Point(x: 95, y: 33))
        context.addLine(to: Point(x: 120, y: 60))
        context.closePath()
        context.fillPath()
      }
      return try Image(data: try drawn.pngData(), scale: 2)
    } catch {
      return nil
    }
  }

  private static func bubbleImage() -> Image? {
    try? Image.render(size: Size(width: 40, height: 40), scale: 2) { context in
      context.setFillColor(Color(hex: 0x34c759))
      context.addRoundedRect(Rect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 14)
      context.fillPath()
      context.setFillColor(.white)
      context.fillEllipse(in: Rect(x: 6, y: 6, width: 8, height: 8))
    }
  }
}
