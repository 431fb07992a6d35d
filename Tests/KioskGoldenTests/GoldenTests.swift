import KioskKit
import KioskTesting
import Testing

/// Whole frames compared with reference PNGs in Goldens/ (tolerance: `.standard`).
/// `KIOSK_RECORD_SNAPSHOTS=1 make test` rewrites them after an intended change.
@MainActor
struct GoldenTests {
  @Test func textInThreeScripts() throws {
    let app = try TestApplication(pointSize: Size(width: 320, height: 200), scale: 2)
    let lines: [(String, TextAlignment)] = [
      ("Hello, kiosk!", .left), ("Привет, киоск!", .center), ("你好，自助终端！", .right),
    ]
    for (index, (text, alignment)) in lines.enumerated() {
      let label = Label(frame: Rect(x: 10, y: 10 + Double(index) * 30, width: 300, height: 28))
      label.text = text
      label.textAlignment = alignment
      label.font = .systemFont(ofSize: 20, weight: index == 0 ? .bold : .regular)
      app.window.addSubview(label)
    }
    let wrapped = Label(frame: Rect(x: 10, y: 100, width: 140, height: 90))
    wrapped.text = "Съешь ещё этих мягких булок 和一杯茶 and tea"
    wrapped.numberOfLines = 0
    wrapped.lineBreakMode = .byWordWrapping
    wrapped.backgroundColor = Color(hex: 0xe5e5ea)
    let truncated = Label(frame: Rect(x: 170, y: 100, width: 140, height: 24))
    truncated.text = "A label much too long for its width"
    truncated.textColor = .systemBlue
    app.window.addSubview(wrapped)
    app.window.addSubview(truncated)
    try assertSnapshot(of: app, named: "text-three-scripts")
  }

  @Test func contentModesAndStretch() throws {
    let app = try TestApplication(pointSize: Size(width: 300, height: 200), scale: 2)
    let image = try Self.checkerImage()
    let modes: [ContentMode] = [
      .scaleToFill, .scaleAspectFit, .scaleAspectFill, .center, .topLeft, .bottomRight,
    ]
    for (index, mode) in modes.enumerated() {
      let view = ImageView(image: image)
      view.frame = Rect(
        x: 10 + Double(index % 3) * 95, y: 10 + Double(index / 3) * 65, width: 85, height: 55)
      view.contentMode = mode
      view.backgroundColor = Color(hex: 0xd1d1d6)
      view.clipsToBounds = true
      app.window.addSubview(view)
    }
    let bubble = ImageView(image: try Self.bubbleImage())
    bubble.frame = Rect(x: 10, y: 145, width: 280, height: 45)
    bubble.contentStretch = Rect(x: 0.4, y: 0.4, width: 0.2, height: 0.2)
    app.window.addSubview(bubble)
    try assertSnapshot(of: app, named: "content-modes")
  }

  @Test func customDrawing() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 120), scale: 2)
    app.window.addSubview(BadgeView(frame: Rect(x: 10, y: 10, width: 180, height: 100)))
    try assertSnapshot(of: app, named: "custom-drawing")
  }

  @Test(arguments: [Rotation.degrees90, .degrees180, .degrees270])
  func rotatedScreen(rotation: Rotation) throws {
    let app = try TestApplication(
      pointSize: Size(width: 160, height: 90), scale: 1.5, rotation: rotation)
    Self.addRotationScene(to: app, labelled: rotation)
    try assertSnapshot(of: app, named: "rotated-\(rotation.degrees)")
  }

  /// `rotatedScreen`'s views: a bar along the top with a title, a square in the bottom
  /// right corner of a 160×90 screen. Live turns (`LiveRotationGoldenTests`) draw them too.
  static func addRotationScene(to app: TestApplication, labelled rotation: Rotation) {
    let bar = View(frame: Rect(x: 0, y: 0, width: 160, height: 20))
    bar.backgroundColor = Color(hex: 0x1c1c1e)
    let title = Label(frame: Rect(x: 6, y: 0, width: 150, height: 20))
    title.text = "Top left ↖ \(rotation)"
    title.font = .systemFont(ofSize: 12)
    title.textColor = .white
    bar.addSubview(title)
    let corner = View(frame: Rect(x: 140, y: 70, width: 20, height: 20))
    corner.backgroundColor = .systemBlue
    app.window.addSubview(bar)
    app.window.addSubview(corner)
  }

  @Test func alphaClippingAndTransforms() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 120), scale: 2)
    let clip = View(frame: Rect(x: 10, y: 10, width: 80, height: 80))
    clip.backgroundColor = Color(hex: 0xffcc00)
    clip.clipsToBounds = true
    let inner = View(frame: Rect(x: 40, y: 40, width: 80, height: 80))
    inner.backgroundColor = Color(hex: 0xff3b30)
    inner.alpha = 0.6
    clip.addSubview(inner)
    let turned = View(frame: Rect(x: 120, y: 30, width: 50, height: 50))
    turned.backgroundColor = Color(hex: 0x34c759)
    turned.transform = Transform(rotationAngle: .pi / 6).scaledBy(x: 1.2, y: 0.8)
    let glass = View(frame: Rect(x: 100, y: 60, width: 90, height: 40))
    glass.backgroundColor = Color(hex: 0x007aff, alpha: 0.5)
    app.window.addSubview(clip)
    app.window.addSubview(turned)
    app.window.addSubview(glass)
    try assertSnapshot(of: app, named: "alpha-clip-transform")
  }

  @Test func animationSampledHalfway() throws {
    let app = try TestApplication(pointSize: Size(width: 200, height: 60), scale: 2)
    let box = View(frame: Rect(x: 10, y: 10, width: 40, height: 40))
    box.backgroundColor = Color(hex: 0xff9500)
    app.window.addSubview(box)
    app.runUntilIdle()
    View.animate(
      withDuration: 1, delay: 0, options: .curveLinear,
      animations: {
        box.center = Point(x: 170, y: 30)
        box.backgroundColor = Color(hex: 0x5856d6)
        box.transform = Transform(rotationAngle: .pi / 2)
      })
    app.advance(by: 0.5)
    try assertSnapshot(of: app, named: "animation-halfway")
  }

  private static func checkerImage() throws -> Image {
    try Image.render(size: Size(width: 40, height: 30), scale: 2) { context in
      for row in 0..<3 {
        for column in 0..<4 {
          context.setFillColor((row + column) % 2 == 0 ? Color(hex: 0x007aff) : .white)
          context.fill(Rect(x: Double(column) * 10, y: Double(row) * 10, width: 10, height: 10))
        }
      }
      context.setStrokeColor(Color(hex: 0xff3b30))
      context.setLineWidth(2)
      context.stroke(Rect(x: 1, y: 1, width: 38, height: 28))
    }
  }

  private static func bubbleImage() throws -> Image {
    try Image.render(size: Size(width: 30, height: 30), scale: 2) { context in
      context.setFillColor(Color(hex: 0x34c759))
      context.addRoundedRect(Rect(x: 0, y: 0, width: 30, height: 30), cornerRadius: 10)
      context.fillPath()
      context.setFillColor(.white)
      context.fillEllipse(in: Rect(x: 4, y: 4, width: 6, height: 6))
    }
  }
}

/// Paths, a gradient, a clip, dashes and text: what `draw(_:)` offers.
@MainActor
final class BadgeView: View {
  override func draw(_ rect: Rect) {
    guard let context = GraphicsContext.current else { return }
    context.saveGState()
    context.addRoundedRect(bounds, cornerRadius: 16)
    context.clip()
    context.drawLinearGradient(
      Gradient(colors: [Color(hex: 0x5ac8fa), Color(hex: 0x5856d6)]), start: .zero,
      end: Point(x: bounds.width, y: bounds.height))
    context.restoreGState()
    context.setStrokeColor(.white)
    context.setLineWidth(3)
    context.setLineDash([6, 4])
    context.addEllipse(in: Rect(x: 12, y: 12, width: 76, height: 76))
    context.strokePath()
    context.setLineDash([])
    context.setFillColor(Color(hex: 0xffcc00))
    context.move(to: Point(x: 50, y: 24))
    context.addLine(to: Point(x: 72, y: 72))
    context.addLine(to: Point(x: 28, y: 72))
    context.closePath()
    context.fillPath()
    context.drawText(
      "Готово ✓ 完成", at: Point(x: 92, y: 42), font: .boldSystemFont(ofSize: 12), color: .white)
  }
}
